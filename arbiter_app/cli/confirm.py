"""The command line's side of the warning levels (checklist §4; :mod:`arbiter_app.services.warnings`).

A service that needs the arbiter's word raises ``ConfirmationNeeded``; :func:`confirming`
asks the same questions the GUI asks and calls it again with the level answered:

- Level 2 (information) is printed and the action goes on;
- Level 3 (proceed or cancel): ``--yes`` answers it (for scripts), else a question at a terminal;
- Level 4 (two steps): only at a terminal, two questions, the second spelling out the consequences
  and answered by typing ``yes``; ``--yes`` never answers it, nor does a pipe;
- Level 5 is a refusal: the service's error reaches the user as any other.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError

T = TypeVar("T")

YES_HELP = "answer a Level-3 warning (proceed or cancel) with yes, for scripts; Level 4 is asked at a terminal"


def _ask(prompt: str) -> str:
    print(prompt, end="", file=sys.stderr, flush=True)
    return sys.stdin.readline().strip().lower()


def _answer(needed: sv.ConfirmationNeeded, yes: bool) -> int:
    """The level the arbiter answered, or an error (nothing changed)."""
    try:
        at_terminal = sys.stdin is not None and sys.stdin.isatty()
    except (OSError, ValueError):
        at_terminal = False
    if needed.level == sv.Level.INFORM:  # told, nothing to answer
        print(f"note (Level 2): {needed}", file=sys.stderr)
        return sv.Level.INFORM
    if needed.level == sv.Level.PROCEED:
        if yes:
            return sv.Level.PROCEED
        if not at_terminal:
            raise ArbiterError(f"{needed} (Level 3: add --yes to proceed; nothing was changed)")
        print(f"warning (Level 3): {needed}", file=sys.stderr)
        if _ask("Proceed? [y/N] ") not in ("y", "yes"):
            raise ArbiterError("cancelled: nothing was changed")
        return sv.Level.PROCEED
    if not at_terminal:
        then = f"; {needed.consequences}" if needed.consequences else ""
        raise ArbiterError(
            f"{needed}{then} (Level 4: two confirmations at a terminal; --yes does not answer it; nothing was changed)"
        )
    print(f"warning (Level 4): {needed}", file=sys.stderr)
    if _ask("This is not compliant with the FIDE rules. Continue? [y/N] ") not in ("y", "yes"):
        raise ArbiterError("cancelled: nothing was changed")
    print(f"consequences: {needed.consequences or needed.text}", file=sys.stderr)
    if _ask("Type yes to go ahead, anything else cancels: ") != "yes":
        raise ArbiterError("cancelled: nothing was changed")
    return sv.Level.DOUBLE


def confirming(run: Callable[[int], T], yes: bool) -> T:
    """``run(level)`` with ``level`` 0, then, while it asks for confirmation, with the level the arbiter answered."""
    level = 0
    while True:
        try:
            return run(level)
        except sv.ConfirmationNeeded as needed:
            if needed.level <= level:
                raise
            level = _answer(needed, yes)
