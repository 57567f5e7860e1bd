# probe (%preun): on removal ($1 = 0, not an upgrade) stop the service and drop the class-data archive %post made.
if [ "$1" = 0 ]; then
    if [ -d /run/systemd/system ]; then
        systemctl stop probe-server.service >/dev/null 2>&1 || true
    fi
    rm -f /opt/probe/lib/probe.jsa /opt/probe/lib/probe.jsa.stamp
fi
exit 0
