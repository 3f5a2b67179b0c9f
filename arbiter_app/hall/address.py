"""Where the hall's pages are served: this machine's address on the local network, the default port and rate."""

from __future__ import annotations

import socket

DEFAULT_PORT = 8080
WRITES_PER_MINUTE = 60
"""Results a client address (and a deputy) may post a minute, by default; more are answered 429."""


def lan_address() -> str:
    """This machine's address on the local network (the one a route out would use; nothing is sent), else the
    loopback address."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere; connect() on UDP sends nothing
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on now."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])
