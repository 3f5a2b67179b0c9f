"""The explanation of a round as plain English, citing the articles (C.04.3), for the desk."""

from __future__ import annotations

from arbiter_app.explain.candidates import ARTICLES, BracketContext, Evaluation, Role
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.explain.outline import BracketOutline
from arbiter_app.explain.sieve import Sieve
from arbiter_app.explain.trail import Trail, TrailCandidate, TrailEnd, TrailSkip, ideal_key
from arbiter_app.explain.walk import SkipKind
from arbiter_app.explain.words import (
    colour_history,
    float_marks,
    numbers,
    players,
    points,
    preference_text,
    value_text,
)
from arbiter_app.pairing.colours import ColourRule
from arbiter_app.pairing.criteria import Contestant, c1_have_met, may_meet

SIEVE_LINES = 12
"""A sieve is printed for a whole round when it has at most this many candidates."""
LONG_TRAIL = 40
"""Beyond this many candidates, a trail lists only its champions and summarises the rest."""

RULE_TEXT = {
    ColourRule.E1: "both colour preferences granted (E.1)",
    ColourRule.E2: "the stronger colour preference granted (E.2)",
    ColourRule.E3: "colours alternated from the last round in which they differed (E.3)",
    ColourRule.E4: "the higher ranked player's colour preference granted (E.4)",
    ColourRule.E5: "by the higher ranked player's pairing number and the initial colour (E.5)",
}
SKIP_TEXT = {
    SkipKind.ILLEGAL: "illegal",
    SkipKind.REPEAT: "repeat candidates generated before",
    SkipKind.BOUND: "cannot beat the best so far",
    SkipKind.NOT_ENUMERATED: "not enumerated (too many exchanges)",
}


def round_text(explanation: RoundExplanation, trails: bool = True, only: int | None = None) -> str:
    """The whole round: each bracket with its trail (and sieve where it helps), then the colours."""
    outline = explanation.outline
    lines = [
        f"Round {outline.round}: the pairing explained (FIDE Dutch system, C.04.3 as approved in Baku 2016)",
        f"{len(outline.players)} players to pair, processed bracket by bracket from the top scoregroup (A.9).",
        "Notation: scores in points; colour preferences (A.6) W*/B* absolute, W/B strong, w/b mild, - none;",
        "pairs are written white-black; \"floats\" means moves down to the next bracket (A.4).",
    ]
    for bracket in outline.brackets:
        if only is not None and bracket.index != only:
            continue
        lines.append("")
        lines += bracket_text(explanation, bracket, trails, alone=only is not None)
    if only is None:
        lines.append("")
        lines += colours_text(explanation)
    return "\n".join(lines) + "\n"


def bracket_text(
    explanation: RoundExplanation, bracket: BracketOutline, trails: bool = True, alone: bool = False
) -> list[str]:
    """One bracket: its outline, its trail and sieve (small brackets, or the one asked for alone), its result."""
    ctx = explanation.context(bracket.index)
    lines = [_heading(explanation, bracket)]
    lines.append("  Players (A.2): " + " | ".join(_player_line(p, bracket, explanation.round) for p in bracket.players))
    lines.append(
        f"  B.1: M0 = {bracket.m0}, M1 = {bracket.m1}, MaxPairs = {bracket.max_pairs}.  "
        f"B.2: S1 = {_ns(bracket.s1)}, S2 = {_ns(bracket.s2)}" + (f", Limbo = {_ns(bracket.limbo)}" if bracket.limbo else "")
    )
    if trails and (alone or explanation.is_small(bracket.index)):
        lines += trail_text(ctx, explanation.trail(bracket.index))
        sieve = explanation.sieve(bracket.index)
        if sieve.available and 1 < len(sieve.candidates) <= (SIEVE_LINES if not alone else 200):
            lines += sieve_text(ctx, sieve)
        elif alone:
            lines.append(f"  Sieve: unavailable ({sieve.reason}).")
    elif trails:
        lines.append(f"  (Trail not built for a bracket of {len(bracket.players)} players: ask for bracket "
                     f"{bracket.index} alone.)")
    chosen = explanation.chosen_evaluation(bracket.index)
    how = "B.4: perfect, accepted at once" if chosen.key == ideal_key(chosen) else "B.8"
    lines.append(f"  Chosen ({how}): {candidate_text(ctx, bracket.chosen.pairs, bracket.chosen.downfloaters)}.")
    lines += _completion(explanation, bracket)
    return lines


def _heading(explanation: RoundExplanation, bracket: BracketOutline) -> str:
    head = f"Bracket {bracket.index}"
    moved = bracket.bracket.moved_down
    mdps = ", ".join(f"#{p.number} with {points(p.score)}" for p in moved)
    if bracket.role is Role.PPB:
        return (f"{head}: the PPB, bracket {bracket.index - 1} paired again so that its downfloaters let the round "
                f"be completed (A.9, C.4)")
    if bracket.collapsed:
        return (f"{head}: the collapsed last bracket (CLB, A.9): the PPB's downfloaters {players(moved)} "
                f"and the collapsed scoregroup {players(bracket.bracket.residents)}")
    score = bracket.score
    text = f"{head}: score {points(score) if score is not None else '-'}, "
    text += "homogeneous (A.3)" if bracket.is_homogeneous else f"heterogeneous (A.3), moved down: {mdps}"
    if bracket.role is Role.LAST:
        if bracket.chosen.downfloaters:
            text += "; the last bracket, which includes the pairing-allocated bye (A.9, C.2)"
        else:
            text += "; the last bracket, which completes the round (A.9)"
    return text


def _player_line(p: Contestant, bracket: BracketOutline, round_number: int) -> str:
    text = f"#{p.number} {points(p.score)} {p.preference.symbol()}"
    extras = []
    if p in bracket.bracket.moved_down:
        extras.append("MDP")
    if p.is_topscorer:
        extras.append("topscorer")
    floats = float_marks(p, round_number)
    if floats:
        extras.append(floats)
    return text + (f" ({', '.join(extras)})" if extras else "")


LISTED_REST = 10
"""Up to this many players not yet paired, a failed completion test lists the pairs they allow."""


def _completion(explanation: RoundExplanation, bracket: BracketOutline) -> list[str]:
    if bracket.completion_passed is None:
        return []
    if bracket.completion_passed:
        return ["  Completion test (A.9): passed, the remaining players can all be paired."]
    below = explanation.outline.collapsed_scoregroup
    rest = bracket.chosen.downfloaters + below  # everybody not yet paired: the downfloaters and every lower player
    return [
        f"  Completion test (A.9): FAILED: {cannot_all_be_paired(rest)}.",
        f"  So this bracket becomes the PPB (penultimate pairing bracket) and {players(below)} form the "
        "collapsed scoregroup (A.9).",
    ]


def cannot_all_be_paired(rest: tuple[Contestant, ...]) -> str:
    """Why the players not yet paired cannot complete the round (C.1-C.3), as plainly as the case allows."""
    odd = len(rest) % 2 == 1
    may_have_bye = [p for p in rest if p.can_get_bye]
    if odd and not may_have_bye:
        return (f"{players(rest)} cannot all be paired: they are an odd number, so one of them would receive the "
                "pairing-allocated bye, and none of them may (C.2)")
    if len(rest) == 2:
        a, b = rest
        if c1_have_met(a, b):
            return f"{players(rest)} cannot be paired: they have already met (C.1)"
        return (f"{players(rest)} cannot be paired: both have an absolute colour preference for "
                f"{a.preference.colour.name.lower()} (C.3)")
    allowed = [(a, b) for i, a in enumerate(rest) for b in rest[i + 1 :] if may_meet(a, b)]
    if len(rest) <= LISTED_REST:
        pairs = ", ".join(f"{a.number}-{b.number}" for a, b in allowed) or "none"
        bye = f"; only {players(may_have_bye)} may receive the pairing-allocated bye (C.2)" if odd else ""
        return (f"{players(rest)} cannot all be paired: the only pairs C.1 and C.3 allow among them are {pairs}"
                f"{bye}, and no choice of these pairs takes everyone in")
    return (f"{players(rest)} cannot all be paired without a rematch (C.1), a pairing-allocated bye to a player "
            "who may not receive one (C.2) or two players with the same absolute colour preference meeting (C.3)")


def candidate_text(ctx: BracketContext, pairs: tuple[tuple[Contestant, Contestant], ...],
                   downfloaters: tuple[Contestant, ...]) -> str:
    parts = [f"{w}-{b}" for w, b in (ctx.colours(pair) for pair in pairs)]
    if downfloaters:
        verb = "floats" if len(downfloaters) == 1 else "float"
        if ctx.role is Role.LAST and len(downfloaters) == 1:
            parts.append(f"#{downfloaters[0].number} gets the bye")
        else:
            parts.append(f"{players(downfloaters)} {verb}")
    return ", ".join(parts) if parts else "no pair"


def failures_text(evaluation: Evaluation, ideal: tuple[object, ...]) -> str:
    """The criteria a candidate does not fulfil (B.4), with their failure values."""
    worse = []
    for article, value, best in zip(ARTICLES, evaluation.key, ideal):
        if article in evaluation.failures and value != best:
            worse.append(f"{article} = {value_text(article, value)}")
    return "fails " + ", ".join(worse) if worse else "fulfils every criterion"


def trail_text(ctx: BracketContext, trail: Trail) -> list[str]:
    lines = ["  Trail (B.3-B.8, candidates in the order of section D):"]
    long = len(trail.candidates) > LONG_TRAIL
    hidden = 0
    for entry in trail.entries:
        if isinstance(entry, TrailSkip):
            lines.append(f"     ... {_skip_text(entry)}")
            continue
        if long and not entry.champion:
            hidden += 1
            continue
        if hidden:
            lines.append(f"     ... {hidden} more candidate(s) examined, none better")
            hidden = 0
        lines += _candidate_lines(ctx, entry, trail)
    if hidden:
        lines.append(f"     ... {hidden} more candidate(s) examined, none better")
    lines.append("  " + _end_text(trail))
    return lines


def _candidate_lines(ctx: BracketContext, c: TrailCandidate, trail: Trail) -> list[str]:
    head = f"    {c.index}. {candidate_text(ctx, c.leaf.pairs, c.leaf.downfloaters)}  [{c.alteration}]"
    if c.violation is not None:
        return [head, f"       illegal ({c.violation.article}): {c.violation.detail}."]
    verdict = failures_text(c.evaluation, trail.ideal)
    if c.perfect:
        verdict += ": perfect (B.4), chosen at once"
    elif c.champion:
        verdict += ". Best so far" + (f" (better on {c.beats_previous_on})" if c.beats_previous_on != "first legal" else "")
    else:
        verdict += f". Not better than the best so far (worse on {c.loses_on})"
    return [head, f"       legal; {verdict}."]


def _skip_text(skip: TrailSkip) -> str:
    parts = []
    for reason in skip.reasons:
        text = f"{reason.count:,} {SKIP_TEXT[reason.kind]}"
        inside = [reason.article] if reason.article else []
        inside += list(reason.details[:3])
        if inside:
            text += f" ({': '.join(inside[:1]) + (': ' + '; '.join(inside[1:]) if inside[1:] else '')})"
        parts.append(text)
    return f"{skip.count:,} candidate(s) skipped: " + ", ".join(parts)


def _end_text(trail: Trail) -> str:
    result = trail.result
    if trail.end is TrailEnd.PERFECT and result is not None:
        return f"End: candidate {result.index} is perfect (B.4)."
    if trail.end is TrailEnd.BEST and result is not None:
        return f"End: no perfect candidate exists (B.4); all used, the best is candidate {result.index} (B.8)."
    if trail.end is TrailEnd.BEST:
        return "End: no legal candidate."
    found = f"; best found: candidate {result.index}" if result is not None else ""
    return (f"End: trail cut after {trail.examined:,} candidates{found}. The engine's pairing below is the B.8 "
            "optimum (found by maximum weight matching over the same criteria).")


def sieve_text(ctx: BracketContext, sieve: Sieve) -> list[str]:
    lines = [f"  Sieve: {len(sieve.candidates)} legal candidates with the most pairs (C.1-C.5):"]
    for c in sieve.candidates:
        shown = [f"{a} = {value_text(a, v)}" for a, v in c.evaluation.failures.items() if a != "C.5" and v]
        lines.append(f"    {c.number}. {candidate_text(ctx, c.leaf.pairs, c.leaf.downfloaters)}   {'; '.join(shown)}")
    quiet = []
    for step in sieve.steps:
        if step.article == "C.5" and not step.removed:
            continue  # all have the most pairs by construction
        if not step.removed and not step.best:
            quiet.append(step.article)
            continue
        if not step.removed:
            lines.append(f"    {step.article}: tie, all at {value_text(step.article, step.best)}.")
            continue
        lines.append(
            f"    {step.article}: keeps {_list(step.kept)} ({value_text(step.article, step.best)}), "
            f"removes {_list(step.removed)}."
        )
    if quiet:
        lines.append(f"    No difference on {', '.join(quiet)}.")
    if sieve.chosen is not None:
        how = "generation order (B.8)" if sieve.decided_by == "B.8" else sieve.decided_by
        lines.append(f"    Left: candidate {sieve.chosen.number}, decided by {how}.")
    return lines


def colours_text(explanation: RoundExplanation) -> list[str]:
    lines = ["Colours (section E). \"Played\" lists the colours of the played games, oldest first (W white, "
             "B black; C.04.2.D.5); the preference (A.6) follows in words:"]
    for k, decision in enumerate(explanation.outline.colours, 1):
        w, b = decision.white, decision.black
        lines.append(
            f"  {w.number}-{b.number}: {RULE_TEXT[decision.rule]}. "
            f"#{w.number} played {colour_history(w)} ({preference_text(w)}); "
            f"#{b.number} played {colour_history(b)} ({preference_text(b)})."
        )
    if explanation.outline.pairing.bye is not None:
        lines.append(f"  #{explanation.outline.pairing.bye} receives the pairing-allocated bye (A.5, C.2).")
    return lines


def _ns(ps: tuple[Contestant, ...]) -> str:
    return numbers(p.number for p in ps)


def _list(items: tuple[int, ...]) -> str:
    return ", ".join(str(i) for i in items)
