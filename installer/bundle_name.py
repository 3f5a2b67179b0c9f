"""The bundle's name, ``arbiter_app-<version>-<os>-<arch>``: one place for the spec file and build.sh.

    python installer/bundle_name.py       prints the name for this machine

The version is read from ``arbiter_app/__init__.py`` as text, so that no
part of the application is imported to name it.
"""

from __future__ import annotations

import platform
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def version(root: Path = ROOT) -> str:
    text = (root / "arbiter_app" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.MULTILINE)
    if not found:
        raise SystemExit("bundle_name: no __version__ in arbiter_app/__init__.py")
    return found.group(1)


def os_name() -> str:
    if sys.platform.startswith("linux"):
        return "linux"
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return sys.platform


def arch() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def bundle_name(root: Path = ROOT) -> str:
    return f"arbiter_app-{version(root)}-{os_name()}-{arch()}"


if __name__ == "__main__":
    print(bundle_name())
