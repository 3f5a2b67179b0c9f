"""A PostgreSQL server of the tests' own, started from the system's binaries in a temporary folder.

The cluster is made by ``initdb`` as an ordinary user (PostgreSQL refuses to run as root: when the tests run
as root, the ``postgres`` system user of Debian's package runs it), listens on a Unix socket in that folder
only (``listen_addresses=''``: no network), trusts local connections, and is removed when stopped.  The bench
(``bench/desks.py``) uses it too.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "postgresql"
"""The Debian package that ships the binaries."""
SUPERUSER = "arbiter_tests"


def binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (the newest installed major version), None when absent."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def missing_reason() -> str | None:
    """Why no server can be started here (None: it can)."""
    if binaries() is None:
        return f"needs a PostgreSQL server's binaries (initdb, pg_ctl): install the Debian package '{PACKAGE}'"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return f"running as root needs the 'postgres' system user of the Debian package '{PACKAGE}'"
    return None


@dataclass
class Server:
    folder: Path
    bin: Path
    user: str | None
    """The system user that runs the server (None: the current user)."""

    @property
    def socket_dir(self) -> Path:
        return self.folder / "socket"

    def url(self, database: str) -> str:
        """The ``postgresql+psycopg://`` URL of ``database`` on this server (the socket in the folder)."""
        return f"postgresql+psycopg://{SUPERUSER}@/{database}?host={self.socket_dir}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, check=True, capture_output=True, text=True, cwd=self.folder, timeout=120)

    def start(self) -> None:
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", SUPERUSER, "-E", "UTF8", "--locale=C",
                  "--no-sync")  # fmt: skip
        self.socket_dir.mkdir()
        if self.user is not None:
            shutil.chown(self.socket_dir, self.user)
        options = (
            f"-k {self.socket_dir} -c listen_addresses='' -c fsync=off -c full_page_writes=off "
            "-c synchronous_commit=off -c max_connections=60"
        )
        self._run("pg_ctl", "-D", str(data), "-o", options, "-l", str(self.folder / "server.log"), "-w", "start")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start_server() -> Server:
    """Start a fresh server (call :func:`missing_reason` first)."""
    found = binaries()
    assert found is not None
    folder = Path(tempfile.mkdtemp(prefix="arbiter-pg-"))
    user = "postgres" if os.geteuid() == 0 else None
    if user is not None:
        shutil.chown(folder, user)
    server = Server(folder, found, user)
    try:
        server.start()
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return server
