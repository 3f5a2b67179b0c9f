"""Render every view of the application offscreen to PNG files under ``resources/screenshots/``.

    QT_QPA_PLATFORM=offscreen python tests/gui/screenshots.py [OUT_DIR]

Not a test (pytest does not collect it): the pictures are for the README and
for looking at.  Every view at 1920x1080 (``NAME.png``) and at 1024x768, a
seminar projector (``NAME-1024.png``), with the hall display's two pages; every
dialog and the manual's window as they open on a 1024x768 screen with a task
bar (``dialog-NAME-1024.png``, ``manual-1024.png``).  The tournament shown is the Arbiters' Manual example after
four rounds, with round 5 paired by the engine, published and half its
results in.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

from arbiter_app import services as sv
from arbiter_app.explain.slides import Slide
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.override_dialog import OverrideDialog
from arbiter_app.gui.player_dialog import PlayerDialog
from arbiter_app.gui.report_dialog import ReportDialog
from arbiter_app.gui.resources import example_trf
from arbiter_app.gui.settings import use_settings_folder
from arbiter_app.gui.workers import SyncRunner
from arbiter_app.persistence import open_database
from arbiter_app.services import Swap
from arbiter_app.trf import read_trf

SIZES = ((1024, 768), (1920, 1080))
LONG_NAME = "Nepomniachtchi, Ian Alexandrovich"
"""A late entry with a long name: the cards and tables must show it whole."""


def build_tournament(path: Path) -> None:
    """The manual's tournament after round 4; round 5 paired (as in the manual), published, three results in."""
    db = open_database(path, create=True)
    doc = read_trf(example_trf()).truncated(4)
    tid = sv.import_trf(db, doc, "Arbiters' Manual example").tournament.id
    sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    sv.enter_results(db, tid, 5, [(1, "1/2"), (2, "1-0"), (3, "0-1")])
    sv.register_player(db, tid, "Moreau, Lucie", rating=1980, title="WFM", federation="FRA", fide_id="20612345")
    sv.register_player(db, tid, LONG_NAME, rating=2760, title="GM", federation="FID", fide_id="4168119")
    sv.request_bye(db, tid, 12, 6, "half")
    db.dispose()


ROUND_ROBIN_NAMES = (
    "Carlsen, Magnus",
    LONG_NAME,
    "Ju, Wenjun",
    "Praggnanandhaa, Rameshbabu",
    "Muzychuk, Anna",
    "Vachier-Lagrave, Maxime",
    "Dzagnidze, Nana",
    "Abdusattorov, Nodirbek",
)
"""A round robin of eight, long names among them: the crosstable must show them whole."""


def build_round_robin(path: Path, played: int = 3) -> None:
    """A single round robin of eight (C.05 Annex 1), Berger numbers drawn by lot, ``played`` rounds with their
    results in (the lower Berger number wins, every third game drawn) and the next round paired."""
    db = open_database(path, create=True)
    t = sv.create_tournament(db, "Club championship", 7, system=sv.ROUND_ROBIN)
    for i, name in enumerate(ROUND_ROBIN_NAMES):
        sv.register_player(db, t.id, name, rating=2800 - 40 * i)
    sv.draw_berger_numbers(db, t.id, seed=11)
    for _ in range(played):
        r = sv.pair_next_round(db, t.id)
        sv.publish_round(db, t.id, r.number)
        r = sv.get_round(db, t.id, r.number)
        sv.enter_results(
            db,
            t.id,
            r.number,
            [
                (b.number, "1/2" if (b.white + b.black + r.number) % 3 == 0 else "1-0" if b.white < b.black else "0-1")
                for b in r.boards
                if b.result is None
            ],
        )
    sv.pair_next_round(db, t.id)
    db.dispose()


def save(widget: QWidget, out: Path, name: str) -> Path:
    QApplication.processEvents()
    target = out / f"{name}.png"
    widget.grab().save(str(target), "PNG", 0)  # 0: the smallest file
    print(target)
    return target


def resize(window: QWidget, size: tuple[int, int]) -> None:
    """In one jump, as a switch to a projector does (the explain panel moves below the tables on the way)."""
    window.resize(*size)
    QApplication.processEvents()


def views(window: MainWindow, out: Path, size: tuple[int, int]) -> None:
    """Every view of the window at ``size``: ``NAME.png`` at 1920x1080, ``NAME-1024.png`` at 1024x768."""
    tail = "" if size[0] >= 1920 else f"-{size[0]}"
    resize(window, size)
    for view, name in [
        (window.players_view, "players"),
        (window.rounds_view, "rounds"),
        (window.cards_view, "cards"),
        (window.standings_view, "standings"),
        (window.audit_view, "audit"),
    ]:
        window.tabs.setCurrentWidget(view)
        if view is window.rounds_view:
            view.show_round(5)
            view.select_board(4)
        save(window, out, name + tail)
    window.tabs.setCurrentWidget(window.rounds_view)
    dock = window.explain_dock
    dock.show()
    resize(window, size)
    dock.explain(5)
    dock.tabs.setCurrentIndex(0)
    save(window, out, "explain-outline" + tail)
    dock.tabs.setCurrentIndex(1)
    dock.bracket.setCurrentIndex(dock.bracket.count() - 1)
    dock.mode.setCurrentIndex(1)
    save(window, out, "explain-sieve" + tail)
    dock.mode.setCurrentIndex(0)
    dock.ask_why_not(7, 3)
    save(window, out, "explain-desk" + tail)
    dock.hide()
    hall = window.show_hall_display()
    hall.timer.stop()
    hall.resize(*size)
    hall.page = 0
    save(hall, out, "hall-boards" + tail)
    hall.page = len(hall.pages) - 1
    save(hall, out, "hall-names" + tail)
    hall.hide()
    seminar_shots(window, out, size)


def pairs_of(slide: Slide) -> int:
    return len(slide.pairs)


def seminar_shots(window: MainWindow, out: Path, size: tuple[int, int]) -> None:
    """Seminar mode on round 5: the collapsed last bracket (``seminar-bracket``), its candidate 3, better on
    C.17 (``seminar-candidate``), and the decision (``seminar-decision``)."""
    tail = "" if size[0] >= 1920 else f"-{size[0]}"
    window.explain_dock.round.setValue(5)
    seminar = window.show_seminar()
    assert seminar is not None
    seminar.showNormal()
    seminar.resize(*size)
    assert seminar.total is not None
    seminar.show_step(seminar.total - 1)  # every slide worked out
    # The candidate that won on a criterion with the most pairs (the last such): its bracket, itself, the decision.
    won = [
        s
        for s in seminar.slides
        if s.kind == "candidate" and s.legal and s.compared_with and s.verdict.startswith("Better")
    ]
    candidate = max(reversed(won), key=pairs_of)
    for name, slide in (
        ("seminar-bracket", next(s for s in seminar.slides if s.heading == candidate.heading)),
        ("seminar-candidate", candidate),
        (
            "seminar-decision",
            next(s for s in seminar.slides if s.heading == candidate.heading and s.kind == "decision"),
        ),
    ):
        seminar.show_step(seminar.slides.index(slide))
        save(seminar, out, name + tail)
    seminar.close()


ROOM_1024 = (1024 - 16, 768 - 40 - 48)
"""A window's contents on a 1024x768 screen with a 40-pixel task bar (tests/gui/test_fits.py)."""


def in_room(dialog: QWidget) -> None:
    """Lay ``dialog`` out as it opens on a 1024x768 screen with a task bar."""
    dialog.show()
    QApplication.processEvents()
    least = dialog.minimumSizeHint()
    dialog.resize(max(min(dialog.width(), ROOM_1024[0]), least.width()),
                  max(min(dialog.height(), ROOM_1024[1]), least.height()))  # fmt: skip


def dialogs_1024(window: MainWindow, out: Path) -> None:
    """Every dialog as it opens at 1024x768 (``dialog-NAME-1024.png``), the main window there first."""
    from arbiter_app.gui.bye_dialog import ByeDialog
    from arbiter_app.gui.compare_dialog import CompareDialog
    from arbiter_app.gui.report_dialog import TITLES
    from arbiter_app.gui.tournament_dialog import SettingsDialog, TournamentDialog

    context = window.context
    assert context is not None
    resize(window, ROOM_1024)
    window.rounds_view.show_round(5)
    players = context.read(sv.list_players)

    def why_above() -> QWidget:
        window.tabs.setCurrentWidget(window.standings_view)
        QApplication.processEvents()
        model = window.standings_view.model
        rows = [k for k in range(model.rowCount() - 1) if model.row_at(k).score == model.row_at(k + 1).score] or [0]
        a, b = model.row_at(rows[0]).number, model.row_at(rows[0] + 1).number
        dialog = window.standings_view.show_why_above(a, b)
        assert dialog is not None
        return dialog

    def override() -> QWidget:
        dialog = OverrideDialog(context, window.rounds_view.current, window)  # type: ignore[arg-type]
        dialog.add_edit(Swap(3, 10))
        dialog.reason.setText("Players 3 and 10 are brother and sister (the organiser's rule)")
        return dialog

    def new_tournament() -> QWidget:
        dialog = TournamentDialog(window)
        dialog.name.setText("Open de Printemps 2027")
        return dialog

    def compare() -> QWidget:
        dialog = CompareDialog(context, 5, window)
        dialog.compare()
        return dialog

    made = {
        "override": override,
        "why-above": why_above,
        "new-tournament": new_tournament,
        "settings": lambda: SettingsDialog(context, window),
        "player": lambda: PlayerDialog(context, None, 6, window),
        "bye": lambda: ByeDialog(context, players[3], 6, window),
        "compare-editions": compare,
        **{f"report-{kind}": (lambda kind=kind: ReportDialog(context, kind, window)) for kind in TITLES},
    }
    for name, make in made.items():
        dialog = make()
        in_room(dialog)
        save(dialog, out, f"dialog-{name}-1024")
        dialog.close()
        dialog.deleteLater()
    manual = window.show_manual()
    manual.resize(*ROOM_1024)
    save(manual, out, "manual-1024")
    manual.close()
    hall = window.show_hall_display()
    hall.timer.stop()
    hall.resize(*ROOM_1024)
    names = [k for k, page in enumerate(hall.pages) if page.names]
    hall.page = names[0] if names else 0
    save(hall, out, "hall-names-room-1024")
    hall.close()


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_DATA_HOME"] = folder
        use_settings_folder(Path(folder) / "settings")
        path = Path(folder) / "manual-example.db"
        build_tournament(path)
        window = MainWindow(SyncRunner())
        window.show()
        for size in SIZES:
            resize(window, size)
            save(window, out, "welcome" + ("" if size[0] >= 1920 else f"-{size[0]}"))
        window.open_file(path)
        for size in SIZES:
            views(window, out, size)
        round_robin = Path(folder) / "round-robin.db"
        build_round_robin(round_robin)
        window.open_file(round_robin)
        for size in SIZES:
            resize(window, size)
            window.tabs.setCurrentWidget(window.crosstable_view)
            save(window, out, "round-robin" + ("" if size[0] >= 1920 else f"-{size[0]}"))
        window.open_file(path)
        context = window.context
        assert context is not None
        dialog = OverrideDialog(context, window.rounds_view.current, window)  # type: ignore[arg-type]
        dialog.add_edit(Swap(3, 10))
        dialog.reason.setText("Players 3 and 10 are brother and sister (the organiser's rule)")
        dialog.show()
        save(dialog, out, "override")
        dialog.close()
        player = PlayerDialog(context, None, 6, window)
        player.name.setText("Novak, Petra")
        player.show()
        save(player, out, "player-dialog")
        player.close()
        report = ReportDialog(context, "wallchart", window)
        report.resize(*SIZES[-1])
        report.show()
        save(report, out, "report-wallchart")
        report.close()
        dialogs_1024(window, out)
        window.close()
    QTimer.singleShot(0, app.quit)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "resources" / "screenshots")
