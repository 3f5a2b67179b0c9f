"""View > Seminar mode: slides a lecturer projects, the bracket drawn as the Arbiters' Manual draws it, the
deciding criterion and its values, the number of slides known from the first, and a PDF handout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from arbiter_app import services as sv
from arbiter_app.explain.slides import CANDIDATES_SHOWN, Slide
from arbiter_app.gui import explain_source as xs
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.resources import example_trf
from arbiter_app.gui.seminar import SeminarView
from arbiter_app.gui.seminar_steps import seminar_slides
from arbiter_app.services import files as sv_files
from arbiter_app.trf import read_trf
from tests.conftest import DATA
from tests.pdf_tools import page_count, page_texts

CORPUS_2026 = DATA / "conformance" / "dutch-2026"


def seminar_on(
    window: MainWindow, qtbot: Any, tmp_path: Path, trf: Path, round_number: int, edition: str
) -> SeminarView:
    """The seminar on round ``round_number`` of ``trf``, imported with the rounds before it under ``edition``."""
    path = tmp_path / "open.db"
    db = sv_files.open_database(path, create=True)
    doc = read_trf(trf).truncated(round_number - 1)
    sv.import_trf(db, doc, "Open", edition=edition)
    db.dispose()
    assert window.open_file(path)
    window.explain_dock.round.setValue(round_number)
    seminar = window.show_seminar()
    assert seminar is not None
    qtbot.addWidget(seminar)
    return seminar


def step_through(seminar: SeminarView, qtbot: Any) -> list[str]:
    """Every footer from the first slide to the last, one key press a slide; the length never changes."""
    total = seminar.total
    assert total is not None
    footers = [seminar.footer_text()]
    for _ in range(total - 1):
        qtbot.keyClick(seminar, Qt.Key.Key_Right)
        footers.append(seminar.footer_text())
        assert seminar.total == total
    assert seminar.complete and len(seminar.slides) == total
    return footers


def names(slide: Slide, column: str) -> list[int]:
    assert slide.bracket is not None
    return [p.number for p in getattr(slide.bracket, column)]


def test_the_manuals_round_2_candidate_by_candidate(window: MainWindow, qtbot: Any) -> None:
    """The manual's round 2, top scoregroup {1, 4, 5, 9}: S1 = [1, 4], S2 = [5, 9]; candidate 1 (1-5, 4-9)
    fails C.10 twice, candidate 2 (1-9, 4-5) is perfect: better on C.10, 0 against 2."""
    window.open_example()
    window.explain_dock.explain(2)
    seminar = window.show_seminar()
    assert seminar is not None and seminar.isFullScreen()
    qtbot.addWidget(seminar)
    total = seminar.total
    assert total == 14 and seminar.parts == 5 and seminar.parts_known < seminar.parts  # known from the first
    assert seminar.footer_text().startswith(f"Step 1 of {total}")
    assert seminar.slide is not None and seminar.slide.title == "Round 2: the pairing, step by step"
    qtbot.keyClick(seminar, Qt.Key.Key_Right)
    bracket = seminar.slide
    assert bracket is not None and bracket.kind == "bracket"
    assert bracket.heading == "Round 2 · Bracket 1: score 1.0, homogeneous (A.3), 4 players"
    assert names(bracket, "s1") == [1, 4] and names(bracket, "s2") == [5, 9] and names(bracket, "limbo") == []
    assert bracket.bracket is not None and [p.name for p in bracket.bracket.s1] == ["Alice", "David"]
    assert [p.score for p in bracket.bracket.s2] == ["1.0", "1.0"]
    qtbot.keyClick(seminar, Qt.Key.Key_Right)
    first = seminar.slide
    assert first is not None and first.title == "Candidate 1 of 2" and first.pairs == ((1, 5), (4, 9))
    assert [(c.label, c.value) for c in first.criteria] == [("C.10", "2"), ("C.11", "2")]
    assert not any(c.deciding for c in first.criteria) and first.verdict.startswith("The first legal candidate")
    qtbot.keyClick(seminar, Qt.Key.Key_Right)
    second = seminar.slide
    assert second is not None and second.title == "Candidate 2 of 2" and second.pairs == ((1, 9), (4, 5))
    deciding = [c for c in second.criteria if c.deciding]
    assert [(c.label, c.value, c.best) for c in deciding] == [("C.10", "0", "2")]
    assert second.compared_with == "candidate 1" and second.deciding == "C.04.3 C.10"
    assert second.explanation[0] == "C.04.3 C.10: minimize the players who do not get their colour preference"
    assert "#1 and #5 both want" in " ".join(second.explanation)  # who fails it, in candidate 1
    assert second.verdict.startswith("Better than candidate 1 on C.10, and perfect (B.4)")
    qtbot.keyClick(seminar, Qt.Key.Key_Right)
    decision = seminar.slide
    assert decision is not None and decision.kind == "decision" and decision.chosen
    assert decision.title == "The decision: 9-1, 4-5"  # white first (E)
    assert seminar.footer_text().startswith(f"Step 5 of {total}")
    qtbot.keyClick(seminar, Qt.Key.Key_Home)
    footers = step_through(seminar, qtbot)
    assert footers == [f"Step {k} of {total}" for k in range(1, total + 1)]
    assert seminar.slides[-1].kind == "editions" and seminar.slides[-1].monospace
    e = xs.explanation(seminar.question)  # part by part, the same slides as all at once
    assert seminar.slides == seminar_slides(e, xs.comparison_text(xs.compare_editions(e.state)))
    qtbot.keyClick(seminar, Qt.Key.Key_Escape)
    assert not seminar.isVisible()


def test_the_manuals_round_5_and_its_handout(window: MainWindow, qtbot: Any, tmp_path: Path) -> None:
    """Round 5: #1 in Limbo of bracket 2, the collapsed last bracket (S1 = [7, 6, 8], S2 = [3, 10, 11]) decided
    by C.17, {0.5, 0.5} against {1.0, 0.5}; the handout has a page a slide, with the names and the criterion."""
    window.open_example()
    window.explain_dock.explain(5)
    seminar = window.show_seminar()
    assert seminar is not None
    qtbot.addWidget(seminar)
    total = seminar.total
    assert total is not None
    step_through(seminar, qtbot)
    brackets = [s for s in seminar.slides if s.kind == "bracket"]
    assert names(brackets[1], "limbo") == [1] and names(brackets[1], "s1") == []
    assert names(brackets[-1], "s1") == [7, 6, 8] and names(brackets[-1], "s2") == [3, 10, 11]
    assert brackets[-1].heading.startswith("Round 5 · Bracket 7: the collapsed last bracket (A.9)")
    drawn = brackets[-1].bracket
    assert drawn is not None
    floats = {p.number: p.floats for p in (*drawn.s1, *drawn.s2)}
    assert floats[3] == "↑4" and floats[11] == "↓4 ↓3"
    last = [s for s in seminar.slides if s.heading == brackets[-1].heading]
    decision = last[-1]
    assert decision.kind == "decision" and decision.deciding == "C.04.3 C.17"
    assert "Decided by C.17: candidate 3 is better than candidate 2." in decision.lines
    assert [(c.label, c.value, c.best) for c in decision.criteria if c.deciding] == [
        ("C.17", "{0.5, 0.5}", "{1.0, 0.5}")
    ]
    assert "11-7, 3-6, 8-10: both colour preferences granted (E.1)" in decision.lines  # section E
    winner = next(s for s in last if s.title == "Candidate 3 of 4")
    assert [(c.label, c.value, c.best) for c in winner.criteria if c.deciding] == [("C.17", "{0.5, 0.5}", "{1.0, 0.5}")]
    illegal = next(s for s in seminar.slides if s.verdict.startswith("Illegal (C.4)"))
    assert not illegal.legal and illegal.deciding == "C.04.3 C.4"

    out = tmp_path / "handout.pdf"
    with qtbot.waitSignal(seminar.exported, timeout=20_000) as signal:
        seminar.export_pdf(out)
    assert signal.args == [str(out)] and page_count(out) == total
    pages = page_texts(out)
    assert f"Step 1 of {total}" in pages[0] and f"Step {total} of {total}" in pages[-1]
    page = pages[seminar.slides.index(winner)]
    for word in ("Gale", "Karima", "C.17", "C.04.3 C.17", "Candidate 3 of 4", "S1", "S2"):
        assert word in page
    assert "saved to" in seminar.footer_text()


@pytest.mark.parametrize("edition", ["fide-2026", "baku-2016"])
def test_the_manuals_tournament_in_either_edition(window: MainWindow, qtbot: Any, tmp_path: Path, edition: str) -> None:
    seminar = seminar_on(window, qtbot, tmp_path, example_trf(), 4, edition)
    total = seminar.total
    assert total is not None
    step_through(seminar, qtbot)
    cited = {s.deciding for s in seminar.slides if s.deciding}
    if edition == "fide-2026":
        assert cited and all(c.startswith("C.04.3-2026 ") and c.endswith("]") for c in cited)
        assert "C.04.3-2026 2.4.7 [C12]" in cited  # colour preferences (C.10 of 2016)
        labels = {c.label for s in seminar.slides for c in s.criteria}
        assert labels and all(label.startswith("[C") for label in labels)
    else:
        assert cited and all(c.startswith("C.04.3 C.") for c in cited)
        assert "C.04.3 C.10" in cited
    assert seminar.slides[0].lines[0].startswith("C.04.3-2026" if edition == "fide-2026" else "C.04.3 as approved")


def test_a_2026_open_and_its_handout(window: MainWindow, qtbot: Any, tmp_path: Path) -> None:
    seminar = seminar_on(window, qtbot, tmp_path, CORPUS_2026 / "d26-tiny-60012-p5-r4.trf", 2, "fide-2026")
    total = seminar.total
    assert total is not None
    step_through(seminar, qtbot)
    out = tmp_path / "open.pdf"
    with qtbot.waitSignal(seminar.exported, timeout=20_000):
        seminar.export_pdf(out)
    assert page_count(out) == total
    text = "\n".join(page_texts(out))
    players = {p.name for s in seminar.slides if s.bracket for p in (*s.bracket.s1, *s.bracket.s2)}
    assert players and all(name.split()[0] in text for name in players)
    assert "C.04.3-2026" in text


def test_a_large_open_knows_its_length_at_once(window: MainWindow, qtbot: Any, tmp_path: Path) -> None:
    """A 219-player open: the first slide shows once the round's outline is known, with the number of slides;
    each bracket is worked out when the room reaches it (a bracket over 8 players: itself, its chosen candidate
    and the decision), and the number never changes."""
    seminar = seminar_on(window, qtbot, tmp_path, CORPUS_2026 / "d26-large-60171-p219-r10.trf", 5, "fide-2026")
    assert seminar.slide is not None and seminar.slide.title == "Round 5: the pairing, step by step"
    assert seminar.slide.lines[1].startswith("219 players in ")
    total = seminar.total
    assert total is not None and seminar.parts is not None and seminar.parts > 4
    assert seminar.parts_known == 2 and not seminar.complete
    assert seminar.footer_text().startswith(f"Step 1 of {total}")
    first_bracket = len(seminar.slides)
    for _ in range(first_bracket):
        qtbot.keyClick(seminar, Qt.Key.Key_Right)
    assert seminar.slide.kind == "bracket" and seminar.slide.heading.startswith("Round 5 · Bracket 2:")
    assert seminar.parts_known in (3, 4) and not seminar.complete and seminar.total == total  # a part ahead at most
    bracket_2 = [s for s in seminar.slides if s.heading.startswith("Round 5 · Bracket 2:")]
    assert [s.kind for s in bracket_2] == ["bracket", "candidate", "decision"]
    assert bracket_2[1].chosen and bracket_2[1].pairs
    assert sum(len(s.criteria) <= 8 for s in bracket_2) == 3
    qtbot.keyClick(seminar, Qt.Key.Key_Left)
    assert seminar.slide.kind == "decision" and seminar.slide.heading.startswith("Round 5 · Bracket 1:")
    qtbot.keyClick(seminar, Qt.Key.Key_Home)
    assert seminar.step == 0 and seminar.footer_text().startswith(f"Step 1 of {total}")
    seminar.close()


def test_candidates_shown_are_bounded(window: MainWindow, qtbot: Any) -> None:
    window.open_example()
    window.explain_dock.explain(8)
    seminar = window.show_seminar()
    assert seminar is not None
    qtbot.addWidget(seminar)
    step_through(seminar, qtbot)
    headings = {s.heading for s in seminar.slides if s.kind == "bracket"}
    for heading in headings:
        candidates = [s for s in seminar.slides if s.heading == heading and s.kind == "candidate"]
        assert 1 <= len(candidates) <= CANDIDATES_SHOWN + 1


@pytest.mark.parametrize("edition", ["baku-2016", "fide-2026"])
def test_every_slide_fits_a_projector(qapp: Any, edition: str) -> None:
    """Each slide of the manual's round 5 (the editions slide included) and of a 53-player bracket of a
    219-player open fits 1024x768 and 1920x1080: nothing is drawn beyond its room."""
    from PySide6.QtGui import QImage, QPainter

    from arbiter_app.explain import compare_editions, comparison_text, explain_round
    from arbiter_app.pairing.editions import edition as edition_named
    from arbiter_app.explain.slides import bracket_slides, editions_slide, round_slide
    from arbiter_app.gui.slide_painter import KEYS_HINT, paint_slide
    from arbiter_app.trf.rounds import state_before_round

    e = explain_round(state_before_round(read_trf(example_trf()), 5), edition_named(edition))
    slides = seminar_slides(e, comparison_text(compare_editions(e.state)))
    if edition == "fide-2026":  # and a bracket of 53 players, its columns cut at 14 ("… 38 more")
        large = explain_round(
            state_before_round(read_trf(CORPUS_2026 / "d26-large-60171-p219-r10.trf"), 5), edition_named(edition)
        )
        slides += [
            round_slide(large),
            *bracket_slides(large, 4),
            editions_slide(comparison_text(compare_editions(large.state))),
        ]
        assert any(s.bracket is not None and s.bracket.s2_more for s in slides)
    assert {s.kind for s in slides} == {"round", "bracket", "candidate", "decision", "editions"}
    for size in ((1024, 768), (1920, 1080)):
        image = QImage(*size, QImage.Format.Format_RGB32)
        for k, slide in enumerate(slides):
            painter = QPainter(image)
            canvas = paint_slide(painter, image.size(), slide, k, len(slides), KEYS_HINT)
            painter.end()
            assert canvas.overflow == [], (size, slide.heading, slide.title)
            assert all(box.right() <= canvas.w and box.bottom() <= 768 for box, _ in canvas.boxes.values())


def test_ctrl_p_writes_the_handout_with_the_real_worker(
    threaded_window: MainWindow, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The slides worked out in the worker's child process; Ctrl+P asks where (the data folder offered) and
    writes every slide, those not yet worked out included, a page each."""
    from PySide6.QtWidgets import QFileDialog

    window = threaded_window
    window.open_example()
    qtbot.waitUntil(lambda: not window.explain_dock.runner.is_busy, timeout=60_000)
    window.explain_dock.explain(3)
    qtbot.waitUntil(lambda: not window.explain_dock.runner.is_busy, timeout=60_000)
    seminar = window.show_seminar()
    assert seminar is not None
    qtbot.addWidget(seminar)
    qtbot.waitUntil(lambda: seminar.total is not None, timeout=60_000)
    assert not seminar.complete and seminar.footer_text().startswith(f"Step 1 of {seminar.total}")
    out = tmp_path / "round-3.pdf"
    offered: list[str] = []

    def ask(parent: Any, caption: str, suggested: str, *args: Any, **kwargs: Any) -> tuple[str, str]:
        offered.append(suggested)
        return str(out), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(ask))
    with qtbot.waitSignal(seminar.exported, timeout=120_000):
        qtbot.keyClick(seminar, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert offered and offered[0].endswith("seminar-round-3.pdf")
    assert seminar.complete and page_count(out) == seminar.total == len(seminar.slides)
    text = "\n".join(page_texts(out))
    assert "Round 3: the pairing, step by step" in text and "Alice" in text
    assert f"{seminar.total} slides saved to {out}" in seminar.footer_text()
    seminar.close()
