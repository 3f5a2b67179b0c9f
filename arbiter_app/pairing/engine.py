"""The round-pairing of the FIDE (Dutch) system (C.04.3 A.9), edition by edition.

The edition of the rules is a parameter: ``pair_round(state, "baku-2016")``.
An edition is an object with a ``pair_round`` method, registered in
``EDITIONS``; a later text (FIDE approved a revised Dutch system in 2025)
becomes another entry beside this one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Protocol

from arbiter_app.errors import ArbiterError, PairingImpossibleError
from arbiter_app.pairing.brackets import Bracket, pair_bracket
from arbiter_app.pairing.colours import allocate_colours, colour_preference
from arbiter_app.pairing.criteria import Contestant, may_meet
from arbiter_app.pairing.floats import recent_floats
from arbiter_app.pairing.matching import is_completable
from arbiter_app.pairing.model import Board, Colour, RoundPairing, TournamentState
from arbiter_app.pairing.observer import PairingObserver

Pair = tuple[Contestant, Contestant]


class Edition(Protocol):
    """A text of the Dutch rules, able to pair a round."""

    name: str

    def pair_round(self, state: TournamentState, observer: PairingObserver) -> RoundPairing: ...


def contestants(state: TournamentState) -> tuple[Contestant, ...]:
    """The players to pair, as the pairing sees them, in A.2 order."""
    by_number = {p.number: p for p in state.players}
    to_pair = {p.number for p in state.to_pair}
    # Effective pairing numbers (E.5): players who take part in this round
    # or took part in an earlier pairing, numbered in order.  A registered
    # player who has never been paired and is not paired now holds no place
    # (C.04.2.C: pairing numbers of the field actually playing); this is how
    # the endorsed engine treats an absent top seed in round 1.
    ranks: dict[int, int] = {}
    for player in sorted(state.players, key=lambda p: p.number):
        if player.number in to_pair or player.has_been_paired:
            ranks[player.number] = len(ranks) + 1
    played_rounds = state.round - 1
    # A.7: topscorers exist only when pairing the final round; the maximum
    # possible score is that of winning every round played so far.
    topscore_threshold = played_rounds * max(state.points.win, state.points.draw) // 2
    final_round = state.round >= state.total_rounds
    forbidden: dict[int, set[int]] = {}
    for pair in state.forbidden_pairs:
        for a in pair:
            forbidden.setdefault(a, set()).update(pair - {a})
    result = []
    for player in state.to_pair:
        score = player.pairing_score(state.round)
        previous, before = recent_floats(player, state.round, by_number)
        met = {r.opponent for r in player.history if r.outcome.is_played and r.opponent is not None}
        result.append(
            Contestant(
                number=player.number,
                rank=ranks[player.number],
                score=score,
                preference=colour_preference(player.history),
                float_previous=previous,
                float_before=before,
                can_get_bye=not any(r.outcome.bars_pairing_allocated_bye for r in player.history),
                is_topscorer=final_round and score > topscore_threshold,
                barred=frozenset(met | forbidden.get(player.number, set())),
            )
        )
    return tuple(sorted(result, key=Contestant.sort_key))


def completable(players: Sequence[Contestant]) -> bool:
    """A.9: can these players all be paired (one bye allowed, C.2) without breaking C.1-C.3?"""
    edges = [(i, j) for j in range(len(players)) for i in range(j) if may_meet(players[i], players[j])]
    return is_completable(len(players), edges, [i for i, p in enumerate(players) if p.can_get_bye])


def scoregroups(players: Sequence[Contestant]) -> list[tuple[Contestant, ...]]:
    """A.3: players grouped by score, highest first (``players`` in A.2 order)."""
    return [tuple(group) for _, group in groupby(players, key=lambda p: p.score)]


class Baku2016:
    """C.04.3 as approved in Baku 2016 (in force until 30 June 2025)."""

    name = "baku-2016"

    def pair_round(self, state: TournamentState, observer: PairingObserver) -> RoundPairing:
        players = contestants(state)
        observer.begin_round(state.round, players)
        if not completable(players):
            stuck = tuple(
                p.number
                for p in players
                if not p.can_get_bye and not any(may_meet(p, q) for q in players if q is not p)
            )
            raise PairingImpossibleError(state.round, stuck)
        pairs, unpaired = self._pair_brackets(players, observer)
        if len(unpaired) > 1:
            raise PairingImpossibleError(state.round, tuple(p.number for p in unpaired))
        boards = []
        for higher, lower in pairs:
            colour, rule = allocate_colours(higher.preference, lower.preference, higher.rank, state.initial_colour)
            board = Board(higher.number, lower.number) if colour is Colour.WHITE else Board(lower.number, higher.number)
            observer.colour_decided(board, rule)
            boards.append(board)
        bye = unpaired[0].number if unpaired else None
        return RoundPairing(state.round, board_order(boards, state), bye)

    def _pair_brackets(
        self, players: tuple[Contestant, ...], observer: PairingObserver
    ) -> tuple[list[Pair], tuple[Contestant, ...]]:
        """A.9: bracket after bracket from the top; a PPB and a collapsed last bracket when completion fails."""
        groups = scoregroups(players)
        pairs: list[Pair] = []
        moved_down: tuple[Contestant, ...] = ()
        for index, residents in enumerate(groups):
            below = groups[index + 1 :]
            if not below:
                bracket = Bracket(moved_down, residents, (), must_complete=True)
                observer.begin_bracket(bracket)
                result = pair_bracket(bracket)
                observer.bracket_paired(bracket, result)
                return pairs + list(result.pairs), result.downfloaters
            bracket = Bracket(moved_down, residents, below[0], must_complete=False, following_is_last=len(below) == 1)
            observer.begin_bracket(bracket)
            result = pair_bracket(bracket)
            observer.bracket_paired(bracket, result)
            rest = tuple(p for group in below for p in group)
            passed = completable(result.downfloaters + rest)
            observer.completion_test(bracket, passed)
            if not passed:
                # A.9: this bracket is the PPB; all lower players form the
                # collapsed scoregroup.  Re-pair the PPB so that the round can
                # be completed (C.4), then pair the collapsed last bracket.
                observer.collapsed(bracket, rest)
                ppb = Bracket(moved_down, residents, rest, must_complete=True)
                observer.begin_bracket(ppb)
                result = pair_bracket(ppb)
                observer.bracket_paired(ppb, result)
                clb = Bracket(result.downfloaters, rest, (), must_complete=True)
                observer.begin_bracket(clb)
                last = pair_bracket(clb)
                observer.bracket_paired(clb, last)
                return pairs + list(result.pairs) + list(last.pairs), last.downfloaters
            pairs.extend(result.pairs)
            moved_down = result.downfloaters
        return pairs, moved_down


def board_order(boards: Sequence[Board], state: TournamentState) -> tuple[Board, ...]:
    """C.04.2.D.9: by the score of the higher ranked player, the sum of scores, then his initial rank."""
    by_number = {p.number: p for p in state.players}

    def key(board: Board) -> tuple[int, int, int]:
        white, black = by_number[board.white], by_number[board.black]
        higher, lower = sorted((white, black), key=lambda p: (-p.score, p.number))
        return (-higher.score, -(higher.score + lower.score), higher.number)

    return tuple(sorted(boards, key=key))


EDITIONS: dict[str, Edition] = {Baku2016.name: Baku2016()}


def pair_round(
    state: TournamentState, edition: str = Baku2016.name, observer: PairingObserver | None = None
) -> RoundPairing:
    """Pair round ``state.round`` with the given edition of the Dutch rules.

    Raises ``PairingImpossibleError`` when no pairing satisfies C.1-C.3.
    """
    try:
        rules = EDITIONS[edition]
    except KeyError:
        raise ArbiterError(f"unknown edition of the Dutch rules: {edition!r} (known: {', '.join(EDITIONS)})") from None
    return rules.pair_round(state, observer or PairingObserver())
