"""The standings view: tied players ranked by hand (checklist Q205, Level 3) and tie-break values entered by
hand (Q207), each shown with its mark; the settings' rules for unrated players (Q208-Q209) and the flag of a
tournament lasting more than 30 days (Q210)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.standings_model import StandingColumn
from arbiter_app.gui.standings_view import ENTERED
from arbiter_app.gui.tournament_dialog import SettingsDialog
from arbiter_app.gui.warning_dialogs import InformDialog, ProceedDialog, TwoStepDialog
from arbiter_app.persistence import open_database
from arbiter_app.trf import parse_trf
from tests.gui.conftest import on_modal
from tests.services.conftest import HANDMADE
from tests.services.test_lots import ALL_DRAWN
from tests.services.test_standings_by_hand import UNRATED_8, _rated


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t.db"
    db = open_database(path, create=True)
    try:
        sv.import_trf(db, parse_trf(text, source="t.trf"), confirmed=HANDMADE)
    finally:
        db.dispose()
    return path


def _places(window: MainWindow) -> list[tuple[str, int]]:
    model = window.standings_view.model
    return [(model.index(k, StandingColumn.PLACE).data(), model.row_at(k).number) for k in range(model.rowCount())]


def test_ranking_tied_players_by_hand_asks_and_marks_them(window: MainWindow, tmp_path: Path) -> None:
    assert window.open_file(_file(tmp_path, ALL_DRAWN))
    window.tabs.setCurrentWidget(window.standings_view)
    view = window.standings_view
    before = _places(window)
    assert all(place.endswith("(lot)") for place, _ in before)  # eight players equal on everything
    third, sixth = before[2][1], before[5][1]
    asked = on_modal(ProceedDialog, lambda d: d.cancel.click())
    assert not view.rank_by_hand([sixth, third])
    assert asked and "C.07-2026 4.2" in asked[0].notice.rule and _places(window) == before
    asked = on_modal(ProceedDialog, lambda d: d.proceed.click())
    assert view.rank_by_hand([sixth, third])
    after = _places(window)
    assert asked and after[2] == ("3 (hand)", sixth) and after[5] == ("6 (hand)", third)
    assert [a for k, a in enumerate(after) if k not in (2, 5)] == [b for k, b in enumerate(before) if k not in (2, 5)]
    assert "(hand) = placed by the arbiter within a tie" in view.note.text()


def test_a_value_entered_by_hand_is_shown_marked_and_ranks(window: MainWindow, tmp_path: Path, boxes: Any) -> None:
    assert window.open_file(_file(tmp_path, _rated([2000] * 8, "BH,ARO")))
    window.tabs.setCurrentWidget(window.standings_view)
    view = window.standings_view
    last = view.model.row_at(7).number
    assert view.enter_value(last, "BH", "3.5")
    model = view.model
    row = next(k for k in range(model.rowCount()) if model.row_at(k).number == last)
    assert row == 4  # first of the four losers
    assert model.index(row, len(StandingColumn)).data() == "3½" + ENTERED
    assert "e = value entered by hand" in view.note.text()
    assert not view.enter_value(last, "SB", "2")  # a code not in the list: refused, with a message
    assert any("not in the tournament's tie-break list" in t for t in boxes.texts("warning"))


def test_the_settings_choose_the_rule_for_unrated_players(window: MainWindow, tmp_path: Path) -> None:
    assert window.open_file(_file(tmp_path, _rated(UNRATED_8)))
    context = window.context
    assert context is not None

    def fill(dialog: Any) -> None:
        dialog.unrated_method.setCurrentIndex(dialog.unrated_method.findData("fixed"))
        dialog.unrated_rating.setValue(1000)
        dialog.long_event.setChecked(True)
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()

    def agree(d: TwoStepDialog) -> None:
        d.understood.setChecked(True)
        d.continue_.click()
        d.yes.click()

    asked = on_modal(TwoStepDialog, agree)
    told = on_modal(InformDialog, lambda d: d.accept())
    on_modal(SettingsDialog, fill)
    window.edit_settings()
    assert asked and "C.07 Article 10" in asked[0].notice.rule
    assert told and "not recommended" in told[0].notice.text  # the Note of Article 10 (checklist Q211)
    hand = context.read(sv.by_hand)
    assert (hand.unrated_method, hand.unrated_rating, hand.long_event) == ("fixed", 1000, True)
    assert sv.ranked_standings(context.db, context.tournament_id).value(4, "ARO") == 1000


def test_an_estimated_rating_entered_in_the_standings_view(window: MainWindow, tmp_path: Path) -> None:
    path = _file(tmp_path, _rated(UNRATED_8))
    assert window.open_file(path)
    context = window.context
    assert context is not None
    context.call(sv.set_rating_rules, unrated_method="estimated", confirmed=sv.Level.DOUBLE)
    assert window.standings_view.set_tiebreak_rating(8, 1, 1650)
    assert context.read(sv.by_hand).ratings == {8: ((1, 1650),)}
    window.tabs.setCurrentWidget(window.standings_view)
    model = window.standings_view.model
    aro = len(StandingColumn) + model.codes.index("ARO")
    row = next(k for k in range(model.rowCount()) if model.row_at(k).number == 4)
    assert model.index(row, aro).data() == "1650"  # 4 met 8, the unrated player, estimated 1650


def test_the_table_shows_each_column_in_its_one_format_as_ranked(window: MainWindow, tmp_path: Path) -> None:
    """The lines written in the child process (``services.shown_standings``) are the ranked standings' values,
    each column in the one format its values need (``½`` or decimals), ``–`` for no value."""
    from arbiter_app.pairing.points import column_format

    path = _file(tmp_path, _rated([2000, 1900, 1800, 1700, 1650, 1600, 1550, 1500], "BH,ARO,SB"))
    assert window.open_file(path)
    window.tabs.setCurrentWidget(window.standings_view)
    model = window.standings_view.model
    table = sv.ranked_standings(window.context.db, window.context.tournament_id)  # type: ignore[union-attr]
    score = column_format([r.score for r in table.rows])
    formats = [column_format([r.tiebreaks[k] for r in table.rows]) for k in range(len(table.tiebreaks))]
    assert model.rowCount() == len(table.rows) == 8 and model.codes == table.tiebreaks
    for k, r in enumerate(table.rows):
        cells = [model.index(k, c).data() for c in range(model.columnCount())]
        assert cells[StandingColumn.NUMBER] == str(r.number) and cells[StandingColumn.SCORE] == score(r.score)
        assert cells[len(StandingColumn) :] == ["–" if v is None else f(v) for f, v in zip(formats, r.tiebreaks)]
