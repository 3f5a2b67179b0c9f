"""The explanation engine as the explain panel sees it: one small API over ``arbiter_app.explain``.

The package's entry points (``explain_round``, ``why_not``, ...) are used as
exported; the few helpers it does not export (``candidate_text``,
``value_text``, ``points``, ``Evaluation``) are reached here only, so the
panel keeps working when they move.

The panel asks with a :class:`Question` and gets back plain values (HTML,
strings, :class:`CandidateTable`), so that the work can run in the child
process (:mod:`arbiter_app.gui.process_call`), which keeps the last few
explanations in :data:`_cache`.  No Qt here.
"""

from __future__ import annotations

import html
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

from arbiter_app import services as sv
from arbiter_app.explain import (
    ARTICLES,
    Role,
    RoundExplanation,
    TrailCandidate,
    TrailEnd,
    compare_editions,
    comparison_text,
    explain_round,
    round_text,
    why_float,
    why_float_text,
    why_not,
    why_not_text,
)
from arbiter_app.explain.candidates import Evaluation
from arbiter_app.explain.manual_notes import manual_notes
from arbiter_app.explain.render_text import candidate_text
from arbiter_app.explain.words import counted, points, value_text
from arbiter_app.services.files import open_database

__all__ = [
    "ARTICLES",
    "CandidateRow",
    "CandidateTable",
    "Question",
    "RoundExplanation",
    "bracket_titles",
    "candidates",
    "candidates_of",
    "compare_editions",
    "compare_of",
    "comparison_text",
    "explanation",
    "outline_of",
    "outline_text",
    "why_float_answer",
    "why_float_of",
    "why_not_answer",
    "why_not_of",
]


@dataclass(frozen=True)
class CandidateRow:
    label: str
    """Position in the trail (``3``) or the sieve."""
    pairing: str
    """``11-7, 3-6, 8-10`` (white first), floaters named."""
    verdict: str
    values: tuple[str, ...]
    """Failure values by :data:`ARTICLES`, blank where the criterion is fulfilled."""
    legal: bool
    chosen: bool
    article: str | None = None
    """The criterion that decided about this candidate (beat the best so far, lost to it, removed it)."""


@dataclass(frozen=True)
class CandidateTable:
    bracket: int
    mode: str
    """``trail`` or ``sieve``."""
    rows: tuple[CandidateRow, ...]
    decided_by: str | None
    summary: str
    notes: tuple[str, ...] = ()
    """Where the Arbiters' Manual's walkthrough of this bracket and the rules part ways (its own tournament only)."""
    articles: tuple[str, ...] = ARTICLES
    """The criteria of the edition, in the order of each row's ``values`` (C.5-C.19; C.04.3-2026 [C6]-[C21])."""

    def used_articles(self) -> tuple[str, ...]:
        """Criteria worth a column: some candidate fails them, or they decided."""
        return tuple(
            a for k, a in enumerate(self.articles) if a == self.decided_by or any(r.values[k] for r in self.rows)
        )


@dataclass(frozen=True)
class Question:
    """Which explanation: the file, the tournament, the round, the rules' edition, and the file's version.

    ``version`` changes whenever the tournament does (the panel counts its
    changes), so that a cached explanation is never used after a change.
    """

    path: str
    tournament_id: int
    round: int
    edition: str
    version: int
    by_table: bool = False
    """The tournament's system pairs from a fixed table (a round robin's Berger table,
    ``TournamentSystem.paired_by_table``): the answers name the table's row instead of weighing candidates."""


TABLE_SUMMARY = (
    "A round robin is paired by the Berger table (C.05 Annex 1), not by the Dutch rules: there are no brackets "
    "and no candidates to weigh, and no editions to compare; the outline names each board's row."
)

_cache: OrderedDict[Question, RoundExplanation] = OrderedDict()
CACHE_SIZE = 4


def explanation(q: Question) -> RoundExplanation:
    """The explanation of a round as the engine pairs it from the stored results (slow: run it off the GUI)."""
    if q in _cache:
        _cache.move_to_end(q)
        return _cache[q]
    db = open_database(q.path)
    try:
        state = sv.tournament_state(db, q.tournament_id, q.round)
    finally:
        db.dispose()
    e = explain_round(state, q.edition)
    _cache[q] = e
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return e


def _table_answer(q: Question, service: Callable[..., str], *args: int) -> str:
    """A round robin's answer from the services (which Berger row)."""
    db = open_database(q.path)
    try:
        return service(db, q.tournament_id, *args)
    finally:
        db.dispose()


def berger_round_text(q: Question) -> str:
    """A round robin's round: its heading, then each board's Berger row (``explain_berger_round``)."""
    return _table_answer(q, sv.explain_berger_round, q.round)


def outline_of(q: Question) -> tuple[str, list[str]]:
    """The outline as HTML and the brackets' titles (a round robin: each board's Berger row, no brackets)."""
    if q.by_table:
        return answer_html(berger_round_text(q)), []
    e = explanation(q)
    return outline_html(e), bracket_titles(e)


def candidates_of(q: Question, index: int, mode: str) -> CandidateTable:
    if q.by_table:
        return CandidateTable(index, mode, (), None, TABLE_SUMMARY)
    return candidates(explanation(q), index, mode)


def why_not_of(q: Question, a: int, b: int) -> str:
    if q.by_table:
        rows = [_table_answer(q, sv.explain_berger, n, q.round) for n in (a, b)]
        return f"Round {q.round}: who meets whom comes from the Berger table\n" + "\n".join(rows)
    return why_not_answer(explanation(q), a, b)


def why_float_of(q: Question, number: int) -> str:
    """Why a player floats; in a round robin, which Berger row gives the player's opponent and colour."""
    if q.by_table:
        return f"Round {q.round}: which Berger row?\n" + _table_answer(q, sv.explain_berger, number, q.round)
    return why_float_answer(explanation(q), number)


def comparison_of(path: str, tournament_id: int, round_number: int) -> str:
    """Round ``round_number`` paired by both editions side by side, each difference explained (slow: off the GUI)."""
    db = open_database(path)
    try:
        state = sv.tournament_state(db, tournament_id, round_number)
    finally:
        db.dispose()
    return comparison_text(compare_editions(state))


def compare_of(q: Question) -> str:
    """The round paired by Baku 2016 and by C.04.3-2026 side by side, each difference explained (HTML)."""
    if q.by_table:
        return answer_html(f"Round {q.round}\n{TABLE_SUMMARY}")
    return comparison_html(comparison_text(compare_editions(explanation(q).state)))


def comparison_html(text: str) -> str:
    """The comparison's title as a heading, the rest preformatted (the boards stand in columns)."""
    first, _, rest = text.strip().partition("\n")
    return f"<h2>{html.escape(first)}</h2><pre>{html.escape(rest)}</pre>"


def outline_text(e: RoundExplanation) -> str:
    """Brackets, S1/S2/Limbo, colour preferences and floats; the chosen pairs; the colours (no trails)."""
    return round_text(e, trails=False)


def outline_html(e: RoundExplanation) -> str:
    """The outline as wrapped HTML: each bracket a heading, its lines indented, one player a line."""
    parts = []
    for line in outline_text(e).splitlines():
        if not line.strip():
            continue
        text = html.escape(line.strip())
        if not line.startswith(" "):
            tag = "h3" if line.startswith(("Round ", "Colours")) else "p"
            parts.append(
                f"<{tag} style='margin: 10px 0 2px 0'><b>{text}</b></{tag}>"
                if line.startswith(("Bracket ", "Round ", "Colours"))
                else f"<p style='margin: 0'>{text}</p>"
            )
        elif text.startswith("Players (A.2):"):
            players = text.removeprefix("Players (A.2):").split(" | ")
            rows = "".join(f"<li>{p.strip()}</li>" for p in players)
            parts.append(f"<div style='margin-left: 14px'>Players (A.2):<ul style='margin: 0'>{rows}</ul></div>")
        else:
            parts.append(f"<div style='margin-left: 14px'>{text}</div>")
    return "\n".join(parts)


def answer_html(text: str) -> str:
    """A desk answer: the question as a heading, then one paragraph a line."""
    lines = [html.escape(line.strip()) for line in text.strip().splitlines() if line.strip()]
    if not lines:
        return ""
    body = "".join(f"<p>{line}</p>" for line in lines[1:])
    return f"<h2>{lines[0]}</h2>{body}"


def bracket_titles(e: RoundExplanation) -> list[str]:
    """``Bracket 3: score 2.5, 5 players``, ``Bracket 6: the PPB, 3 players`` ..."""
    titles = []
    for b in e.outline.brackets:
        if b.collapsed:
            what = "collapsed last bracket"
        elif b.role is Role.PPB and e.texts.completion_in_every_bracket:
            what = f"paired again ({e.texts.cite('C.4')})"
        elif b.role is Role.PPB:
            what = "the PPB (A.9)"
        elif b.score is not None:
            what = f"score {points(b.score)}"
        else:
            what = "mixed scores"
        note = ", re-paired below" if b.superseded else ""
        titles.append(f"Bracket {b.index}: {what}, {counted(len(b.players), 'player')}{note}")
    return titles


def _values(
    evaluation: Evaluation, ideal: tuple[object, ...] | None, e: RoundExplanation | None = None
) -> tuple[str, ...]:
    texts = e.texts if e is not None else None
    cells = []
    for k, article in enumerate(texts.keys if texts is not None else ARTICLES):
        value = evaluation.failures.get(article)
        bad = value is not None and (value != ideal[k] if ideal is not None else bool(value))
        cells.append((value_text(article, value, texts) if texts is not None else value_text(article, value))
                     if bad else "")
    return tuple(cells)


def _trail_row(
    e: RoundExplanation, index: int, c: TrailCandidate, ideal: tuple[object, ...], chosen: bool
) -> CandidateRow:
    ctx = e.context(index)
    pairing = candidate_text(ctx, c.leaf.pairs, c.leaf.downfloaters)
    if c.violation is not None:
        return CandidateRow(
            str(c.index),
            pairing,
            f"illegal ({c.violation.article}): {c.violation.detail}",
            _values(c.evaluation, ideal, e),
            False,
            False,
            c.violation.article,
        )
    if c.perfect:
        verdict, article = f"perfect ({ctx.texts.cite('B.4')}): chosen at once", None
    elif c.champion:
        article = c.beats_previous_on if c.beats_previous_on != "first legal" else None
        verdict = "best so far" + (f", better on {article}" if article else " (the first legal one)")
    else:
        verdict, article = f"not better than the best so far (worse on {c.loses_on})", c.loses_on
    return CandidateRow(str(c.index), pairing, verdict, _values(c.evaluation, ideal, e), True, chosen, article)


def candidates(e: RoundExplanation, index: int, mode: str = "trail") -> CandidateTable:
    """Bracket ``index``'s candidates: the trail (B.3-B.8, in generation order) or the manual's sieve."""
    table = _candidates(e, index, mode)
    bracket = e.bracket(index).bracket
    notes = manual_notes(
        e.state, tuple(p.number for p in bracket.moved_down), tuple(p.number for p in bracket.residents)
    )
    return replace(table, notes=notes) if notes else table


def _candidates(e: RoundExplanation, index: int, mode: str) -> CandidateTable:
    ctx = e.context(index)
    if mode == "sieve":
        sieve = e.sieve(index)
        if not sieve.available:
            return CandidateTable(index, mode, (), None, f"Sieve not available: {sieve.reason}")
        removed_by = {n: step.article for step in sieve.steps for n in step.removed}
        rows = []
        for c in sieve.candidates:
            chosen = sieve.chosen is not None and c.number == sieve.chosen.number
            article = removed_by.get(c.number)
            verdict = "chosen" if chosen else (f"removed by {article}" if article else "kept to the end")
            rows.append(
                CandidateRow(
                    str(c.number),
                    candidate_text(ctx, c.leaf.pairs, c.leaf.downfloaters),
                    verdict,
                    _values(c.evaluation, None, e),
                    True,
                    chosen,
                    article,
                )
            )
        t = ctx.texts
        summary = f"{counted(len(rows), 'legal candidate')} with the most pairs ({t.cite('C.1')}–{t.label(t.pairs_key)})."
        return CandidateTable(index, mode, tuple(rows), sieve.decided_by, summary, articles=e.texts.keys)
    trail = e.trail(index)
    result = trail.result
    rows = [
        _trail_row(e, index, c, trail.ideal, result is not None and c.index == result.index) for c in trail.candidates
    ]
    decided = None
    if result is not None and result.beats_previous_on not in (None, "first legal"):
        decided = result.beats_previous_on
    if trail.end is TrailEnd.PERFECT and result is not None:
        summary = f"Candidate {result.index} is perfect ({ctx.texts.cite('B.4')})."
    elif result is not None and trail.end is TrailEnd.BEST:
        summary = (
            f"No perfect candidate ({ctx.texts.cite('B.4')}); all used, the best is candidate {result.index} "
            f"({ctx.texts.cite('B.8')})."
        )
    elif result is None:
        summary = "No legal candidate."
    else:
        summary = (
            f"Trail cut after {trail.examined:,} candidates; the engine's choice stands "
            f"({ctx.texts.cite('B.8')} optimum)."
        )
    if trail.skipped:
        summary += f" {trail.skipped:,} candidates skipped (they cannot beat the best)."
    return CandidateTable(index, "trail", tuple(rows), decided, summary, articles=e.texts.keys)


def why_not_answer(e: RoundExplanation, a: int, b: int) -> str:
    return why_not_text(e, why_not(e, a, b))


def why_float_answer(e: RoundExplanation, number: int) -> str:
    return why_float_text(e, why_float(e, number))
