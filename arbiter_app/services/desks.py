"""Several desks on one tournament on a PostgreSQL server (issue 32), as the shells see it.

* a result or a player's correction given with the version the desk showed is refused with
  :class:`ChangedMeanwhileError` ("changed meanwhile by X") when another desk changed it since;
* one desk at a time pairs or publishes (:class:`DeskBusyError` names who does), and :func:`tasks_under_way` lists
  who holds what;
* :func:`listen_for_changes` calls back (in a thread of its own) when another desk committed a change, so that
  the views are read again.

On a tournament file all of this is quiet: one program writes at a time.
"""

from __future__ import annotations

from collections.abc import Callable

from arbiter_app.persistence.database import Database
from arbiter_app.persistence.desks import ChangeListener, TaskUnderWay, tasks_under_way
from arbiter_app.persistence.errors import ChangedMeanwhileError, DeskBusyError

__all__ = [
    "ChangeListener",
    "ChangedMeanwhileError",
    "DeskBusyError",
    "TaskUnderWay",
    "listen_for_changes",
    "tasks_under_way",
]


def listen_for_changes(db: Database, changed: Callable[[str], None]) -> ChangeListener | None:
    """On a server: a listener calling ``changed(who)`` after each change another desk commits (``stop()`` it);
    None on a file."""
    return ChangeListener(db, changed) if db.server else None
