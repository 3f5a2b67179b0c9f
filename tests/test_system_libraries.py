"""On a machine with only Python, tests that need Qt's system libraries skip, naming the Debian package."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.system_libraries import HIDE, MISSING, library_reason

ROOT = Path(__file__).resolve().parents[1]


def test_the_reason_names_the_library_and_its_package() -> None:
    error = "ImportError: libEGL.so.1: cannot open shared object file: No such file or directory"
    found = MISSING.search(error)
    assert found is not None and found.group(1) == "libEGL.so.1"
    assert (
        library_reason("libEGL.so.1") == "the system library libEGL.so.1 is missing: install the Debian package libegl1"
    )
    assert library_reason("libxkbcommon.so.0").endswith("libxkbcommon0")
    assert "apt-cache search" in library_reason("libunknown.so.7")


def test_a_run_without_qt_skips_the_qt_tests_and_runs_the_rest() -> None:
    """pytest-qt is blocked (it would import Qt at start-up and end the run); Qt tests skip with the package named."""
    env = {**os.environ, HIDE: "libEGL.so.1", "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/reports/test_pdf.py",
            "tests/trf/test_trf_parse.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "install the Debian package libegl1" in done.stdout
    summary = done.stdout.strip().splitlines()[-1]
    assert " passed" in summary and " skipped" in summary and "failed" not in summary and "error" not in summary
