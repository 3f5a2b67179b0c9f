"""Where the Arbiters' Manual's worked pairings and the rules part ways (Baku 2016 edition).

The manual walks through rounds 2, 4 and 5 of its 12-player tournament
("Alice 2600 ...").  Its conclusions all stand; at a few steps its prose
says less than the rules, or writes a letter wrongly.  A teacher projecting
those steps should know, so the teaching view shows these notes beside
them, and README.md lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.pairing.model import TournamentState

MANUAL_FIELD = (
    ("Alice", 2600),
    ("Bob", 2550),
    ("Charline", 2500),
    ("David", 2450),
    ("Eleanor", 2400),
    ("Frank", 2350),
    ("Gale", 2300),
    ("Hans", 2250),
    ("Isabelle", 2200),
    ("Jack", 2150),
    ("Karima", 2100),
    ("Leonard", 2050),
)
"""The manual's players in pairing-number order: how its tournament is recognised."""


@dataclass(frozen=True)
class ManualNote:
    round: int
    moved_down: tuple[int, ...]
    residents: tuple[int, ...]
    """The bracket the note belongs to: its moved-down players and residents (pairing numbers, A.2 order)."""
    text: str


NOTES = (
    ManualNote(
        2,
        (),
        (1, 4, 5, 9),
        "The manual's table writes the colour preferences as 1W, 4B, 5W, 9B; its own crosstable has #1 and #5 "
        "with White in round 1, so the letters are swapped. What matters holds: #1 and #5 want one colour, "
        "#4 and #9 the other, all strong preferences (A.6.b).",
    ),
    ManualNote(
        4,
        (12,),
        (3, 11),
        "Candidate 1 (12-3, #11 floats): besides C.12, the same repeated downfloat also fails C.16 (its score "
        "difference), which the manual does not mention separately.",
    ),
    ManualNote(
        4,
        (12,),
        (3, 11),
        "Candidate 2 (12-11, #3 floats): the manual rejects it on C.10, but C.7 already does: #3 would float to "
        "the last bracket with #10, whom he met in round 3, so that bracket could not be paired.",
    ),
    ManualNote(
        4,
        (12,),
        (3, 11),
        "Candidate 3 (11-3, #12 floats): the manual rejects it for its worse PSD (C.6); it is in fact illegal "
        "too, #3 and #11 having met in round 2 (C.1).",
    ),
    ManualNote(
        5,
        (7, 6, 8),
        (3, 10, 11),
        "The sieve's C.13 step: the manual counts one repeated upfloat in each remaining candidate (#3's); "
        "#10, upfloated in round 4 and floating up again against #8, makes it two in each. The tie, and so "
        "the outcome, is the same.",
    ),
)


def is_manual_example(state: TournamentState) -> bool:
    """The tournament is the Arbiters' Manual's 12-player example."""
    return tuple((p.name, p.rating) for p in sorted(state.players, key=lambda p: p.number)) == MANUAL_FIELD


def manual_notes(state: TournamentState, moved_down: tuple[int, ...], residents: tuple[int, ...]) -> tuple[str, ...]:
    """The notes for this bracket of this round, where the tournament is the manual's."""
    if not is_manual_example(state):
        return ()
    return tuple(
        n.text for n in NOTES if n.round == state.round and n.moved_down == moved_down and n.residents == residents
    )
