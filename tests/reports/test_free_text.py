"""Issue 33.4: free text neutralised where it goes: CSV cells that would be formulas, names with direction
controls stored before names were checked, a name so long it would shrink a PDF to unreadable type."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import Database, open_database
from arbiter_app.reports import report_html, write_report
from tests.pdf_tools import document_lines


def _event(path: Path, names: list[str]) -> tuple[Database, int]:
    db = open_database(path, create=True)
    t = sv.create_tournament(db, "Free text", 5)
    for name in names:
        sv.register_player(db, t.id, name)
    return db, t.id


def _stored_before(db: Database, path: Path, number: int, name: str) -> None:
    """A name written by an older version, which did not check names (the change recorded as the arbiter's)."""
    raw = sqlite3.connect(path)
    raw.execute("UPDATE players SET name = ? WHERE pairing_number = ?", (name, number))
    raw.commit()
    raw.close()
    sv.accept_outside_changes(db, confirmed=sv.Level.PROCEED)


def test_csv_cells_that_start_a_formula_are_escaped_and_read_back(tmp_path: Path) -> None:
    db, tid = _event(tmp_path / "t.db", ["Ann Lee", "Bob Ray"])
    try:
        sv.edit_player(db, tid, 1, name="=cmd")
        sv.edit_player(db, tid, 2, name="+1 Bob")
        out = tmp_path / "players.csv"
        sv.export_players_csv(db, tid, out)
        cells = [row[0] for row in csv.reader(io.StringIO(out.read_text()))][1:]
        assert sorted(cells) == ["'+1 Bob", "'=cmd"]
        again = sv.create_tournament(db, "Again", 5).id
        sv.import_players_csv(db, again, out)
        assert sorted(p.name for p in sv.list_players(db, again)) == ["+1 Bob", "=cmd"]
    finally:
        db.dispose()


def test_a_direction_control_stored_before_shows_in_reports_and_reorders_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    db, tid = _event(path, ["Ann Lee", "Bob Ray"])
    try:
        _stored_before(db, path, 1, "Eve \u202e0-1")
        sv.pair_next_round(db, tid)
        html = report_html(db, tid, "pairings")
        assert "\u202e" not in html and "Eve [U+202E]0-1" in html
    finally:
        db.dispose()


@pytest.mark.parametrize("length", [300, 3000])
def test_a_very_long_name_never_shrinks_a_pdf_below_readable_type(tmp_path: Path, length: int) -> None:
    path = tmp_path / "t.db"
    db, tid = _event(path, [f"Player {k}" for k in range(6)])
    try:
        _stored_before(db, path, 1, ("Verylongname " * (length // 13 + 1))[:length])
        pdf = write_report(db, tid, "standings", tmp_path / "standings.pdf")
    finally:
        db.dispose()
    words = [w for page in document_lines(pdf) for line in page for w in line]
    player = [w for w in words if w.text == "Player"]
    assert len(player) == 5  # every other player printed, none lost to blank pages
    assert min(w.bottom - w.top for w in player) >= 6.5  # points: 10 pt type never below 7 pt
    assert sum(w.text.startswith("Verylongname") for w in words) >= length // 13 * 0.9  # the long name whole


def test_reports_carry_the_audit_chain_head(tmp_path: Path) -> None:
    import pypdf

    db, tid = _event(tmp_path / "t.db", ["Ann Lee", "Bob Ray"])
    try:
        head = sv.verify_audit_chain(db).head
        html = report_html(db, tid, "standings")
        assert f'<meta name="arbiter-audit-chain-head" content="{head} (entry ' in html
        pdf = write_report(db, tid, "standings", tmp_path / "s.pdf")
    finally:
        db.dispose()
    assert head in str(pypdf.PdfReader(pdf).metadata.get("/Creator"))
