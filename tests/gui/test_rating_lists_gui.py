"""Checklist Q128-Q129 and Q139-Q144 in the window: a rating picked from another list for a player the main list
does not hold; the consistency check's answer with a ticked subset applied; the check after a list import."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.modal import run_modal
from arbiter_app.gui.player_dialog import PlayerDialog
from arbiter_app.gui.rating_check import (
    PlayerRatingsDialog,
    RatingCheckDialog,
    RatingSettingsDialog,
    import_custom_list,
)
from arbiter_app.gui.rating_choice import RatingChoiceDialog
from arbiter_app.persistence import open_database
from arbiter_app.services import rating_lists as rl
from tests.gui.conftest import MessageBoxes, on_modal
from tests.ratings.lists import PLAYERS, P, write_combined, write_single

NOVEMBER = date(2026, 11, 23)


def a_tournament(path: Path, *players: tuple[str, int, str]) -> int:
    db = open_database(path)
    tid = sv.create_tournament(db, "Open", 5, start_date=date(2026, 11, 20), end_date=date(2026, 11, 26)).id
    for name, rating, fide_id in players:
        sv.register_player(db, tid, name, rating=rating, fide_id=fide_id)
    db.dispose()
    return tid


def test_a_player_not_in_the_main_list_gets_a_rating_picked_from_another(
    window: MainWindow, empty_file: Path, tmp_path: Path, qtbot: Any, isolated: Path
) -> None:
    sv.import_rating_list(write_single(tmp_path / "standard_nov26frl.txt", "standard", PLAYERS[:2]))
    sv.import_rating_list(write_single(tmp_path / "rapid_nov26frl.txt", "rapid", PLAYERS))
    sv.import_rating_list(write_single(tmp_path / "blitz_nov26frl.txt", "blitz", PLAYERS))
    a_tournament(empty_file)
    assert window.open_file(empty_file) and window.context is not None
    dialog = PlayerDialog(window.context, parent=window)
    qtbot.addWidget(dialog)
    search = dialog.fide_search
    assert search is not None
    search.kind.setCurrentIndex(2)  # the blitz list
    search.field.setText("Ding")
    search.search_now()
    offered: list[str] = []

    def pick_rapid(d: RatingChoiceDialog) -> None:
        offered.extend(d.list.item(k).text() for k in range(d.list.count()))
        d.list.setCurrentRow(0)
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    seen = on_modal(RatingChoiceDialog, pick_rapid)
    search.results.itemActivated.emit(search.results.item(0))
    assert seen and offered == [
        "FIDE rapid 2026-11: 2738", "FIDE blitz 2026-11: 2788", "none: enter the rating by hand",
    ]  # fmt: skip
    assert dialog.rating.value() == 2738  # the blitz list searched said 2788; the rapid rating was picked
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result_player is not None and dialog.result_player.rating == 2738
    ratings = rl.player_ratings(window.context.db, window.context.tournament_id)
    assert [(r.name, r.fide_rating, r.fide_source) for r in ratings] == [("Ding, Liren", 2738, "FIDE rapid 2026-11")]


def test_the_check_applies_only_the_ticked_ratings(
    window: MainWindow, empty_file: Path, tmp_path: Path, qtbot: Any, isolated: Path
) -> None:
    older = tuple(P(p.fide_id, p.name, std=str(int(p.std) + 7)) for p in PLAYERS)
    sv.import_rating_list(write_single(tmp_path / "standard_oct26frl.txt", "standard", older, month="OCT26"))
    a_tournament(empty_file, ("Carlsen, Magnus", 2800, "1503014"), ("Caruana, Fabiano", 2810, "2020009"))
    assert window.open_file(empty_file) and window.context is not None
    context = window.context
    stale = RatingCheckDialog(context, rl.check_ratings(context.db, context.tournament_id, today=NOVEMBER), window)
    qtbot.addWidget(stale)
    assert not stale.stale.isHidden() and "list held is of 2026-10" in stale.stale.text()  # said first (Q141)
    sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"), date="2026-11")
    dialog = RatingCheckDialog(context, rl.check_ratings(context.db, context.tournament_id, today=NOVEMBER), window)
    qtbot.addWidget(dialog)
    assert dialog.stale.isHidden()
    assert [dialog.list.item(k).text() for k in range(dialog.list.count())] == [
        "#1 Caruana, Fabiano (2020009): FIDE 2810 (manual) → 2805",
        "#2 Carlsen, Magnus (1503014): FIDE 2800 (manual) → 2831",
    ]
    dialog.list.item(0).setCheckState(Qt.CheckState.Unchecked)  # Caruana keeps his rating
    dialog.apply_button.click()
    assert [d.name for d in dialog.applied] == ["Carlsen, Magnus"]
    players = {p.name: (p.number, p.rating) for p in sv.list_players(context.db, context.tournament_id)}
    assert players == {"Carlsen, Magnus": (1, 2831), "Caruana, Fabiano": (2, 2810)}


def test_a_list_import_runs_the_check_unless_switched_off(
    window: MainWindow, empty_file: Path, tmp_path: Path, qtbot: Any, isolated: Path, boxes: MessageBoxes
) -> None:
    report = sv.import_rating_list(write_combined(tmp_path / "players_list_foa.txt"), date="2026-11")
    a_tournament(empty_file, ("Carlsen, Magnus", 2800, "1503014"))
    assert window.open_file(empty_file) and window.context is not None
    seen = on_modal(RatingCheckDialog, lambda d: d.reject())
    window.rating_list_importer.finished.emit(report)
    assert seen and seen[0].windowTitle() == "Rating check (automatic)"

    def switch_off(d: RatingSettingsDialog) -> None:
        assert d.method.currentData() == "FIDE" and d.sequence.placeholderText().startswith("standard, rapid, blitz")
        d.check_on.setChecked(False)
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    assert on_modal(RatingSettingsDialog, switch_off) is not None
    run_modal(RatingSettingsDialog(window.context, window))
    assert not rl.rating_settings(window.context.db, window.context.tournament_id).check_on
    again = on_modal(RatingCheckDialog, lambda d: d.reject(), timeout_ms=300)
    window.rating_list_importer.finished.emit(report)
    qtbot.wait(400)
    assert again == []


def test_national_and_manual_ratings_typed_in_the_ratings_table(
    window: MainWindow, empty_file: Path, qtbot: Any, isolated: Path
) -> None:
    """Q116, Q134, Q145: the table shows each rating apart with its source; a national rating typed in moves the
    player once the method is NIDOF."""
    a_tournament(empty_file, ("Alpha", 2000, ""), ("Beta", 1900, ""))
    assert window.open_file(empty_file) and window.context is not None
    context = window.context
    dialog = PlayerRatingsDialog(context, window)
    qtbot.addWidget(dialog)
    assert [dialog.table.item(1, c).text() for c in range(7)] == ["2", "Beta", "1900", "1900 (manual)", "0", "", "0"]
    dialog.table.item(1, PlayerRatingsDialog.NATIONAL).setText("2100")
    dialog.table.item(0, PlayerRatingsDialog.MANUAL).setText("x")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert "#1: rating 'x' is not a whole number" in dialog.errors.text()
    dialog.table.item(0, PlayerRatingsDialog.MANUAL).setText("")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    rl.set_rating_method(context.db, context.tournament_id, "NIDOF")
    players = {p.name: (p.number, p.rating) for p in sv.list_players(context.db, context.tournament_id)}
    assert players == {"Beta": (1, 2100), "Alpha": (2, 2000)}
    assert [r.national_source for r in rl.player_ratings(context.db, context.tournament_id)] == ["manual", ""]


def test_a_custom_list_imported_in_the_window(
    window: MainWindow, tmp_path: Path, isolated: Path, boxes: MessageBoxes
) -> None:
    """Q117: a national list in CSV from the File menu; a file without the columns is refused with their names."""
    bad = tmp_path / "bad.csv"
    bad.write_text("fide;name\n1;A\n", encoding="utf-8")
    assert not import_custom_list(window, None, bad, "NOR")
    good = tmp_path / "nor_nov26.csv"
    good.write_text("id;name;rating\n99000001;Nordmann, Ola;1720\n", encoding="utf-8")
    assert import_custom_list(window, None, good, "NOR")
    assert "custom:NOR" in rl.lists_held()
    said = " ".join(" ".join(shown) for shown in boxes.shown)
    assert "the header has no 'id', 'rating' column" in said and "nor_nov26.csv (2026-11): 1 players." in said
