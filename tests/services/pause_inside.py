"""Run a command that stops inside its first transaction, for the crash and locking tests.

    python tests/services/pause_inside.py FOLDER -m MODULE ARGS...
    python tests/services/pause_inside.py FOLDER -c CODE ARGS...

After the first flush of any ORM session (the action's first write, before
its commit) the process creates ``FOLDER/entered`` and waits until
``FOLDER/release`` exists (at most 60 s).  A test can then kill the process
inside the transaction, or let it go on.  The hook lives here, with the
tests: the application itself carries none.
"""

from __future__ import annotations

import os
import runpy
import sys
import time
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.orm import Session

LIMIT_SECONDS = 60.0


def install(folder: Path) -> None:
    @event.listens_for(Session, "after_flush")
    def pause(session: Session, flush_context: object) -> None:  # noqa: ARG001
        entered = folder / "entered"
        if entered.exists():
            return
        entered.write_text(str(os.getpid()))
        deadline = time.monotonic() + LIMIT_SECONDS
        while not (folder / "release").exists() and time.monotonic() < deadline:
            time.sleep(0.01)


def main(argv: list[str]) -> None:
    folder, how, what, *rest = argv
    install(Path(folder))
    if how == "-m":
        sys.argv = [what, *rest]
        runpy.run_module(what, run_name="__main__", alter_sys=True)
    elif how == "-c":
        sys.argv = ["-c", *rest]
        exec(compile(what, "<command>", "exec"), {"__name__": "__main__"})  # noqa: S102
    else:
        raise SystemExit(f"usage: {__doc__}")


if __name__ == "__main__":
    main(sys.argv[1:])
