"""The slides of a round (explain/slides.py): pure data off the explanation, both editions of C.04.3."""

from __future__ import annotations

import pytest

from arbiter_app.explain import explain_round
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, edition as edition_named
from arbiter_app.explain.slides import (
    BOARDS_SHOWN,
    bracket_slide_count,
    bracket_slides,
    criterion_citation,
    editions_slide,
    round_slides,
)
from arbiter_app.pairing.texts import BAKU_2016_TEXT, FIDE_2026_TEXT
from arbiter_app.trf.model import TrfDocument
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import state_before_round
from tests.conftest import DATA


def test_criteria_are_cited_with_their_edition() -> None:
    """C.04.3 C.10 (Baku 2016); C.04.3-2026 2.4.7 [C12], the article number before the bracketed label."""
    assert criterion_citation(BAKU_2016_TEXT, "C.10")[0] == "C.04.3 C.10"
    cited, asks = criterion_citation(FIDE_2026_TEXT, "C12")
    assert cited == "C.04.3-2026 2.4.7 [C12]"
    assert asks == "minimise the players who do not get their colour preference"
    assert criterion_citation(FIDE_2026_TEXT, "C5")[0] == "C.04.3-2026 2.3.1 [C5]"


@pytest.mark.parametrize("edition", ["baku-2016", "fide-2026"])
def test_every_brackets_slides_are_counted_before_they_are_built(manual: TrfDocument, edition: str) -> None:
    """The seminar's length is known from its first slide: each bracket's count matches its slides."""
    for round_number in range(2, 10):
        e = explain_round(state_before_round(manual, round_number), edition_named(edition))
        counts = [bracket_slide_count(e, b.index) for b in e.outline.brackets]
        built = [bracket_slides(e, b.index) for b in e.outline.brackets]
        assert counts == [len(slides) for slides in built], round_number
        for slides in built:
            assert [s.kind for s in slides][0] == "bracket" and slides[-1].kind == "decision"
            assert all(s.kind == "candidate" for s in slides[1:-1])
            assert sum(s.chosen for s in slides[1:-1]) == 1  # the chosen candidate is among those shown
        assert len(round_slides(e, None)) == 1 + sum(counts)


def test_a_candidate_beaten_on_a_2026_criterion(manual: TrfDocument) -> None:
    """The manual's round 5 by C.04.3-2026: the last bracket is decided by [C19] (C.17 of Baku 2016), the
    values of both candidates shown and the repeated upfloaters named."""
    e = explain_round(state_before_round(manual, 5), FIDE_2026)
    last = e.outline.brackets[-1].index
    decision = bracket_slides(e, last)[-1]
    assert decision.deciding == "C.04.3-2026 2.4.14 [C19]"
    assert [(c.label, c.value, c.best) for c in decision.criteria if c.deciding] == [
        ("[C19]", "{0.5, 0.5}", "{1.0, 0.5}")
    ]
    assert decision.explanation[0].startswith("C.04.3-2026 2.4.14 [C19]: minimise the score differences")
    assert any("floats up again" in line for line in decision.explanation[1:])
    assert any(line.endswith("(5.2.1)") for line in decision.lines)  # colours by C.04.3-2026 5.2.1


def test_a_large_rounds_editions_slide_keeps_the_boards_that_differ() -> None:
    header = "Round 7 paired by two editions of the FIDE (Dutch) system\n  Board  Baku 2016     FIDE 2026\n"
    rows = [f"  {k:5d}  {k}-{k + 100:<10d}  {k}-{k + 100}" for k in range(1, 40)]
    rows[30] = "     31  31-131        31-132"
    slide = editions_slide(header + "\n".join(rows) + "\n\nBoard 31: the editions differ ([C12]).\n")
    assert slide.title == "Round 7 paired by two editions of the FIDE (Dutch) system" and slide.monospace
    assert "     31  31-131        31-132" in slide.lines
    assert "  … 38 other boards paired alike" in slide.lines
    assert slide.lines[-1] == "Board 31: the editions differ ([C12])."
    assert len(slide.lines) < BOARDS_SHOWN


def test_a_2026_open_from_the_corpus() -> None:
    doc = read_trf(DATA / "conformance" / "dutch-2026" / "d26-tiny-60012-p5-r4.trf")
    e = explain_round(state_before_round(doc, 3), FIDE_2026)
    slides = round_slides(e, None)
    assert slides[0].lines[0].startswith("C.04.3-2026")
    brackets = [s for s in slides if s.kind == "bracket"]
    assert brackets and all(s.bracket is not None and s.bracket.article == "3.2" for s in brackets)
    names = {p.name for s in brackets if s.bracket for p in (*s.bracket.s1, *s.bracket.s2, *s.bracket.limbo)}
    assert names and all(names)


def test_the_manuals_round_4_bracket_of_the_moved_down_12(manual: TrfDocument) -> None:
    """The manual's round 4, bracket [12][3, 11]: S1 = [12W*], S2 = [3B, 11W, downfloat last round];
    candidate 1 (12-3, 11 floats) fails only C.12 among the criteria after C.7 and is chosen; 3-11 met in
    round 2 (C.1), the pair drawn as the fault."""
    e = explain_round(state_before_round(manual, 4), BAKU_2016)
    bracket = next(b for b in e.outline.brackets if [p.number for p in b.bracket.moved_down] == [12])
    slides = bracket_slides(e, bracket.index)
    drawn = slides[0].bracket
    assert drawn is not None
    assert [(p.number, p.colour, p.floats, p.mdp) for p in drawn.s1] == [(12, "W*", "", True)]
    assert [(p.number, p.colour, p.floats) for p in drawn.s2] == [(3, "B", ""), (11, "W", "↓3")]
    first = slides[1]
    assert first.pairs == ((12, 3),) and first.floaters == (11,) and first.chosen
    assert [(c.label, c.value) for c in first.criteria] == [("C.12", "1"), ("C.16", "{1.0}")]
    assert any("#11 floats down again (as in round 3)" in line for line in first.lines)
    illegal = next(s for s in slides if not s.legal)
    assert illegal.pairs == ((3, 11),) and illegal.offending == (3, 11) and illegal.floaters == (12,)
    assert illegal.verdict == "Illegal (C.1): #3 and #11 already met in round 2."
    assert "Pairs barred by C.1: 3-11 (round 2)." in slides[0].lines
