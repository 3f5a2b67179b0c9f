"""The manual-pairing phase on the round view (checklist Q63-Q69), driven through the real widgets.

SEVEN (tests/services/conftest.py), paired by Baku 2016: round 3 is paired by the engine as 5-1, 7-3, 6-2, bye #4;
#1 met #4 in round 1 and has had white twice.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.pairing_edit_dialog import PairingEditDialog
from arbiter_app.gui.prohibited_pairs_dialog import ProhibitedPairsDialog
from arbiter_app.gui.warning_dialogs import InformDialog, ProceedDialog, RefusedDialog, TwoStepDialog
from arbiter_app.pairing.model import Board
from arbiter_app.persistence import open_database
from arbiter_app.trf import parse_trf
from tests.gui.conftest import on_modal
from tests.gui.test_fide_mode import _both_steps, _first_step_only
from tests.services.conftest import HANDMADE, SEVEN
from tests.services.test_manual_pairing import FOUR


def _file(tmp_path: Path, template_db: Path, trf: str, pair: bool) -> Path:
    path = tmp_path / "seven.db"
    shutil.copy(template_db, path)
    db = open_database(path)
    try:
        tid = sv.import_trf(db, parse_trf(trf, source="t.trf"), confirmed=HANDMADE, edition="baku-2016").tournament.id
        if pair:
            sv.pair_next_round(db, tid)
    finally:
        db.dispose()
    return path


FROZEN = "Round 1 is paired: prohibited pairings can no longer change (FIDE mode refuses it)."


def _button(dialog: PairingEditDialog, text: str) -> QPushButton:
    return next(b for b in dialog.findChildren(QPushButton) if b.text() == text)


def test_edit_pairings_cancel_a_rematch_validate_at_level_4_and_the_mpa_line(
    window: MainWindow, tmp_path: Path, template_db: Path
) -> None:
    assert window.open_file(_file(tmp_path, template_db, SEVEN, pair=True))
    view = window.rounds_view
    view.show_round(3)
    action = view.edit_pairings_action
    assert action.isEnabled() and action.text() == "&Edit pairings of round 3…"
    engine = view.current.pairing()
    assert engine.boards[0] == Board(5, 1)
    steps: list[str] = []

    def rematch_cancelled(d: PairingEditDialog) -> None:
        # C.04.1.b / C.1 (Baku 2016): #4 and #1 met in round 1; the Level-3 question is cancelled: nothing changes.
        d.new_white.setCurrentIndex(d.new_white.findData(4))
        d.new_black.setCurrentIndex(d.new_black.findData(1))
        asked = on_modal(ProceedDialog, lambda p: p.cancel.click())
        _button(d, "Add board").click()
        assert asked and "#4 and #1 have already played each other" in asked[0].notice.text
        assert d.edits == [] and d.session.current == engine
        steps.append("rematch cancelled")
        # Colours of board 1 swapped: C.04.1.f, g at Level 3 (proceed), then Q67 at Level 2 (told).
        proceed = on_modal(ProceedDialog, lambda p: p.proceed.click())
        told = on_modal(InformDialog, lambda p: p.accept())
        d.boards.selectRow(0)
        d.colours_button.click()
        assert proceed and "#1 would play white three times in a row" in proceed[0].notice.text
        assert told and told[0].notice.rule == "checklist Q67"
        assert d.session.current.boards[0] == Board(1, 5)
        assert any(text.startswith("Level 2: checklist Q67") for text in d.warning_texts())
        d.reason.setText("both players asked for it")
        # Validate: Level 4; the second step answered No keeps the phase open and stores nothing.
        refused = on_modal(TwoStepDialog, _first_step_only)
        d.save_button.click()
        assert refused and d.isVisible() and d.stored is None
        assert "the engine pairs 5-1, 7-3, 6-2, bye #4" in refused[0].notice.text
        assert sv.get_round(window.context.db, window.context.tournament_id, 3).pairing() == engine
        accepted = on_modal(TwoStepDialog, _both_steps)
        d.save_button.click()
        assert accepted and not d.isVisible() and d.stored is not None
        steps.append("validated")

    seen = on_modal(PairingEditDialog, rematch_cancelled)
    action.trigger()
    assert seen and steps == ["rematch cancelled", "validated"]
    assert Board(1, 5) in view.current.pairing().boards
    view.publish_action.trigger()
    text = sv.export_trf(window.context.db, window.context.tournament_id, "trf-2026", keep_unfinished=True).text
    assert "### MPA @ Round 3: 5-1 => 1-5" in text.splitlines()


def test_a_round_the_engine_cannot_pair_is_paired_by_hand(
    window: MainWindow, tmp_path: Path, template_db: Path
) -> None:
    """Q63; C.04.3 A.9 (Baku 2016): FOUR's round 4 fails in the engine; Edit pairings opens it unpaired."""
    assert window.open_file(_file(tmp_path, template_db, FOUR, pair=False))
    view = window.rounds_view
    view.pair_action.trigger()
    assert "pair it by hand with Edit pairings" in view.feedback.text()
    assert view.edit_pairings_action.text() == "&Edit pairings of round 4…"

    def by_hand(d: PairingEditDialog) -> None:
        assert d.session.original is None and d.boards.model().rowCount() == 0
        for white, black in ((2, 1), (4, 3)):
            d.new_white.setCurrentIndex(d.new_white.findData(white))
            d.new_black.setCurrentIndex(d.new_black.findData(black))
            on_modal(ProceedDialog, lambda p: p.proceed.click())
            _button(d, "Add board").click()
        assert d.boards.model().rowCount() == 2
        d.reason.setText("A.9: everybody has met everybody")
        on_modal(TwoStepDialog, _both_steps)
        d.save_button.click()

    seen = on_modal(PairingEditDialog, by_hand)
    view.edit_pairings_action.trigger()
    assert seen and view.current is not None and view.current.number == 4
    assert view.current.pairing().pairs() == {(2, 1), (4, 3)}


def _club(tmp_path: Path, template_db: Path, rounds: int) -> Path:
    """Four players, not paired yet."""
    path = tmp_path / "club.db"
    shutil.copy(template_db, path)
    db = open_database(path)
    try:
        tid = sv.create_tournament(db, "Club", rounds).id
        for k in range(4):
            sv.register_player(db, tid, f"Player {k + 1}", rating=2400 - 10 * k)
    finally:
        db.dispose()
    return path


def test_a_field_too_small_is_told_when_round_1_is_paired(
    window: MainWindow, tmp_path: Path, template_db: Path
) -> None:
    """Q62; C.04.1.b: four players, four rounds: a Level-2 notice before round 1 is paired (then it is paired)."""
    assert window.open_file(_club(tmp_path, template_db, 4))
    told = on_modal(InformDialog, lambda d: d.accept())
    window.rounds_view.pair_action.trigger()
    assert told and "4 players can play at most 3 rounds" in told[0].notice.text
    assert window.context.read(sv.list_rounds)


def test_prohibited_pairings_are_entered_before_round_1_and_refused_after(
    window: MainWindow, tmp_path: Path, template_db: Path
) -> None:
    """Q194-Q196: File > Prohibited pairings; after round 1 is paired, FIDE mode refuses (Level 5)."""
    assert window.open_file(_club(tmp_path, template_db, 3))
    action = next(a for a in window.findChildren(QAction) if a.text() == "Prohibited &pairings…")

    def add(first: int, second: int) -> Callable[[ProhibitedPairsDialog], None]:
        def run(d: ProhibitedPairsDialog) -> None:
            d.first.setCurrentIndex(d.first.findData(first))
            d.second.setCurrentIndex(d.second.findData(second))
            d.add_button.click()
            seen.append(d.pair_texts())
            seen.append([d.frozen.text()])
            d.reject()

        return run

    seen: list[list[str]] = []
    on_modal(ProhibitedPairsDialog, add(3, 1))
    action.trigger()
    assert seen == [["#1 Player 1  ×  #3 Player 3"], [""]]
    # C.04.3 (both editions): round 1 of four would pair 1-3 and 4-2; the prohibition makes the engine pair otherwise.
    window.rounds_view.pair_action.trigger()
    paired = window.context.read(sv.get_round, 1).pairing()
    assert len(paired.boards) == 2 and frozenset((1, 3)) not in {frozenset(p) for p in paired.pairs()}
    seen.clear()
    refused = on_modal(RefusedDialog, lambda r: r.accept())
    on_modal(ProhibitedPairsDialog, add(2, 4))
    action.trigger()
    assert refused and "only before round 1 is paired" in refused[0].notice.text
    assert seen == [["#1 Player 1  ×  #3 Player 3"], [FROZEN]]
