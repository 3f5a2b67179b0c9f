"""View > Seminar mode: one step of the pairing procedure per key press, for either edition."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from arbiter_app import services as sv
from arbiter_app.gui import explain_source as xs
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.seminar import SeminarView
from arbiter_app.gui.seminar_steps import CANDIDATES_SHOWN, seminar_steps
from arbiter_app.services import files as sv_files
from arbiter_app.trf import read_trf
from tests.conftest import DATA


def test_the_manuals_round_5_step_by_step(window: MainWindow, qtbot: Any) -> None:
    window.open_example()
    window.explain_dock.explain(5)
    seminar = window.show_seminar()
    assert seminar is not None and seminar.isFullScreen()
    qtbot.addWidget(seminar)
    brackets = window.explain_dock.bracket.count()
    assert seminar.parts == brackets + 2 and seminar.parts_known == 2  # the round and bracket 1 so far
    assert [s.kind for s in seminar.steps][:2] == ["round", "bracket"] and not seminar.complete
    assert seminar.title.text().startswith("Round 5") and "so far" in seminar.footer.text()
    qtbot.keyClick(seminar, Qt.Key.Key_Right)
    assert seminar.step == 1 and seminar.kind.text() == "The bracket"
    assert "S1 = " in seminar.body.text() and "S2 = " in seminar.body.text()
    qtbot.keyClick(seminar, Qt.Key.Key_Space)
    assert seminar.steps[seminar.step].kind == "candidate"
    qtbot.keyClick(seminar, Qt.Key.Key_Left)
    assert seminar.step == 1
    for _ in range(200):
        qtbot.keyClick(seminar, Qt.Key.Key_PageDown)
    assert seminar.complete and seminar.step == len(seminar.steps) - 1  # stays on the last: the editions compared
    assert "Baku 2016" in seminar.body.text() and "FIDE 2026" in seminar.body.text()
    assert "so far" not in seminar.footer.text()
    kinds = [s.kind for s in seminar.steps]
    assert kinds[0] == "round" and kinds[-1] == "editions"
    assert kinds.count("bracket") == kinds.count("decision") == brackets
    decisions = [s for s in seminar.steps if s.kind == "decision"]
    assert "Decided by C.17." in decisions[-1].lines  # the manual's collapsed last bracket (Baku 2016)
    e = xs.explanation(seminar.question)  # part by part, the same steps as all at once
    assert seminar.steps == seminar_steps(e, xs.comparison_text(xs.compare_editions(e.state)))
    qtbot.keyClick(seminar, Qt.Key.Key_Home)
    assert seminar.step == 0
    qtbot.keyClick(seminar, Qt.Key.Key_Escape)
    assert not seminar.isVisible()


def seminar_on(window: MainWindow, qtbot: Any, tmp_path: Path, corpus_file: str, round_number: int,
               edition: str) -> SeminarView:
    """The seminar on round ``round_number`` of a 2026 corpus file, imported with the rounds before it."""
    path = tmp_path / "open.db"
    db = sv_files.open_database(path, create=True)
    doc = read_trf(DATA / "conformance" / "dutch-2026" / corpus_file).truncated(round_number - 1)
    sv.import_trf(db, doc, "Open", edition=edition)
    db.dispose()
    assert window.open_file(path)
    window.explain_dock.round.setValue(round_number)
    seminar = window.show_seminar()
    assert seminar is not None
    qtbot.addWidget(seminar)
    return seminar


@pytest.mark.parametrize("edition", ["fide-2026", "baku-2016"])
def test_an_open_in_either_edition(window: MainWindow, qtbot: Any, tmp_path: Path, edition: str) -> None:
    seminar = seminar_on(window, qtbot, tmp_path, "d26-tiny-60012-p5-r4.trf", 2, edition)
    for _ in range(100):
        qtbot.keyClick(seminar, Qt.Key.Key_Right)
    assert seminar.complete
    texts = " ".join(line for s in seminar.steps[:-1] for line in (s.title, *s.lines))  # the editions compared last
    assert ("C.04.3-2026" in texts) == (edition == "fide-2026")
    assert seminar.steps[0].lines[0].startswith("C.04.3-2026" if edition == "fide-2026" else "C.04.3 as approved")
    assert seminar.steps[-1].kind == "editions"
    assert all(sum(1 for s in seminar.steps if s.kind == "candidate" and s.title.startswith(f"Bracket {b}:"))
               <= CANDIDATES_SHOWN for b in range(1, 20))
    seminar.close()


def test_a_large_open_shows_its_first_step_at_once(window: MainWindow, qtbot: Any, tmp_path: Path) -> None:
    """A 219-player open: the first step shows once the round's outline is known, with only the first bracket
    worked out behind it; each further bracket is worked out when the room reaches it (bracket 2's 12 players
    alone try thousands of candidates), and stepping goes on through the brackets and back."""
    seminar = seminar_on(window, qtbot, tmp_path, "d26-large-60171-p219-r10.trf", 5, "fide-2026")
    assert seminar.title.text() == "Round 5: the pairing, step by step" and seminar.step == 0
    assert seminar.steps[0].lines[1].startswith("219 players in ")
    assert seminar.parts is not None and seminar.parts > 4 and seminar.parts_known == 2 and not seminar.complete
    assert {s.title.split(":")[0] for s in seminar.steps[1:]} == {"Bracket 1"}
    first_bracket = len(seminar.steps)
    for _ in range(first_bracket):
        qtbot.keyClick(seminar, Qt.Key.Key_Right)
    assert seminar.step == first_bracket and seminar.title.text().startswith("Bracket 2:")
    assert seminar.kind.text() == "The bracket" and "S1 = " in seminar.body.text()
    assert seminar.parts_known == 3 and not seminar.complete  # bracket 3 and on: not yet worked out
    bracket_2 = [s for s in seminar.steps if s.title.startswith("Bracket 2:")]
    assert [s.kind for s in bracket_2][-2:] == ["more", "decision"]
    assert sum(s.kind == "candidate" for s in bracket_2) == CANDIDATES_SHOWN
    qtbot.keyClick(seminar, Qt.Key.Key_Left)
    assert seminar.steps[seminar.step].kind == "decision" and seminar.title.text().startswith("Bracket 1:")
    qtbot.keyClick(seminar, Qt.Key.Key_Home)
    assert seminar.step == 0 and seminar.title.text().startswith("Round 5")
    seminar.close()
