"""A round's pairing as slides a lecturer projects: the brackets drawn as the Arbiters' Manual draws them.

Each slide is plain, immutable data read off a :class:`RoundExplanation` (nothing is paired again here):

* the round: its players, its brackets and the notation;
* each bracket (B.1, B.2; C.04.3-2026 3.1, 3.2): S1 and S2 side by side, Limbo below S1, every player with
  pairing number, name, score, colour preference (A.6) and floats (A.4);
* each candidate of the bracket's trail (B.3-B.8): the same columns with lines joining its pairs, its
  downfloaters marked, its failure values beside the best so far's, and the criterion that decided about it
  highlighted and explained in words;
* the decision: the chosen pairing, white first, and why;
* last, the round paired by both editions side by side.

The number of slides of each bracket is known before its slides are built (:func:`bracket_slide_count`), so
that a seminar knows its length from the first slide.  Criteria are named through the round's edition
(``RoundExplanation.texts``): ``C.04.3 C.10`` under Baku 2016, ``C.04.3-2026 2.4.7 [C12]`` under 2026.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from arbiter_app.explain.candidates import BracketContext, Evaluation, Role
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.explain.manual_notes import manual_notes
from arbiter_app.explain.outline import BracketOutline
from arbiter_app.explain.render_text import rule_text
from arbiter_app.explain.trail import TrailCandidate, TrailEnd, ideal_key
from arbiter_app.explain.words import counted, culprits, points, value_text
from arbiter_app.pairing.colours import ColourRule
from arbiter_app.pairing.criteria import Contestant
from arbiter_app.pairing.floats import Float
from arbiter_app.pairing.texts import RulesText

CANDIDATES_SHOWN = 12
"""Candidates of a small bracket's trail shown one by one (then the chosen one, if it comes later)."""
LISTED = 14
"""Players listed in a column of the bracket; a larger bracket's column ends with how many more it holds."""
CRITERIA_SHOWN = 8
"""Rows of a candidate's criteria table (the deciding criterion always among them)."""
STEPPED = 8
"""Brackets of up to this many players are shown candidate by candidate: their trails are short and cheap to
build, so that every bracket's number of slides is known at once (a trail of 12 players can take thousands of
candidates and seconds)."""
LARGE_BRACKET_SLIDES = 3
"""A larger bracket: itself, the chosen candidate and the decision."""
ARTICLE_NUMBER = re.compile(r"^(\d+(?:\.\d+)+): (.*)$")
"""An edition's criterion text that starts with its article number (``2.4.7: minimise ...``)."""


@dataclass(frozen=True)
class SlidePlayer:
    """A player as the manual's bracket lists him."""

    number: int
    """Pairing number."""
    name: str
    score: str
    """Points, ``1.5``."""
    colour: str
    """Colour preference (A.6): ``W*``/``B*`` absolute, ``W``/``B`` strong, ``w``/``b`` mild, ``-`` none."""
    floats: str
    """Floats of the last two rounds (A.4): ``↓3`` floated down in round 3, ``↑2`` up in round 2."""
    mdp: bool
    """Moved down from a higher scoregroup."""


@dataclass(frozen=True)
class SlideBracket:
    """A bracket as B.2 splits it: S1, S2 and Limbo, each in A.2 order."""

    s1: tuple[SlidePlayer, ...]
    s2: tuple[SlidePlayer, ...]
    limbo: tuple[SlidePlayer, ...]
    s1_more: int = 0
    """Players of S1 beyond :data:`LISTED`, not drawn."""
    s2_more: int = 0
    article: str = "B.2"
    """The article that makes S1 and S2 (B.2; C.04.3-2026 3.2)."""


@dataclass(frozen=True)
class CriterionLine:
    """One row of a candidate's criteria table."""

    label: str
    """``C.10``; ``[C12]``."""
    value: str
    """This candidate's failure value (``-`` where the criterion does not apply)."""
    best: str
    """The best-so-far's value ('' when there is none to compare with)."""
    deciding: bool


@dataclass(frozen=True)
class Slide:
    kind: str
    """``round``, ``bracket``, ``candidate``, ``decision``, ``editions`` or ``board`` (a round robin's board)."""
    heading: str
    """The small line above the title: the round and the bracket."""
    title: str
    lines: tuple[str, ...] = ()
    """Text: the whole of a text slide; under the drawing, the verdict and the words."""
    bracket: SlideBracket | None = None
    pairs: tuple[tuple[int, int], ...] = ()
    """The candidate's pairs by pairing number (white first on the decision slide)."""
    floaters: tuple[int, ...] = ()
    """The candidate's downfloaters (in the last bracket: the bye)."""
    criteria: tuple[CriterionLine, ...] = ()
    compared_with: str = ""
    """Whom the ``best`` column of ``criteria`` belongs to: ``candidate 1 (best so far)``."""
    deciding: str = ""
    """The deciding criterion cited with its edition: ``C.04.3 C.10``, ``C.04.3-2026 2.4.7 [C12]``."""
    explanation: tuple[str, ...] = ()
    """The deciding criterion in words, then who fails it."""
    verdict: str = ""
    legal: bool = True
    offending: tuple[int, ...] = ()
    """An illegal candidate: the players the broken criterion names (their pair drawn as the fault)."""
    chosen: bool = False
    monospace: bool = False
    """Lines set in columns (the editions compared)."""


# --- words ------------------------------------------------------------------


def document_label(texts: RulesText) -> str:
    """The rules' short name: ``C.04.3``; ``C.04.3-2026`` (the first word of the edition's document name)."""
    return texts.document.split()[0].rstrip(",")


def criterion_citation(texts: RulesText, key: str) -> tuple[str, str]:
    """A criterion cited with its edition, and what it asks for: (``C.04.3 C.10``, ``minimise ...``);
    (``C.04.3-2026 2.4.7 [C12]``, ``minimise ...``)."""
    name = texts.name(key)
    numbered = ARTICLE_NUMBER.match(name)
    if numbered:
        return f"{document_label(texts)} {numbered.group(1)} {texts.label(key)}", numbered.group(2)
    return f"{document_label(texts)} {texts.label(key)}", name


def slide_player(p: Contestant, name: str, round_number: int, mdp: bool = False) -> SlidePlayer:
    marks = []
    for which, offset in ((p.float_previous, 1), (p.float_before, 2)):
        if which is not Float.NONE and round_number - offset >= 1:
            marks.append(("↓" if which is Float.DOWN else "↑") + str(round_number - offset))
    return SlidePlayer(p.number, name, points(p.score), p.preference.symbol(), " ".join(marks), mdp)


def slide_bracket(e: RoundExplanation, b: BracketOutline) -> SlideBracket:
    names = {p.number: p.name for p in e.state.players}
    moved = {p.number for p in b.bracket.moved_down}

    def listed(ps: Sequence[Contestant]) -> tuple[SlidePlayer, ...]:
        return tuple(slide_player(p, names.get(p.number, ""), e.round, p.number in moved) for p in ps[:LISTED])

    return SlideBracket(
        listed(b.s1),
        listed(b.s2),
        listed(b.limbo),
        max(0, len(b.s1) - LISTED),
        max(0, len(b.s2) - LISTED),
        e.texts.cite("B.2"),
    )


def bracket_heading(e: RoundExplanation, b: BracketOutline) -> str:
    """``Round 5 · Bracket 2: score 1.5, heterogeneous (A.3), 7 players``."""
    t = e.texts
    if b.collapsed:
        what = f"the collapsed last bracket ({t.cite('A.9')})"
    elif b.role is Role.PPB and t.completion_in_every_bracket:
        what = f"bracket {b.index - 1} paired again ({t.cite('C.4')})"
    elif b.role is Role.PPB:
        what = f"the PPB ({t.cite('A.9')})"
    else:
        score = f"score {points(b.score)}" if b.score is not None else "mixed scores"
        what = f"{score}, {'homogeneous' if b.is_homogeneous else 'heterogeneous'} ({t.cite('A.3')})"
    return f"Round {e.round} · Bracket {b.index}: {what}, {counted(len(b.players), 'player')}"


# --- slides -----------------------------------------------------------------


def round_slide(e: RoundExplanation) -> Slide:
    """The first slide: the round, its brackets, the notation."""
    t = e.texts
    outline = e.outline
    lines = [
        t.document,
        f"{counted(len(outline.players), 'player')} in {counted(len(outline.brackets), 'bracket')}, paired from the "
        f"top scoregroup ({t.cite('A.9 order')}).",
        f"Each bracket is split into S1 and S2 ({t.cite('B.2')}); candidates are tried in the order of "
        f"{t.cite('D')} and compared criterion by criterion ({t.cite('B.8')}).",
        f"Colour preferences ({t.cite('A.6')}): W*/B* absolute, W/B strong, w/b mild, - none.  "
        f"Floats ({t.cite('A.4')}): ↓3 down in round 3, ↑2 up in round 2.",
    ]
    listed = outline.brackets[:LISTED]
    lines += [bracket_heading(e, b).partition(" · ")[2] for b in listed]
    if len(outline.brackets) > len(listed):
        lines.append(f"… and {counted(len(outline.brackets) - len(listed), 'more bracket')}.")
    return Slide("round", f"Round {e.round}", f"Round {e.round}: the pairing, step by step", tuple(lines))


def bracket_slide_count(e: RoundExplanation, index: int) -> int:
    """How many slides bracket ``index`` has (its trail built for a small bracket, which is cheap)."""
    if not is_stepped(e, index):
        return LARGE_BRACKET_SLIDES
    return 2 + max(1, len(_shown(e, index)))  # a trail without candidates: the engine's choice


def is_stepped(e: RoundExplanation, index: int) -> bool:
    """Bracket ``index`` is shown candidate by candidate (:data:`STEPPED`)."""
    return len(e.bracket(index).players) <= STEPPED


def _shown(e: RoundExplanation, index: int) -> tuple[TrailCandidate, ...]:
    """The candidates of a small bracket shown one by one: the first ones, and the chosen one after them."""
    trail = e.trail(index)
    shown = trail.candidates[:CANDIDATES_SHOWN]
    result = trail.result
    if result is not None and all(c.index != result.index for c in shown):
        shown += (result,)
    return shown


def bracket_slides(e: RoundExplanation, index: int) -> tuple[Slide, ...]:
    """Bracket ``index``: the bracket, its candidates (:func:`bracket_slide_count` of them in all), the decision."""
    b = e.bracket(index)
    heading = bracket_heading(e, b)
    drawn = slide_bracket(e, b)
    t = e.texts
    facts = [f"{t.cite('B.1')}: M0 = {b.m0} (moved down), M1 = {b.m1} (of them pairable), MaxPairs = {b.max_pairs}."]
    if b.limbo:
        facts.append(f"Limbo ({t.cite('B.2')}): {', '.join(f'#{p.number}' for p in b.limbo)}, bound to float again.")
    if b.s1:
        facts.append(f"S1: the highest {counted(len(b.s1), 'player')}; S2: the other residents ({t.cite('B.2')}).")
    else:
        why = "no moved-down player can be paired" if b.m0 else "no pair is possible"
        facts.append(f"S1 is empty ({t.cite('B.2')}: N1 = 0): {why} in this bracket.")
    if b.bracket.moved_down:
        facts.append(
            "Moved down (MDPs): "
            + ", ".join(f"#{p.number} with {points(p.score)}" for p in b.bracket.moved_down[:LISTED])
            + "."
        )
    if is_stepped(e, index):
        facts += _barred(e, index)
    slides = [Slide("bracket", heading, "The bracket: S1 and S2", tuple(facts), drawn)]
    if not is_stepped(e, index):
        # No trail: a large bracket's can take thousands of candidates and seconds, and is not stepped through.
        slides.append(_chosen_slide(e, index, heading, drawn))
        slides.append(_decision_slide(e, index, heading, drawn, stepped=False))
        return tuple(slides)
    trail = e.trail(index)
    result = trail.result
    shown = _shown(e, index)
    previous: dict[int, TrailCandidate | None] = {}
    champion: TrailCandidate | None = None
    for c in trail.candidates:
        previous[c.index] = champion
        if c.champion:
            champion = c
    total = len(trail.candidates)
    for c in shown:
        slides.append(_candidate_slide(e, index, heading, drawn, c, previous.get(c.index), total, result))
    if not shown:
        slides.append(_chosen_slide(e, index, heading, drawn))
    slides.append(_decision_slide(e, index, heading, drawn))
    return tuple(slides)


def _barred(e: RoundExplanation, index: int) -> list[str]:
    """The pairs of a small bracket the absolute criteria forbid, in words (C.1, C.3)."""
    ctx = e.context(index)
    players = e.bracket(index).players
    barred: dict[str, list[str]] = {}
    for i, a in enumerate(players):
        for q in players[i + 1 :]:
            v = ctx.pair_violation(a, q)
            if v is not None:
                when = f" (round {v.round})" if v.round is not None else ""
                barred.setdefault(v.article, []).append(f"{v.players[0]}-{v.players[1]}{when}")
    return [f"Pairs barred by {ctx.texts.label(article)}: {', '.join(pairs)}." for article, pairs in barred.items()]


def _criteria(
    texts: RulesText, ev: Evaluation, best: Evaluation | None, ideal: tuple[object, ...], deciding: str | None
) -> tuple[CriterionLine, ...]:
    rows = []
    for k, key in enumerate(texts.keys):
        mine = ev.key[k] != ideal[k] and key in ev.failures
        theirs = best is not None and best.key[k] != ideal[k] and key in best.failures
        if not (mine or theirs or key == deciding):
            continue
        value = value_text(key, ev.failures[key], texts) if key in ev.failures else "-"
        other = (value_text(key, best.failures[key], texts) if key in best.failures else "-") if best else ""
        rows.append(CriterionLine(texts.label(key), value, other, key == deciding))
    if len(rows) > CRITERIA_SHOWN:
        keep = [r for r in rows if r.deciding]
        rows = [r for r in rows if not r.deciding][: CRITERIA_SHOWN - len(keep)] + keep
        rows.sort(key=lambda r: [texts.label(k) for k in texts.keys].index(r.label))
    return tuple(rows)


def _words(
    ctx: BracketContext,
    key: str | None,
    pairs: Sequence[tuple[Contestant, Contestant]],
    floaters: Sequence[Contestant],
    round_number: int,
) -> tuple[str, tuple[str, ...]]:
    if key is None:
        return "", ()
    cited, asks = criterion_citation(ctx.texts, key)
    who = culprits(ctx, pairs, floaters, key, round_number)
    return cited, (f"{cited}: {asks}" if asks else cited, *who[:4])


FAILING_SHOWN = 3
"""Reasons listed under a candidate's table for the criteria it fails besides the deciding one."""


def _failing(
    ctx: BracketContext, c: TrailCandidate, ideal: tuple[object, ...], deciding: str | None, round_number: int
) -> tuple[str, ...]:
    """Who makes the candidate fail its other criteria, in words: ``C.12: #4 floats down again ...``."""
    t = ctx.texts
    found: list[str] = []
    for k, key in enumerate(t.keys):
        if key == deciding or key not in c.evaluation.failures or c.evaluation.key[k] == ideal[k]:
            continue
        found += [
            f"{t.label(key)}: {why}" for why in culprits(ctx, c.leaf.pairs, c.leaf.downfloaters, key, round_number)
        ]
    more = (f"… and {len(found) - FAILING_SHOWN} more",) if len(found) > FAILING_SHOWN else ()
    return tuple(found[:FAILING_SHOWN]) + more


def _candidate_slide(
    e: RoundExplanation,
    index: int,
    heading: str,
    drawn: SlideBracket,
    c: TrailCandidate,
    best: TrailCandidate | None,
    total: int,
    result: TrailCandidate | None,
) -> Slide:
    ctx = e.context(index)
    t = ctx.texts
    trail = e.trail(index)
    pairs = tuple((a.number, b.number) for a, b in c.leaf.pairs)
    floaters = tuple(p.number for p in c.leaf.downfloaters)
    chosen = result is not None and c.index == result.index
    compared: TrailCandidate | None = None
    if c.violation is not None:
        article = c.violation.article
        key: str | None = article
        verdict = f"Illegal ({t.label(article)}): {c.violation.detail}."
        cited, asks = criterion_citation(t, article)
        words: tuple[str, ...] = (f"{cited}: {asks}" if asks else cited,)
    else:
        beats = c.champion and best is not None and c.beats_previous_on not in (None, "first legal")
        if beats:
            key, compared = c.beats_previous_on, best
            verdict = f"Better than candidate {best.index if best else '?'} on {t.label(key or '')}"
            verdict += f", and perfect ({t.cite('B.4')}): chosen at once." if c.perfect else ": the new best so far."
        elif c.perfect:
            key, verdict = None, f"Perfect ({t.cite('B.4')}): every criterion at its best value; chosen at once."
        elif c.champion:
            key, verdict = None, "The first legal candidate: the best so far."
        else:
            key, compared = c.loses_on, best
            verdict = f"Worse than candidate {best.index if best else '?'} (the best so far) on {t.label(key or '')}."
        # Who fails the deciding criterion: this candidate when it loses, the one it beats when it wins.
        failing = compared if beats and compared is not None else c
        cited, words = _words(ctx, key, failing.leaf.pairs, failing.leaf.downfloaters, e.round)
        if beats and len(words) > 1:
            words = (words[0], f"In candidate {failing.index}:", *words[1:])
    if chosen and not c.perfect:
        verdict += f"  Chosen ({t.cite('B.8')})."
    fails = _failing(ctx, c, trail.ideal, key, e.round) if c.violation is None else ()
    criteria = _criteria(t, c.evaluation, compared.evaluation if compared else None, trail.ideal, key)
    return Slide(
        "candidate",
        heading,
        f"Candidate {c.index} of {total:,}",
        (verdict, *fails),
        drawn,
        pairs,
        floaters,
        criteria,
        f"candidate {compared.index}" if compared else "",
        cited if key else "",
        words,
        verdict,
        c.violation is None,
        c.violation.players if c.violation is not None else (),
        chosen,
    )


def _chosen_slide(e: RoundExplanation, index: int, heading: str, drawn: SlideBracket) -> Slide:
    """A large bracket without a trail result: the engine's choice and its failure values."""
    b = e.bracket(index)
    ev = e.chosen_evaluation(index)
    ideal = ideal_key(ev, e.texts)
    verdict = (
        f"The engine's choice: the best candidate by {e.texts.cite('B.8')}, found by weighted matching "
        f"over the {counted(len(b.players), 'player')} (their candidates are not shown one by one)."
    )
    return Slide(
        "candidate",
        heading,
        "The chosen candidate",
        (verdict,),
        drawn,
        tuple((x.number, y.number) for x, y in b.chosen.pairs),
        tuple(p.number for p in b.chosen.downfloaters),
        _criteria(e.texts, ev, None, ideal, None),
        verdict=verdict,
        chosen=True,
    )


def _decision_slide(e: RoundExplanation, index: int, heading: str, drawn: SlideBracket, stepped: bool = True) -> Slide:
    b = e.bracket(index)
    ctx = e.context(index)
    t = ctx.texts
    trail = e.trail(index) if stepped else None
    result = trail.result if trail is not None else None
    ev = e.chosen_evaluation(index)
    ideal = trail.ideal if trail is not None else ideal_key(ev, t)
    perfect = ev.key == ideal_key(ev, t)
    lines = []
    if perfect:
        lines.append(f"Every criterion at its best value: the candidate is perfect ({t.cite('B.4')}).")
    elif trail is None:
        lines.append(f"No perfect candidate ({t.cite('B.4')}): the engine's choice is the best ({t.cite('B.8')}).")
    elif trail.end is TrailEnd.CAPPED:
        lines.append(
            f"Trail cut after {trail.examined:,} candidates; the engine's choice is the optimum of {t.cite('B.8')}."
        )
    else:
        lines.append(
            f"No perfect candidate ({t.cite('B.4')}): of all {counted(trail.examined, 'candidate')}, "
            f"the best is chosen ({t.cite('B.8')})."
        )
    deciding = ""
    explanation: tuple[str, ...] = ()
    decided = result.beats_previous_on if result is not None else None
    beaten: TrailCandidate | None = None
    if result is not None and decided not in (None, "first legal"):
        beaten = _champion_before(e, index, result)
        failing = beaten if beaten is not None else result
        deciding, explanation = _words(ctx, decided, failing.leaf.pairs, failing.leaf.downfloaters, e.round)
        if beaten is not None and len(explanation) > 1:
            explanation = (explanation[0], f"In candidate {beaten.index}:", *explanation[1:])
        lines.append(
            f"Decided by {t.label(decided or '')}: candidate {result.index} is better than candidate "
            f"{beaten.index if beaten else '?'}."
        )
    else:
        decided = None
    if b.chosen.downfloaters:
        who = ", ".join(f"#{p.number}" for p in b.chosen.downfloaters)
        if b.role is Role.LAST and len(b.chosen.downfloaters) == 1:
            lines.append(f"{who} receives the pairing-allocated bye.")
        else:
            lines.append(f"Floating to the next bracket: {who}.")
    if b.completion_passed is not None:
        lines.append(
            "Completion test passed."
            if b.completion_passed
            else f"Completion test failed: the bracket is paired again ({t.cite('C.4')})."
        )
    pairs = tuple(ctx.colours(pair) for pair in b.chosen.pairs)
    if not b.superseded:
        rules = {frozenset((c.board.white, c.board.black)): c.rule for c in e.outline.colours}
        by_rule: dict[ColourRule, list[str]] = {}
        for w, k in pairs:
            if frozenset((w, k)) in rules:
                by_rule.setdefault(rules[frozenset((w, k))], []).append(f"{w}-{k}")
        lines += [f"{_boards(boards)}: {rule_text(rule, t)}" for rule, boards in by_rule.items()]
    lines.extend(
        manual_notes(
            e.state, tuple(p.number for p in b.bracket.moved_down), tuple(p.number for p in b.bracket.residents)
        )
    )
    criteria = _criteria(t, ev, beaten.evaluation if beaten else None, ideal, decided)
    return Slide(
        "decision",
        heading,
        "The decision: " + _boards([f"{w}-{k}" for w, k in pairs]),
        tuple(lines),
        drawn,
        pairs,
        tuple(p.number for p in b.chosen.downfloaters),
        criteria,
        f"candidate {beaten.index}" if beaten else "",
        deciding,
        explanation,
        " ".join(lines[:2]) if decided else lines[0],
        chosen=True,
    )


PAIRS_NAMED = 6
"""Pairs named in a line of the decision; more are counted."""


def _boards(pairs: Sequence[str]) -> str:
    """``9-1, 4-5``; ``13-101, 74-10, ... (26 pairs)``; ``no pair``."""
    if not pairs:
        return "no pair"
    if len(pairs) <= PAIRS_NAMED:
        return ", ".join(pairs)
    return ", ".join(pairs[:PAIRS_NAMED]) + f", … ({counted(len(pairs), 'pair')})"


def _champion_before(e: RoundExplanation, index: int, candidate: TrailCandidate) -> TrailCandidate | None:
    """The best so far when ``candidate`` was examined (the one it beat)."""
    champion = None
    for c in e.trail(index).candidates:
        if c.index == candidate.index:
            return champion
        if c.champion:
            champion = c
    return None


BOARD_ROW = re.compile(r"^\s+\d+\s+(\S.*?)\s{2,}(\S.*)$")
"""A board of ``comparison_text``'s table: its number, the pair by Baku 2016, the pair by 2026."""
BOARDS_SHOWN = 16
"""Boards of the editions' table on the slide; beyond, only the boards where the editions differ."""
EDITION_LINES = 34
"""Lines of the editions slide at most (the Compare editions window has them all)."""


def _pairs_differ(line: str) -> bool:
    row = BOARD_ROW.match(line)
    return row is not None and row.group(1).strip() != row.group(2).strip()


def editions_slide(comparison: str) -> Slide:
    """The last slide: the round paired by both editions (``comparison_text`` of the round); in a large round,
    only the boards where they differ."""
    first, _, rest = comparison.strip().partition("\n")
    lines = rest.strip("\n").splitlines()
    boards = [k for k, line in enumerate(lines) if BOARD_ROW.match(line)]
    if len(boards) > BOARDS_SHOWN:
        differ = [k for k in boards if _pairs_differ(lines[k])]
        kept = differ[:BOARDS_SHOWN] or boards[: BOARDS_SHOWN // 2]
        note = f"  … {counted(len(boards) - len(differ) - (0 if differ else len(kept)), 'other board')} paired alike"
        if len(differ) > len(kept):
            note += f", {len(differ) - len(kept)} more that differ"
        at = boards[0] + len(kept)
        lines = [line for k, line in enumerate(lines) if k not in boards or k in kept]
        lines.insert(at, note)
    if len(lines) > EDITION_LINES:
        lines = lines[: EDITION_LINES - 1] + ["  … (View > Compare the editions shows the rest)"]
    return Slide("editions", "Baku 2016 against 2026", first, tuple(lines), monospace=True)


def round_slides(e: RoundExplanation, comparison: str | None) -> list[Slide]:
    """Every slide of round ``e.round`` at once (``comparison``: ``comparison_text`` of the round, or None)."""
    slides = [round_slide(e)]
    for b in e.outline.brackets:
        slides.extend(bracket_slides(e, b.index))
    if comparison is not None:
        slides.append(editions_slide(comparison))
    return slides
