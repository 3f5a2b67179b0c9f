"""``arbiter-app``: the desktop application.

    arbiter-app                 the default file in the user's data folder if it holds a tournament, else the
                                welcome page (new tournament, open, recent files, the example)
    arbiter-app PATH            open the tournament file PATH (created if new)
    arbiter-app URL             open the tournament on a PostgreSQL server (postgresql+psycopg://user@host/db)
    arbiter-app --version       print the version

Before Qt is loaded, the system libraries the window needs are checked
(:mod:`arbiter_app.qt_libraries`): a missing one is named with its Debian
package instead of Qt aborting the program.  The soak and smoke self-checks
that drive this window are the tests' (``python -m tests.soak.harness``), not
part of the application.

Opening a file brings its schema to the head migration
(:func:`arbiter_app.services.files.open_database` does that); the window talks
to the services only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbiter_app import __version__

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from arbiter_app.gui.main_window import MainWindow

PROGRAM = "arbiter-app"


def _location(text: str) -> Any:
    """A file path or a server database's URL; anything else is refused before the window opens."""
    from arbiter_app.services.files import LocationError, parse_location

    try:
        place = parse_location(text)
    except LocationError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return place.expanduser() if isinstance(place, Path) else place


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROGRAM, description="The arbiter's desk: FIDE Swiss (Dutch) pairings, explained.")
    p.add_argument(
        "path",
        nargs="?",
        metavar="PATH|URL",
        type=_location,
        help="a tournament file to open (created if it does not exist), or a database on a server: "
        "postgresql+psycopg://user@host/database",
    )
    p.add_argument("--version", action="store_true", help="print the version and exit")
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


def start(path: str | Path | Any | None) -> MainWindow:
    """The main window on screen with the file ``path`` (created if new), else the default file if it holds a
    tournament, else the welcome page."""
    _application(sys.argv[0] if sys.argv else PROGRAM)
    from arbiter_app.gui.files import holds_tournament
    from arbiter_app.gui.main_window import MainWindow
    from arbiter_app.services.files import default_database_path

    window = MainWindow()
    window.show()
    if path:
        window.open_file(_location(path) if isinstance(path, str) else path, create=True)
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
