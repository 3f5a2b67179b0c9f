"""Standard output read by a program that stops early (``arbiter-tiebreaks FILE --rank | head -3``).

When the reader goes away, writing raises ``BrokenPipeError``: the command lines end
with one line on standard error and the 'file problem' status, never a traceback, and
standard output is pointed at the null device so that Python's flush at exit raises
nothing more.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

EXIT_PIPE = 5
"""The exit status of a command whose standard output was closed: a file problem, as the command lines say."""


def silence_stdout() -> None:
    """After a broken pipe: no second error when Python flushes standard output at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def closed_pipe(prog: str) -> int:
    """Say, once, that standard output was closed; the exit status."""
    silence_stdout()
    print(f"{prog}: standard output: the reading end of the pipe was closed", file=sys.stderr)
    return EXIT_PIPE


def guarded(prog: str, run: Callable[[], int]) -> int:
    """``run()`` with its output flushed; a closed standard output is :func:`closed_pipe`, not a traceback."""
    try:
        code = run()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        return closed_pipe(prog)
