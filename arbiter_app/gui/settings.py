"""Preferences, window layout and recent files, kept in QSettings (an INI file in the user's folder).

Tests point QSettings elsewhere with :func:`use_settings_folder`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

ORGANISATION = "arbiter_app"
APPLICATION = "Arbiter"
RECENT_KEY = "recent_files"
MAX_RECENT = 8
NAMES_GROUP = "recent_names"


def use_settings_folder(folder: str | Path) -> None:
    """Keep every setting under ``folder`` (tests, the smoke run)."""
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))


def app_settings() -> QSettings:
    """The application's settings."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANISATION, APPLICATION)


def recent_files() -> list[tuple[Path, str]]:
    """Tournament files opened lately (those that still exist) with their tournament's name, newest first."""
    settings = app_settings()
    value = settings.value(RECENT_KEY, [])
    names = [value] if isinstance(value, str) else [str(v) for v in value] if isinstance(value, (list, tuple)) else []
    result = []
    for name in names:
        path = Path(name)
        if path.is_file():
            result.append((path, str(settings.value(f"{NAMES_GROUP}/{_key(path)}", ""))))
    return result


def remember_file(path: Path, tournament: str = "") -> None:
    """Put ``path`` first in the recent files."""
    path = path.resolve()
    settings = app_settings()
    names = [str(path)] + [str(p) for p, _ in recent_files() if p.resolve() != path]
    settings.setValue(RECENT_KEY, names[:MAX_RECENT])
    if tournament:
        settings.setValue(f"{NAMES_GROUP}/{_key(path)}", tournament)


def forget_file(path: Path) -> None:
    """Drop ``path`` from the recent files."""
    names = [str(p) for p, _ in recent_files() if p.resolve() != path.resolve()]
    app_settings().setValue(RECENT_KEY, names)


def _key(path: Path) -> str:
    """A settings key for a path (QSettings keys cannot hold slashes)."""
    return str(path.resolve()).encode().hex()
