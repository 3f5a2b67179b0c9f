"""Floaters and floats: C.04.3 A.4 (Baku 2016) and C.04.3-2026 1.4.

One function per edition says which float a player received in a past
round; ``recent_floats`` gives the two the float criteria look at, for the
engine and the explanation alike.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping

from arbiter_app.pairing.model import Outcome, Player, PointSystem


class Float(enum.Enum):
    """The float a player received in a round (A.4.b)."""

    DOWN = "D"
    UP = "U"
    NONE = " "


def float_in_round(
    player: Player, round_number: int, players: Mapping[int, Player], points: PointSystem | None = None
) -> Float:
    """A.4.b: the float ``player`` received in past round ``round_number``.

    After two players with different scores have played each other, the
    higher ranked player receives a downfloat, the lower one an upfloat.  A
    player who, for whatever reason, does not play in a round also receives a
    downfloat: a bye, a forfeit (won or lost) and an absence all count.
    Scores are those the round was paired with (A.2, virtual points included).
    """
    record = player.history[round_number - 1]
    if not record.outcome.is_played or record.opponent is None:
        return Float.DOWN
    return _float_of_game(player, round_number, record.opponent, players)


def float_in_round_2026(
    player: Player, round_number: int, players: Mapping[int, Player], points: PointSystem | None = None
) -> Float:
    """C.04.3-2026 1.4.2-1.4.4: the float ``player`` received in past round ``round_number``.

    1.4.2: after a game between players of different scores, the higher
    ranked one floats down, the other up.  1.4.3: a downfloat also for the
    pairing-allocated bye (whatever it is worth) and for scoring, without
    playing, more than a loss (a forfeit win, a full- or half-point bye).
    1.4.4: nobody else floats, so a forfeit loss, a zero-point bye or an
    absence gives no float.
    """
    record = player.history[round_number - 1]
    loss = (points or PointSystem()).loss
    if record.outcome is Outcome.PAIRING_ALLOCATED_BYE:
        return Float.DOWN
    if not record.outcome.is_played or record.opponent is None:
        return Float.DOWN if record.points > loss else Float.NONE
    return _float_of_game(player, round_number, record.opponent, players)


def _float_of_game(player: Player, round_number: int, opponent: int, players: Mapping[int, Player]) -> Float:
    own = player.pairing_score(round_number)
    theirs = players[opponent].pairing_score(round_number)
    if own > theirs:
        return Float.DOWN
    if own < theirs:
        return Float.UP
    return Float.NONE


FloatRule = Callable[[Player, int, Mapping[int, Player], "PointSystem | None"], Float]


def recent_floats(
    player: Player,
    round_number: int,
    players: Mapping[int, Player],
    rule: FloatRule = float_in_round,
    points: PointSystem | None = None,
) -> tuple[Float, Float]:
    """Floats of the previous round and of two rounds before, as the float criteria compare them.

    ``rule`` is the edition's float definition (``float_in_round`` for
    C.04.3 A.4, ``float_in_round_2026`` for C.04.3-2026 1.4).
    """
    previous = rule(player, round_number - 1, players, points) if round_number > 1 else Float.NONE
    before = rule(player, round_number - 2, players, points) if round_number > 2 else Float.NONE
    return previous, before
