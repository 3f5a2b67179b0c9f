"""The round-by-round conformance check of ../shared/conformance/README.md.

For every round of a paired tournament file: rebuild the tournament as it
stood before the round, pair it with the engine, and compare with the file
(pairs with their colours, forfeited games included, and the bye).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.engine import DEFAULT_EDITION, pair_round
from arbiter_app.pairing.model import RoundPairing
from arbiter_app.trf.model import TrfDocument
from arbiter_app.trf.rounds import edition_of, pairing_of_round, state_before_round


@dataclass(frozen=True)
class RoundCheck:
    """The outcome of re-pairing one round."""

    round: int
    expected: RoundPairing
    actual: RoundPairing | None
    error: str | None = None

    @property
    def matches(self) -> bool:
        return (
            self.actual is not None
            and self.actual.pairs() == self.expected.pairs()
            and self.actual.bye == self.expected.bye
        )

    def side_by_side(self) -> str:
        """Both pairings: the boards they share, then, marked ``*``, the file's and the engine's others."""
        expected = _lines(self.expected)
        actual = _lines(self.actual) if self.actual else [f"error: {self.error}"]
        shared = [line for line in expected if line in actual]
        left = [line for line in expected if line not in shared]
        right = [line for line in actual if line not in shared]
        width = max(len(s) for s in expected + ["file"])
        rows = [f"round {self.round}", f"{'file'.ljust(width)}  | engine"]
        rows += [f"{line.ljust(width)}  | {line}" for line in shared]
        for k in range(max(len(left), len(right))):
            a = left[k] if k < len(left) else ""
            b = right[k] if k < len(right) else ""
            rows.append(f"{a.ljust(width)} *| {b}")
        return "\n".join(rows)


def _lines(pairing: RoundPairing) -> list[str]:
    lines = sorted(f"{b.white:>4} - {b.black:<4}" for b in pairing.boards)
    if pairing.bye is not None:
        lines.append(f"{pairing.bye:>4} - bye")
    return lines


def edition_for(doc: TrfDocument, edition: str | None = None) -> str:
    """The edition to pair ``doc`` with: the one asked for, else the one its ``092`` line declares, else the rules in force."""
    return edition or edition_of(doc) or DEFAULT_EDITION


def check_tournament(doc: TrfDocument, edition: str | None = None) -> list[RoundCheck]:
    """Re-pair every round of ``doc`` that has a pairing and compare each with the file.

    ``edition`` None: the file's own (``092``), else the rules in force (fide-2026).
    """
    edition = edition_for(doc, edition)
    last = max((len(p.rounds) for p in doc.players), default=0)
    checks = []
    for round_number in range(1, last + 1):
        expected = pairing_of_round(doc, round_number)
        if not expected.boards and expected.bye is None:
            continue
        try:
            actual = pair_round(state_before_round(doc, round_number), edition)
            checks.append(RoundCheck(round_number, expected, actual))
        except ArbiterError as error:
            checks.append(RoundCheck(round_number, expected, None, str(error)))
    return checks
