"""A pytest plugin (``-p tests.system_libraries`` in pyproject.toml): tests that need a system library skip, naming it.

Qt's GUI modules load system libraries that a machine with only Python may
lack (libEGL, libGL, libxkbcommon, fontconfig, ...): PyPI's PySide6 wheels
do not carry them.  Loaded before the other plugins, this module tries the
GUI modules in a child process.  If they cannot load, it blocks pytest-qt
(which would import them at start-up and end the whole run) and every test
that needs Qt is skipped with the library and the Debian package that
provides it; everything else runs.  The same happens to any test, or test
module, that fails only because a shared library cannot be opened.

``ARBITER_TEST_HIDE_LIBRARY=libEGL.so.1`` makes the probe report that library
missing (the plugin's own test uses it).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Generator
from typing import Any

import pytest

from arbiter_app.qt_libraries import PACKAGES

MISSING = re.compile(r"(lib[\w.+-]+?\.so[\w.]*): cannot open shared object file")
HIDE = "ARBITER_TEST_HIDE_LIBRARY"
QT_FIXTURES = {"qtbot", "qapp", "qapp_args", "qapp_cls", "qtmodeltester", "qtlog"}


def library_reason(library: str) -> str:
    package = PACKAGES.get(library)
    where = f"the Debian package {package}" if package else "its system package (apt-cache search)"
    return f"the system library {library} is missing: install {where}"


def qt_gui_problem() -> str | None:
    """None if Qt's GUI modules load here; otherwise why not, naming the library and its package."""
    hidden = os.environ.get(HIDE)
    if hidden:
        return library_reason(hidden)
    probe = "from PySide6 import QtCore, QtGui, QtWidgets, QtPrintSupport"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False)
    if done.returncode == 0:
        return None
    found = MISSING.search(done.stderr)
    return library_reason(found.group(1)) if found else f"Qt's GUI modules do not load: {done.stderr.strip()[-300:]}"


PROBLEM: str | None = None
_PROBED = False


def qt_gui_problem_once() -> str | None:
    """:func:`qt_gui_problem`, probed once per run."""
    global PROBLEM, _PROBED
    if not _PROBED:
        PROBLEM, _PROBED = qt_gui_problem(), True
    return PROBLEM


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    """Called when this plugin is registered, before the installed plugins load: block pytest-qt if Qt cannot load."""
    if qt_gui_problem_once() is not None:
        pluginmanager.set_blocked("pytest-qt")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if PROBLEM is None:
        return
    skip = pytest.mark.skip(reason=f"needs Qt's GUI: {PROBLEM}")
    for item in items:
        if QT_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(skip)


def _missing_library(text: str) -> str | None:
    found = MISSING.search(text)
    if found:
        return library_reason(found.group(1))
    if PROBLEM is not None and ("PySide6" in text and "ImportError" in text):
        return f"needs Qt's GUI: {PROBLEM}"
    return None


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, Any]:
    """A test module that cannot be imported for want of a shared library is skipped, not an error."""
    report = yield
    if report.failed:
        reason = _missing_library(str(report.longrepr))
        if reason is not None:
            report.outcome = "skipped"
            report.longrepr = (str(collector.path), 0, f"Skipped: {reason}")
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """A test that fails only because a shared library cannot be opened is skipped, naming it."""
    report = yield
    if report.failed and call.excinfo is not None and call.excinfo.errisinstance((ImportError, OSError)):
        reason = _missing_library(str(call.excinfo.value) + "\n" + str(report.longrepr))
        if reason is not None:
            report.outcome = "skipped"
            report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {reason}")
    return report
