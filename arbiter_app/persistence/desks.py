"""Several desks on one tournament (a PostgreSQL server, issue 32).

* **Row versions.**  ``players`` and ``boards`` carry ``row_version`` (SQLAlchemy's ``version_id_col``: every
  UPDATE checks and raises it) and ``changed_by`` (set here on every flush to the arbiter and desk of the
  transaction).  A service given the version a desk saw refuses with :class:`ChangedMeanwhileError` ("changed
  meanwhile by X") instead of overwriting another desk's change.
* **One desk at a time** pairs or publishes: :func:`desk_task` holds a session-level advisory lock for the task
  and names the holder in ``desk_locks``, so that another desk is told who holds it (:class:`DeskBusyError`) and
  :func:`tasks_under_way` can show it.  On a file (one writer at a time anyway) it does nothing.
* **Every desk's views follow** the others': each write transaction on a server ends with ``NOTIFY`` (see
  :meth:`Database.write`); :class:`ChangeListener` waits for them (``LISTEN``) on a connection of its own, in a
  thread, and calls back with who made the change.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import event, select, text
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified

from arbiter_app.persistence.database import CHANGES_CHANNEL, Database
from arbiter_app.persistence.errors import ChangedMeanwhileError, DeskBusyError
from arbiter_app.persistence.models import AuditEntry, BoardRow, DeskLock, Player, utcnow

TASK_LOCKS = 0x41524200
"""The advisory lock keys of desk tasks: this plus a checksum of the task's name."""


@event.listens_for(Session, "before_flush")
def _changed_by(session: Session, _context: Any, _instances: Any) -> None:
    """Every changed player or board records who changed it (the version is raised by the mapper itself)."""
    who = str(session.info.get("arbiter", ""))
    for row in session.dirty:
        if isinstance(row, (Player, BoardRow)) and session.is_modified(row, include_collections=False):
            row.changed_by = who
    for row in session.new:
        if isinstance(row, (Player, BoardRow)):
            row.changed_by = who


def check_version(what: str, row: Player | BoardRow, seen: int | None, now: str = "") -> None:
    """Refuse when the desk saw another version of ``row`` than the one stored (``seen`` None: not checked)."""
    if seen is not None and row.row_version != seen:
        raise ChangedMeanwhileError(what, row.changed_by, now)


def touch(row: Player | BoardRow) -> None:
    """Count a change made beside the row as a change of the row (a player's bye or absence for a round): its
    version rises and it names who made it, so that a desk that saw the player before is refused."""
    flag_modified(row, "changed_by")


def last_changed_by(session: Session, tournament_id: int) -> str:
    """Who made the tournament's last change other than the session's own desk (the audit log's arbiter and desk);
    blank when no other desk has changed it."""
    own = str(session.info.get("arbiter", ""))
    return (
        session.scalar(
            select(AuditEntry.arbiter)
            .where(AuditEntry.tournament_id == tournament_id, AuditEntry.arbiter != own)
            .order_by(AuditEntry.id.desc())
            .limit(1)
        )
        or ""
    )


def _key(task: str) -> int:
    return TASK_LOCKS + zlib.crc32(task.encode("utf-8")) % 0xFFFF


@dataclass(frozen=True)
class TaskUnderWay:
    task: str
    holder: str
    """The arbiter and desk holding it (``Anna Berg at pairing officer``)."""
    since: datetime
    """When it started (UTC)."""
    own: bool = False
    """Held by this very database connection's desk (the same arbiter and desk)."""


def tasks_under_way(db: Database) -> list[TaskUnderWay]:
    """What desks are doing that only one does at a time (none on a file).  Only the tasks whose lock the server
    still holds: a row left by a desk whose program was killed is not shown."""
    if not db.server:
        return []
    with db.read() as s:
        held = {
            int(k) for k in s.execute(text(
                "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 0 AND objsubid = 1 "
                "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            )).scalars()
        }  # fmt: skip
        return [
            TaskUnderWay(r.name, r.holder, r.since, r.holder == db.who)
            for r in s.query(DeskLock).order_by(DeskLock.name)
            if _key(r.name) in held
        ]


@contextmanager
def desk_task(db: Database, task: str) -> Iterator[None]:
    """Do ``task`` (``pairing``, ``publishing``) as the only desk doing it; another desk trying meanwhile is
    refused at once, told who holds it.  The lock is the server's: it ends with the desk's connection, also when
    the desk's program is killed (a stale row in ``desk_locks`` is then replaced by the next holder)."""
    if not db.server:
        yield
        return
    with db.translated_errors(), db.engine.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT")
        got = connection.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": _key(task)}).scalar()
        if not got:
            row = connection.execute(text("SELECT holder, since FROM desk_locks WHERE name = :n"), {"n": task}).first()
            holder, since = (str(row[0]), row[1].strftime("%H:%M:%S")) if row else ("", "?")
            raise DeskBusyError(task, holder, since)
        try:
            connection.execute(text("DELETE FROM desk_locks WHERE name = :n"), {"n": task})
            connection.execute(
                text("INSERT INTO desk_locks (name, holder, since) VALUES (:n, :h, :s)"),
                {"n": task, "h": db.who, "s": utcnow()},
            )
            _tell_others(connection, db, f"{task} under way")
            yield
        finally:
            connection.execute(text("DELETE FROM desk_locks WHERE name = :n"), {"n": task})
            connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _key(task)})
            _tell_others(connection, db, f"{task} ended")


def _tell_others(connection: Any, db: Database, what: str) -> None:
    """The other desks' views follow: they show who pairs or publishes, and when it ended (``NOTIFY``)."""
    note = f"{db.desk_token} {db.who} ({what})"
    connection.execute(text("SELECT pg_notify(:channel, :note)"), {"channel": CHANGES_CHANNEL, "note": note})


def one_desk_at_a_time(task: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A service that only one desk runs at a time (its first argument is the :class:`Database`)."""

    def wrap(service: Callable[..., Any]) -> Callable[..., Any]:
        from functools import wraps

        @wraps(service)
        def run(db: Database, *args: Any, **kwargs: Any) -> Any:
            with desk_task(db, task):
                return service(db, *args, **kwargs)

        return run

    return wrap


class ChangeListener:
    """Calls ``changed(who)`` (in its own thread) each time another desk commits a change to the server database.

    ``stop()`` ends it.  A lost connection is reopened after a second (changes meanwhile: one call, ``who``
    blank, so that the views are read again)."""

    def __init__(self, db: Database, changed: Callable[[str], None]) -> None:
        assert db.url is not None
        self._conninfo = db.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._own = db.who
        self._token = db.desk_token
        self._changed = changed
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="arbiter-changes", daemon=True)
        self._ready = threading.Event()
        self._thread.start()

    def wait_ready(self, timeout: float = 10.0) -> bool:
        """True once it listens (for callers that must not miss a change made right after)."""
        return self._ready.wait(timeout)

    def _run(self) -> None:
        import psycopg

        missed = False
        while not self._stop.is_set():
            try:
                from sqlalchemy.engine import make_url

                url = make_url(self._conninfo)
                params = {k: v for k, v in url.translate_connect_args(username="user", database="dbname").items()}
                params.update(dict(url.query))
                with psycopg.connect(autocommit=True, connect_timeout=10, **params) as connection:
                    connection.execute(f"LISTEN {CHANGES_CHANNEL}")
                    self._ready.set()
                    if missed:
                        self._changed("")
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.25, stop_after=1):
                            token, _, who = note.payload.partition(" ")
                            if token != self._token:
                                self._changed(who)
            except psycopg.Error:
                missed = True
                self._stop.wait(1.0)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
