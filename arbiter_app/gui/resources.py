"""Files shipped beside the package in ``resources/`` (the example tournament), wherever the app runs from."""

from __future__ import annotations

import os
import sys
from pathlib import Path

RESOURCES_ENV = "ARBITER_RESOURCES"
EXAMPLE_TRF = "arbiters-manual-12.trf"
"""The Arbiters' Manual example tournament (12 players, 9 rounds)."""


def resources_dir() -> Path:
    """``$ARBITER_RESOURCES``, the bundle's ``resources`` (PyInstaller), the source tree's, or the installed copy.

    ``pip install .`` puts ``resources/`` under ``<prefix>/share/arbiter_app/``
    (``data-files`` in pyproject.toml).
    """
    candidates = []
    if os.environ.get(RESOURCES_ENV):
        candidates.append(Path(os.environ[RESOURCES_ENV]))
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "resources")
    candidates.append(Path(__file__).resolve().parents[2] / "resources")
    candidates.append(Path(sys.prefix) / "share" / "arbiter_app" / "resources")
    for folder in candidates:
        if (folder / EXAMPLE_TRF).is_file():
            return folder
    return candidates[-1]


def example_trf() -> Path:
    return resources_dir() / EXAMPLE_TRF
