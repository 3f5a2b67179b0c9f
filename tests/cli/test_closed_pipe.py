"""A reader that stops early (``arbiter-tiebreaks FILE --rank | head -3``) ends the command lines with one line on
standard error, never a traceback (issue 29, D7)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DATA

FILE = DATA / "fixtures" / "arbiters-manual-12.trf"


def _into_a_closed_pipe(module: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m module args`` with standard output a pipe whose reading end is closed before it writes."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", module, *args], stdout=write, stderr=subprocess.PIPE, timeout=300, check=False,
            cwd=cwd,
        )  # fmt: skip
    finally:
        os.close(write)


@pytest.mark.parametrize(
    ("module", "args", "prog"),
    [
        ("arbiter_app.cli.tiebreaks", (str(FILE), "--rank"), "arbiter-tiebreaks"),
        ("arbiter_app.cli.tiebreaks", (str(FILE),), "arbiter-tiebreaks"),
        ("arbiter_app.cli.pairings", ("--dutch", str(FILE), "-c"), "arbiter-pairings"),
        ("arbiter_app.cli.pairings", ("--berger", "6"), "arbiter-pairings"),
    ],
)
def test_a_closed_standard_output_is_one_line_not_a_traceback(
    module: str, args: tuple[str, ...], prog: str, tmp_path: Path
) -> None:
    done = _into_a_closed_pipe(module, *args, cwd=tmp_path)
    err = done.stderr.decode()
    assert "Traceback" not in err and "BrokenPipeError" not in err
    assert err == f"{prog}: standard output: the reading end of the pipe was closed\n"
    assert done.returncode == 5
