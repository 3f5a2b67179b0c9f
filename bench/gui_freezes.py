"""How long the window's own thread blocks, by arbiter action, on 1,000 and 2,000 players (issues 21, 28).

    QT_QPA_PLATFORM=offscreen python bench/gui_freezes.py [--sizes 1000 2000] [--repeat N] [--out bench/FREEZES.md]
    QT_QPA_PLATFORM=offscreen python bench/gui_freezes.py --trf FILE [--repeat N] [--out bench/FREEZES.md]

With ``--trf FILE`` the window works on that tournament (a TRF report whose
next round is still to be paired) and plays every action an arbiter takes at
the desk, one line per action with its longest gap, then ``longest gap N ms``
(see :func:`bench_trf` for the list).

A heartbeat timer ticks every 2 ms on the GUI thread; an action's figure is
the largest gap between two ticks (or between the action's start and the
first tick) from the action's start until its result is on screen.  Work
done in the worker thread or the child process does not count, only the
time the event loop could not run: what an arbiter feels as a frozen window.

Actions, on a generated open (the project's generator, seeded) of N players
and 5 rounds of which 4 are imported and round 5 is paired in the window:

- open: opening the file, the Rounds view shown;
- standings: the first visit of the Standings tab;
- players after a change: the Players tab on screen, a player's rating edited;
- result: one result typed on the boards table (round 5 published);
- pairing arrives: "Pair round 5" until the new round is shown (the GUI
  thread's part: the pairing itself runs in the child process);
- cards (first visit): the Pairing cards tab shown after the standings, until its cards are in;
- import: File > Import TRF of the same 4-round report into a new file until it is open (the import
  re-pairs the 4 rounds to compare them with the engine, in the child process).

Not a test: figures go to a Markdown file, never into assertions.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QEvent, Qt, QTimer  # noqa: E402
from PySide6.QtGui import QKeyEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget  # noqa: E402

from arbiter_app import services as sv  # noqa: E402
from arbiter_app.generator import GeneratorConfig, generate  # noqa: E402
from arbiter_app.gui import files, process_call  # noqa: E402
from arbiter_app.gui.main_window import MainWindow  # noqa: E402
from arbiter_app.gui.settings import use_settings_folder  # noqa: E402
from arbiter_app.gui.warning_dialogs import ProceedDialog  # noqa: E402
from arbiter_app.pairing.editions import BAKU_2016  # noqa: E402
from arbiter_app.trf.writer import write_trf  # noqa: E402

CACHE = ROOT / "build" / "bench"


class Heartbeat:
    """Ticks every 2 ms; :meth:`measure` gives the largest gap while an action runs to its end."""

    def __init__(self, app: QApplication) -> None:
        self.app = app
        self.clock = QElapsedTimer()
        self.clock.start()
        self.last = 0
        self.gap = 0
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(2)
        self.timer.timeout.connect(self._tick)
        self.name = ""
        """The action measured (BENCH_PROFILE=name prints a profile of the GUI thread during it)."""

    def _tick(self) -> None:
        now = self.clock.elapsed()
        self.gap = max(self.gap, now - self.last)
        self.last = now

    def measure(self, action: Callable[[], object], done: Callable[[], bool], timeout: float = 120.0) -> float:
        """Seconds of the largest event-loop gap from ``action`` (run from the event loop) until ``done()``."""
        started = [False]

        def start() -> None:
            self.last = self.clock.elapsed()
            started[0] = True
            action()
            self._tick()

        self.gap = 0
        profile = None
        if self.name and self.name in os.environ.get("BENCH_PROFILE", "").split(","):
            import cProfile

            profile = cProfile.Profile()
            profile.enable()
        self.timer.start()
        QTimer.singleShot(0, start)
        deadline = time.monotonic() + timeout
        while not (started[0] and done()) and time.monotonic() < deadline:
            self.app.processEvents()
            time.sleep(0.0005)
        if not done():
            print(f"{self.name}: not done after {timeout:.0f} s", file=sys.stderr, flush=True)
        # a few more ticks: work queued by the action (a refresh posted to the loop) counts too
        settle = time.monotonic() + 0.3
        while time.monotonic() < settle:
            self.app.processEvents()
            time.sleep(0.0005)
        self.timer.stop()
        if profile is not None:
            import pstats

            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(35)
        return self.gap / 1000


def tournament(players: int, folder: Path) -> tuple[Path, Path]:
    """A 5-round generated open cut to 4 rounds, as a TRF file (cached under build/bench/), and a tournament file
    imported from it."""
    CACHE.mkdir(parents=True, exist_ok=True)
    trf = CACHE / f"open-{players}-r4.trf"
    if not trf.exists():
        doc = generate(
            GeneratorConfig(players=players, rounds=5, retired_rate=0, half_point_bye_rate=0),
            seed=21,
            edition=BAKU_2016,
        )
        trf.write_text(write_trf(doc.truncated(4)), encoding="utf-8")
    path, _ = files.import_into_new_file(trf, folder / f"open-{players}.db")
    return trf, path


def answer_boxes() -> None:
    box = QApplication.activeModalWidget()
    if isinstance(box, ProceedDialog):
        print(f"Level 3: {box.notice.text}", file=sys.stderr, flush=True)
        box.proceed.click()
    elif isinstance(box, QMessageBox):
        print(f"message box: {box.text()}", file=sys.stderr, flush=True)
        (box.button(QMessageBox.StandardButton.Yes) or box.defaultButton() or box.buttons()[0]).click()


def bench_window(app: QApplication) -> tuple[MainWindow, QTimer, Heartbeat]:
    """The main window on screen, a timer answering its questions, and the heartbeat."""
    window = MainWindow()
    window.show()
    answerer = QTimer()
    answerer.timeout.connect(answer_boxes)
    answerer.start(20)
    return window, answerer, Heartbeat(app)


def type_key(table: QWidget, text: str) -> None:
    """A key typed on ``table`` (as the arbiter types a result on the boards)."""
    key = Qt.Key.Key_1 if text == "1" else Qt.Key(ord(text.upper()))
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(table, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, text))


def bench(app: QApplication, players: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as name:
        folder = Path(name)
        use_settings_folder(folder / "settings")
        trf, path = tournament(players, folder)
        window, answerer, beat = bench_window(app)
        figures: dict[str, float] = {}
        rounds = window.rounds_view

        def idle() -> bool:
            runners = [window.runner, window.explain_dock.runner, getattr(window.standings_view, "runner", None)]
            return not any(r is not None and r.is_busy for r in runners)

        beat.name = "open"
        figures["open"] = beat.measure(lambda: window.open_file(path), lambda: idle() and len(rounds.model.rows) > 0)
        beat.name = "standings"
        figures["standings"] = beat.measure(
            lambda: window.tabs.setCurrentWidget(window.standings_view),
            lambda: idle() and window.standings_view.model.rowCount() > 0,
        )
        beat.name = "cards"
        figures["cards (first visit)"] = beat.measure(
            lambda: window.tabs.setCurrentWidget(window.cards_view),
            lambda: idle() and window.cards_view.model.rowCount() > 0,
        )
        window.tabs.setCurrentWidget(window.players_view)
        for _ in range(3):
            app.processEvents()
        ctx = window.context
        assert ctx is not None
        beat.name = "players"
        figures["players after a change"] = beat.measure(
            lambda: ctx.call(sv.edit_player, players // 2, rating=1500), idle
        )
        window.tabs.setCurrentWidget(rounds)
        app.processEvents()
        # The view refreshes off the GUI thread after the change; Pair is enabled once it has (an arbiter clicks
        # an enabled button: triggering a disabled action does nothing, which an earlier run took for a lost
        # pairing).
        deadline = time.monotonic() + 120
        while not rounds.pair_action.isEnabled() and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.001)
        beat.name = "pairing"
        figures["pairing arrives"] = beat.measure(
            rounds.pair_action.trigger, lambda: idle() and rounds.current is not None and rounds.current.number == 5
        )
        rounds.publish_action.trigger()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (
            idle() and rounds.current is not None and rounds.current.state == "published" and rounds.entry.isEnabled()
        ):
            app.processEvents()
            time.sleep(0.001)
        rounds.table.setFocus()
        before = sum(1 for b in rounds.current.boards if b.result is not None) if rounds.current else 0

        def entered() -> bool:
            info = rounds.current
            return idle() and info is not None and sum(1 for b in info.boards if b.result is not None) > before

        beat.name = "result"
        figures["result"] = max(beat.measure(lambda: type_key(rounds.table, "1"), entered) for _ in range(1))
        again = folder / "imported-again.db"
        beat.name = "import"
        figures["import"] = beat.measure(
            lambda: window.import_trf_file(trf, again),
            lambda: (
                idle() and window.context is not None and window.context.path == again and len(rounds.model.rows) > 0
            ),
            timeout=600.0,
        )
        window.close()
        answerer.stop()
        process_call.shutdown()
        return figures


def wait_until(app: QApplication, done: Callable[[], bool], timeout: float = 300.0) -> None:
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.001)


def bench_trf(app: QApplication, trf: Path) -> dict[str, float]:
    """Every action at the desk on the tournament of ``trf``, in the order of a round:

    import (File > Import TRF into a new file, until open); open (the file opened again); standings (first
    visit); why above (two players of the standings, until the answer is on screen); cards (first visit);
    players after a change; hall display (opened, until its pages are in; then a page turned); every report
    dialog until its preview is on screen; pair (the next round, until shown); override dialog (opened on the
    draft until its preview is in, then one swap previewed); explain (the round in the explain panel until its
    first bracket's candidates are in); why-not (two players of board 1); seminar (opened, then three steps);
    publish; a result typed; standings after a result (the Standings tab on screen while a result is stored).
    """
    from arbiter_app.gui.override_dialog import OverrideDialog
    from arbiter_app.gui.report_dialog import TITLES, ReportDialog

    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as name:
        folder = Path(name)
        use_settings_folder(folder / "settings")
        window, answerer, beat = bench_window(app)
        figures: dict[str, float] = {}
        rounds = window.rounds_view
        standings = window.standings_view

        def idle() -> bool:
            runners = [window.runner, window.explain_dock.runner, standings.runner]
            ctx = window.context
            busy = any(r is not None and r.is_busy for r in runners) or (ctx is not None and ctx.reader.is_busy)
            return not busy

        def measure(label: str, action: Callable[[], object], done: Callable[[], bool], timeout: float = 300.0) -> None:
            beat.name = label.split()[0]
            figures[label] = beat.measure(action, done, timeout)
            print(f"  {label}: {figures[label] * 1000:.0f} ms", file=sys.stderr, flush=True)

        path = folder / f"{trf.stem}.db"
        measure("import", lambda: window.import_trf_file(trf, path),
                lambda: idle() and window.context is not None and window.context.path == path
                and len(rounds.model.rows) > 0, timeout=900.0)  # fmt: skip
        window.close_tournament()
        app.processEvents()
        measure("open", lambda: window.open_file(path), lambda: idle() and len(rounds.model.rows) > 0)
        ctx = window.context
        assert ctx is not None
        last = rounds.rounds[-1].number
        measure("standings (first visit)", lambda: window.tabs.setCurrentWidget(standings),
                lambda: idle() and standings.model.rowCount() > 0)  # fmt: skip
        standings.table.selectRow(0)
        standings.table.selectionModel().select(
            standings.model.index(1, 0), standings.table.selectionModel().SelectionFlag.Select
            | standings.table.selectionModel().SelectionFlag.Rows)  # fmt: skip
        why: list[object] = []
        if hasattr(standings, "show_why_above"):
            measure(
                "why above",
                lambda: why.append(standings.show_why_above()),
                lambda: idle() and why[-1] is not None and getattr(why[-1], "answered", True),
            )
        else:  # before issue 28: the answer read on the GUI thread, then a message box
            pair = [standings.model.row_at(0).number, standings.model.row_at(1).number]
            measure("why above", lambda: why.append(standings.why_text(*pair) and None), idle)
        for box in why:
            if box is not None:
                box.close()  # type: ignore[attr-defined]
        measure("cards (first visit)", lambda: window.tabs.setCurrentWidget(window.cards_view),
                lambda: idle() and window.cards_view.model.rowCount() > 0)  # fmt: skip
        window.tabs.setCurrentWidget(window.players_view)
        wait_until(app, idle)
        some = rounds.model.rows[len(rounds.model.rows) // 2].white
        edits: list[object] = []

        def edit_player() -> None:
            """The player dialog's Save, as the arbiter clicks it (stored off the thread since issue 28)."""
            from arbiter_app.gui.player_dialog import PlayerDialog

            player = next(p for p in ctx.read(sv.list_players) if p.number == some)
            dialog = PlayerDialog(ctx, player, 1, window)
            edits.append(dialog)
            dialog.show()
            dialog.rating.setValue(1500 if player.rating != 1500 else 1501)
            dialog._on_accepted()

        measure(
            "players after a change",
            edit_player,
            lambda: idle() and not getattr(edits[-1], "is_saving", False) and not edits[-1].isVisible(),
        )  # type: ignore[attr-defined]
        hall: list[object] = []
        measure(
            "hall display",
            lambda: hall.append(window.show_hall_display()),
            lambda: idle() and window.hall_display is not None and getattr(window.hall_display, "is_loaded", True),
        )
        measure("hall display, next page", lambda: window.hall_display.next_page(), idle)  # type: ignore[union-attr]
        window.hall_display.close()  # type: ignore[union-attr]
        for kind, title in TITLES.items():
            dialogs: list[ReportDialog] = []

            def open_report(kind: str = kind) -> None:
                dialog = ReportDialog(ctx, kind, window)
                dialogs.append(dialog)
                dialog.show()

            measure(f"report: {title.lower()}", open_report,
                    lambda: idle() and bool(dialogs) and not getattr(dialogs[-1], "is_loading", False))  # fmt: skip
            for dialog in dialogs:
                dialog.close()
                dialog.deleteLater()
        window.tabs.setCurrentWidget(rounds)
        wait_until(app, lambda: idle() and rounds.pair_action.isEnabled())
        measure("pair", rounds.pair_action.trigger,
                lambda: idle() and rounds.current is not None and rounds.current.number == last + 1)  # fmt: skip
        overrides: list[OverrideDialog] = []

        def open_override() -> None:
            assert rounds.current is not None
            dialog = OverrideDialog(ctx, rounds.current, rounds)
            overrides.append(dialog)
            dialog.show()

        measure("override dialog", open_override, lambda: idle() and not getattr(overrides[-1], "is_loading", False))
        first = rounds.current.boards[0] if rounds.current else None
        second = rounds.current.boards[1] if rounds.current else None
        if first is not None and second is not None:
            measure("override preview (a swap)", lambda: overrides[-1].add_edit(sv.Swap(first.white, second.white)),
                    lambda: idle() and not getattr(overrides[-1], "is_loading", False))  # fmt: skip
        overrides[-1].reject()
        dock = window.explain_dock
        dock.show()
        measure("explain", lambda: dock.explain(last + 1), lambda: idle() and dock.table_data is not None)
        if first is not None:
            measure("why not", lambda: dock.ask_why_not(first.white, second.black if second else first.black), idle)
        seminar: list[object] = []
        measure("seminar", lambda: seminar.append(window.show_seminar()), idle)
        view = seminar[-1]
        if view is not None:
            for k in range(3):
                measure(f"seminar step {k + 1}", lambda: view.show_step(view.step + 1), idle)  # type: ignore[attr-defined]
            view.close()  # type: ignore[attr-defined]
        dock.hide()
        measure("publish", rounds.publish_action.trigger,
                lambda: idle() and rounds.current is not None and rounds.current.state == "published")  # fmt: skip
        wait_until(app, lambda: idle() and rounds.entry.isEnabled())
        rounds.table.setFocus()
        before = sum(1 for b in rounds.current.boards if b.result is not None) if rounds.current else 0

        def entered(count: int) -> Callable[[], bool]:
            def done() -> bool:
                info = rounds.current
                return idle() and info is not None and sum(1 for b in info.boards if b.result is not None) >= count

            return done

        measure("result", lambda: type_key(rounds.table, "1"), entered(before + 1))
        window.tabs.setCurrentWidget(standings)
        wait_until(app, lambda: idle() and "Computing" not in standings.note.text())
        board = next(b.number for b in rounds.current.boards if b.result is None) if rounds.current else 1
        measure("standings after a result", lambda: rounds.enter_result(board, "1-0"),
                lambda: entered(before + 2)() and "Computing" not in standings.note.text())  # fmt: skip
        window.close()
        answerer.stop()
        process_call.shutdown()
        return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--out", type=Path, default=None, help="append a Markdown table to this file")
    parser.add_argument("--label", default="", help="a word for the table's heading (before, after)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="run each size N times and keep each action's smallest figure (other programs only add to a gap)",
    )
    parser.add_argument(
        "--trf",
        type=Path,
        default=None,
        metavar="FILE",
        help="every action at the desk on this tournament (a TRF report); one line per action",
    )
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    if args.trf is not None:
        return main_trf(app, args)
    rows = []
    for size in args.sizes:
        runs = []
        for _ in range(max(args.repeat, 1)):
            runs.append(bench(app, size))
            print(size, {k: round(v, 3) for k, v in runs[-1].items()}, flush=True)
        figures = {name: min(run[name] for run in runs) for name in runs[0]}
        rows.append((size, figures))
    names = list(rows[0][1])
    lines = [
        f"### {args.label or 'Largest event-loop gap'} ({time.strftime('%Y-%m-%d')}, Python "
        f"{platform.python_version()}, {platform.machine()}, load average {os.getloadavg()[0]:.1f}"
        + (f", smallest of {args.repeat} runs" if args.repeat > 1 else "")
        + ")",
        "",
        "| players | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for size, figures in rows:
        lines.append(f"| {size} | " + " | ".join(f"{figures[n] * 1000:.0f} ms" for n in names) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with args.out.open("a", encoding="utf-8") as out:
            out.write("\n" + text)
    return 0


def main_trf(app: QApplication, args: argparse.Namespace) -> int:
    runs = []
    for _ in range(max(args.repeat, 1)):
        runs.append(bench_trf(app, args.trf.resolve()))
    figures = {name: min(run.get(name, float("inf")) for run in runs) for name in runs[0]}
    lines = [f"{name}: {value * 1000:.0f} ms" for name, value in figures.items()]
    lines.append(f"longest gap {max(figures.values()) * 1000:.0f} ms")
    print("\n".join(lines), flush=True)
    if args.out:
        heading = (
            f"### {args.label or 'Largest event-loop gap'}: {args.trf.name} ({time.strftime('%Y-%m-%d')}, Python "
            f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}"
            + (f", smallest of {args.repeat} runs" if args.repeat > 1 else "")
            + ")"
        )
        table = ["| action | longest gap |", "|---|---|"] + [
            f"| {name} | {value * 1000:.0f} ms |" for name, value in figures.items()
        ]
        table.append(f"| **longest gap** | **{max(figures.values()) * 1000:.0f} ms** |")
        with args.out.open("a", encoding="utf-8") as out:
            out.write("\n" + heading + "\n\n" + "\n".join(table) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
