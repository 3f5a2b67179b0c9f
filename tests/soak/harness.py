"""The soak: the real main window driven through thousands of an arbiter's actions (issue 21).

    python -m tests.soak.harness [TRF] [--repaints N] [--rounds N] [--results N]
    python -m tests.soak.harness --smoke

The tests' harness, not part of the application (issue 30.3: no test hooks
in the shipped package); ``tests/soak`` runs it in a child process.

A tournament (the Arbiters' Manual example, or any TRF-16 report) is cut
back to its first rounds and imported into a temporary file; the window then
plays the rest of the tournament as an arbiter would, round after round:

- pair the next round (in the child process, as in use), publish it
  (answering the confirmation), ask why it is paired so;
- enter every result from the keyboard, correct some and put them back,
  undo one and enter it again;
- select two pairing cards and ask "why not these two?";
- repaint and scroll the pairing cards, visit every tab, filter the players,
  switch "Large text" on and off;
- open and close every dialog: tournament settings, each report, override,
  player, bye, new tournament, About (each shown, painted, then closed).

Then it checks what the issue 21 crash would break: the process is still
alive (an abort fails whoever runs it), ``sys.getrefcount(None)`` has not
fallen (a Qt binding that drops a reference to ``None`` per call aborts
with "none_dealloc" after a few thousand calls; on Python 3.12 and newer
``None`` is immortal and the count is a constant), the Qt objects the window
owns are as many at the end as after the first round (a dialog kept after
use would add hundreds per round), and the resident memory grew by no more
than :data:`MEMORY_GROWTH_LIMIT` after the first round.

The count of ``None`` may rise: PySide6 6.11.3 takes one reference to
``None`` for each Qt object deleted after its parent owned it, and never
gives it back (some 3,000 per round of this soak, from the dialogs' widgets);
the objects themselves are freed, and a count that only rises cannot harm.

The last line on standard output is ``SOAK {json}`` with the figures; the
exit status is 0 when all went well.  ``--smoke`` opens the example, visits every view, explains round 5, then
runs a short soak of its last three rounds.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

from arbiter_app.gui import files, process_call
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.report_dialog import TITLES
from arbiter_app.gui.resources import example_trf
from arbiter_app.gui.settings import use_settings_folder
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.writer import write_trf

NONE_IS_IMMORTAL = sys.version_info >= (3, 12)
"""PEP 683: from Python 3.12 on ``None``'s reference count is a constant, a lost reference cannot hurt."""
NONE_REFCOUNT_SLACK = 200
"""How far ``sys.getrefcount(None)`` may legitimately fall between two quiet moments (objects that held
``None`` were freed); a leaking binding loses one reference per Qt call, thousands in a soak."""
MEMORY_GROWTH_LIMIT = 150 * 2**20
"""Bytes the resident memory may grow after the first round (caches filling); a leak per action grows more."""
QT_OBJECT_SLACK = 50
"""How many more Qt objects the window may own at the end than after the first round (none, when every view
was built in the first round; a dialog kept after use adds 60 or more, a round of them some 400)."""
KEYS = {"1-0": "1", "0-1": "0", "½-½": "=", "+/−": "+", "−/+": "-"}
"""A stored result (as :attr:`BoardInfo.result_text` shows it) and the key that enters it."""
REQUIRED_ACTIONS = (
    "round paired",
    "round published",
    "round explained",
    "result entered",
    "result corrected",
    "why not asked",
    "cards repainted",
    "tab visited",
    "dialog SettingsDialog",
    "dialog ReportDialog",
    "dialog OverrideDialog",
    "dialog PlayerDialog",
    "dialog ByeDialog",
    "dialog TournamentDialog",
)
"""What every soak does at least once (a soak that silently skipped a step would prove nothing about it)."""
OTHER_KEY = {"1": "0", "0": "=", "=": "1", "+": "1", "-": "0"}


def none_refcount() -> int | None:
    """``sys.getrefcount(None)``, or None where ``None`` is immortal (the number means nothing there)."""
    return None if NONE_IS_IMMORTAL else sys.getrefcount(None)


def owned_objects(window: QWidget) -> int:
    """How many Qt objects ``window`` owns (its descendants), once those given up (``deleteLater``) are gone."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return len(window.findChildren(QObject))


def resident_bytes() -> int:
    """The process's resident memory now (Linux), else its peak so far."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return int(peak if sys.platform == "darwin" else peak * 1024)


@dataclass
class SoakReport:
    tournament: str
    players: int = 0
    rounds_played: int = 0
    actions: dict[str, int] = field(default_factory=dict)
    total_actions: int = 0
    seconds: float = 0.0
    seconds_by_step: dict[str, float] = field(default_factory=dict)
    python: str = ".".join(map(str, sys.version_info[:3]))
    binding: str = ""
    none_refcount_start: int | None = None
    none_refcount_warm: int | None = None
    none_refcount_end: int | None = None
    rss_start_mib: float = 0.0
    rss_warm_mib: float = 0.0
    rss_end_mib: float = 0.0
    qt_objects_warm: int = 0
    qt_objects_end: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        return "SOAK " + json.dumps({**asdict(self), "ok": self.ok}, sort_keys=True)


class Soak:
    """Drives one window; every action is counted in ``actions``."""

    def __init__(self, app: QApplication, window: MainWindow, seconds: float) -> None:
        self.app = app
        self.window = window
        self.deadline = time.monotonic() + seconds
        self.actions: Counter[str] = Counter()
        self.problems: list[str] = []
        self.seconds: dict[str, float] = {}
        self._answerer = QTimer()
        self._answerer.setInterval(10)
        self._answerer.timeout.connect(self._answer_modal)
        self._answerer.start()

    # --- plumbing ----------------------------------------------------------------

    def timed(self, action: Callable[..., Any], *args: Any) -> Any:
        """``action(*args)``, its time added to ``seconds`` under its name."""
        started = time.monotonic()
        try:
            return action(*args)
        finally:
            name = action.__name__
            self.seconds[name] = round(self.seconds.get(name, 0.0) + time.monotonic() - started, 2)

    def count(self, action: str, n: int = 1) -> None:
        self.actions[action] += n

    def events(self) -> None:
        """Let the window handle what is queued, and wait for what it reads or computes off the GUI thread."""
        self.app.processEvents()
        if self.busy:
            self.settle("reading")

    @property
    def busy(self) -> bool:
        w = self.window
        runners = [w.runner, w.explain_dock.runner, w.standings_view.runner]
        return any(r.is_busy for r in runners) or (w.context is not None and w.context.reader.is_busy)

    def settle(self, what: str, seconds: float = 120.0) -> None:
        """Let the worker and the child process finish, the window staying live meanwhile."""
        deadline = min(time.monotonic() + seconds, self.deadline + 60)
        self.app.processEvents()
        while self.busy and time.monotonic() < deadline:
            self.app.processEvents()
            time.sleep(0.002)
        self.app.processEvents()
        if self.busy:
            self.problems.append(f"{what}: still working after {seconds:.0f} s")

    def _answer_modal(self) -> None:
        """Close what opens modally: message boxes answered (Yes where asked), dialogs painted and cancelled."""
        widget = QApplication.activeModalWidget()
        if widget is None:
            return
        if isinstance(widget, QMessageBox):
            if widget.icon() == QMessageBox.Icon.Critical:
                self.problems.append(f"error box: {widget.text()[:300]}")
            self.count("message box answered")
            choice = widget.button(QMessageBox.StandardButton.Yes) or widget.defaultButton()
            if choice is None and widget.buttons():
                choice = widget.buttons()[0]
            if choice is not None:
                choice.click()
            else:
                widget.done(0)
        elif isinstance(widget, QDialog):
            if widget.grab().isNull():
                self.problems.append(f"{type(widget).__name__} did not paint")
            self.count(f"dialog {type(widget).__name__}")
            widget.reject()
        else:
            widget.close()

    def press(self, widget: QWidget, key: Qt.Key, text: str = "") -> None:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, text))
        self.count("key")

    def type_text(self, widget: QWidget, text: str) -> None:
        for ch in text:
            key = (
                Qt.Key(ord(ch.upper()))
                if ch.isalnum()
                else {"=": Qt.Key.Key_Equal, "+": Qt.Key.Key_Plus, "-": Qt.Key.Key_Minus}.get(ch, Qt.Key.Key_unknown)
            )
            self.press(widget, key, ch)

    # --- actions -----------------------------------------------------------------

    def visit_tabs(self) -> None:
        for view, _ in self.window.views():
            self.window.tabs.setCurrentWidget(view)
            self.settle("showing a view")
            view.repaint()
            self.count("tab visited")
        if self.window.grab().isNull():
            self.problems.append("the window did not paint")
        self.count("window painted")

    def cards(self, repaints: int) -> None:
        """Repaint the pairing cards and scroll through them, down and back up."""
        view = self.window.cards_view
        self.window.tabs.setCurrentWidget(view)
        self.events()
        bar = view.list.verticalScrollBar()
        steps = max(bar.maximum() // max(bar.pageStep(), 1), 1) + 1
        for k in range(repaints):
            phase = k % (2 * steps)
            bar.setValue(bar.pageStep() * (phase if phase < steps else 2 * steps - phase))
            view.list.viewport().repaint()
            self.count("cards repainted")
            if k % 20 == 0:
                self.events()
        bar.setValue(0)

    def why_not(self) -> None:
        view = self.window.cards_view
        numbers = [c.number for c in view.model.cards]
        if len(numbers) < 2:
            return
        self.window.tabs.setCurrentWidget(view)
        view.select_numbers(numbers[0], numbers[-1])
        self.events()
        if view.why_button.isEnabled():
            view.why_button.click()
            self.settle("why not")
            self.count("why not asked")

    def pair_and_publish(self) -> bool:
        rounds = self.window.rounds_view
        self.window.tabs.setCurrentWidget(rounds)
        self.events()
        if not rounds.pair_action.isEnabled():
            return False
        rounds.pair_action.trigger()
        self.settle("pairing")
        self.count("round paired")
        if rounds.repair_action.isEnabled():
            rounds.repair_action.trigger()
            self.settle("pairing again")
            self.count("round paired again")
        rounds.explain_action.trigger()
        self.settle("explaining")
        self.window.explain_dock.step_bracket(1)
        self.settle("explaining a bracket")
        self.count("round explained")
        if not rounds.publish_action.isEnabled():
            self.problems.append("the paired round cannot be published")
            return False
        rounds.publish_action.trigger()  # the confirmation is answered Yes
        self.events()
        self.count("round published")
        return rounds.current is not None and rounds.current.state == "published"

    def enter_results(self, limit: int | None = None) -> None:
        """The open boards of the round shown (all, or the first ``limit``), from the keyboard on the boards
        table (the next open board is selected after each)."""
        rounds = self.window.rounds_view
        self.window.tabs.setCurrentWidget(rounds)
        keys = "1=0"
        k = 0
        while rounds.current is not None and any(b.result is None for b in rounds.current.boards):
            if limit is not None and k >= limit:
                break
            if rounds.selected_board() is None or k > 2 * len(rounds.current.boards) + 2:
                self.problems.append("result entry: no open board selected")
                return
            self.press(rounds.table, Qt.Key(ord(keys[k % 3]) if keys[k % 3] != "=" else Qt.Key.Key_Equal), keys[k % 3])
            self.count("result entered")
            k += 1
            if k % 10 == 0 or rounds.selected_board() in rounds.pending_boards:
                self.events()  # results are stored off the GUI thread: none typed twice on a board still storing
        self.events()

    def correct_results(self, how_many: int) -> None:
        """Change some results through the entry field (board, Enter, key), then put each back."""
        rounds = self.window.rounds_view
        info = rounds.current
        if info is None:
            return
        boards = [b for b in info.boards if b.result_text in KEYS][:how_many]
        for b in boards:
            original = KEYS[b.result_text]
            for key in (OTHER_KEY[original], original):
                rounds.entry.setFocus()
                self.type_text(rounds.entry, str(b.number))
                self.press(rounds.entry, Qt.Key.Key_Return)
                self.type_text(rounds.entry, key)
                self.count("result corrected")
            self.events()
        after = rounds.current
        if after is not None and [x.result_text for x in after.boards] != [x.result_text for x in info.boards]:
            self.problems.append(f"round {info.number}: results differ after correcting them back")

    def undo_and_redo_a_result(self) -> None:
        rounds = self.window.rounds_view
        info = rounds.current
        if info is None or not info.boards:
            return
        self.window.undo_last_step()
        self.events()
        self.count("undo")
        self.enter_results(1)

    def dialogs(self) -> None:
        """Every dialog once: shown, painted and cancelled by the modal answerer."""
        w = self.window
        w.edit_settings()
        for kind in TITLES:
            w.show_report(kind)
        w.tabs.setCurrentWidget(w.rounds_view)
        self.events()
        w.rounds_view.override_action.trigger()
        players = w.players_view
        w.tabs.setCurrentWidget(players)
        self.events()
        if players.model.rows:
            players.select_player(players.model.rows[len(players.model.rows) // 2].number)
            for b in (players.edit_button, players.bye_button, players.add_button):
                if b.isEnabled():
                    b.click()
        w.new_tournament()
        w._on_about_triggered()
        self.events()
        self.count("dialog round")

    def players_filter(self) -> None:
        players = self.window.players_view
        self.window.tabs.setCurrentWidget(players)
        for text in ("a", "an", ""):
            players.filter.setText(text)
            self.events()
            self.count("players filtered")

    def large_text(self) -> None:
        for _ in range(2):
            self.window.large_text_action.toggle()
            self.events()
            self.count("large text toggled")

    def standings_rounds(self) -> None:
        view = self.window.standings_view
        self.window.tabs.setCurrentWidget(view)
        self.events()
        box = getattr(view, "after", None)
        if box is not None and hasattr(box, "count"):
            for index in range(max(box.count() - 3, 0), box.count()):
                box.setCurrentIndex(index)
                self.events()
                self.count("standings shown")


def cut_back(trf: Path, rounds: int, target: Path) -> Path:
    """The report ``trf`` with only its first ``rounds`` rounds, written to ``target``."""
    doc = read_trf(trf)
    target.write_text(write_trf(doc.truncated(rounds)), encoding="utf-8")
    return target


@contextmanager
def _quiet_folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="arbiter-soak-") as folder:
        use_settings_folder(Path(folder) / "settings")
        yield Path(folder)


def run_soak(
    app: QApplication,
    trf: Path | None = None,
    *,
    play_rounds: int | None = None,
    results: int | None = None,
    repaints: int = 300,
    seconds: float = 600.0,
    log: Callable[[str], None] | None = None,
) -> SoakReport:
    """Soak the window on ``trf`` (the example by default): its last ``play_rounds`` rounds (by default the second
    half) played again in the window, each with ``repaints`` repaints of the pairing cards, twice.  ``results``:
    how many results of each round to enter from the keyboard (all by default; then the rounds after the first
    are not played)."""
    import PySide6

    source = trf or example_trf()
    report = SoakReport(tournament=source.name, binding=f"PySide6 {PySide6.__version__}")
    gc.collect()
    report.none_refcount_start = none_refcount()
    report.rss_start_mib = resident_bytes() / 2**20
    started = time.monotonic()
    with _quiet_folder() as folder:
        doc = read_trf(source)
        total = doc.rounds_count or max((len(p.rounds) for p in doc.players), default=0)
        keep = max(total - play_rounds, 0) if play_rounds is not None else total // 2
        cut = cut_back(source, keep, folder / "soak.trf")
        path, _ = files.import_into_new_file(cut, folder / "soak.db", f"Soak: {source.stem}")
        window = MainWindow()
        window.show()
        soak = Soak(app, window, seconds)
        try:
            if not window.open_file(path):
                report.problems.append(f"could not open {path}")
                return report
            report.players = len(window.cards_view.model.cards) or len(doc.players)
            first = True
            while time.monotonic() < soak.deadline:
                if not soak.timed(soak.pair_and_publish):
                    break
                report.rounds_played += 1
                soak.timed(soak.visit_tabs)
                soak.timed(soak.cards, repaints)
                soak.timed(soak.enter_results, results)
                soak.timed(soak.undo_and_redo_a_result)
                soak.timed(soak.correct_results, 5)
                soak.timed(soak.why_not)
                soak.timed(soak.dialogs)
                soak.timed(soak.players_filter)
                soak.timed(soak.standings_rounds)
                if report.rounds_played == 1 and report.players <= 100:  # seconds per toggle with more players
                    soak.timed(soak.large_text)
                soak.timed(soak.visit_tabs)
                soak.timed(soak.cards, repaints)
                if log is not None:
                    log(
                        f"round {report.rounds_played}: {sum(soak.actions.values())} actions, "
                        f"{time.monotonic() - started:.1f} s, None refcount {none_refcount()}"
                    )
                if first:
                    first = False
                    soak.settle("first round")
                    gc.collect()
                    report.none_refcount_warm = none_refcount()
                    report.rss_warm_mib = resident_bytes() / 2**20
                    report.qt_objects_warm = owned_objects(window)
            soak.settle("the end")
            report.qt_objects_end = owned_objects(window)
            report.problems.extend(soak.problems)
        finally:
            window.close()
            app.processEvents()
            soak._answerer.stop()
            process_call.shutdown()
    gc.collect()
    report.none_refcount_end = none_refcount()
    report.rss_end_mib = resident_bytes() / 2**20
    report.actions = dict(sorted(soak.actions.items()))
    report.total_actions = sum(soak.actions.values())
    report.seconds_by_step = soak.seconds
    report.seconds = round(time.monotonic() - started, 1)
    _judge(report, total - keep)
    return report


def _judge(report: SoakReport, rounds_to_play: int) -> None:
    if report.rounds_played < rounds_to_play and not report.problems:
        report.problems.append(f"only {report.rounds_played} of {rounds_to_play} rounds played")
    if report.none_refcount_warm is not None and report.none_refcount_end is not None:
        fallen = report.none_refcount_warm - report.none_refcount_end
        if fallen > NONE_REFCOUNT_SLACK:
            report.problems.append(
                f"sys.getrefcount(None) fell by {fallen} during the soak ({report.none_refcount_warm} -> "
                f"{report.none_refcount_end}): the Qt binding drops references to None (issue 21)"
            )
    if report.qt_objects_warm and report.qt_objects_end - report.qt_objects_warm > QT_OBJECT_SLACK:
        report.problems.append(
            f"the window owned {report.qt_objects_warm} Qt objects after the first round, {report.qt_objects_end} at "
            "the end: something made per use (a dialog?) is kept"
        )
    missing = [a for a in REQUIRED_ACTIONS if not report.actions.get(a)]
    if missing:
        report.problems.append(f"never done: {', '.join(missing)}")
    if report.rss_warm_mib and report.rss_end_mib - report.rss_warm_mib > MEMORY_GROWTH_LIMIT / 2**20:
        report.problems.append(
            f"resident memory grew from {report.rss_warm_mib:.0f} MiB to {report.rss_end_mib:.0f} MiB after the "
            "first round"
        )


def smoke() -> int:
    """Open the example tournament in a temporary folder, visit every view, close; 0 when all went well."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = _application()
    from arbiter_app.gui import files, process_call
    from arbiter_app.gui.main_window import MainWindow
    from arbiter_app.gui.settings import use_settings_folder

    with tempfile.TemporaryDirectory(prefix="arbiter-smoke-") as folder, _finally(process_call.shutdown):
        use_settings_folder(Path(folder) / "settings")
        path = files.make_example(Path(folder))
        window = MainWindow()
        window.show()
        if not window.open_file(path):
            return 1
        for view, _ in window.views():
            window.tabs.setCurrentWidget(view)
            _settle(app, window)
            if window.grab().isNull():
                return 1
        ok = window.context is not None and len(window.rounds_view.rounds) == 9
        ok = ok and _smoke_explanation(app, window)
        window.close()
        app.processEvents()
    if not ok:
        return 1
    return soak(None, repaints=150, rounds=3)


def soak(trf: str | None, repaints: int = 300, rounds: int | None = None, results: int | None = None) -> int:
    """The soak self-check (:mod:`arbiter_app.gui.soak`) offscreen; 0 when all went well."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = _application()

    def log(line: str) -> None:
        print(f"soak: {line}", file=sys.stderr, flush=True)

    report = run_soak(app, Path(trf) if trf else None, repaints=repaints, play_rounds=rounds, results=results, log=log)
    for problem in report.problems:
        log(f"PROBLEM: {problem}")
    print(report.line(), flush=True)
    return 0 if report.ok else 1


def _settle(app: QApplication, window: MainWindow, seconds: float = 60.0) -> None:
    """Let the reads and work off the GUI thread finish."""
    import time

    deadline = time.monotonic() + seconds
    runners = [window.runner, window.explain_dock.runner, window.standings_view.runner]
    while time.monotonic() < deadline:
        app.processEvents()
        if not any(r.is_busy for r in runners) and not (window.context and window.context.reader.is_busy):
            break
        time.sleep(0.005)
    app.processEvents()


def _smoke_explanation(app: QApplication, window: MainWindow, seconds: float = 120.0) -> bool:
    """The explain panel on the manual's round 5, computed as in use (the child process): C.17 decides."""
    import time

    dock = window.explain_dock
    dock.explain(5)
    deadline = time.monotonic() + seconds
    while dock.table_data is None and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    dock.bracket.setCurrentIndex(dock.bracket.count() - 1)
    while (dock.table_data is None or dock.table_data.bracket != dock.bracket.count()) and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    return dock.table_data is not None and dock.table_data.decided_by == "C.17"


@contextmanager
def _finally(action: Callable[[], object]) -> Iterator[None]:
    try:
        yield
    finally:
        action()


def _application() -> QApplication:
    from arbiter_app.app import _application as application

    return application(PROGRAM)


PROGRAM = "arbiter-app"


def main(argv: list[str] | None = None) -> int:
    import argparse
    import multiprocessing

    multiprocessing.freeze_support()
    parser = argparse.ArgumentParser(prog="python -m tests.soak.harness", description=__doc__.split("\n\n")[0])
    parser.add_argument("trf", nargs="?", help="the tournament played (a TRF report; default: the example)")
    parser.add_argument("--smoke", action="store_true", help="every view of the example, then a short soak")
    parser.add_argument("--repaints", type=int, default=300, metavar="N")
    parser.add_argument("--rounds", type=int, default=None, metavar="N")
    parser.add_argument("--results", type=int, default=None, metavar="N")
    args = parser.parse_args(argv)
    if args.smoke:
        return smoke()
    return soak(args.trf, args.repaints, args.rounds, args.results)


if __name__ == "__main__":
    sys.exit(main())
