"""The package stays typed (mypy --strict, configured in pyproject.toml), as DESIGN.md asks.

The README's test command runs ``mypy`` itself; this test keeps the pure packages strict without exception."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT = ["arbiter_app/pairing", "arbiter_app/standings", "arbiter_app/ratings"]


@pytest.mark.slow
def test_core_packages_pass_mypy_strict() -> None:
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *STRICT],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
