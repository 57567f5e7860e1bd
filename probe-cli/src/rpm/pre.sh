# probe (%pre): the system user the service runs as (kept on removal, as Fedora's packaging guidelines ask).
getent group probe >/dev/null || groupadd -r probe
getent passwd probe >/dev/null || useradd -r -g probe -d /var/lib/probe -s /sbin/nologin -c "probe server" probe
exit 0
