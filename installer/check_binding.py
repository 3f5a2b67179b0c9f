"""Does this Python + Qt binding leak references to ``None``?  Run it before accepting a new PySide6.

    QT_QPA_PLATFORM=offscreen python installer/check_binding.py [CALLS]

Calls ``QLabel.setText`` (a Qt method that returns nothing) CALLS times (1,000 by default) and prints
``sys.getrefcount(None)`` before and after.  Exit status 0 when the count did not fall, 1 when it did (each
lost reference brings the process closer to "Fatal Python error: none_dealloc: deallocating None", SIGABRT),
0 too on a Python where ``None`` is immortal (3.12 and newer: the count is a constant there, the fault cannot
show).  Needs only PySide6: run it in a scratch virtualenv, e.g.

    python3.11 -m venv /tmp/ps && /tmp/ps/bin/pip install -q 'PySide6-Essentials==6.12.0'
    QT_QPA_PLATFORM=offscreen /tmp/ps/bin/python installer/check_binding.py

Results for the versions tried are in the comment next to the pin in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str]) -> int:
    calls = int(argv[1]) if len(argv) > 1 else 1000
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import PySide6
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication.instance() or QApplication([])
    label = QLabel()
    for _ in range(10):  # warm up: first calls may cache things
        label.setText("x")
    before = sys.getrefcount(None)
    for k in range(calls):
        label.setText(str(k))
    after = sys.getrefcount(None)
    immortal = sys.version_info >= (3, 12)
    python = ".".join(map(str, sys.version_info[:3]))
    verdict = "ok" if after >= before else f"LEAKS {(before - after) / calls:.2f} reference(s) to None per call"
    if immortal:
        verdict += " (None is immortal on this Python: the count cannot fall)"
    print(
        f"Python {python}, PySide6 {PySide6.__version__}: {calls} QLabel.setText calls, "
        f"sys.getrefcount(None) {before} -> {after}: {verdict}"
    )
    sys.stdout.flush()
    # No interpreter shutdown: with a leaking binding, finalising would abort on the lost references.
    os._exit(0 if after >= before else 1)


if __name__ == "__main__":
    main(sys.argv)
