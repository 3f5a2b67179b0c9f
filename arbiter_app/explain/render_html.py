"""The explanation as HTML, beside the text (:mod:`render_text`) and JSON (:mod:`render_json`) renderers.

Built from the structured outline, candidates and answers of
:mod:`arbiter_app.explain.document` (labels and article numbers are the
round's edition's), never from the plain text; every word that comes from
the tournament (names, reasons) is escaped.  Qt's rich text understands this
subset of HTML (headings, paragraphs, lists, simple tables).
"""

from __future__ import annotations

from html import escape

from arbiter_app.explain.document import Answer, HandView, OutlineView

HEADING = "style='margin: 10px 0 2px 0'"
INDENT = "style='margin-left: 14px'"
BY_HAND = "#b00020"


def _e(text: str) -> str:
    return escape(text, quote=False)


def hand_html(hand: HandView | None) -> str:
    """What was changed by hand and why, then the round as it stands beside the engine's pairing."""
    if hand is None:
        return ""
    lines = "".join(f"<p style='margin: 0'>{_e(line)}</p>" for line in hand.lines)
    head = "".join(f"<th align='left'>{_e(c)}</th>" for c in hand.columns)
    rows = []
    for row in hand.rows:
        board = str(row.board) if row.board else ""
        mine = _e(row.as_stored) + (" <b>(by hand)</b>" if row.by_hand else "")
        colour = f" style='color: {BY_HAND}'" if row.by_hand else ""
        rows.append(f"<tr{colour}><td>{board}</td><td>{mine}</td><td>{_e(row.by_engine)}</td></tr>")
    table = f"<table cellspacing='0' cellpadding='3' border='1'><tr>{head}</tr>{''.join(rows)}</table>"
    return f"<div class='by-hand'>{lines}{table}</div>"


def outline_html(outline: OutlineView) -> str:
    """The outline: the round's title and notes, each bracket a heading with its players as a list, its
    parameters, its choice (and the boards set by hand instead), then the colours."""
    parts = [f"<h3 {HEADING}><b>{_e(outline.title)}</b></h3>"]
    parts.append(hand_html(outline.hand))
    parts += [f"<p style='margin: 0'>{_e(line)}</p>" for line in outline.intro]
    for b in outline.brackets:
        parts.append(f"<p {HEADING}><b>{_e(b.heading)}</b></p>")
        players = "".join(f"<li>{_e(p)}</li>" for p in b.players)
        parts.append(f"<div {INDENT}>{_e(b.players_label)}:<ul style='margin: 0'>{players}</ul></div>")
        parts.append(f"<div {INDENT}>{_e(b.parameters)}</div>")
        parts.append(f"<div {INDENT}>{_e(b.chosen)}</div>")
        if b.by_hand:
            parts.append(f"<div {INDENT}><span style='color: {BY_HAND}'>{_e(b.by_hand)}</span></div>")
        parts += [f"<div {INDENT}>{_e(line)}</div>" for line in b.completion]
    if outline.colours_heading:
        parts.append(f"<h3 {HEADING}><b>{_e(outline.colours_heading)}</b></h3>")
        parts += [f"<div {INDENT}>{_e(line)}</div>" for line in outline.colours]
    return "\n".join(p for p in parts if p)


def answer_html(answer: Answer) -> str:
    """A desk answer: the question as a heading, then one paragraph a line (lines belonging to the one above
    indented); a comparison's columns preformatted; a round changed by hand with its boards beside the engine's."""
    head = f"<h2>{_e(answer.question)}</h2>" if answer.question else ""
    if answer.preformatted:
        body = "<pre>" + _e("\n".join(line.text for line in answer.lines)) + "</pre>"
    else:
        body = "".join(
            f"<p style='margin-left: {14 * line.depth}px'>{_e(line.text)}</p>"
            if line.depth
            else f"<p>{_e(line.text)}</p>"
            for line in answer.lines
        )
    return head + body + hand_html(answer.hand)
