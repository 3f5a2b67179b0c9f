"""One round paired by two editions of the Dutch rules, side by side, for seminars.

    comparison = compare_editions(state)          # Baku 2016 and C.04.3-2026 by default
    comparison.agree                              # same pairs, colours and bye
    comparison.differences                        # each pair only one edition makes, and why the other does not
    print(comparison_text(comparison))
    comparison_json(comparison)

Each edition's pairing is the engine's (``pair_round`` through
:func:`explain_round`); a pair one edition makes and the other does not is
explained in the other edition by its own why-not (:func:`why_not`), so the
criterion named is the one that edition's rules decide it by.  Pure: no
clock, no I/O; the why-not searches are bounded by counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arbiter_app.errors import PairingImpossibleError
from arbiter_app.explain.explanation import RoundExplanation, explain_round
from arbiter_app.explain.why import Verdict, WhyNot, why_not
from arbiter_app.explain.why_text import why_not_text
from arbiter_app.explain.words import points
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, DutchEdition
from arbiter_app.pairing.model import Board, RoundPairing, TournamentState

EDITIONS_COMPARED = (BAKU_2016, FIDE_2026)
"""The editions compared by default: the one in force until 31 January 2026, and the one after."""


@dataclass(frozen=True)
class EditionPairing:
    """One edition's pairing of the round, or why there is none."""

    edition: DutchEdition
    explanation: RoundExplanation | None
    error: str | None = None
    """No legal pairing by this edition (C.04.3 A.9; C.04.3-2026 1.9.3): the engine's message."""

    @property
    def pairing(self) -> RoundPairing | None:
        return self.explanation.outline.pairing if self.explanation is not None else None

    @property
    def short_title(self) -> str:
        return self.edition.short_title


@dataclass(frozen=True)
class PairDifference:
    """A pair one edition makes and the other does not, with the other edition's reason."""

    pair: tuple[int, int]
    """The pair as the edition that makes it colours it: (white, black)."""
    paired_by: DutchEdition
    not_paired_by: DutchEdition
    answer: WhyNot | None
    """The other edition's why-not for this pair (None when that edition has no pairing)."""

    @property
    def decided_by(self) -> str | None:
        """The criterion (or article) by which ``not_paired_by`` does not make the pair, as that edition writes it."""
        if self.answer is None:
            return None
        texts = self.not_paired_by.texts
        return deciding_article(self.answer, texts.cite)


@dataclass(frozen=True)
class ColourDifference:
    """The same two players paired by both editions, with different colours."""

    boards: tuple[Board, Board]
    rules: tuple[str, str]
    """The colour rule that decided each (E.1 ...; 5.2.1 ...)."""


@dataclass(frozen=True)
class EditionComparison:
    round: int
    sides: tuple[EditionPairing, EditionPairing]
    differences: tuple[PairDifference, ...]
    colour_differences: tuple[ColourDifference, ...]

    @property
    def byes(self) -> tuple[int | None, int | None]:
        a, b = (side.pairing for side in self.sides)
        return (a.bye if a else None, b.bye if b else None)

    @property
    def agree(self) -> bool:
        """Both editions pair the round, with the same pairs, colours and bye."""
        return (
            all(side.pairing is not None for side in self.sides)
            and not self.differences
            and not self.colour_differences
            and self.byes[0] == self.byes[1]
        )


def deciding_article(answer: WhyNot, cite: Callable[[str], str] = str) -> str | None:
    """The criterion a why-not answer turns on: the violated absolute criterion, or the first criterion lost on."""
    verdict = answer.verdict
    if verdict is Verdict.PAIRED:
        return None
    if answer.violation is not None:
        return answer.violation.article
    if answer.search is not None and answer.search.best is not None:
        return answer.search.best.loses_on
    return cite(verdict.value)


def compare_editions(
    state: TournamentState, editions: tuple[DutchEdition, DutchEdition] = EDITIONS_COMPARED
) -> EditionComparison:
    """Pair round ``state.round`` by both editions and explain every pair on which they differ."""
    sides = tuple(_side(state, rules) for rules in editions)
    assert len(sides) == 2
    a, b = sides
    differences: list[PairDifference] = []
    colours: list[ColourDifference] = []
    if a.explanation is not None and b.explanation is not None:
        boards_a = {frozenset((x.white, x.black)): x for x in a.explanation.outline.pairing.boards}
        boards_b = {frozenset((x.white, x.black)): x for x in b.explanation.outline.pairing.boards}
        rules_a = {frozenset((d.board.white, d.board.black)): d.rule for d in a.explanation.outline.colours}
        rules_b = {frozenset((d.board.white, d.board.black)): d.rule for d in b.explanation.outline.colours}
        for here, there, mine, other in ((a, b, boards_a, boards_b), (b, a, boards_b, boards_a)):
            assert there.explanation is not None
            for key, board in mine.items():
                if key not in other:
                    answer = _why_not(there.explanation, board)
                    differences.append(PairDifference((board.white, board.black), here.edition, there.edition, answer))
        for key, board in boards_a.items():
            same = boards_b.get(key)
            if same is not None and same != board:
                colours.append(
                    ColourDifference(
                        (board, same),
                        (
                            a.edition.texts.cite(rules_a[key].value),
                            b.edition.texts.cite(rules_b[key].value),
                        ),
                    )
                )
    elif a.explanation is not None or b.explanation is not None:
        made = a if a.explanation is not None else b
        unmade = b if made is a else a
        assert made.explanation is not None
        for board in made.explanation.outline.pairing.boards:
            differences.append(PairDifference((board.white, board.black), made.edition, unmade.edition, None))
    return EditionComparison(state.round, (a, b), tuple(differences), tuple(colours))


def _side(state: TournamentState, rules: DutchEdition) -> EditionPairing:
    try:
        return EditionPairing(rules, explain_round(state, rules))
    except PairingImpossibleError as error:
        return EditionPairing(rules, None, str(error))


def _why_not(explanation: RoundExplanation, board: Board) -> WhyNot | None:
    numbers = {p.number for p in explanation.outline.players}
    if board.white not in numbers or board.black not in numbers:
        return None
    return why_not(explanation, board.white, board.black)


# --- rendering ------------------------------------------------------------------------------------------------


def comparison_text(comparison: EditionComparison) -> str:
    """Both pairings side by side, then each difference with the criterion each edition decides it by."""
    a, b = comparison.sides
    lines = [f"Round {comparison.round} paired by two editions of the FIDE (Dutch) system"]
    for side in comparison.sides:
        lines.append(f"  {side.short_title}: {side.edition.texts.document}")
    lines.append("")
    lines += _side_by_side(comparison)
    lines.append("")
    if comparison.agree:
        lines.append(f"The editions agree: {a.short_title} and {b.short_title} give the same pairs, colours and bye.")
        return "\n".join(lines) + "\n"
    for side in comparison.sides:
        if side.error is not None:
            lines.append(f"{side.short_title}: no legal pairing ({side.error}).")
    byes = comparison.byes
    if byes[0] != byes[1] and all(side.pairing is not None for side in comparison.sides):
        lines.append(
            f"The pairing-allocated bye: {a.short_title} {_bye(byes[0])}, {b.short_title} {_bye(byes[1])}."
            + _bye_score_note(comparison)
        )
    if comparison.differences:
        count = len(comparison.differences)
        lines.append(
            f"{count} pair(s) only one edition makes; each is explained by the rules of the edition that "
            "does not make it:"
        )
        for difference in comparison.differences:
            lines += _difference_lines(comparison, difference)
    for colour in comparison.colour_differences:
        (x, y), (rx, ry) = colour.boards, colour.rules
        lines.append(
            f"Same pair, other colours: {a.short_title} {x.white}-{x.black} ({rx}), "
            f"{b.short_title} {y.white}-{y.black} ({ry})."
        )
    return "\n".join(lines) + "\n"


def _side_by_side(comparison: EditionComparison) -> list[str]:
    a, b = comparison.sides
    boards_a = a.pairing.boards if a.pairing else ()
    boards_b = b.pairing.boards if b.pairing else ()
    keys_a = {frozenset((x.white, x.black)) for x in boards_a}
    keys_b = {frozenset((x.white, x.black)) for x in boards_b}
    width = max(len(a.short_title), 12)
    lines = [f"  Board  {a.short_title:<{width}}  {b.short_title}"]
    for k in range(max(len(boards_a), len(boards_b))):
        left = _board(boards_a, k, keys_b)
        right = _board(boards_b, k, keys_a)
        lines.append(f"  {k + 1:>5}  {left:<{width}}  {right}".rstrip())
    byes = comparison.byes
    if byes != (None, None):
        lines.append(f"  {'bye':>5}  {_bye(byes[0]):<{width}}  {_bye(byes[1])}".rstrip())
    if keys_a != keys_b:
        lines.append("  (* a pair the other edition does not make)")
    return lines


def _board(boards: tuple[Board, ...], k: int, other: set[frozenset[int]]) -> str:
    if k >= len(boards):
        return ""
    board = boards[k]
    mark = "" if frozenset((board.white, board.black)) in other else " *"
    return f"{board.white}-{board.black}{mark}"


def _bye(number: int | None) -> str:
    return f"#{number}" if number is not None else "none"


def _bye_score_note(comparison: EditionComparison) -> str:
    notes = []
    for side in comparison.sides:
        explanation = side.explanation
        if explanation is not None and explanation.outline.bye_score is not None:
            texts = explanation.texts
            score = explanation.outline.bye_score
            notes.append(
                f" {side.short_title}: {texts.cite('C.5')} gives it to a player with {points(score)} points, "
                "the lowest score the round allows."
            )
    return "".join(notes)


def _difference_lines(comparison: EditionComparison, difference: PairDifference) -> list[str]:
    here = difference.paired_by
    there = difference.not_paired_by
    white, black = difference.pair
    lines = [f"- {white}-{black}: {here.short_title} pairs them; {there.short_title} does not"]
    answer = difference.answer
    if answer is None:
        lines[-1] += "."
        return lines
    article = difference.decided_by
    if article is not None:
        texts = there.texts
        name = texts.name(article)
        lines[-1] += f", by {texts.label(article)}" + (f" ({name})" if name else "") + "."
    else:
        lines[-1] += "."
    side = next(s for s in comparison.sides if s.edition == difference.not_paired_by)
    assert side.explanation is not None
    text = why_not_text(side.explanation, answer)
    lines += ["    " + line for line in text.splitlines()[1:]]
    return lines


def comparison_json(comparison: EditionComparison) -> dict[str, Any]:
    """The comparison as JSON-ready data: both pairings, the differences and the criteria that decide them."""

    def side_json(side: EditionPairing) -> dict[str, Any]:
        pairing = side.pairing
        explanation = side.explanation
        return {
            "edition": side.edition.name,
            "rules": side.edition.texts.document,
            "boards": [[x.white, x.black] for x in pairing.boards] if pairing else None,
            "bye": pairing.bye if pairing else None,
            "bye_score": (
                explanation.outline.bye_score / 10
                if explanation is not None and explanation.outline.bye_score is not None
                else None
            ),
            "error": side.error,
        }

    def difference_json(difference: PairDifference) -> dict[str, Any]:
        answer = difference.answer
        texts = difference.not_paired_by.texts
        side = next(s for s in comparison.sides if s.edition == difference.not_paired_by)
        return {
            "pair": list(difference.pair),
            "paired_by": difference.paired_by.name,
            "not_paired_by": difference.not_paired_by.name,
            "verdict": answer.verdict.name.lower() if answer is not None else None,
            "decided_by": difference.decided_by,
            "decided_by_label": texts.label(difference.decided_by) if difference.decided_by else None,
            "why_not": why_not_text(side.explanation, answer) if answer is not None and side.explanation else None,
        }

    return {
        "round": comparison.round,
        "question": "compare-editions",
        "editions": [side_json(side) for side in comparison.sides],
        "agree": comparison.agree,
        "differences": [difference_json(d) for d in comparison.differences],
        "colour_differences": [
            {"boards": [[x.white, x.black] for x in c.boards], "rules": list(c.rules)}
            for c in comparison.colour_differences
        ],
    }
