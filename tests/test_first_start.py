"""First start on a fresh machine (issue 28): a missing system library is named, with its Debian package, before Qt
would abort the program."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from arbiter_app.qt_libraries import PACKAGES, X11_LIBRARIES, display_problem, missing_libraries, qt_platform

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the libraries are Linux's")


def test_the_x11_plugins_libraries_are_named_with_their_packages() -> None:
    # Qt names only libxcb-cursor0; the plugin needs libxcb-icccm4 and libxcb-keysyms1 as well.
    absent = {"libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
    problem = missing_libraries("xcb", loads=lambda name: name not in absent)
    assert problem is not None and set(problem.libraries) == absent
    assert problem.packages == ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1")
    text = problem.message()
    assert "sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in text
    assert "libxcb-cursor.so.0" in text and "(the X11 platform)" in text


def test_one_package_for_two_libraries() -> None:
    problem = missing_libraries("offscreen", loads=lambda name: not name.startswith(("libglib", "libgthread")))
    assert problem is not None and problem.packages == ("libglib2.0-0",)


def test_the_x11_libraries_are_asked_for_only_on_x11() -> None:
    assert missing_libraries("offscreen", loads=lambda name: name not in X11_LIBRARIES) is None
    assert missing_libraries("wayland", loads=lambda name: name not in X11_LIBRARIES) is None


def test_the_platform_follows_the_environment() -> None:
    assert qt_platform({"QT_QPA_PLATFORM": "offscreen"}) == "offscreen"
    assert qt_platform({"DISPLAY": ":0"}) == "xcb"
    assert qt_platform({"WAYLAND_DISPLAY": "wayland-0"}) == "wayland"
    assert display_problem({}) is not None and display_problem({"DISPLAY": ":0"}) is None


def test_every_library_has_a_package() -> None:
    assert all(package and package.islower() for package in PACKAGES.values())


def _run_app(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env,
                          timeout=120, check=False)  # fmt: skip


def test_the_program_says_which_library_instead_of_aborting(tmp_path: os.PathLike[str]) -> None:
    """The real ``arbiter-app`` start, on a machine where libxcb-cursor0 is missing: the dynamic loader refuses that
    library (here in the test's own child process), and the program says so and exits; Qt never aborts it."""
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env.update(DISPLAY=":99", HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path))
    done = _run_app(
        """
        import ctypes, sys
        real = ctypes.CDLL
        def refusing(name, *args, **kwargs):
            if name == "libxcb-cursor.so.0":
                raise OSError(f"{name}: cannot open shared object file: No such file or directory")
            return real(name, *args, **kwargs)
        ctypes.CDLL = refusing
        from arbiter_app.app import main
        sys.exit(main([]))
        """,
        env,
    )
    assert done.returncode == 2, done.stderr  # not -6 (SIGABRT)
    assert "libxcb-cursor.so.0" in done.stderr and "sudo apt-get install libxcb-cursor0" in done.stderr
    assert "qt.qpa" not in done.stderr  # said before Qt was loaded


def test_no_display_is_said_in_words(tmp_path: os.PathLike[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path), ARBITER_NAME="Test")
    if missing_libraries("offscreen") is not None:
        pytest.skip("this machine lacks Qt's GUI libraries")
    if (x11 := missing_libraries("xcb")) is not None:  # the missing libraries are said first (the test above)
        pytest.skip(f"the X11 platform's libraries are missing (Debian packages: {' '.join(x11.packages)})")
    done = _run_app("import sys\nfrom arbiter_app.app import main\nsys.exit(main([]))", env)
    assert done.returncode == 2 and "no display" in done.stderr, done.stderr
