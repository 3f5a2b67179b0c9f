"""Errors about the tournament file itself (as opposed to the rules)."""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.errors import ArbiterError


class DatabaseFileError(ArbiterError):
    """The tournament file cannot be opened, read or written."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(f"{path}: {detail}")
        self.path = path
        self.detail = detail


class DatabaseBusyError(DatabaseFileError):
    """Another process holds the file for writing (SQLite busy or locked)."""

    def __init__(self, path: str, server: bool = False) -> None:
        super().__init__(
            path,
            "the other desks kept the database busy longer than this desk waits; nothing was changed here, try "
            "again in a moment"
            if server
            else "the tournament file is being written by another program or window; "
            "nothing was changed here, try again when it has finished",
        )


class SchemaTooNewError(DatabaseFileError):
    """The file was written by a newer version of the application."""

    def __init__(self, path: str, revision: str, head: str) -> None:
        super().__init__(
            path,
            f"the file was written by a newer version of arbiter_app (schema {revision}; this version knows "
            f"up to {head}); it was left untouched: open it with the newer version",
        )
        self.revision = revision
        self.head = head


class OutsideChangeError(DatabaseFileError):
    """The file was changed outside the program since its last write: nothing more is written until the arbiter
    has seen the change and accepted it (it is then recorded in the audit log)."""

    def __init__(self, path: str, findings: Sequence[object]) -> None:
        super().__init__(
            path,
            "the file was changed outside the program since it last wrote it: "
            + "; ".join(map(str, findings))
            + "; nothing was changed (see 'arbiter audit --verify'; accept the change to go on)",
        )
        self.findings = tuple(findings)


class ChangedMeanwhileError(ArbiterError):
    """A row changed since the desk showed it (another desk's change): nothing is overwritten."""

    def __init__(self, what: str, by: str, now: str = "", done: str = "changed") -> None:
        super().__init__(
            f"{what} was {done} meanwhile by {by or 'another desk'}"
            + (f" (now {now})" if now else "")
            + "; nothing was changed here: look at it again and enter yours anew if it is still right"
        )
        self.what = what
        self.by = by


class DeskBusyError(ArbiterError):
    """Another desk is doing what only one desk does at a time (pairing, publishing)."""

    def __init__(self, task: str, holder: str, since: str) -> None:
        super().__init__(
            f"{task} is under way at another desk ({holder or 'unknown'}, since {since} UTC): one desk at a time; "
            "nothing was done here, try again when it has finished"
        )
        self.task = task
        self.holder = holder
