"""Serving the hall's pages: uvicorn over :func:`arbiter_app.hall.app.create_app`.

:func:`serve` runs in the foreground (``arbiter serve``); :class:`HallServer` runs the same server in a thread of
its own and returns once it listens (tests, benches).  The window starts ``arbiter serve`` as a child process,
so that the server never takes time from the window's thread.  Nothing is served until one of these is started.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import uvicorn

from arbiter_app.hall.address import DEFAULT_PORT, WRITES_PER_MINUTE, free_port, lan_address
from arbiter_app.hall.app import create_app
from arbiter_app.services.files import Database

__all__ = ["DEFAULT_PORT", "HallServer", "free_port", "lan_address", "serve"]


def _config(db: Database, tournament_id: int, host: str, port: int, writes: int = WRITES_PER_MINUTE) -> uvicorn.Config:
    return uvicorn.Config(
        create_app(db, tournament_id, writes), host=host, port=port, log_level="warning", access_log=False,
        timeout_graceful_shutdown=2, lifespan="on", server_header=False, timeout_keep_alive=30,
    )  # fmt: skip


def serve(
    db: Database,
    tournament_id: int,
    host: str,
    port: int,
    writes: int = WRITES_PER_MINUTE,
    on_started: Callable[[], None] | None = None,
) -> None:
    """Serve until interrupted (Ctrl+C); ``writes``: results a minute from one address and one deputy;
    ``on_started()`` once the server listens (the window shows the address then)."""
    server = uvicorn.Server(_config(db, tournament_id, host, port, writes))
    if on_started is not None:
        started = on_started

        def tell() -> None:
            while not server.started and not server.should_exit:
                time.sleep(0.05)
            if server.started:
                started()

        threading.Thread(target=tell, name="hall-started", daemon=True).start()
    server.run()


class HallServer:
    """The server in a thread: :meth:`start` returns once it listens, :meth:`stop` once it has stopped."""

    def __init__(self, db: Database, tournament_id: int, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port or free_port(host)
        self.server = uvicorn.Server(_config(db, tournament_id, host, self.port))
        self.thread = threading.Thread(target=self.server.run, name="hall-server", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self, timeout: float = 20.0) -> HallServer:
        self.thread.start()
        for _ in range(int(timeout * 50)):
            if self.server.started:
                return self
            if not self.thread.is_alive():
                break
            self.thread.join(0.02)
        raise RuntimeError(f"the hall server did not start on {self.url}")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def __enter__(self) -> HallServer:  # noqa: PYI034 - started first
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
