"""Floaters and floats (C.04.3 A.4)."""

from __future__ import annotations

import enum
from collections.abc import Mapping

from arbiter_app.pairing.model import Player


class Float(enum.Enum):
    """The float a player received in a round (A.4.b)."""

    DOWN = "D"
    UP = "U"
    NONE = " "


def float_in_round(player: Player, round_number: int, players: Mapping[int, Player]) -> Float:
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
    own = player.pairing_score(round_number)
    theirs = players[record.opponent].pairing_score(round_number)
    if own > theirs:
        return Float.DOWN
    if own < theirs:
        return Float.UP
    return Float.NONE


def recent_floats(player: Player, round_number: int, players: Mapping[int, Player]) -> tuple[Float, Float]:
    """Floats of the previous round and of two rounds before, as C.12-C.19 compare them."""
    previous = float_in_round(player, round_number - 1, players) if round_number > 1 else Float.NONE
    before = float_in_round(player, round_number - 2, players) if round_number > 2 else Float.NONE
    return previous, before
