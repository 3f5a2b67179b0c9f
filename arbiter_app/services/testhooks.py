"""A test hook to stop a service inside its transaction (for crash and locking tests only).

When the environment variable ``ARBITER_TEST_PAUSE`` is ``POINT:FOLDER`` and
a service reaches :func:`pause_point` ``POINT`` (``publish`` or
``results``, reached after the action's first write and before its commit),
it creates ``FOLDER/entered`` and waits until ``FOLDER/release`` exists (at
most 60 s).  A test can then kill the process inside the transaction, or
let it go on.  Without the variable the hook does nothing.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

PAUSE_ENV = "ARBITER_TEST_PAUSE"
_LIMIT_SECONDS = 60.0


def pause_point(name: str) -> None:
    """Wait here if the test hook names this point; otherwise return at once."""
    setting = os.environ.get(PAUSE_ENV)
    if not setting:
        return
    point, _, folder = setting.partition(":")
    if point != name or not folder:
        return
    where = Path(folder)
    (where / "entered").write_text(str(os.getpid()))
    deadline = time.monotonic() + _LIMIT_SECONDS
    while not (where / "release").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
