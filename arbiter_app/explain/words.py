"""Plain words for the explanation: points, players, pairs, and who fails a criterion and how.

Who fails a criterion is read off the evaluator's own per-pair and
per-downfloater contributions (``criteria.QUALITY_CRITERIA``), so the words
always agree with the failure values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from arbiter_app.explain.candidates import BracketContext, NextBracket
from arbiter_app.pairing.colours import Strength
from arbiter_app.pairing.criteria import Contestant, Kind
from arbiter_app.pairing.floats import Float
from arbiter_app.pairing.model import Colour
from arbiter_app.pairing.texts import BAKU_2016_TEXT, RulesText

CRITERION_TEXT: dict[str, str] = dict(BAKU_2016_TEXT.names)
"""What each criterion of C.04.3 (Baku 2016) asks for; an edition's own: ``edition.texts.names``."""


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``1 player``, ``2 players``, ``0 players`` (``plural`` for nouns not made plural by an ``s``)."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def points(tenths: int) -> str:
    """``15`` -> ``"1.5"``."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"


def player(p: Contestant) -> str:
    return f"#{p.number}"


def players(ps: Iterable[Contestant]) -> str:
    names = [player(p) for p in ps]
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def numbers(ns: Iterable[int]) -> str:
    return "[" + ", ".join(str(n) for n in ns) + "]"


def pair_text(pair: tuple[int, int]) -> str:
    return f"{pair[0]}-{pair[1]}"


def colour_name(colour: Colour | None) -> str:
    return {Colour.WHITE: "White", Colour.BLACK: "Black", None: "no colour"}[colour]


def preference_text(p: Contestant) -> str:
    """A.6 in words: "an absolute preference for White"."""
    pref = p.preference
    if pref.colour is None:
        return "no colour preference (no game played)"
    strength = {Strength.ABSOLUTE: "an absolute", Strength.STRONG: "a strong", Strength.MILD: "a mild"}[pref.strength]
    return f"{strength} preference for {colour_name(pref.colour)}"


def colour_history(p: Contestant) -> str:
    """Colours of the played games, oldest first (C.04.2.D.5)."""
    return "".join("W" if c is Colour.WHITE else "B" for c in p.preference.played_colours) or "-"


def float_marks(p: Contestant, round_number: int) -> str:
    """Floats of the last two rounds (A.4), e.g. "down in round 3"."""
    marks = []
    for which, offset in ((p.float_previous, 1), (p.float_before, 2)):
        if which is not Float.NONE and round_number - offset >= 1:
            direction = "down" if which is Float.DOWN else "up"
            marks.append(f"{direction} in round {round_number - offset}")
    return ", ".join(marks)


def value_text(article: str, value: object, texts: RulesText = BAKU_2016_TEXT) -> str:
    """A failure value in points and words."""
    if isinstance(value, NextBracket):
        text = f"{value.unpaired} unpaired"
        if value.barred_from_bye:
            text += f" ({value.barred_from_bye} barred from the bye)"
        if texts.scores_as_points:
            return text + f", their scores {psd_text(value.psd)}"
        return text + f", PSD {psd_text(value.psd)}"
    if isinstance(value, tuple):
        return psd_text(value)
    return str(value)


def psd_text(values: Sequence[int]) -> str:
    return "{" + ", ".join(points(v) for v in values) + "}" if values else "{}"


def culprits(
    ctx: BracketContext,
    pairs: Sequence[tuple[Contestant, Contestant]],
    downfloaters: Sequence[Contestant],
    article: str,
    round_number: int,
) -> list[str]:
    """Who makes a candidate fail ``article``, in words (C.5-C.19 but C.7; C.04.3-2026 [C6]-[C21] but [C8])."""
    criterion = next((c for c in ctx.quality if c.article == article), None)
    if criterion is None:
        if article == ctx.texts.bye_unplayed_key:
            return [f"#{p.number} would receive the bye with {p.unplayed} unplayed game(s)" for p in downfloaters]
        return []
    wording = ctx.texts.wording(article)
    found: list[str] = []
    for a, b in pairs:
        h, l = (a, b) if a.sort_key() <= b.sort_key() else (b, a)
        value = criterion.pair(h, l)
        if value:
            found.append(_pair_reason(wording, h, l, value, round_number))
    for p in downfloaters:
        value = criterion.downfloater(p, ctx.base)
        if value is not None and (criterion.kind is Kind.SCORE_DIFFERENCES or value):
            if ctx.texts.scores_as_points:
                found.append(_floater_reason_2026(wording, p, value, round_number))
            else:
                found.append(_floater_reason(wording, p, value, round_number))
    return found


def _pair_reason(article: str, h: Contestant, l: Contestant, value: int, round_number: int) -> str:
    hp, lp = h.preference, l.preference
    if article in ("C.10", "C.11"):
        kind = "strong " if article == "C.11" else ""
        return f"#{h.number} and #{l.number} both want {colour_name(hp.colour or lp.colour)}: one gets no {kind}colour preference"
    if article == "C.8":
        return f"#{h.number} or #{l.number} would reach a colour difference beyond 2"
    if article == "C.9":
        return f"#{h.number} or #{l.number} would get the same colour a third time running"
    if article == "C.6":
        return f"{h.number}-{l.number}: score difference {points(value)}"
    earlier = round_number - (1 if article in ("C.12", "C.13", "C.16", "C.17") else 2)
    if article in ("C.12", "C.14", "C.16", "C.18"):
        text = f"#{h.number} floats down again (as in round {earlier}), against #{l.number}"
    else:
        text = f"#{l.number} floats up again (as in round {earlier}), against #{h.number}"
    if article in ("C.16", "C.17", "C.18", "C.19"):
        text += f": score difference {points(value)}"
    return text


def _floater_reason_2026(wording: str, p: Contestant, value: int, round_number: int) -> str:
    """C.04.3-2026: [C7] counts the downfloater's score; [C18]/[C20] an MDP floating on (TEC: a score
    difference above any a pair of the bracket could have)."""
    if wording == "C7":
        return f"#{p.number} floats with {points(p.score)}"
    if wording == "C.5":
        return f"#{p.number} floats"
    earlier = round_number - (1 if wording in ("C.12", "C.16") else 2)
    text = f"#{p.number} floats down again (as in round {earlier})"
    if wording in ("C.16", "C.18"):
        text += f", moved down and floating on: score difference {points(value)}"
    return text


def _floater_reason(article: str, p: Contestant, value: int, round_number: int) -> str:
    # A downfloater's score difference is measured to A.8's artificial value (his score minus it).
    against = f"score difference {points(value)} to A.8's artificial value {points(p.score - value)}"
    if article == "C.5":
        return f"#{p.number} floats"
    if article == "C.6":
        return f"#{p.number} floats: {against}"
    earlier = round_number - (1 if article in ("C.12", "C.16") else 2)
    text = f"#{p.number} floats down again (as in round {earlier})"
    if article in ("C.16", "C.18"):
        text += f": {against}"
    return text
