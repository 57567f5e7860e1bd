# probe (%postun): /etc/probe stays (server.env is a config file, the secret is the clients' copy); the user stays.
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload >/dev/null 2>&1 || true
fi
exit 0
