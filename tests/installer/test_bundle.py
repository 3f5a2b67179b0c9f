"""The offline Linux bundle: built by ``installer/build.sh``, then started as an arbiter would start it.

The build runs once for the module (a build virtualenv, by default
``build/installer-venv``, is reused between runs; the bundle and PyInstaller's
work folder go to temporary folders).  The bundled executable then runs from
the unpacked ``.tar.gz``, in a clean environment: a temporary home, no
PYTHONPATH, no Qt variables, nothing borrowed from the development virtualenv.

Skipped only when PyInstaller cannot be installed from PyPI (``build.sh``
exits 3), or on a system other than Linux (only the Linux bundle is built
and tested here).
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from arbiter_app import __version__

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "installer" / "build.sh"
BUILD_TIMEOUT = 900  # seconds; about 30 s with the build virtualenv in place, 1-2 min without
RUN_TIMEOUT = 300  # a run of the bundle (seconds; more under strace or a loaded machine)
ARCH = {"amd64": "x86_64", "aarch64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
NAME = f"arbiter_app-{__version__}-linux-{ARCH}"

# Variables through which a run could borrow Python or Qt from outside the bundle.
BORROWING = (
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONSTARTUP",
    "VIRTUAL_ENV",
    "LD_LIBRARY_PATH",
    "LD_PRELOAD",
    "QT_PLUGIN_PATH",
    "QT_QPA_PLATFORM_PLUGIN_PATH",
    "ARBITER_RESOURCES",
)


@dataclass(frozen=True)
class Bundle:
    folder: Path  # dist/<NAME>/, as PyInstaller wrote it
    archive: Path  # dist/<NAME>.tar.gz
    unpacked: Path  # the archive unpacked elsewhere: what an arbiter runs
    build_seconds: float


def tail(text: str, chars: int = 6000) -> str:
    """The end of a build log, without pip's notes about this machine's unused local indexes."""
    return "\n".join(line for line in text.splitlines() if "is ignored: it is neither" not in line)[-chars:]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bundle]:
    if not sys.platform.startswith("linux"):
        pytest.skip(f"only the Linux bundle is built and tested here (this is {sys.platform})")
    if shutil.which("bash") is None:
        pytest.fail("bash is needed to run installer/build.sh")
    dist = tmp_path_factory.mktemp("dist")
    work = tmp_path_factory.mktemp("pyinstaller-work")
    env = {k: v for k, v in os.environ.items() if k not in BORROWING}
    started = time.monotonic()
    result = subprocess.run(
        ["bash", str(BUILD_SCRIPT), "--dist", str(dist), "--work", str(work)],
        cwd=ROOT,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        stdin=subprocess.DEVNULL,
    )
    seconds = time.monotonic() - started
    if result.returncode == 3:
        pytest.skip(f"PyInstaller could not be installed from PyPI (no network?): {tail(result.stderr, 800)}")
    assert result.returncode == 0, f"installer/build.sh exited {result.returncode}:\n{tail(result.stderr)}"
    folder = dist / NAME
    archive = dist / f"{NAME}.tar.gz"
    assert result.stdout.split() == [str(folder), str(archive)], result.stdout
    assert (folder / "arbiter-app").is_file(), sorted(p.name for p in folder.iterdir())
    assert archive.is_file()
    unpacked_root = tmp_path_factory.mktemp("unpacked")
    subprocess.run(["tar", "-xzf", str(archive), "-C", str(unpacked_root)], check=True, timeout=RUN_TIMEOUT)
    print(
        f"\nbundle {NAME}: built in {seconds:.0f} s, {folder_size(folder) / 2**20:.0f} MiB, "
        f"archive {archive.stat().st_size / 2**20:.0f} MiB"
    )
    yield Bundle(folder, archive, unpacked_root / NAME, seconds)
    for used in (dist, work, unpacked_root):  # some 500 MB in all: not kept with pytest's last temporary folders
        shutil.rmtree(used, ignore_errors=True)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of an arbiter's session: a fresh home, nothing pointing into a Python installation."""
    env = {k: v for k, v in os.environ.items() if k not in BORROWING and not k.startswith(("XDG_", "PYTEST"))}
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_CACHE_HOME=str(home / ".cache"),
        PATH="/usr/bin:/bin",
        LANG="C.UTF-8",
    )
    env.update(extra)
    return env


def run(
    exe: Path, *args: str, home: Path, prefix: tuple[str, ...] = (), **env: str
) -> subprocess.CompletedProcess[str]:
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.run(
        [*prefix, str(exe), *args],
        cwd=home,
        env=clean_env(home, **env),
        check=False,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        stdin=subprocess.DEVNULL,
    )


def test_bundled_executable_prints_the_version(bundle: Bundle, tmp_path: Path) -> None:
    result = run(bundle.unpacked / "arbiter-app", "--version", home=tmp_path / "home")
    assert result.returncode == 0, result.stdout + result.stderr
    assert __version__ in result.stdout, result.stdout + result.stderr


WINDOW_SECONDS = 20
"""How long the bundle's window is left up before it is closed."""


def run_window(exe: Path, home: Path, prefix: tuple[str, ...] = (), **env: str) -> tuple[int | None, str]:
    """The bundle started as an arbiter starts it (no file: the welcome page, offscreen), left up for
    :data:`WINDOW_SECONDS`, then asked to close (SIGTERM): what it exited with while it should have been up (None
    if it stayed up), and its standard error.  The soak that drove this window through an arbiter's actions is
    the tests' harness (``tests/soak``), not part of the application (issue 30.3)."""
    home.mkdir(parents=True, exist_ok=True)
    err = home / "stderr.txt"
    with err.open("wb") as stderr:
        child = subprocess.Popen([*prefix, str(exe)], cwd=home, env=clean_env(home, ARBITER_NAME="Bundle test",
                                 QT_QPA_PLATFORM="offscreen", **env), stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)  # fmt: skip
        try:
            early = child.wait(timeout=WINDOW_SECONDS)
        except subprocess.TimeoutExpired:
            early = None
            os.killpg(child.pid, signal.SIGTERM)
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
    return early, err.read_text(errors="replace")


def test_bundled_executable_starts_its_window_offscreen(bundle: Bundle, tmp_path: Path) -> None:
    """The bundle's window comes up (Qt, its platform plugin, the settings) and stays up, with no traceback."""
    early, stderr = run_window(bundle.unpacked / "arbiter-app", tmp_path / "home")
    assert early is None, f"the window exited with {early} at once:\n{stderr}"
    assert "Traceback" not in stderr, stderr


def test_bundle_holds_what_the_application_loads_from_files(bundle: Bundle) -> None:
    internal = bundle.folder / "_internal"
    migrations = ROOT / "arbiter_app" / "persistence" / "migrations"
    shipped = {
        p.relative_to(migrations).as_posix()
        for p in migrations.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }
    assert {"env.py", "script.py.mako"} <= shipped and any(n.startswith("versions/") for n in shipped)
    bundled = internal / "arbiter_app" / "persistence" / "migrations"
    missing = sorted(n for n in shipped if not (bundled / n).is_file())
    assert not missing, f"migrations missing from the bundle: {missing}"
    assert (internal / "resources" / "arbiters-manual-12.trf").is_file()
    plugins = internal / "PySide6" / "Qt" / "plugins"
    for plugin in ["platforms/libqoffscreen.so", "platforms/libqxcb.so", "platforms/libqwayland.so"]:
        assert (plugins / plugin).is_file(), f"{plugin} is not in the bundle"
    assert any((plugins / "imageformats").glob("*.so")), "no imageformats plugin in the bundle"
    assert list(internal.rglob("_sqlite3*.so")), "Python's sqlite3 module is not in the bundle"
    assert list(internal.glob("libsqlite3.so*")), "the SQLite library is not in the bundle"


BASE_X11 = ("libxcb.so", "libX11", "libxkbcommon", "libGL", "libEGL", "libdbus", "libglib", "libfontconfig")
"""Libraries every X11 desktop has; the bundle may rely on them."""


SYSTEM_XCB = {"libxcb-icccm.so.4": "libxcb-icccm4", "libxcb-keysyms.so.1": "libxcb-keysyms1"}
"""The plugin's libraries the build copies from the build machine, and the packages that install them there."""


def test_bundle_carries_the_x11_platform_plugins_own_libraries(bundle: Bundle) -> None:
    """libqxcb links to libxcb-icccm4 and libxcb-keysyms1, which a desktop may lack: they travel with the bundle."""
    known = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=False).stdout
    absent = [pkg for lib, pkg in SYSTEM_XCB.items() if lib not in known]
    if absent:
        pytest.skip(f"the build machine lacks the Debian packages {', '.join(absent)}: the bundle cannot carry them")
    internal = bundle.folder / "_internal"
    plugin = internal / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    qt_lib = internal / "PySide6" / "Qt" / "lib"
    env = {"LD_LIBRARY_PATH": f"{internal}:{qt_lib}", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    listing = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, env=env, check=True).stdout
    missing = [line.split()[0] for line in listing.splitlines() if "not found" in line]
    assert not [m for m in missing if not m.startswith(BASE_X11)], listing
    for name in ("libxcb-icccm.so.4", "libxcb-keysyms.so.1"):
        assert f"{name} => {internal}" in listing, f"{name} is not taken from the bundle:\n{listing}"


def test_bundle_leaves_the_network_out(bundle: Bundle) -> None:
    internal = bundle.folder / "_internal"
    names = [p.relative_to(internal).as_posix() for p in internal.rglob("*")]
    networked = [
        n
        for n in names
        if "Qt6Network" in n
        or "QtNetwork" in n
        or "/plugins/tls/" in n
        or "/plugins/networkinformation/" in n
        or "libqvnc" in n
        or "tuiotouch" in n
    ]
    assert not networked, f"network parts of Qt in the bundle: {networked}"


def test_bundled_window_opens_no_network_socket(bundle: Bundle, tmp_path: Path) -> None:
    """Traced with strace: the window's start (and any child process) creates no IPv4/IPv6 socket."""
    strace = shutil.which("strace")
    if strace is None:
        pytest.skip("strace is not installed (apt-get install strace): the network trace cannot run")
    probe = subprocess.run([strace, "-f", "-o", os.devnull, "true"], check=False, capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"strace cannot trace here: {probe.stderr.strip()}")
    trace = tmp_path / "trace.txt"
    early, stderr = run_window(bundle.unpacked / "arbiter-app", tmp_path / "home",
                               prefix=(strace, "-f", "-qq", "-e", "trace=socket,connect", "-o", str(trace)))  # fmt: skip
    assert early is None, stderr
    calls = trace.read_text().splitlines()
    inet = [line for line in calls if "AF_INET" in line]
    assert not inet, "the bundle opened network sockets:\n" + "\n".join(inet)


def test_bundled_window_needs_no_network(bundle: Bundle, tmp_path: Path) -> None:
    """In a network namespace of its own (no interface but a down loopback), the window still comes up."""
    unshare = shutil.which("unshare")
    if unshare is None or subprocess.run([unshare, "--net", "true"], check=False, capture_output=True).returncode != 0:
        pytest.skip("cannot make a network namespace here (unshare --net needs root or user namespaces)")
    early, stderr = run_window(bundle.unpacked / "arbiter-app", tmp_path / "home", prefix=(unshare, "--net"))
    assert early is None and "Traceback" not in stderr, stderr


def test_archive_unpacks_to_one_versioned_folder(bundle: Bundle) -> None:
    with tarfile.open(bundle.archive) as tar:
        tops = {member.name.split("/", 1)[0] for member in tar.getmembers()}
    assert tops == {NAME}
    assert os.access(bundle.unpacked / "arbiter-app", os.X_OK)


def test_bundle_serves_the_hall_network(bundle: Bundle, tmp_path: Path) -> None:
    """Issue 31 from the bundle: ``arbiter-app arbiter`` imports the manual's tournament, and ``arbiter-app arbiter
    serve`` (what View > Hall network starts in the bundle) answers ``/`` with the round's pairings over HTTP, its
    pages' templates and style taken from the bundle."""
    import httpx

    from arbiter_app.hall.server import free_port

    exe, home = bundle.unpacked / "arbiter-app", tmp_path / "home"
    path = tmp_path / "hall.db"
    manual = ROOT / "resources" / "arbiters-manual-12.trf"
    made = run(exe, "arbiter", "--db", str(path), "import-trf", str(manual), "--yes", home=home)
    assert made.returncode == 0, made.stdout + made.stderr
    port = free_port()
    server = subprocess.Popen([str(exe), "arbiter", "--db", str(path), "serve", "--host", "127.0.0.1", "--port",
                               str(port)], cwd=home, env=clean_env(home, ARBITER_NAME="Bundle test"),
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        page = None
        for _ in range(600):  # the bundle's start, then the server's
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                assert server.poll() is None, server.communicate()
                time.sleep(0.1)
        assert page is not None and page.status_code == 200, page
        assert "Round " in page.text and "Charline" in page.text, page.text[:2000]
        style = re.search(r'href="(/static/[^"]+\.css)"', page.text)
        assert style is not None and httpx.get(f"http://127.0.0.1:{port}{style.group(1)}", timeout=5).status_code == 200
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert "Traceback" not in err, err
