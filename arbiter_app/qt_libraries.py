"""The system libraries Qt's window needs, checked before Qt is loaded (issue 28: a fresh machine).

PyPI's PySide6 carries Qt itself but not the system libraries its GUI and
its X11 platform plugin load (libEGL, libGL, libxkbcommon, fontconfig, and
libxcb-cursor, libxcb-icccm, libxcb-keysyms... for X11).  Where one is
missing, Qt aborts the program (SIGABRT) with a line that names at most the
first of them.  :func:`missing_libraries` tries each library the way Qt will
load it, so that ``arbiter-app`` can say, in words and before Qt starts,
which libraries are missing and which Debian packages install them.

No Qt is imported here.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

GUI_LIBRARIES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libGLX.so.0": "libglx0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
}
"""Shared libraries Qt's GUI modules load on any platform, and the Debian packages that install them."""
PRINTING_LIBRARIES: dict[str, str] = {"libcups.so.2": "libcups2"}
"""Qt's print support (the Print… button of the reports)."""
X11_LIBRARIES: dict[str, str] = {
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}
"""The X11 platform plugin's libraries (Qt's default on a Linux desktop with ``DISPLAY`` set)."""
PACKAGES: dict[str, str] = {**GUI_LIBRARIES, **PRINTING_LIBRARIES, **X11_LIBRARIES}
"""Every library above and its Debian package."""


@dataclass(frozen=True)
class StartProblem:
    """Why the window cannot start here, in words, with what installs the remedy."""

    libraries: tuple[str, ...]
    """The shared libraries that cannot be loaded."""
    packages: tuple[str, ...]
    """The Debian packages that install them (each once, in order)."""
    platform: str
    """The Qt platform the window would use (``xcb``, ``wayland``, ``offscreen``...)."""

    def message(self, program: str = "arbiter-app") -> str:
        names = ", ".join(self.libraries)
        where = " (the X11 platform)" if self.platform == "xcb" and set(self.libraries) & set(X11_LIBRARIES) else ""
        plural = "ies are" if len(self.libraries) > 1 else "y is"
        return (
            f"{program}: the window cannot start: the system librar{plural} missing{where}: {names}.\n"
            f"Install {'them' if len(self.libraries) > 1 else 'it'} (Debian, Ubuntu) with:\n"
            f"    sudo apt-get install {' '.join(self.packages)}\n"
            "then start the program again."
        )


def qt_platform(environ: Mapping[str, str] = os.environ) -> str:
    """The Qt platform plugin the window will use: ``QT_QPA_PLATFORM`` if set, else X11 (``xcb``) on a Linux
    desktop with ``DISPLAY``, ``wayland`` with ``WAYLAND_DISPLAY`` alone, else the platform's own."""
    chosen = environ.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0].strip()
    if chosen:
        return chosen
    if not sys.platform.startswith("linux"):
        return sys.platform
    if environ.get("DISPLAY"):
        return "xcb"
    if environ.get("WAYLAND_DISPLAY"):
        return "wayland"
    return "xcb"


def _loads(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def missing_libraries(platform: str | None = None, loads: Callable[[str], bool] = _loads) -> StartProblem | None:
    """None if every library the window needs on ``platform`` (default: :func:`qt_platform`) loads here; else
    which do not and the packages that install them.  ``loads(name)`` says whether a library loads (the
    dynamic loader, as Qt uses it)."""
    if not sys.platform.startswith("linux"):
        return None  # Windows and macOS wheels carry what Qt needs
    platform = platform or qt_platform()
    wanted = dict(GUI_LIBRARIES)
    if platform == "xcb":
        wanted.update(X11_LIBRARIES)
    missing = tuple(name for name in wanted if not loads(name))
    if not missing:
        return None
    packages = tuple(dict.fromkeys(wanted[name] for name in missing))
    return StartProblem(missing, packages, platform)


def display_problem(environ: Mapping[str, str] = os.environ) -> str | None:
    """Why no window can be shown here (a Linux machine with no display), in words; None if one can."""
    if not sys.platform.startswith("linux") or environ.get("QT_QPA_PLATFORM"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "arbiter-app: there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
        "Start it from a desktop session, or with QT_QPA_PLATFORM=offscreen for a window that is not shown."
    )
