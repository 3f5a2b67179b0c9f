"""The organiser's sign-up sheet: preview a CSV, register its players in one transaction, export the list.

Columns are found by their headers (:mod:`arbiter_app.ratings.player_csv`);
every row is checked as :func:`~arbiter_app.services.players.register_player`
would check it, and a row that cannot be registered is named by its line:
skipped (``bad_rows="skip"``) or refusing the whole sheet (``"refuse"``, and
then no player is registered).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from arbiter_app import atomic
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence.database import Database
from arbiter_app.plaintext import check_name
from arbiter_app.ratings.player_csv import FIELDS, HEADERS, BadRow, CsvFormatError, CsvRow, PlayerSheet, write_sheet
from arbiter_app.ratings.sheet_text import shown
from arbiter_app.services.dto import PlayerInfo
from arbiter_app.services.players import (
    check_player_fields,
    check_rating,
    list_players,
    normalise_title,
    register_in,
)

PREVIEW_ROWS = 10
_SEXES = {"m": "m", "male": "m", "man": "m", "h": "m", "w": "w", "f": "w", "female": "w", "woman": "w"}

Mapping = dict[str, "int | str"]
"""Field (``name``, ``rating``, ``title``, ``federation``, ``fide_id``, ``birth_date``, ``sex``) -> column."""


@dataclass(frozen=True)
class CsvPreview:
    """The sheet as it would be imported: its headers, which column fills which field, the first rows, the bad rows."""

    headers: tuple[str, ...]
    mapping: dict[str, str]
    """Field -> header of the column that fills it."""
    first_rows: tuple[tuple[int, dict[str, Any]], ...]
    """(line, fields) of the first rows that can be registered."""
    bad_rows: tuple[BadRow, ...]
    rows: int
    """Rows with something in them (good and bad)."""
    problem: str = ""
    """Why nothing can be imported as mapped (no column for the names), blank otherwise."""
    encoding_note: str = ""
    """How the file was decoded, when the encoding was chosen rather than read from the file."""


@dataclass(frozen=True)
class CsvImport:
    registered: tuple[PlayerInfo, ...]
    skipped: tuple[BadRow, ...]
    encoding_note: str = ""


def _rating(text: str) -> int:
    if not text:
        return 0
    if not (re.fullmatch(r"[+-]?\d+", text) and text.isascii()):
        raise ArbiterError(f"rating {text!r} is not a whole number")
    return check_rating(int(text))


def player_fields(values: dict[str, str]) -> dict[str, Any]:
    """The register_player arguments of one row; ArbiterError saying what is wrong."""
    if not values.get("name", "").strip():
        raise ArbiterError("no name")
    fields: dict[str, Any] = {"name": check_name(values["name"])}
    fields["rating"] = _rating(values.get("rating", "").strip())
    fields["title"] = normalise_title(values.get("title", ""))
    fields["fide_id"] = values.get("fide_id", "").strip()
    fields["federation"] = values.get("federation", "").strip().upper()
    sex = values.get("sex", "").strip().lower()
    if sex and sex not in _SEXES:
        raise ArbiterError(f"sex {values.get('sex')!r}: m or w")
    fields["sex"] = _SEXES.get(sex, "")
    fields["birth_date"] = values.get("birth_date", "").strip()
    check_player_fields(
        fields["name"], fields["rating"], fields["fide_id"], fields["federation"], fields["sex"], fields["birth_date"]
    )
    return fields


def _sheet(
    path: str | os.PathLike[str], mapping: Mapping | None, require_name: bool = True, encoding: str | None = None
) -> PlayerSheet:
    try:
        return PlayerSheet(Path(path), mapping, require_name, encoding)
    except FileNotFoundError as error:
        raise ArbiterError(f"{path}: no such file") from error
    except CsvFormatError as error:
        raise ArbiterError(str(error)) from error


def _checked(sheet: PlayerSheet) -> list[tuple[int, dict[str, Any]] | BadRow]:
    out: list[tuple[int, dict[str, Any]] | BadRow] = []
    for row in sheet.rows():
        if isinstance(row, BadRow):
            out.append(row)
            continue
        assert isinstance(row, CsvRow)
        try:
            out.append((row.line, player_fields(row.values)))
        except ArbiterError as error:
            out.append(BadRow(row.line, str(error), shown(row.values.get("name", ""))))
    return out


def _register_all(
    s: Session, tournament_id: int, name: str, checked: list[tuple[int, dict[str, Any]] | BadRow], refuse: bool
) -> tuple[list[tuple[int, PlayerInfo, dict[str, Any]]], list[BadRow]]:
    """Register each good row in its own savepoint; (line, player, fields) registered and the rows refused."""
    registered: list[tuple[int, PlayerInfo, dict[str, Any]]] = []
    skipped: list[BadRow] = []

    def bad(row: BadRow) -> None:
        if refuse:
            raise ArbiterError(f"{name}, {row}: no player was registered")
        skipped.append(row)

    for row in checked:
        if isinstance(row, BadRow):
            bad(row)
            continue
        line, fields = row
        given = dict(fields)
        player_name = given.pop("name")
        try:
            with s.begin_nested():
                registered.append((line, register_in(s, tournament_id, player_name, **given), fields))
        except ArbiterError as error:
            bad(BadRow(line, str(error), player_name))
    return registered, sorted(skipped, key=lambda b: b.line)


def preview_csv(
    path: str | os.PathLike[str],
    mapping: Mapping | None = None,
    rows: int = PREVIEW_ROWS,
    *,
    db: Database | None = None,
    tournament_id: int | None = None,
    encoding: str | None = None,
) -> CsvPreview:
    """What importing the sheet would do: its column mapping (by header unless given), first rows, bad rows.

    With the tournament (``db``, ``tournament_id``) the import itself is run and undone, so that the preview
    counts exactly the rows the import registers (a player already registered, a FIDE ID twice in the sheet
    are bad rows here too).  A sheet with no column for the names is previewed (headers, the other columns,
    :attr:`CsvPreview.problem` saying so) so that the columns can be mapped by hand; importing it as it is is
    refused.
    """
    sheet = _sheet(path, mapping, require_name=False, encoding=encoding)
    checked = _checked(sheet)
    if db is not None and tournament_id is not None and "name" in sheet.mapping:
        with db.write() as s:
            trial = s.begin_nested()
            registered, refused = _register_all(s, tournament_id, Path(path).name, checked, refuse=False)
            trial.rollback()
        good = [(line, fields) for line, _, fields in registered]
        bad = refused
    else:
        good = [r for r in checked if not isinstance(r, BadRow)]
        bad = [r for r in checked if isinstance(r, BadRow)]
    return CsvPreview(
        headers=tuple(sheet.headers),
        mapping={f: sheet.headers[i] for f, i in sorted(sheet.mapping.items(), key=lambda kv: FIELDS.index(kv[0]))},
        first_rows=tuple(good[:rows]),
        bad_rows=tuple(bad),
        rows=len(checked),
        problem=sheet.problem,
        encoding_note=sheet.encoding_note,
    )


def import_players_csv(
    db: Database,
    tournament_id: int,
    path: str | os.PathLike[str],
    mapping: Mapping | None = None,
    *,
    bad_rows: str = "skip",
    encoding: str | None = None,
) -> CsvImport:
    """Register the sheet's players in one transaction (each as register_player would).

    Every line after the header that is not blank is accounted for: registered, or (unreadable, or refused: a
    rating that is no number or out of range, a player already registered, …) skipped and reported with its
    line and reason, or, with ``bad_rows="refuse"``, refusing the sheet: nothing is registered.
    """
    if bad_rows not in ("skip", "refuse"):
        raise ArbiterError(f"bad_rows must be 'skip' or 'refuse', not {bad_rows!r}")
    sheet = _sheet(path, mapping, encoding=encoding)
    checked = _checked(sheet)
    with db.write() as s:
        registered, skipped = _register_all(s, tournament_id, Path(path).name, checked, bad_rows == "refuse")
    return CsvImport(tuple(p for _, p, _ in registered), tuple(skipped), sheet.encoding_note)


def export_players_csv(db: Database, tournament_id: int, path: str | os.PathLike[str], *, replace: bool = False) -> int:
    """Write the player list as CSV (the headers :func:`import_players_csv` reads back), whole or not at all;
    an existing file only with ``replace``, never a tournament file (:func:`arbiter_app.atomic.check_target`)."""
    players = list_players(db, tournament_id)
    rows = [
        {
            "name": p.name,
            "rating": str(p.rating) if p.rating else "",
            "title": p.title,
            "federation": p.federation,
            "fide_id": p.fide_id,
            "birth_date": p.birth_date,
            "sex": p.sex,
        }
        for p in players
    ]
    atomic.write_text(path, write_sheet(rows), replace=replace, protect=[db.path])
    return len(rows)


__all__ = ["HEADERS", "CsvImport", "CsvPreview", "export_players_csv", "import_players_csv", "preview_csv"]
