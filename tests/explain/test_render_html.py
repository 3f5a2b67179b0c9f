"""explain/render_html.py: HTML from the structured outline and answers (explain/document.py), in the round's
edition's words, every word from the tournament escaped."""

from __future__ import annotations

from collections.abc import Callable

from arbiter_app.explain import RoundExplanation, explain_round
from arbiter_app.pairing.editions import FIDE_2026
from arbiter_app.explain.by_hand import HandReason, stored_round
from arbiter_app.explain.document import Answer, Line, outline_view, why_not_answer
from arbiter_app.explain.render_html import answer_html, outline_html
from arbiter_app.explain.render_text import round_text
from arbiter_app.trf.model import TrfDocument
from arbiter_app.trf.rounds import state_before_round


def test_every_bracket_lists_its_players_as_the_text_does(explained: Callable[[int], RoundExplanation]) -> None:
    e = explained(5)
    outline = outline_view(e)
    html = outline_html(outline)
    text = round_text(e, trails=False)
    assert html.count("Players (A.2):<ul") == len(e.outline.brackets) == text.count("Players (A.2):")
    for b in outline.brackets:
        assert f"  {b.players_label}: " + " | ".join(b.players) in text  # the same words as the text renderer
        assert all(f"<li>{p}</li>" in html for p in b.players)
    assert "Chosen (B.8): 11-7, 3-6, 8-10." in html


def test_a_2026_round_has_its_lists_and_its_numbers(manual: TrfDocument) -> None:
    e = explain_round(state_before_round(manual, 5), FIDE_2026)
    outline = outline_view(e)
    html = outline_html(outline)
    assert html.count("Players (1.2):<ul") == len(e.outline.brackets) >= 3
    assert "(A.2)" not in html and outline.trail_label == "Trail (3.3–3.8)"
    assert "C.04.3-2026" in outline.title or "2026" in outline.title


def test_the_round_as_it_stands_is_escaped_and_marked(explained: Callable[[int], RoundExplanation]) -> None:
    e = explained(5)
    engine = e.outline.pairing
    first, second = engine.boards[0], engine.boards[1]
    boards = [(second.white, first.black, True), (first.white, second.black, True)]
    boards += [(b.white, b.black, False) for b in engine.boards[2:]]
    stored = stored_round(5, tuple(boards), engine.bye, engine, (HandReason("<b>late</b> & wrong", "D.10 (x)"),))
    answer = why_not_answer(e, second.white, first.black, stored)
    html = answer_html(answer)
    assert "&lt;b&gt;late&lt;/b&gt; &amp; wrong" in html and "<b>late</b>" not in html
    assert f"<td>{second.white}-{first.black} <b>(by hand)</b></td><td>{first.white}-{first.black}</td>" in html
    assert answer.lines[0].text.startswith(f"They are paired: board 1, #{second.white} (white)")


def test_lines_belonging_to_the_line_above_are_indented() -> None:
    html = answer_html(Answer("Why?", (Line("Because."), Line("#3 & #4 <met>", 1))))
    assert html == "<h2>Why?</h2><p>Because.</p><p style='margin-left: 14px'>#3 &amp; #4 &lt;met&gt;</p>"
