"""The organiser's sign-up sheet: preview a CSV, register its players in one transaction, export the list.

Columns are found by their headers (:mod:`arbiter_app.ratings.player_csv`);
every row is checked as :func:`~arbiter_app.services.players.register_player`
would check it, and a row that cannot be registered is named by its line:
skipped (``bad_rows="skip"``) or refusing the whole sheet (``"refuse"``, and
then no player is registered).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arbiter_app import atomic
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence.database import Database
from arbiter_app.ratings.player_csv import FIELDS, HEADERS, BadRow, CsvFormatError, CsvRow, PlayerSheet, write_sheet
from arbiter_app.services.dto import PlayerInfo
from arbiter_app.services.players import check_player_fields, list_players, normalise_title, register_in

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


@dataclass(frozen=True)
class CsvImport:
    registered: tuple[PlayerInfo, ...]
    skipped: tuple[BadRow, ...]


def player_fields(values: dict[str, str]) -> dict[str, Any]:
    """The register_player arguments of one row; ArbiterError saying what is wrong."""
    fields: dict[str, Any] = {"name": " ".join(values.get("name", "").split())}
    rating = values.get("rating", "").strip()
    if rating and not (rating.isdigit() and rating.isascii()):
        raise ArbiterError(f"rating {rating!r} is not a whole number")
    fields["rating"] = int(rating) if rating else 0
    fields["title"] = normalise_title(values.get("title", ""))
    fields["fide_id"] = values.get("fide_id", "").strip()
    fields["federation"] = values.get("federation", "").strip().upper()
    sex = values.get("sex", "").strip().lower()
    if sex and sex not in _SEXES:
        raise ArbiterError(f"sex {values.get('sex')!r}: m or w")
    fields["sex"] = _SEXES.get(sex, "")
    fields["birth_date"] = values.get("birth_date", "").strip()
    if not fields["name"]:
        raise ArbiterError("no name")
    check_player_fields(
        fields["name"], fields["rating"], fields["fide_id"], fields["federation"], fields["sex"], fields["birth_date"]
    )
    return fields


def _sheet(path: str | os.PathLike[str], mapping: Mapping | None, require_name: bool = True) -> PlayerSheet:
    try:
        return PlayerSheet(Path(path), mapping, require_name)
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
            out.append(BadRow(row.line, str(error), row.values.get("name", "")))
    return out


def preview_csv(path: str | os.PathLike[str], mapping: Mapping | None = None, rows: int = PREVIEW_ROWS) -> CsvPreview:
    """What importing the sheet would do: its column mapping (by header unless given), first rows, bad rows.

    A sheet with no column for the names is previewed (headers, the other
    columns, :attr:`CsvPreview.problem` saying so) so that the columns can be
    mapped by hand; importing it as it is is refused.
    """
    sheet = _sheet(path, mapping, require_name=False)
    checked = _checked(sheet)
    good = [r for r in checked if not isinstance(r, BadRow)]
    return CsvPreview(
        headers=tuple(sheet.headers),
        mapping={f: sheet.headers[i] for f, i in sorted(sheet.mapping.items(), key=lambda kv: FIELDS.index(kv[0]))},
        first_rows=tuple(good[:rows]),  # type: ignore[arg-type]
        bad_rows=tuple(r for r in checked if isinstance(r, BadRow)),
        rows=len(checked),
        problem=sheet.problem,
    )


def import_players_csv(
    db: Database,
    tournament_id: int,
    path: str | os.PathLike[str],
    mapping: Mapping | None = None,
    *,
    bad_rows: str = "skip",
) -> CsvImport:
    """Register the sheet's players in one transaction (each as register_player would).

    A row that cannot be registered (unreadable, or refused: a rating that
    is no number, a player already registered, …) is skipped and reported,
    or, with ``bad_rows="refuse"``, refuses the sheet: nothing is registered.
    """
    if bad_rows not in ("skip", "refuse"):
        raise ArbiterError(f"bad_rows must be 'skip' or 'refuse', not {bad_rows!r}")
    sheet = _sheet(path, mapping)
    name = Path(path).name
    checked = _checked(sheet)
    skipped: list[BadRow] = []
    registered: list[PlayerInfo] = []

    def bad(row: BadRow) -> None:
        if bad_rows == "refuse":
            raise ArbiterError(f"{name}, {row}: no player was registered")
        skipped.append(row)

    with db.write() as s:
        for row in checked:
            if isinstance(row, BadRow):
                bad(row)
                continue
            line, fields = row
            player_name = fields.pop("name")
            try:
                with s.begin_nested():
                    registered.append(register_in(s, tournament_id, player_name, **fields))
            except ArbiterError as error:
                bad(BadRow(line, str(error), player_name))
    return CsvImport(tuple(registered), tuple(skipped))


def export_players_csv(
    db: Database, tournament_id: int, path: str | os.PathLike[str], *, replace: bool = False
) -> int:
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
