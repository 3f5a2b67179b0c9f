"""Several desks on one tournament on a PostgreSQL server (issue 32), as the shells see it.

* a result or a player's correction given with the version the desk showed is refused with
  :class:`ChangedMeanwhileError` ("changed meanwhile by X") when another desk changed it since;
* withdrawals, absences, byes (the player's version), an override of a round (:attr:`RoundInfo.version`) and a
  registration colliding with a player another desk registered meanwhile are refused the same way;
* one desk at a time pairs or publishes (:class:`DeskBusyError` names who does), and :func:`desk_tasks` says who
  holds what since when, for the other desks to show it (:func:`busy_text`);
* :func:`listen_for_changes` calls back (in a thread of its own) when another desk committed a change, so that
  the views are read again.

On a tournament file all of this is quiet: one program writes at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from arbiter_app.persistence.database import Database
from arbiter_app.persistence.desks import ChangeListener, TaskUnderWay, tasks_under_way
from arbiter_app.persistence.errors import ChangedMeanwhileError, DeskBusyError

__all__ = [
    "ChangeListener",
    "ChangedMeanwhileError",
    "DeskBusyError",
    "DeskTask",
    "TaskUnderWay",
    "busy_text",
    "desk_tasks",
    "listen_for_changes",
    "tasks_under_way",
]

TASK_WORDS = {"pairing": "Pairing", "publishing": "Publishing"}


@dataclass(frozen=True)
class DeskTask:
    """A task one desk does at a time (``pairing``, ``publishing``), as the other desks are shown it."""

    task: str
    arbiter: str
    desk: str
    since: datetime
    """UTC."""
    own: bool
    """This desk holds it."""

    @property
    def holder(self) -> str:
        """``Anna Berg at pairing officer`` (the arbiter alone, or ``desk X``, when one of them is not known)."""
        if self.arbiter and self.desk:
            return f"{self.arbiter} at {self.desk}"
        return self.arbiter or (f"desk {self.desk}" if self.desk else "another desk")

    @property
    def text(self) -> str:
        """``Pairing under way at Anna Berg at pairing officer since 14:02:10 UTC``."""
        return (f"{TASK_WORDS.get(self.task, self.task.capitalize())} under way at {self.holder} since "
                f"{self.since:%H:%M:%S} UTC")  # fmt: skip


def _split(holder: str) -> tuple[str, str]:
    """(arbiter, desk) of a holder as :attr:`Database.who` writes it."""
    if holder.startswith("desk ") and " at " not in holder:
        return "", holder[5:]
    arbiter, _, desk = holder.rpartition(" at ")
    return (arbiter, desk) if arbiter else (holder, "")


def desk_tasks(db: Database, tournament_id: int = 0) -> tuple[DeskTask, ...]:
    """Who pairs or publishes right now (arbiter, desk, since when), by task; empty on a file (one writer at a
    time) and when no desk does.  ``tournament_id`` is not needed (one event a database): the shells' calling
    convention."""
    return tuple(DeskTask(t.task, *_split(t.holder), t.since, t.own) for t in tasks_under_way(db))


def busy_text(tasks: tuple[DeskTask, ...], task: str) -> str:
    """What the other desks are told while ``task`` is under way at another desk (blank: it is not)."""
    return next((t.text for t in tasks if t.task == task and not t.own), "")


def listen_for_changes(db: Database, changed: Callable[[str], None]) -> ChangeListener | None:
    """On a server: a listener calling ``changed(who)`` after each change another desk commits (``stop()`` it);
    None on a file."""
    return ChangeListener(db, changed) if db.server else None
