"""``arbiter-app``: the desktop application.

    arbiter-app                 the default file in the user's data folder if it holds a tournament, else the
                                welcome page (new tournament, open, recent files, the example)
    arbiter-app PATH            open the tournament file PATH (created if new)
    arbiter-app --version       print the version
    arbiter-app --smoke         open the Arbiters' Manual example offscreen, show every view, explain round 5
                                (in the child process, as in use), then the soak of its last three rounds (below,
                                as tests/soak runs it on the same tournament); exit 0 if all went well
    arbiter-app --soak [TRF]    a self-check: the window plays the second half of the tournament in TRF (default: the
                                Arbiters' Manual example) offscreen, thousands of actions, then checks that Python's
                                reference count of None has not fallen, no dialog was kept after use and memory
                                stayed bounded
                                (:mod:`arbiter_app.gui.soak`); prints ``SOAK {json}``, exit 0 if all went well

Opening a file brings its schema to the head migration
(:func:`arbiter_app.services.files.open_database` does that); the window talks
to the services only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_app import __version__

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from arbiter_app.gui.main_window import MainWindow

PROGRAM = "arbiter-app"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROGRAM, description="The arbiter's desk: FIDE Swiss (Dutch) pairings, explained.")
    p.add_argument("path", nargs="?", metavar="PATH", help="a tournament file to open (created if it does not exist)")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument("--smoke", action="store_true", help="open the example tournament offscreen, show every view, exit")
    p.add_argument(
        "--soak",
        action="store_true",
        help="drive the window offscreen through thousands of actions on PATH (a TRF report; default: the example)",
    )
    p.add_argument("--soak-repaints", type=int, default=300, metavar="N", help=argparse.SUPPRESS)
    p.add_argument("--soak-rounds", type=int, default=None, metavar="N", help=argparse.SUPPRESS)
    p.add_argument("--soak-results", type=int, default=None, metavar="N", help=argparse.SUPPRESS)
    return p


def _application(argv0: str) -> QApplication:
    from PySide6.QtWidgets import QApplication

    from arbiter_app.gui.settings import APPLICATION, ORGANISATION

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([argv0])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationVersion(__version__)
    return app


def smoke() -> int:
    """Open the example tournament in a temporary folder, visit every view, close; 0 when all went well."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = _application(PROGRAM)
    from arbiter_app.gui import files, process_call
    from arbiter_app.gui.main_window import MainWindow
    from arbiter_app.gui.settings import use_settings_folder

    with tempfile.TemporaryDirectory(prefix="arbiter-smoke-") as folder, _finally(process_call.shutdown):
        use_settings_folder(Path(folder) / "settings")
        path = files.make_example(Path(folder))
        window = MainWindow()
        window.show()
        if not window.open_file(path):
            return 1
        for view, _ in window.views():
            window.tabs.setCurrentWidget(view)
            _settle(app, window)
            if window.grab().isNull():
                return 1
        ok = window.context is not None and len(window.rounds_view.rounds) == 9
        ok = ok and _smoke_explanation(app, window)
        window.close()
        app.processEvents()
    if not ok:
        return 1
    return soak(None, repaints=150, rounds=3)


def soak(trf: str | None, repaints: int = 300, rounds: int | None = None, results: int | None = None) -> int:
    """The soak self-check (:mod:`arbiter_app.gui.soak`) offscreen; 0 when all went well."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = _application(PROGRAM)
    from arbiter_app.gui.soak import run_soak

    def log(line: str) -> None:
        print(f"soak: {line}", file=sys.stderr, flush=True)

    report = run_soak(app, Path(trf) if trf else None, repaints=repaints, play_rounds=rounds, results=results, log=log)
    for problem in report.problems:
        log(f"PROBLEM: {problem}")
    print(report.line(), flush=True)
    return 0 if report.ok else 1


def _settle(app: QApplication, window: MainWindow, seconds: float = 60.0) -> None:
    """Let the reads and work off the GUI thread finish."""
    import time

    deadline = time.monotonic() + seconds
    runners = [window.runner, window.explain_dock.runner, window.standings_view.runner]
    while time.monotonic() < deadline:
        app.processEvents()
        if not any(r.is_busy for r in runners) and not (window.context and window.context.reader.is_busy):
            break
        time.sleep(0.005)
    app.processEvents()


def _smoke_explanation(app: QApplication, window: MainWindow, seconds: float = 120.0) -> bool:
    """The explain panel on the manual's round 5, computed as in use (the child process): C.17 decides."""
    import time

    dock = window.explain_dock
    dock.explain(5)
    deadline = time.monotonic() + seconds
    while dock.table_data is None and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    dock.bracket.setCurrentIndex(dock.bracket.count() - 1)
    while (dock.table_data is None or dock.table_data.bracket != dock.bracket.count()) and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    return dock.table_data is not None and dock.table_data.decided_by == "C.17"


@contextmanager
def _finally(action: Callable[[], object]) -> Iterator[None]:
    try:
        yield
    finally:
        action()


def start(path: str | None) -> MainWindow:
    """The main window on screen with the file ``path`` (created if new), else the default file if it holds a
    tournament, else the welcome page."""
    _application(sys.argv[0] if sys.argv else PROGRAM)
    from arbiter_app.gui.files import holds_tournament
    from arbiter_app.gui.main_window import MainWindow
    from arbiter_app.services.files import default_database_path

    window = MainWindow()
    window.show()
    if path:
        window.open_file(Path(path).expanduser(), create=True)
    elif holds_tournament(default_database_path()):
        window.open_file(default_database_path())
    return window


def _ask_who() -> None:
    """The arbiter's name for the audit log, asked once at start (unless ``ARBITER_NAME`` gives it)."""
    from arbiter_app.services.files import ARBITER_ENV

    if os.environ.get(ARBITER_ENV, "").strip():
        return
    _application(sys.argv[0] if sys.argv else PROGRAM)
    from arbiter_app.gui.identity import ask_arbiter_name

    ask_arbiter_name()


def cannot_start() -> str | None:
    """Why the window cannot start here, in words (a missing system library and its Debian package, no display),
    said before Qt is loaded: Qt itself would abort the program naming at most one library (issue 28)."""
    from arbiter_app.qt_libraries import display_problem, missing_libraries

    problem = missing_libraries()
    if problem is not None:
        return problem.message(PROGRAM)
    return display_problem()


def main(argv: Sequence[str] | None = None) -> int:
    multiprocessing.freeze_support()  # the pairing's child process, in a bundled executable
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.version:
        print(f"arbiter_app {__version__}")
        return 0
    problem = cannot_start()
    if problem is not None:
        print(problem, file=sys.stderr, flush=True)
        return 2
    if args.smoke:
        return smoke()
    if args.soak:
        return soak(args.path, args.soak_repaints, args.soak_rounds, args.soak_results)
    _ask_who()
    window = start(args.path)
    from arbiter_app.gui import process_call

    try:
        return int(_application(PROGRAM).exec())
    finally:
        window.close()
        process_call.shutdown()


if __name__ == "__main__":
    sys.exit(main())
