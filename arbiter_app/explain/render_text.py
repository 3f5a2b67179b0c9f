"""The explanation of a round as plain English, citing the articles (C.04.3), for the desk."""

from __future__ import annotations

from arbiter_app.explain.candidates import BracketContext, Evaluation, Role
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.explain.outline import BracketOutline
from arbiter_app.explain.sieve import Sieve
from arbiter_app.explain.trail import Trail, TrailCandidate, TrailEnd, TrailSkip, ideal_key
from arbiter_app.explain.walk import SkipKind
from arbiter_app.explain.words import (
    colour_history,
    counted,
    float_marks,
    numbers,
    players,
    points,
    preference_text,
    value_text,
)
from arbiter_app.pairing.colours import ColourRule
from arbiter_app.pairing.criteria import Contestant, c1_have_met, may_meet
from arbiter_app.pairing.engine import completable
from arbiter_app.pairing.texts import BAKU_2016_TEXT, RulesText

SIEVE_LINES = 12
"""A sieve is printed for a whole round when it has at most this many candidates."""
LONG_TRAIL = 40
"""Beyond this many candidates, a trail lists only its champions and summarises the rest."""

RULE_WORDS = {
    ColourRule.E1: "both colour preferences granted",
    ColourRule.E2: "the stronger colour preference granted",
    ColourRule.E3: "colours alternated from the last round in which they differed",
    ColourRule.E4: "the higher ranked player's colour preference granted",
    ColourRule.E5: "by the higher ranked player's pairing number and the initial colour",
}


def rule_text(rule: ColourRule, texts: RulesText = BAKU_2016_TEXT) -> str:
    """The colour rule in words, with its article (E.1; C.04.3-2026 5.2.1)."""
    return f"{RULE_WORDS[rule]} ({texts.cite(rule.value)})"


RULE_TEXT = {rule: rule_text(rule) for rule in ColourRule}
"""The rules of section E (Baku 2016) in words."""
SKIP_TEXT = {
    SkipKind.ILLEGAL: "illegal",
    SkipKind.REPEAT: "repeat candidates generated before",
    SkipKind.BOUND: "cannot beat the best so far",
    SkipKind.NOT_ENUMERATED: "not enumerated (too many exchanges)",
}


def round_text(explanation: RoundExplanation, trails: bool = True, only: int | None = None) -> str:
    """The whole round: each bracket with its trail (and sieve where it helps), then the colours."""
    outline = explanation.outline
    lines = [round_title(explanation), *intro_lines(explanation)]
    for bracket in outline.brackets:
        if only is not None and bracket.index != only:
            continue
        lines.append("")
        lines += bracket_text(explanation, bracket, trails, alone=only is not None)
    if only is None:
        lines.append("")
        lines += colours_text(explanation)
    return "\n".join(lines) + "\n"


def round_title(explanation: RoundExplanation) -> str:
    """``Round 7: the pairing explained (FIDE Dutch system, C.04.3 as approved in Baku 2016)``."""
    return f"Round {explanation.round}: the pairing explained (FIDE Dutch system, {explanation.texts.document})"


def intro_lines(explanation: RoundExplanation) -> list[str]:
    """How many players, the order of the brackets, the notation (and C.04.3-2026 [C5]'s bye score)."""
    outline = explanation.outline
    t = explanation.texts
    lines = [
        f"{counted(len(outline.players), 'player')} to pair, processed bracket by bracket from the top scoregroup "
        f"({t.cite('A.9 order')}).",
        f"Notation: scores in points; colour preferences ({t.cite('A.6')}) W*/B* absolute, W/B strong, w/b mild, "
        "- none;",
        f'pairs are written white-black; "floats" means moves down to the next bracket ({t.cite("A.4")}).',
    ]
    if outline.bye_score is not None:
        c5 = t.cite("C.5")
        lines.append(
            f"{c5} ({t.name(t.absolute['C.5']).split(':')[0]}): the pairing-allocated bye goes to a player "
            f"with {points(outline.bye_score)} points, the lowest score that still lets everyone else be "
            f"paired ({t.cite('C.1')}-{t.cite('C.4')}); {c5} ranks above every quality criterion."
        )
    return lines


def players_label(texts: RulesText) -> str:
    """``Players (A.2)``; C.04.3-2026: ``Players (1.2)``."""
    return f"Players ({texts.cite('A.2')})"


def player_lines(explanation: RoundExplanation, bracket: BracketOutline) -> list[str]:
    """One line a player of the bracket: number, score, colour preference, MDP, topscorer, floats."""
    return [_player_line(p, bracket, explanation.round) for p in bracket.players]


def parameters_line(bracket: BracketOutline, texts: RulesText) -> str:
    """B.1's M0, M1, MaxPairs and B.2's S1, S2, Limbo (C.04.3-2026: 3.1, 3.2)."""
    cite = texts.cite
    return (
        f"{cite('B.1')}: M0 = {bracket.m0}, M1 = {bracket.m1}, MaxPairs = {bracket.max_pairs}.  "
        f"{cite('B.2')}: S1 = {_ns(bracket.s1)}, S2 = {_ns(bracket.s2)}"
        + (f", Limbo = {_ns(bracket.limbo)}" if bracket.limbo else "")
    )


def chosen_line(explanation: RoundExplanation, bracket: BracketOutline) -> str:
    """``Chosen (B.8): 3-1, 8-7``: the engine's choice for the bracket, and the article it is chosen by."""
    ctx = explanation.context(bracket.index)
    cite = ctx.texts.cite
    chosen = explanation.chosen_evaluation(bracket.index)
    how = f"{cite('B.4')}: perfect, accepted at once" if chosen.key == ideal_key(chosen, ctx.texts) else cite("B.8")
    return f"Chosen ({how}): {candidate_text(ctx, bracket.chosen.pairs, bracket.chosen.downfloaters)}"


def completion_lines(explanation: RoundExplanation, bracket: BracketOutline) -> list[str]:
    """A.9's completion test after the bracket (C.04.3-2026 [C4]), unindented; empty where none is made."""
    return [line.strip() for line in _completion(explanation, bracket)]


def bracket_text(
    explanation: RoundExplanation, bracket: BracketOutline, trails: bool = True, alone: bool = False
) -> list[str]:
    """One bracket: its outline, its trail and sieve (small brackets, or the one asked for alone), its result."""
    ctx = explanation.context(bracket.index)
    lines = [bracket_heading(explanation, bracket)]
    lines.append(f"  {players_label(ctx.texts)}: " + " | ".join(player_lines(explanation, bracket)))
    lines.append("  " + parameters_line(bracket, ctx.texts))
    if trails and (alone or explanation.is_small(bracket.index)):
        lines += trail_text(ctx, explanation.trail(bracket.index))
        sieve = explanation.sieve(bracket.index)
        if sieve.available and 1 < len(sieve.candidates) <= (SIEVE_LINES if not alone else 200):
            lines += sieve_text(ctx, sieve)
        elif alone:
            lines.append(f"  Sieve: unavailable ({sieve.reason}).")
    elif trails:
        lines.append(
            f"  (Trail not built for a bracket of {counted(len(bracket.players), 'player')}: ask for bracket "
            f"{bracket.index} alone.)"
        )
    lines.append(f"  {chosen_line(explanation, bracket)}.")
    lines += _completion(explanation, bracket)
    return lines


def bracket_heading(explanation: RoundExplanation, bracket: BracketOutline) -> str:
    head = f"Bracket {bracket.index}"
    t = explanation.texts
    moved = bracket.bracket.moved_down
    mdps = ", ".join(f"#{p.number} with {points(p.score)}" for p in moved)
    if bracket.role is Role.PPB and t.completion_in_every_bracket:
        return (
            f"{head}: bracket {bracket.index - 1} paired again with every player not yet paired in view, so that "
            f"a legal pairing remains for all of them ({t.cite('C.4')}) and the following bracket complies with "
            f"{t.cite('C.1')}-{t.label(t.scores_key)} ({t.label(t.next_key)})"
        )
    if bracket.role is Role.PPB:
        return (
            f"{head}: the PPB, bracket {bracket.index - 1} paired again so that its downfloaters let the round "
            f"be completed (A.9, C.4)"
        )
    if bracket.collapsed:
        return (
            f"{head}: the collapsed last bracket (CLB, A.9): the PPB's downfloaters {players(moved)} "
            f"and the collapsed scoregroup {players(bracket.bracket.residents)}"
        )
    score = bracket.score
    text = f"{head}: score {points(score) if score is not None else '-'}, "
    a3 = t.cite("A.3")
    text += f"homogeneous ({a3})" if bracket.is_homogeneous else f"heterogeneous ({a3}), moved down: {mdps}"
    if bracket.role is Role.LAST and t.bye_unplayed_key is not None:
        if bracket.chosen.downfloaters:
            text += (
                f"; it downfloats exactly one player, who receives the pairing-allocated bye ({t.cite('C.2')}, "
                f"{t.cite('C.5')}, {t.label(t.bye_unplayed_key)})"
            )
        else:
            text += f"; the last bracket, which completes the round ({t.cite('A.9')})"
    elif bracket.role is Role.LAST:
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
    t = explanation.texts
    if t.completion_in_every_bracket:
        return _completion_every_bracket(t, bracket, explanation.outline.bye_score)
    if bracket.completion_passed:
        return ["  Completion test (A.9): passed, the remaining players can all be paired."]
    below = explanation.outline.collapsed_scoregroup
    rest = bracket.chosen.downfloaters + below  # everybody not yet paired: the downfloaters and every lower player
    return [
        f"  Completion test (A.9): FAILED: {cannot_all_be_paired(rest)}.",
        f"  So this bracket becomes the PPB (penultimate pairing bracket) and {players(below)} form the "
        "collapsed scoregroup (A.9).",
    ]


def _completion_every_bracket(t: RulesText, bracket: BracketOutline, bye_score: int | None) -> list[str]:
    """C.04.3-2026 [C4] after a bracket: a legal pairing must remain for all players not yet paired."""
    c4 = f"{t.cite('C.4')} ({t.name(t.absolute['C.4']).split(':')[0]})"
    if bracket.completion_passed:
        return [f"  {c4}: passed, the remaining players can all be paired."]
    rest = bracket.chosen.downfloaters + bracket.rest
    if not completable(rest):
        bye = f"{t.cite('C.2')}, {t.cite('C.5')}" if bye_score is not None else None
        why = f"FAILED: {cannot_all_be_paired(rest, t, bye)}"
    else:
        why = (
            f"FAILED for the following bracket ({t.label(t.next_key)}): paired with these downfloaters, the next "
            "scoregroup would leave players who cannot all be paired"
        )
    return [
        f"  {c4}: {why}.",
        f"  So the bracket is paired again with every remaining player in view ({t.cite('C.4')} applies to every "
        "bracket: there is no PPB and no collapsed scoregroup).",
    ]


def cannot_all_be_paired(
    rest: tuple[Contestant, ...], texts: RulesText = BAKU_2016_TEXT, bye: str | None = None
) -> str:
    """Why the players not yet paired cannot complete the round (C.1-C.3), as plainly as the case allows.

    ``bye``: the articles that say who may receive the bye, where more than C.2 does (C.04.3-2026 [C2], [C5]).
    """
    c1, c2, c3 = texts.cite("C.1"), bye or texts.cite("C.2"), texts.cite("C.3")
    odd = len(rest) % 2 == 1
    may_have_bye = [p for p in rest if p.can_get_bye]
    if odd and not may_have_bye:
        return (
            f"{players(rest)} cannot all be paired: they are an odd number, so one of them would receive the "
            f"pairing-allocated bye, and none of them may ({c2})"
        )
    if len(rest) == 2:
        a, b = rest
        if c1_have_met(a, b):
            return f"{players(rest)} cannot be paired: they have already met ({c1})"
        assert a.preference.colour is not None  # not paired, not met: both want one colour absolutely
        return (
            f"{players(rest)} cannot be paired: both have an absolute colour preference for "
            f"{a.preference.colour.name.lower()} ({c3})"
        )
    allowed = [(a, b) for i, a in enumerate(rest) for b in rest[i + 1 :] if may_meet(a, b)]
    if len(rest) <= LISTED_REST:
        pairs = ", ".join(f"{a.number}-{b.number}" for a, b in allowed) or "none"
        bye = f"; only {players(may_have_bye)} may receive the pairing-allocated bye ({c2})" if odd else ""
        return (
            f"{players(rest)} cannot all be paired: the only pairs {c1} and {c3} allow among them are {pairs}"
            f"{bye}, and no choice of these pairs takes everyone in"
        )
    return (
        f"{players(rest)} cannot all be paired without a rematch ({c1}), a pairing-allocated bye to a player "
        f"who may not receive one ({c2}) or two players with the same absolute colour preference meeting ({c3})"
    )


def candidate_text(
    ctx: BracketContext, pairs: tuple[tuple[Contestant, Contestant], ...], downfloaters: tuple[Contestant, ...]
) -> str:
    parts = [f"{w}-{b}" for w, b in (ctx.colours(pair) for pair in pairs)]
    if downfloaters:
        verb = "floats" if len(downfloaters) == 1 else "float"
        if ctx.role is Role.LAST and len(downfloaters) == 1:
            parts.append(f"#{downfloaters[0].number} gets the bye")
        else:
            parts.append(f"{players(downfloaters)} {verb}")
    return ", ".join(parts) if parts else "no pair"


def failures_text(evaluation: Evaluation, ideal: tuple[object, ...], texts: RulesText = BAKU_2016_TEXT) -> str:
    """The criteria a candidate does not fulfil (B.4), with their failure values."""
    worse = []
    for article, value, best in zip(texts.keys, evaluation.key, ideal):
        if article in evaluation.failures and value != best:
            worse.append(f"{texts.label(article)} = {value_text(article, value, texts)}")
    return "fails " + ", ".join(worse) if worse else "fulfils every criterion"


def trail_text(ctx: BracketContext, trail: Trail) -> list[str]:
    cite = ctx.texts.cite
    lines = [f"  Trail ({cite('B.3-B.8')}, candidates in the order of {cite('D')}):"]
    long = len(trail.candidates) > LONG_TRAIL
    hidden = 0
    for entry in trail.entries:
        if isinstance(entry, TrailSkip):
            lines.append(f"     ... {_skip_text(entry, ctx.texts)}")
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
    lines.append("  " + _end_text(trail, ctx.texts))
    return lines


def _candidate_lines(ctx: BracketContext, c: TrailCandidate, trail: Trail) -> list[str]:
    t = ctx.texts
    head = f"    {c.index}. {candidate_text(ctx, c.leaf.pairs, c.leaf.downfloaters)}  [{c.alteration}]"
    if c.violation is not None:
        return [head, f"       illegal ({t.label(c.violation.article)}): {c.violation.detail}."]
    verdict = failures_text(c.evaluation, trail.ideal, t)
    if c.perfect:
        verdict += f": perfect ({t.cite('B.4')}), chosen at once"
    elif c.champion:
        better = c.beats_previous_on
        verdict += ". Best so far" + (f" (better on {t.label(better)})" if better and better != "first legal" else "")
    else:
        verdict += f". Not better than the best so far (worse on {t.label(c.loses_on or '')})"
    return [head, f"       legal; {verdict}."]


def _skip_text(skip: TrailSkip, texts: RulesText = BAKU_2016_TEXT) -> str:
    parts = []
    for reason in skip.reasons:
        text = f"{reason.count:,} {SKIP_TEXT[reason.kind]}"
        inside = [texts.label(reason.article)] if reason.article else []
        inside += list(reason.details[:3])
        if inside:
            text += f" ({': '.join(inside[:1]) + (': ' + '; '.join(inside[1:]) if inside[1:] else '')})"
        parts.append(text)
    return f"{skip.count:,} candidate(s) skipped: " + ", ".join(parts)


def _end_text(trail: Trail, texts: RulesText = BAKU_2016_TEXT) -> str:
    result = trail.result
    b4, b8 = texts.cite("B.4"), texts.cite("B.8")
    if trail.end is TrailEnd.PERFECT and result is not None:
        return f"End: candidate {result.index} is perfect ({b4})."
    if trail.end is TrailEnd.BEST and result is not None:
        return f"End: no perfect candidate exists ({b4}); all used, the best is candidate {result.index} ({b8})."
    if trail.end is TrailEnd.BEST:
        return "End: no legal candidate."
    found = f"; best found: candidate {result.index}" if result is not None else ""
    return (
        f"End: trail cut after {trail.examined:,} candidates{found}. The engine's pairing below is the {b8} "
        "optimum (found by maximum weight matching over the same criteria)."
    )


def sieve_text(ctx: BracketContext, sieve: Sieve) -> list[str]:
    t = ctx.texts
    first = t.pairs_key
    most = f"({t.cite('C.1')}-{t.label(first)})"
    lines = [f"  Sieve: {counted(len(sieve.candidates), 'legal candidate')} with the most pairs {most}:"]
    for c in sieve.candidates:
        shown = [f"{t.label(a)} = {value_text(a, v, t)}" for a, v in c.evaluation.failures.items() if a != first and v]
        lines.append(f"    {c.number}. {candidate_text(ctx, c.leaf.pairs, c.leaf.downfloaters)}   {'; '.join(shown)}")
    quiet = []
    for step in sieve.steps:
        label = t.label(step.article)
        if step.article == first and not step.removed:
            continue  # all have the most pairs by construction
        if not step.removed and not step.best:
            quiet.append(label)
            continue
        if not step.removed:
            lines.append(f"    {label}: tie, all at {value_text(step.article, step.best, t)}.")
            continue
        lines.append(
            f"    {label}: keeps {_list(step.kept)} ({value_text(step.article, step.best, t)}), "
            f"removes {_list(step.removed)}."
        )
    if quiet:
        lines.append(f"    No difference on {', '.join(quiet)}.")
    if sieve.chosen is not None:
        b8 = t.cite("B.8")
        how = f"generation order ({b8})" if sieve.decided_by == b8 else t.label(sieve.decided_by or "")
        lines.append(f"    Left: candidate {sieve.chosen.number}, decided by {how}.")
    return lines


def colours_text(explanation: RoundExplanation) -> list[str]:
    """The heading of section E, then one line a board (indented), then the bye."""
    return [colours_heading(explanation)] + [f"  {line}" for line in colour_lines(explanation)]


def colours_heading(explanation: RoundExplanation) -> str:
    t = explanation.texts
    return (
        f'Colours ({t.cite("E")}). "Played" lists the colours of the played games, oldest first (W white, '
        f"B black; {t.cite('C.04.2.D.5')}); the preference ({t.cite('A.6')}) follows in words:"
    )


def colour_lines(explanation: RoundExplanation) -> list[str]:
    """Each board's colours with the article of section E that gave them, then the bye."""
    t = explanation.texts
    lines = []
    for decision in explanation.outline.colours:
        w, b = decision.white, decision.black
        lines.append(
            f"{w.number}-{b.number}: {rule_text(decision.rule, t)}. "
            f"#{w.number} played {colour_history(w)} ({preference_text(w)}); "
            f"#{b.number} played {colour_history(b)} ({preference_text(b)})."
        )
    if explanation.outline.pairing.bye is not None:
        articles = [t.cite("A.5"), t.cite("C.2")]
        if explanation.outline.bye_score is not None:
            articles.append(t.cite("C.5"))
        bye = explanation.outline.pairing.bye
        lines.append(f"#{bye} receives the pairing-allocated bye ({', '.join(articles)}).")
    return lines


def _ns(ps: tuple[Contestant, ...]) -> str:
    return numbers(p.number for p in ps)


def _list(items: tuple[int, ...]) -> str:
    return ", ".join(str(i) for i in items)
