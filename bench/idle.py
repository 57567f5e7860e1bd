#!/usr/bin/env python3
"""Holds N idle TCP connections to a probe server (never sends a byte) until stdin closes or a signal comes.

    bench/idle.py HOST PORT N [SOURCE ...]

Connections are spread over the SOURCE addresses (127.0.0.2 127.0.0.3 by default on loopback), so each source stays
under the server's per-source cap (half of --max-connections). Prints "connected K" once every connect has ended,
then, on exit, "still-open K" (the connections the server had not closed; a server's handshake timeout closes them).
"""
import resource
import socket
import sys


def main():
    host, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    sources = sys.argv[4:] or ["127.0.0.2", "127.0.0.3"]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < n + 64:
        sys.exit(f"idle.py: {n} connections need {n + 64} file descriptors; the hard limit is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    socks, failed = [], 0
    for i in range(n):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            s.bind((sources[i % len(sources)], 0))
            s.connect((host, port))
            socks.append(s)
        except OSError:
            failed += 1
            s.close()
    print(f"connected {len(socks)} failed {failed}", flush=True)
    sys.stdin.read()  # held until the caller closes our stdin
    still = 0
    for s in socks:
        s.setblocking(False)
        try:
            still += 1 if s.recv(1, socket.MSG_PEEK) else 0  # b"": the server closed it
        except BlockingIOError:
            still += 1  # nothing to read and no EOF: the server still holds it
        except OSError:
            pass  # reset by the server
        s.close()
    print(f"still-open {still}", flush=True)


if __name__ == "__main__":
    main()
