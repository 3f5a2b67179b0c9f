"""What the arbiter last saw at this terminal: the pairing numbers and the players they meant (issue 33.6).

A command that lists the players or a round records, per tournament file and
terminal, which player each pairing number meant.  A command that then
addresses a player by number checks that the number still means that player:
when another terminal (or a registration here) renumbered the players since,
it is refused, naming who the number means now and who it meant, instead of
changing someone else.  A player may always be addressed by FIDE ID
(``fide:1503014``) or by name instead.  Kept in ``cli-views.json`` in the
data folder; a view that cannot be read is as none (no check).
"""

from __future__ import annotations

import json
import os
import sys
import time
from contextlib import suppress
from pathlib import Path

from arbiter_app import atomic
from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.services.files import Database, default_data_dir

FILE = "cli-views.json"
KEPT = 200
"""Views kept (the most recent)."""


def _terminal() -> str:
    try:
        return os.ttyname(sys.stdin.fileno()) if sys.stdin is not None and sys.stdin.isatty() else "no terminal"
    except (OSError, ValueError, AttributeError):
        return "no terminal"


def _key(db: Database, tournament_id: int) -> str:
    where = str(Path(db.path).resolve()) if db.path is not None else db.name  # a server's: no password
    return f"{where}#{tournament_id}@{_terminal()}"


def _path() -> Path:
    return default_data_dir() / FILE


def _load() -> dict[str, dict[str, object]]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def record(db: Database, tournament_id: int, what: str) -> None:
    """Remember which player each number means, as ``what`` (``players list``, ``show``...) just showed."""
    if db.path is None and not db.server:
        return
    numbers = {str(n): list(v) for n, v in sv.player_identities(db, tournament_id).items()}
    views = _load()
    views[_key(db, tournament_id)] = {"numbers": numbers, "at": time.time(), "by": what}
    kept = dict(sorted(views.items(), key=lambda kv: -float(kv[1].get("at", 0) or 0))[:KEPT])  # type: ignore[arg-type]
    with suppress(OSError, ArbiterError):
        _path().parent.mkdir(parents=True, exist_ok=True)
        atomic.write_text(_path(), json.dumps(kept, ensure_ascii=False), replace=True)


def player_number(db: Database, tournament_id: int, reference: str) -> int:
    """The pairing number ``reference`` means: a number (checked against the view), ``fide:ID`` or a name."""
    text = reference.strip()
    if not (text.isdigit() and text.isascii()):
        return sv.find_player(db, tournament_id, text).number
    number = int(text)
    view = _load().get(_key(db, tournament_id), {})
    numbers = view.get("numbers") if isinstance(view, dict) else None
    if not isinstance(numbers, dict):
        return number
    seen = numbers.get(str(number))
    now = sv.player_identities(db, tournament_id)
    if not seen or number not in now or now[number][0] == seen[0]:
        return number
    moved = next((n for n, (identity, _) in now.items() if identity == seen[0]), None)
    when = time.strftime("%H:%M", time.localtime(float(view.get("at", 0) or 0)))  # type: ignore[arg-type]
    raise ArbiterError(
        f"the pairing numbers changed since you saw them ('{view.get('by')}' at {when}): #{number} is now "
        f"{now[number][1]}, and {seen[1]} "
        + (f"is #{moved}" if moved is not None else "is no longer registered")
        + "; nothing was changed: address the player by name or FIDE ID (fide:ID), or list the players again"
    )
