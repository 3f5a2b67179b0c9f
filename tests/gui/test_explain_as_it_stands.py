"""The explain panel on a round changed by hand (issue 28.3) and built from structured data in the round's edition's
words (issue 28.4): the manual's tournament, imported by Baku 2016 and by C.04.3-2026, round 7 overridden so that
#3 and #8 swap places (8-1 on board 1 and 11-3 on board 4, set by hand; the engine pairs 3-1 and 11-8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.services.files import open_database
from arbiter_app.trf import parse_trf
from tests.conftest import DATA

MANUAL = DATA / "fixtures" / "arbiters-manual-12.trf"
REASON = "the cards of boards 1 and 4 were swapped <on purpose>"


def _tournament(path: Path, edition: str, override: bool) -> Path:
    db = open_database(path)
    try:
        doc = parse_trf(MANUAL.read_text(encoding="utf-8"), source=MANUAL.name)
        tid = sv.import_trf(db, doc, edition=edition).tournament.id
        if override:
            sv.leave_fide_mode(db, tid, confirmed=sv.Level.DOUBLE)
            sv.apply_override(db, tid, 7, [sv.Swap(3, 8)], REASON, discard_results=True, confirmed=9)
    finally:
        db.dispose()
    return path


@pytest.fixture
def overridden(empty_file: Path) -> Path:
    return _tournament(empty_file, "baku-2016", True)


def test_the_desk_is_never_asked_why_two_players_paired_by_hand_are_not_paired(
    window: MainWindow, overridden: Path
) -> None:
    assert window.open_file(overridden)
    dock = window.explain_dock
    dock.show()
    dock.round.setValue(7)
    dock.ask_why_not(1, 8)
    answer = dock.answer.toPlainText()
    assert "Why are #1 and #8 not paired" not in answer
    assert "#1 and #8 in round 7, as it stands" in answer
    assert "They are paired: board 1, #8 (white) against #1 (black), set by hand." in answer
    assert REASON in answer  # escaped in the HTML, shown as typed
    assert "8-1 (by hand)" in answer and "3-1" in answer  # the round beside the engine's pairing
    dock.ask_why_not(1, 3)
    assert "They are not paired: the round was changed by hand" in dock.answer.toPlainText()
    assert "They are paired together" not in dock.answer.toPlainText()


def test_outline_candidates_and_compare_name_the_boards_set_by_hand(window: MainWindow, overridden: Path) -> None:
    assert window.open_file(overridden)
    dock = window.explain_dock
    dock.show()
    dock.explain(7)
    outline = dock.outline.toPlainText()
    assert "Round 7 as it stands differs from the engine's pairing: boards 1 and 4 (8-1, 11-3) set by hand." in outline
    assert f"Changed by hand: “{REASON}”" in outline
    assert "Set by hand instead:" in outline
    shown = dock.outline_data
    assert shown is not None and shown.hand is not None
    marked = [k for k, b in enumerate(shown.brackets) if b.by_hand]
    dock.bracket.setCurrentIndex(marked[0])
    assert dock.table_data is not None and "set by hand" in dock.table_data.by_hand
    assert "set by hand" in dock.decision.text()
    dock.compare_editions()
    answer = dock.answer.toPlainText()
    assert "Round 7 paired by two editions" in answer and "8-1 (by hand)" in answer


@pytest.mark.parametrize(
    ("edition", "trail", "players"),
    [
        ("fide-2026", "Trail (3.3–3.8)", "Players (1.2):"),
        ("baku-2016", "Trail (B.3–B.8)", "Players (A.2):"),
    ],
)
def test_the_outline_keeps_its_lists_and_the_editions_numbers(
    window: MainWindow, empty_file: Path, edition: str, trail: str, players: str
) -> None:
    assert window.open_file(_tournament(empty_file, edition, False))
    dock = window.explain_dock
    assert dock.mode.itemText(0) == trail  # before any explanation: the tournament's edition
    dock.show()
    dock.explain(5)
    assert dock.mode.itemText(0) == trail
    shown = dock.outline_data
    assert shown is not None and len(shown.brackets) >= 3
    text = dock.outline.toPlainText()
    assert text.count(players) == len(shown.brackets)
    lists = dock.outline.document().toHtml().count("<li")
    assert lists == sum(len(b.players) for b in shown.brackets) >= 12
    other = "Players (A.2):" if players == "Players (1.2):" else "Players (1.2):"
    assert other not in text
    first = "[C6]" if edition == "fide-2026" else "C.5"  # the criteria as the edition writes them
    for k in range(dock.bracket.count()):
        dock.bracket.setCurrentIndex(k)
        table = dock.table_data
        assert table is not None and table.labels[0] == first
        headers = [dock.candidates.horizontalHeaderItem(c).text() for c in range(3, dock.candidates.columnCount())]
        assert all(h.startswith(first[:2]) for h in headers), headers
        assert all(first[:2] in r.verdict for r in table.rows if "better on" in r.verdict or "worse on" in r.verdict)
