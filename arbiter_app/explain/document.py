"""The explanation as structured data for a panel: the outline, a bracket's candidates, a desk answer.

Each value holds the words of the round's edition (its labels and article
numbers come from ``RoundExplanation.texts``, the edition's texts) split into
the parts a panel lays out: headings, a bracket's list of players, lines
belonging to the line above, the round as it stands beside the engine's
pairing.  Renderers (:mod:`arbiter_app.explain.render_html`) and the GUI
build on these; nothing is parsed back out of the plain text.

    outline = outline_view(explanation, stored)   # stored: the round as it stands (by_hand.StoredRound) or None
    table = candidate_table(explanation, 3, "trail", stored)
    answer = why_not_answer(explanation, 1, 8, stored)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter_app.explain.by_hand import (
    SideBySide,
    StoredRound,
    boards_words,
    float_as_stored,
    hand_summary,
    paired_as_stored,
    side_by_side,
)
from arbiter_app.explain.candidates import ARTICLES, Evaluation, Role
from arbiter_app.explain.compare import EditionComparison, comparison_text
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.explain.manual_notes import manual_notes
from arbiter_app.explain.outline import BracketOutline
from arbiter_app.explain.render_text import (
    bracket_heading,
    candidate_text,
    chosen_line,
    colour_lines,
    colours_heading,
    completion_lines,
    intro_lines,
    parameters_line,
    player_lines,
    players_label,
    round_title,
)
from arbiter_app.explain.trail import TrailCandidate, TrailEnd
from arbiter_app.explain.why import why_float, why_not
from arbiter_app.explain.why_text import why_float_lines, why_not_lines
from arbiter_app.explain.words import counted, points, value_text
from arbiter_app.pairing.texts import RulesText

# --- the round as it stands -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandView:
    """A round changed by hand: what was changed and why, and the round beside the engine's pairing."""

    lines: tuple[str, ...]
    """The boards set by hand, then each override's reason and its case of the rules."""
    rows: tuple[SideBySide, ...]
    columns: tuple[str, str, str] = ("Board", "As it stands", "The engine's pairing")


def hand_view(explanation: RoundExplanation, stored: StoredRound | None) -> HandView | None:
    """Nothing when the round stands as the engine paired it (or is not paired yet)."""
    if stored is None or not stored.changed_by_hand:
        return None
    return HandView(tuple(hand_summary(stored)), side_by_side(stored, explanation.outline.pairing))


# --- the outline -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    text: str
    depth: int = 0
    """0: a line of its own; 1, 2: belongs to the line above (a reason, an alternative's values)."""


@dataclass(frozen=True)
class BracketView:
    index: int
    title: str
    """Short, for a chooser: ``Bracket 3: score 2.5, 5 players``."""
    heading: str
    players_label: str
    """``Players (A.2)``; C.04.3-2026 ``Players (1.2)``."""
    players: tuple[str, ...]
    parameters: str
    chosen: str
    by_hand: str = ""
    """The boards of this bracket's players set by hand instead of the engine's choice."""
    completion: tuple[str, ...] = ()


@dataclass(frozen=True)
class OutlineView:
    round: int
    title: str
    intro: tuple[str, ...]
    brackets: tuple[BracketView, ...]
    colours_heading: str = ""
    colours: tuple[str, ...] = ()
    hand: HandView | None = None
    trail_label: str = "Trail (B.3–B.8)"
    """The candidates' modes named with the edition's articles."""
    sieve_label: str = "Sieve (the manual's)"

    @property
    def titles(self) -> tuple[str, ...]:
        return tuple(b.title for b in self.brackets)


def mode_labels(texts: RulesText) -> tuple[str, str]:
    """The two ways of showing candidates: the trail (B.3–B.8; C.04.3-2026 3.3–3.8) and the manual's sieve."""
    return f"Trail ({texts.cite('B.3')}–{texts.cite('B.8')})", "Sieve (the manual's)"


def bracket_title(explanation: RoundExplanation, b: BracketOutline) -> str:
    """``Bracket 3: score 2.5, 5 players``, ``Bracket 6: the PPB (A.9), 3 players`` ..."""
    t = explanation.texts
    if b.collapsed:
        what = "collapsed last bracket"
    elif b.role is Role.PPB and t.completion_in_every_bracket:
        what = f"paired again ({t.cite('C.4')})"
    elif b.role is Role.PPB:
        what = f"the PPB ({t.cite('A.9')})"
    elif b.score is not None:
        what = f"score {points(b.score)}"
    else:
        what = "mixed scores"
    note = ", re-paired below" if b.superseded else ""
    return f"Bracket {b.index}: {what}, {counted(len(b.players), 'player')}{note}"


def outline_view(explanation: RoundExplanation, stored: StoredRound | None = None) -> OutlineView:
    """Brackets, S1/S2/Limbo, colour preferences and floats; the chosen pairs and the colours (no trails); and,
    for a round changed by hand, which boards and why, beside the engine's pairing."""
    brackets = []
    for b in explanation.outline.brackets:
        ctx = explanation.context(b.index)
        own = {p.number for p in b.players}
        by_hand = stored.touches(own) if stored is not None and not b.superseded else ()
        brackets.append(
            BracketView(
                b.index,
                bracket_title(explanation, b),
                bracket_heading(explanation, b),
                players_label(ctx.texts),
                tuple(player_lines(explanation, b)),
                parameters_line(b, ctx.texts),
                chosen_line(explanation, b) + ".",
                f"Set by hand instead: {boards_words(by_hand)}." if by_hand else "",
                tuple(completion_lines(explanation, b)),
            )
        )
    trail, sieve = mode_labels(explanation.texts)
    return OutlineView(
        explanation.round,
        round_title(explanation),
        tuple(intro_lines(explanation)),
        tuple(brackets),
        colours_heading(explanation),
        tuple(colour_lines(explanation)),
        hand_view(explanation, stored),
        trail,
        sieve,
    )


def table_outline(text: str, texts: RulesText) -> OutlineView:
    """A round paired from a fixed table (a round robin's Berger rows): its heading, then one line a board."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    trail, sieve = mode_labels(texts)
    return OutlineView(0, lines[0] if lines else "", tuple(lines[1:]), (), trail_label=trail, sieve_label=sieve)


# --- candidates --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CandidateRow:
    label: str
    """Position in the trail (``3``) or the sieve."""
    pairing: str
    """``11-7, 3-6, 8-10`` (white first), floaters named."""
    verdict: str
    values: tuple[str, ...]
    """Failure values by the edition's criteria (:attr:`CandidateTable.articles`), blank where fulfilled."""
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
    by_hand: str = ""
    """The round as it stands differs here from the engine's choice: the boards set by hand instead."""
    labels: tuple[str, ...] = ARTICLES
    """How the edition writes each of :attr:`articles` (``C.10``; C.04.3-2026 ``[C12]``)."""

    def label(self, article: str) -> str:
        """``article`` as the edition writes it (a column's header, the deciding criterion)."""
        return self.labels[self.articles.index(article)] if article in self.articles else article

    def used_articles(self) -> tuple[str, ...]:
        """Criteria worth a column: some candidate fails them, or they decided."""
        return tuple(
            a for k, a in enumerate(self.articles) if a == self.decided_by or any(r.values[k] for r in self.rows)
        )


def _labels(texts: RulesText) -> tuple[str, ...]:
    return tuple(texts.label(k) for k in texts.keys)


def _values(evaluation: Evaluation, ideal: tuple[object, ...] | None, texts: RulesText) -> tuple[str, ...]:
    cells = []
    for k, article in enumerate(texts.keys):
        value = evaluation.failures.get(article)
        bad = value is not None and (value != ideal[k] if ideal is not None else bool(value))
        cells.append(value_text(article, value, texts) if bad else "")
    return tuple(cells)


def _trail_row(
    e: RoundExplanation, index: int, c: TrailCandidate, ideal: tuple[object, ...], chosen: bool
) -> CandidateRow:
    ctx = e.context(index)
    t = ctx.texts
    pairing = candidate_text(ctx, c.leaf.pairs, c.leaf.downfloaters)
    values = _values(c.evaluation, ideal, t)
    if c.violation is not None:
        verdict = f"illegal ({t.label(c.violation.article)}): {c.violation.detail}"
        return CandidateRow(str(c.index), pairing, verdict, values, False, False, c.violation.article)
    if c.perfect:
        verdict, article = f"perfect ({ctx.texts.cite('B.4')}): chosen at once", None
    elif c.champion:
        article = c.beats_previous_on if c.beats_previous_on != "first legal" else None
        verdict = "best so far" + (f", better on {t.label(article)}" if article else " (the first legal one)")
    else:
        verdict, article = f"not better than the best so far (worse on {t.label(c.loses_on or '')})", c.loses_on
    return CandidateRow(str(c.index), pairing, verdict, values, True, chosen, article)


def candidate_table(
    e: RoundExplanation, index: int, mode: str = "trail", stored: StoredRound | None = None
) -> CandidateTable:
    """Bracket ``index``'s candidates: the trail (B.3-B.8, in generation order) or the manual's sieve."""
    table = _candidates(e, index, mode)
    outline = e.bracket(index)
    bracket = outline.bracket
    notes = manual_notes(
        e.state, tuple(p.number for p in bracket.moved_down), tuple(p.number for p in bracket.residents)
    )
    if notes:
        table = replace(table, notes=notes)
    by_hand = stored.touches({p.number for p in outline.players}) if stored is not None else ()
    if by_hand:
        table = replace(
            table,
            by_hand=f"The round as it stands differs from the engine's choice here: "
            f"{boards_words(by_hand)} set by hand. The candidates are the engine's.",
        )
    return table


def _candidates(e: RoundExplanation, index: int, mode: str) -> CandidateTable:
    ctx = e.context(index)
    t = ctx.texts
    if mode == "sieve":
        sieve = e.sieve(index)
        if not sieve.available:
            return CandidateTable(
                index, mode, (), None, f"Sieve not available: {sieve.reason}", articles=t.keys, labels=_labels(t)
            )
        removed_by = {n: step.article for step in sieve.steps for n in step.removed}
        rows = []
        for c in sieve.candidates:
            chosen = sieve.chosen is not None and c.number == sieve.chosen.number
            article = removed_by.get(c.number)
            verdict = "chosen" if chosen else (f"removed by {t.label(article)}" if article else "kept to the end")
            pairing = candidate_text(ctx, c.leaf.pairs, c.leaf.downfloaters)
            rows.append(
                CandidateRow(str(c.number), pairing, verdict, _values(c.evaluation, None, t), True, chosen, article)
            )
        summary = (
            f"{counted(len(rows), 'legal candidate')} with the most pairs ({t.cite('C.1')}–{t.label(t.pairs_key)})."
        )
        return CandidateTable(index, mode, tuple(rows), sieve.decided_by, summary, articles=t.keys, labels=_labels(t))
    trail = e.trail(index)
    result = trail.result
    rows = [
        _trail_row(e, index, c, trail.ideal, result is not None and c.index == result.index) for c in trail.candidates
    ]
    decided = None
    if result is not None and result.beats_previous_on not in (None, "first legal"):
        decided = result.beats_previous_on
    if trail.end is TrailEnd.PERFECT and result is not None:
        summary = f"Candidate {result.index} is perfect ({t.cite('B.4')})."
    elif result is not None and trail.end is TrailEnd.BEST:
        summary = (
            f"No perfect candidate ({t.cite('B.4')}); all used, the best is candidate {result.index} ({t.cite('B.8')})."
        )
    elif result is None:
        summary = "No legal candidate."
    else:
        summary = (
            f"Trail cut after {trail.examined:,} candidates; the engine's choice stands ({t.cite('B.8')} optimum)."
        )
    if trail.skipped:
        summary += f" {trail.skipped:,} candidates skipped (they cannot beat the best)."
    return CandidateTable(index, "trail", tuple(rows), decided, summary, articles=t.keys, labels=_labels(t))


# --- answers at the desk -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    question: str
    lines: tuple[Line, ...]
    hand: HandView | None = None
    preformatted: bool = False
    """The lines stand in columns (a comparison's boards): shown as they are, in a fixed-width font."""

    def text(self) -> str:
        """As plain text: the question, then each line indented by its depth."""
        return "\n".join([self.question] + ["  " * line.depth + line.text for line in self.lines]) + "\n"


def _lines(texts: list[str]) -> tuple[Line, ...]:
    """Lines as the text renderers write them: indentation is belonging to the line above."""
    out = []
    for text in texts:
        stripped = text.lstrip(" ")
        if stripped:
            out.append(Line(stripped, min((len(text) - len(stripped) + 1) // 2, 3)))
    return tuple(out)


def why_not_answer(e: RoundExplanation, a: int, b: int, stored: StoredRound | None = None) -> Answer:
    """Why are ``a`` and ``b`` not paired?  Where the round as it stands pairs them on a board set by hand, the
    answer says so first (and then why the engine did not); where the engine pairs them and the round as it
    stands does not, the answer says where each plays now."""
    engine = e.outline.pairing
    first = paired_as_stored(stored, engine, a, b) if stored is not None else []
    answer = why_not(e, a, b)
    lines = why_not_lines(e, answer)
    question = lines[0]
    if first and stored is not None:
        low, high = sorted((a, b))
        question = f"#{low} and #{high} in round {e.round}, as it stands"
        engine_pairs = any({x.white, x.black} == {a, b} for x in engine.boards)
        body = first + (lines[1:] if stored.board_with(a, b) is not None and not engine_pairs else [])
        return Answer(question, _lines(body), hand_view(e, stored))
    return Answer(question, _lines(lines[1:]), hand_view(e, stored))


def why_float_answer(e: RoundExplanation, number: int, stored: StoredRound | None = None) -> Answer:
    lines = why_float_lines(e, why_float(e, number))
    first = float_as_stored(stored, e.outline.pairing, number) if stored is not None else []
    return Answer(lines[0], _lines(first + lines[1:]), hand_view(e, stored) if first else None)


def comparison_answer(
    comparison: EditionComparison, e: RoundExplanation | None = None, stored: StoredRound | None = None
) -> Answer:
    """Both editions' pairings side by side (in columns), each difference explained; a round changed by hand
    shows the round as it stands beside its engine's pairing too."""
    title, _, rest = comparison_text(comparison).strip().partition("\n")
    hand = hand_view(e, stored) if e is not None else None
    return Answer(title, tuple(Line(line) for line in rest.splitlines()), hand, preformatted=True)


def text_answer(text: str) -> Answer:
    """A plain answer from the services (a round robin's Berger rows): its first line is the question."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return Answer(lines[0].strip() if lines else "", _lines(lines[1:]))
