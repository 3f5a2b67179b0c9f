"""Floaters and floats: C.04.3 A.4 (Baku 2016) and C.04.3-2026 1.4.

One function per edition says which float a player received in a past
round; ``recent_floats`` gives the two the float criteria look at, for the
engine and the explanation alike; ``floats_of`` and ``floats_of_pairing``
give every round's floats to the pairing cards, the reports and the window,
so that a card can never contradict the engine.
"""

from __future__ import annotations

__all__ = [
    "Float",
    "FloatRule",
    "float_in_round",
    "float_in_round_2026",
    "floats_of",
    "floats_of_pairing",
    "recent_floats",
]

from collections.abc import Callable, Mapping

from arbiter_app.pairing.model import Float, Outcome, Player, PointSystem, RoundPairing, TournamentState


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


def floats_of(state: TournamentState, rule: FloatRule = float_in_round) -> dict[int, tuple[Float, ...]]:
    """Every player's float in each round before ``state.round``, by the edition's definition ``rule``."""
    by_number = {p.number: p for p in state.players}
    return {
        p.number: tuple(rule(p, k, by_number, state.points) for k in range(1, len(p.history) + 1))
        for p in state.players
    }


def floats_of_pairing(state: TournamentState, pairing: RoundPairing) -> dict[int, Float]:
    """The floats the pairing of round ``state.round`` gives, before its results (both editions agree here:
    a game between different scores floats the higher one down and the other up, the pairing-allocated bye
    floats down; C.04.3 A.4.b, C.04.3-2026 1.4.2-1.4.3)."""
    by_number = {p.number: p for p in state.players}
    floats: dict[int, Float] = {}
    for board in pairing.boards:
        for me, other in ((board.white, board.black), (board.black, board.white)):
            floats[me] = _float_of_game(by_number[me], state.round, other, by_number)
    if pairing.bye is not None:
        floats[pairing.bye] = Float.DOWN
    return floats
