"""The explanation of a round as JSON-ready data, for the GUI panel and for tests.

Scores and score differences are in points (``1.5``); failure values are
keyed ``"C.5"`` ... ``"C.19"``: counts as integers, score differences
(C.6, C.16-C.19) as lists from the highest, C.7 as an object (players the
following bracket leaves unpaired, and its PSD), ``null`` where a criterion
does not apply.  Every pair is ``[white, black]``: for a candidate, the
colours E.1-E.5 would give that pair (see ``key``).
"""

from __future__ import annotations

from typing import Any

from arbiter_app.explain.candidates import ARTICLES, BracketContext, Evaluation, NextBracket, Role, Violation
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.explain.outline import BracketOutline
from arbiter_app.explain.sieve import Sieve
from arbiter_app.explain.trail import Trail, TrailCandidate, TrailSkip
from arbiter_app.explain.why import Alternative, Search, WhyFloat, WhyNot
from arbiter_app.explain.words import colour_history, counted, float_marks
from arbiter_app.pairing.criteria import Contestant
from arbiter_app.pairing.floats import Float
from arbiter_app.pairing.texts import BAKU_2016_TEXT, RulesText

JSON_ENTRIES = 500
"""A trail with more candidates lists only its champions; the others are counted."""

KEY = {
    "pairs": "[white, black] pairing numbers; for a candidate, the colours E.1-E.5 would allocate to that pair",
    "scores": "points; score differences and PSDs (A.8) are lists of points, highest first",
    "failures": "failure values of C.5-C.19 (C.7: players left unpaired in the following bracket, then its PSD; "
    "null where the criterion does not apply: C.7 in the PPB and the last bracket)",
    "colour_preference": "A.6: W*/B* absolute, W/B strong, w/b mild, - none",
    "floats": "A.4: floats received one and two rounds before: D down, U up, '' none",
    "beats_previous_on": "the criterion on which a new champion beat the previous one ('first legal' for the first)",
}


def key_json(texts: RulesText) -> dict[str, str]:
    """The legend of the JSON, in the words of the edition."""
    if texts is BAKU_2016_TEXT:
        return KEY
    first, last = texts.keys[0], texts.keys[-1]
    lists = ", ".join(texts.label(k) for k in sorted(texts.score_lists, key=texts.keys.index))
    return {
        **KEY,
        "pairs": f"[white, black] pairing numbers; for a candidate, the colours {texts.cite('E.1')}-"
        f"{texts.cite('E.5')} would allocate to that pair",
        "scores": f"points; {texts.label(texts.scores_key)} lists the downfloaters' scores, the other score lists "
        "are score differences, highest first",
        "failures": f"failure values of {texts.label(first)}-{texts.label(last)} (keys without brackets: "
        f"{first} ... {last}; lists for {lists}; {texts.label(texts.next_key)}: players left unpaired in "
        "the following bracket, then their scores; null where the criterion does not apply)",
        "colour_preference": f"{texts.cite('A.6')}: W*/B* absolute, W/B strong, w/b mild, - none",
        "floats": f"{texts.cite('A.4')}: floats received one and two rounds before: D down, U up, '' none",
    }


def round_json(explanation: RoundExplanation, trails: bool = True, only: int | None = None) -> dict[str, Any]:
    outline = explanation.outline
    texts = explanation.texts
    brackets = [
        bracket_json(explanation, b, trails, alone=only is not None)
        for b in outline.brackets
        if only is None or b.index == only
    ]
    return {
        "round": outline.round,
        "edition": outline.edition.name,
        **({"rules": texts.document} if texts is not BAKU_2016_TEXT else {}),
        "key": key_json(texts),
        **(
            {"bye_score": _points(outline.bye_score) if outline.bye_score is not None else None}
            if "C.5" in texts.absolute
            else {}
        ),
        "brackets": brackets,
        "collapsed_scoregroup": [p.number for p in outline.collapsed_scoregroup] or None,
        "boards": [
            {
                "white": d.white.number,
                "black": d.black.number,
                "rule": texts.cite(d.rule.value),
                "white_colours": colour_history(d.white),
                "black_colours": colour_history(d.black),
                "white_preference": d.white.preference.symbol(),
                "black_preference": d.black.preference.symbol(),
            }
            for d in outline.colours
        ],
        "bye": outline.pairing.bye,
    }


def bracket_json(
    explanation: RoundExplanation, bracket: BracketOutline, trails: bool = True, alone: bool = False
) -> dict[str, Any]:
    ctx = explanation.context(bracket.index)
    built = trails and (alone or explanation.is_small(bracket.index))
    sieve = explanation.sieve(bracket.index) if built else None
    note = (
        None
        if built or not trails
        else (
            f"not built for a bracket of {counted(len(bracket.players), 'player')}: ask for bracket {bracket.index} alone"
        )
    )
    return {
        "index": bracket.index,
        "kind": "repaired"
        if bracket.role is Role.PPB and explanation.texts.completion_in_every_bracket
        else bracket.role.value,
        "collapsed": bracket.collapsed,
        "superseded": bracket.superseded,
        "score": _points(bracket.score) if bracket.score is not None else None,
        "homogeneous": bracket.is_homogeneous,
        "players": [_player(explanation, bracket, p) for p in bracket.players],
        "moved_down": [p.number for p in bracket.bracket.moved_down],
        "residents": [p.number for p in bracket.bracket.residents],
        "m0": bracket.m0,
        "m1": bracket.m1,
        "max_pairs": bracket.max_pairs,
        "s1": [p.number for p in bracket.s1],
        "s2": [p.number for p in bracket.s2],
        "limbo": [p.number for p in bracket.limbo],
        "chosen": {
            **_candidate(ctx, bracket.chosen.pairs, bracket.chosen.downfloaters),
            "failures": failures_json(explanation.chosen_evaluation(bracket.index), ctx.articles),
        },
        "completion_test": bracket.completion_passed,
        "trail": trail_json(ctx, explanation.trail(bracket.index)) if built else None,
        "sieve": sieve_json(ctx, sieve) if sieve is not None else None,
        "trail_note": note,
    }


def _player(explanation: RoundExplanation, bracket: BracketOutline, p: Contestant) -> dict[str, Any]:
    return {
        "number": p.number,
        "bsn": bracket.bsn(p.number),
        "score": _points(p.score),
        "moved_down": p in bracket.bracket.moved_down,
        "colour_preference": p.preference.symbol(),
        "strength": p.preference.strength.name.lower(),
        "colours": colour_history(p),
        "topscorer": p.is_topscorer,
        "floats": [_float(p.float_previous), _float(p.float_before)],
        "floats_text": float_marks(p, explanation.round),
    }


def _float(f: Float) -> str:
    return {Float.DOWN: "D", Float.UP: "U", Float.NONE: ""}[f]


def _candidate(
    ctx: BracketContext, pairs: tuple[tuple[Contestant, Contestant], ...], downfloaters: tuple[Contestant, ...]
) -> dict[str, Any]:
    return {
        "pairs": [list(ctx.colours(pair)) for pair in pairs],
        "downfloaters": [p.number for p in downfloaters],
    }


def failures_json(evaluation: Evaluation, articles: tuple[str, ...] = ARTICLES) -> dict[str, Any]:
    return {article: _value(evaluation.failures.get(article)) for article in articles}


def _value(value: object) -> Any:
    if value is None:
        return None
    if isinstance(value, NextBracket):
        return {"unpaired": value.unpaired, "barred_from_bye": value.barred_from_bye, "psd": _points_list(value.psd)}
    if isinstance(value, tuple):
        return _points_list(value)
    return value


def _violation(violation: Violation | None) -> dict[str, Any] | None:
    if violation is None:
        return None
    return {
        "article": violation.article,
        "players": list(violation.players),
        "detail": violation.detail,
        "round": violation.round,
    }


def trail_json(ctx: BracketContext, trail: Trail) -> dict[str, Any]:
    long = len(trail.candidates) > JSON_ENTRIES
    entries: list[dict[str, Any]] = []
    hidden = 0
    for entry in trail.entries:
        if isinstance(entry, TrailSkip):
            entries.append(_skip(entry))
        elif long and not entry.champion:
            hidden += 1
            continue
        else:
            if hidden:
                entries.append({"kind": "examined", "count": hidden, "reason": "not better than the champion"})
                hidden = 0
            entries.append(_trail_candidate(ctx, entry))
    if hidden:
        entries.append({"kind": "examined", "count": hidden, "reason": "not better than the champion"})
    return {
        "end": trail.end.value,
        "complete": trail.complete,
        "examined": trail.examined,
        "skipped": trail.skipped,
        "champions": [c.index for c in trail.champions],
        "result": trail.result.index if trail.result is not None else None,
        "entries": entries,
        "warnings": list(trail.warnings),
    }


def _trail_candidate(ctx: BracketContext, c: TrailCandidate) -> dict[str, Any]:
    groups = c.leaf.subgroups
    return {
        "kind": "candidate",
        "index": c.index,
        "alteration": c.alteration,
        **_candidate(ctx, c.leaf.pairs, c.leaf.downfloaters),
        "subgroups": {
            "S1": list(groups.s1),
            "S2": list(groups.s2),
            "Limbo": list(groups.limbo),
            "S1R": list(groups.s1r) if groups.s1r is not None else None,
            "S2R": list(groups.s2r) if groups.s2r is not None else None,
        },
        "legal": c.legal,
        "violation": _violation(c.violation),
        "failures": failures_json(c.evaluation, ctx.articles),
        "champion": c.champion,
        "beats_previous_on": c.beats_previous_on,
        "loses_on": c.loses_on,
        "perfect": c.perfect,
    }


def _skip(skip: TrailSkip) -> dict[str, Any]:
    return {
        "kind": "skipped",
        "count": skip.count,
        "reasons": [
            {"reason": r.kind.value, "article": r.article, "count": r.count, "details": list(r.details)}
            for r in skip.reasons
        ],
        "example": [list(pair) for pair in skip.example],
    }


def sieve_json(ctx: BracketContext, sieve: Sieve) -> dict[str, Any] | None:
    if not sieve.available:
        return {"available": False, "reason": sieve.reason}
    return {
        "available": True,
        "candidates": [
            {
                "number": c.number,
                **_candidate(ctx, c.leaf.pairs, c.leaf.downfloaters),
                "failures": failures_json(c.evaluation, ctx.articles),
            }
            for c in sieve.candidates
        ],
        "steps": [
            {"article": s.article, "best": _value(s.best), "kept": list(s.kept), "removed": list(s.removed)}
            for s in sieve.steps
        ],
        "chosen": sieve.chosen.number if sieve.chosen is not None else None,
        "decided_by": sieve.decided_by,
    }


def alternative_json(
    explanation: RoundExplanation, index: int, alternative: Alternative | None
) -> dict[str, Any] | None:
    if alternative is None:
        return None
    ctx = explanation.context(index)
    article = alternative.loses_on
    chosen = explanation.chosen_evaluation(index)
    articles = ctx.articles
    position = articles.index(article) if article in articles else None
    return {
        **_candidate(ctx, alternative.pairs, alternative.downfloaters),
        "violation": _violation(alternative.violation),
        "failures": failures_json(alternative.evaluation, articles),
        "loses_on": article,
        "value": _value(alternative.evaluation.key[position]) if position is not None else None,
        "chosen_value": _value(chosen.key[position]) if position is not None else None,
    }


def _search(explanation: RoundExplanation, index: int | None, search: Search | None) -> dict[str, Any] | None:
    if search is None or index is None:
        return None
    return {
        "best": alternative_json(explanation, index, search.best),
        "complete": search.complete,
        "violations": [_violation(v) for v in search.violations],
    }


def why_not_json(explanation: RoundExplanation, answer: WhyNot) -> dict[str, Any]:
    index = answer.bracket.index if answer.bracket is not None else None
    return {
        "round": answer.round,
        "question": "why-not",
        "players": [answer.a.number, answer.b.number],
        "verdict": answer.verdict.name.lower(),
        "article": explanation.texts.cite(answer.verdict.value),
        "bracket": index,
        "lower_bracket": answer.lower_bracket.index if answer.lower_bracket is not None else None,
        "violation": _violation(answer.violation),
        "search": _search(explanation, index, answer.search),
    }


def why_float_json(explanation: RoundExplanation, answer: WhyFloat) -> dict[str, Any]:
    return {
        "round": answer.round,
        "question": "why-float",
        "player": answer.player.number,
        "floats": bool(answer.reasons),
        "bye": answer.bye,
        "opponent": answer.opponent.number if answer.opponent is not None else None,
        "brackets": [
            {
                "bracket": r.bracket.index,
                "search": _search(explanation, r.bracket.index, r.search),
                "alternatives": [alternative_json(explanation, r.bracket.index, a) for a in r.others],
            }
            for r in answer.reasons
        ],
    }


def _points(tenths: int) -> float:
    return tenths / 10


def _points_list(values: tuple[int, ...]) -> list[float]:
    return [v / 10 for v in values]
