"""Answers to "why not against B?" and "why do I float?" in words a player at the desk can follow."""

from __future__ import annotations

from arbiter_app.explain.candidates import BracketContext, NextBracket
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.explain.outline import BracketOutline
from arbiter_app.explain.render_text import candidate_text
from arbiter_app.explain.why import Alternative, FloatReason, Verdict, WhyFloat, WhyNot, home_bracket
from arbiter_app.explain.words import culprits, players, points, value_text
from arbiter_app.pairing.criteria import Contestant

CUT = (
    "(The bracket is large: a fixed number of its candidates were searched; this is the best one found, "
    "and the engine's pairing is the best of all, B.8.)"
)


def _cut(explanation: RoundExplanation) -> str:
    return CUT.replace("B.8", explanation.texts.cite("B.8"))


def why_not_text(explanation: RoundExplanation, answer: WhyNot) -> str:
    return "\n".join(why_not_lines(explanation, answer)) + "\n"


def why_not_lines(explanation: RoundExplanation, answer: WhyNot) -> list[str]:
    """The question, then the answer, one line a sentence (indented lines belong to the line above)."""
    a, b = answer.a, answer.b
    t = explanation.texts
    lines = [f"Why are #{a.number} and #{b.number} not paired in round {answer.round}?"]
    verdict = answer.verdict
    if verdict is Verdict.PAIRED:
        lines.append("They are paired together.")
    elif verdict in (Verdict.ALREADY_MET, Verdict.SAME_ABSOLUTE_COLOUR) and answer.violation is not None:
        lines.append(
            f"They may not meet: {answer.violation.detail} ({t.label(answer.violation.article)}: "
            f"{t.name(answer.violation.article)}). That is an absolute criterion."
        )
    elif verdict is Verdict.BOTH_MOVED_DOWN and answer.bracket is not None:
        lines.append(
            f"Both moved down into bracket {answer.bracket.index}; moved-down players are paired with the "
            f"bracket's resident players only, never with each other ({t.cite('B.2')}, {t.cite('B.3')}), "
            "so both float on."
        )
    elif verdict is Verdict.NO_LEGAL_CANDIDATE and answer.bracket is not None:
        lines.append(f"Both are in bracket {answer.bracket.index}, but no legal pairing of it pairs them together.")
        if answer.violation is not None:
            lines.append(
                f"Pairing them there breaks {t.label(answer.violation.article)} "
                f"({t.name(answer.violation.article)}): {answer.violation.detail}."
            )
    elif verdict is Verdict.WORSE and answer.bracket is not None and answer.search is not None:
        lines += _worse(explanation, answer.bracket, answer.search.best, f"#{a.number} against #{b.number}")
        if not answer.search.complete:
            lines.append(_cut(explanation))
    elif verdict is Verdict.DIFFERENT_BRACKETS and answer.bracket is not None:
        lines += _different(explanation, answer)
    return lines


def _worse(explanation: RoundExplanation, bracket: BracketOutline, best: Alternative | None, what: str) -> list[str]:
    ctx = explanation.context(bracket.index)
    chosen = bracket.chosen
    lines = [
        f"In bracket {bracket.index} the pairing chosen is {candidate_text(ctx, chosen.pairs, chosen.downfloaters)}."
    ]
    if best is None:
        return lines + [f"No legal pairing of the bracket has {what}."]
    lines.append(f"The best pairing with {what} is {candidate_text(ctx, best.pairs, best.downfloaters)}.")
    lines += compare_lines(explanation, bracket, best)
    return lines


def compare_lines(explanation: RoundExplanation, bracket: BracketOutline, alternative: Alternative) -> list[str]:
    """Why an alternative loses to the chosen pairing: the first criterion, both values, and who fails it."""
    article = alternative.loses_on
    t = explanation.texts
    articles = t.keys
    if article is None:
        return ["It would even be better than the engine's pairing: please report this."]
    if article == t.cite("B.8"):
        return [
            "It satisfies every criterion exactly as well, but the chosen pairing comes first in the order "
            f"of {t.cite('D')}, and {t.cite('B.8')} then takes the one generated first."
        ]
    chosen = explanation.chosen_evaluation(bracket.index)
    ours, theirs = alternative.value(article), chosen.key[articles.index(article)]
    lines = [
        f"It loses on {t.label(article)} ({t.name(article)}): {value_text(article, ours, t)} against "
        f"{value_text(article, theirs, t)} for the chosen pairing."
    ]
    reasons = _reasons(explanation, bracket, alternative, article)
    if len(reasons) > 4:
        reasons = reasons[:4] + [f"and {len(reasons) - 4} more"]
    if reasons:
        lines.append("  " + "; ".join(reasons) + ".")
    also = [
        f"{t.label(later)} ({value_text(later, alternative.value(later), t)} against "
        f"{value_text(later, chosen.key[k], t)})"
        for k, later in enumerate(articles)
        if k > articles.index(article) and alternative.value(later) > chosen.key[k]  # type: ignore[operator]
    ]
    if also:
        lines.append("It would also be worse on " + ", ".join(also[:3]) + ".")
    return lines


def _reasons(
    explanation: RoundExplanation, bracket: BracketOutline, alternative: Alternative, article: str
) -> list[str]:
    ctx = explanation.context(bracket.index)
    if article == ctx.texts.next_key:
        value = alternative.value(article)
        assert isinstance(value, NextBracket)
        below = alternative.downfloaters + ctx.bracket.following
        text = f"the following bracket ({players(below)}) would leave {value.unpaired} player(s) unpaired"
        if len(below) <= 6:
            blocked = [
                v.detail
                for i, x in enumerate(below)
                for y in below[i + 1 :]
                if (v := ctx.pair_violation(x, y)) is not None
            ]
            if blocked:
                text += " (" + "; ".join(blocked) + ")"
        return [text]
    return culprits(ctx, alternative.pairs, alternative.downfloaters, article, explanation.round)


def _different(explanation: RoundExplanation, answer: WhyNot) -> list[str]:
    higher, lower = answer.a, answer.b
    home = answer.bracket
    assert home is not None
    lower_bracket = answer.lower_bracket
    lines = [
        f"They are in different brackets: #{higher.number} ({points(higher.score)}) is paired in bracket {home.index}, "
        f"#{lower.number} ({points(lower.score)}) in bracket {lower_bracket.index if lower_bracket else '?'}.",
        f"Players of different scores meet only when the higher one floats down ({explanation.texts.cite('A.3')}, "
        f"{explanation.texts.cite('A.4')}); brackets are paired from the top ({explanation.texts.cite('A.9 order')}), "
        f"so #{lower.number} cannot move up to #{higher.number}.",
    ]
    found = answer.search
    if found is None or found.best is None:
        lines.append(f"No legal pairing of bracket {home.index} lets #{higher.number} float.")
        return lines
    ctx = explanation.context(home.index)
    lines.append(
        f"The best pairing of bracket {home.index} in which #{higher.number} floats is "
        f"{candidate_text(ctx, found.best.pairs, found.best.downfloaters)}."
    )
    lines += compare_lines(explanation, home, found.best)
    if not found.complete:
        lines.append(_cut(explanation))
    return lines


def why_float_text(explanation: RoundExplanation, answer: WhyFloat) -> str:
    return "\n".join(why_float_lines(explanation, answer)) + "\n"


def why_float_lines(explanation: RoundExplanation, answer: WhyFloat) -> list[str]:
    """The question, then the answer, one line a sentence (indented lines belong to the line above)."""
    p = answer.player
    word = "get the pairing-allocated bye" if answer.bye else "float"
    lines = [f"Why does #{p.number} {word} in round {answer.round}?"]
    bye_score = explanation.outline.bye_score
    if answer.bye and bye_score is not None:
        t = explanation.texts
        c5 = t.absolute["C.5"]
        lines.append(
            f"{t.label(c5)} ({t.name(c5)}): the lowest score the round allows for the bye is "
            f"{points(bye_score)}, and #{p.number} has {points(p.score)}."
        )
    if not answer.reasons:
        if answer.opponent is not None:
            lines.append(f"#{p.number} does not float: he is paired against #{answer.opponent.number}.")
        return lines
    for reason in answer.reasons:
        lines += _float_reason(explanation, p, reason, answer.bye and reason is answer.reasons[-1])
    if answer.opponent is not None:
        home = home_bracket(explanation, p.number)
        lines.append(f"#{p.number} is then paired against #{answer.opponent.number} in bracket {home.index}.")
    return lines


def _float_reason(explanation: RoundExplanation, p: Contestant, reason: FloatReason, bye: bool) -> list[str]:
    bracket = reason.bracket
    ctx = explanation.context(bracket.index)
    chosen = bracket.chosen
    size = len(bracket.players)
    t = explanation.texts
    lines = [f"In bracket {bracket.index} ({_members(bracket)}):"]
    if bracket.max_pairs * 2 < size:
        left = size - 2 * bracket.max_pairs
        lines.append(
            f"  {size} players make at most {bracket.max_pairs} pair(s) ({t.cite('B.1')}: MaxPairs = "
            f"{bracket.max_pairs}), so {left} must be left over ({t.label(t.pairs_key)})."
        )
    failing = _failing(ctx, explanation, bracket)
    fails = "; ".join(failing.values())
    text = f"  The pairing chosen is {candidate_text(ctx, chosen.pairs, chosen.downfloaters)}"
    lines.append(text + (f". It fails only {fails}." if fails else ", which fulfils every criterion that can be."))
    alternatives = reason.others or ((reason.search.best,) if reason.search.best is not None else ())
    if not alternatives:
        lines.append(f"  No legal pairing of this bracket pairs #{p.number}.")
        for violation in reason.search.violations[:4]:
            lines.append(f"    {violation.detail} ({t.label(violation.article)}).")
        return lines
    if not reason.search.complete and not reason.others:
        lines.append("  " + _cut(explanation))
    lines.append(f"  Every pairing in which #{p.number} is paired is worse ({t.cite('B.8')}):")
    for alternative in alternatives:
        lines.append(f"  - {candidate_text(ctx, alternative.pairs, alternative.downfloaters)}:")
        if alternative.violation is not None:
            violation = alternative.violation
            lines.append(f"      not allowed: {violation.detail} ({t.label(violation.article)}).")
            if alternative.loses_on not in (None, t.cite("B.8")):
                lines.append(f"      It would also be worse on {t.label(alternative.loses_on or '')}.")
            continue
        lines += ["      " + line for line in compare_lines(explanation, bracket, alternative)]
    outcome = "gets the bye" if bye else "floats"
    if failing:
        lines.append(
            f"  So #{p.number} {outcome}, and correctly: the chosen pairing breaks only "
            f"{' and '.join(t.label(a) for a in failing)}, and every other pairing breaks an absolute "
            f"criterion or one of higher priority ({t.cite('B.8')})."
        )
    else:
        lines.append(f"  So #{p.number} {outcome}, and correctly.")
    return lines


def _failing(ctx: BracketContext, explanation: RoundExplanation, bracket: BracketOutline) -> dict[str, str]:
    """The criteria (C.8-C.19; C.04.3-2026 [C10]-[C21]) the chosen pairing fails, each with who fails it."""
    t = explanation.texts
    chosen = bracket.chosen
    parts = {}
    optimised = (t.pairs_key, t.scores_key, t.next_key, t.bye_unplayed_key)
    for article, value in explanation.chosen_evaluation(bracket.index).failures.items():
        if article in optimised or not value:
            continue
        who = culprits(ctx, chosen.pairs, chosen.downfloaters, article, explanation.round)
        parts[article] = f"{t.label(article)} ({t.name(article)})" + (f": {'; '.join(who)}" if who else "")
    return parts


def _members(bracket: BracketOutline) -> str:
    moved = bracket.bracket.moved_down
    text = ", ".join(f"#{q.number} ({points(q.score)}, moved down)" for q in moved)
    residents = ", ".join(f"#{q.number} ({points(q.score)})" for q in bracket.bracket.residents)
    return ", ".join(part for part in (text, residents) if part)
