"""View > Seminar mode: one step of the pairing procedure per key press, for either edition."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.seminar_steps import CANDIDATES_SHOWN
from arbiter_app.services import files as sv_files
from arbiter_app.trf import read_trf
from tests.conftest import DATA


def test_the_manuals_round_5_step_by_step(window: MainWindow, qtbot: Any) -> None:
    window.open_example()
    window.explain_dock.explain(5)
    seminar = window.show_seminar()
    assert seminar is not None and seminar.isFullScreen()
    qtbot.addWidget(seminar)
    kinds = [s.kind for s in seminar.steps]
    assert kinds[0] == "round" and kinds[-1] == "editions"
    assert kinds.count("bracket") == kinds.count("decision") == window.explain_dock.bracket.count()
    assert seminar.title.text().startswith("Round 5")
    qtbot.keyClick(seminar, Qt.Key.Key_Right)
    assert seminar.step == 1 and seminar.kind.text() == "The bracket"
    assert "S1 = " in seminar.body.text() and "S2 = " in seminar.body.text()
    qtbot.keyClick(seminar, Qt.Key.Key_Space)
    assert seminar.steps[seminar.step].kind == "candidate"
    qtbot.keyClick(seminar, Qt.Key.Key_Left)
    assert seminar.step == 1
    decisions = [s for s in seminar.steps if s.kind == "decision"]
    assert "Decided by C.17." in decisions[-1].lines  # the manual's collapsed last bracket (Baku 2016)
    for _ in range(len(seminar.steps) + 3):
        qtbot.keyClick(seminar, Qt.Key.Key_PageDown)
    assert seminar.step == len(seminar.steps) - 1  # stays on the last: the editions compared
    assert "Baku 2016" in seminar.body.text() and "FIDE 2026" in seminar.body.text()
    qtbot.keyClick(seminar, Qt.Key.Key_Home)
    assert seminar.step == 0
    qtbot.keyClick(seminar, Qt.Key.Key_Escape)
    assert not seminar.isVisible()


@pytest.mark.parametrize("edition", ["fide-2026", "baku-2016"])
def test_an_open_in_either_edition(window: MainWindow, qtbot: Any, tmp_path: Path, edition: str) -> None:
    path = tmp_path / "open.db"
    db = sv_files.open_database(path, create=True)
    doc = read_trf(DATA / "conformance" / "dutch-2026" / "d26-tiny-60012-p5-r4.trf").truncated(2)
    sv.import_trf(db, doc, "Open", edition=edition)
    db.dispose()
    assert window.open_file(path)
    window.explain_dock.round.setValue(2)
    seminar = window.show_seminar()
    assert seminar is not None
    qtbot.addWidget(seminar)
    texts = " ".join(line for s in seminar.steps[:-1] for line in (s.title, *s.lines))  # the editions compared last
    assert ("C.04.3-2026" in texts) == (edition == "fide-2026")
    assert seminar.steps[0].lines[0].startswith("C.04.3-2026" if edition == "fide-2026" else "C.04.3 as approved")
    assert seminar.steps[-1].kind == "editions"
    assert all(sum(1 for s in seminar.steps if s.kind == "candidate" and s.title.startswith(f"Bracket {b}:"))
               <= CANDIDATES_SHOWN for b in range(1, 20))
    seminar.close()
