"""What every edition of the FIDE (Dutch) rules shares, and what each one must state.

An edition is one object (:class:`DutchEdition`): its names inside and
outside the program (the registry name, the title, the TRF ``092``/``192``
pairing-system codes and their aliases, the TRF format it writes), the
texts the explanation quotes, the articles overrides cite, the quality
criteria and their order, the float rule, the bye rules, and the round
procedure.  What both texts share (the contestants, the round from
brackets to boards, C.04.2.D.9 board order) lives here once; a subclass
overrides only what its text says differently.  A third edition is one
more module beside ``baku2016.py`` and ``fide2026.py``, registered in
:mod:`arbiter_app.pairing.editions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from math import ceil

from arbiter_app.errors import PairingImpossibleError
from arbiter_app.pairing.articles import Article, ChangeCase
from arbiter_app.pairing.brackets import Bracket, BracketPairing, pair_bracket
from arbiter_app.pairing.colours import ColourPreference, allocate_colours, colour_preference
from arbiter_app.pairing.criteria import Contestant, CriteriaSet, may_meet, partner_bitsets, with_partners
from arbiter_app.pairing.floats import FloatRule, recent_floats
from arbiter_app.pairing.matching import is_completable_by_bitsets
from arbiter_app.pairing.model import (
    Board,
    Colour,
    Player,
    PointSystem,
    RoundPairing,
    RoundRecord,
    TournamentState,
)
from arbiter_app.pairing.observer import PairingObserver
from arbiter_app.pairing.texts import RulesText

Pair = tuple[Contestant, Contestant]


def effective_ranks(state: TournamentState) -> dict[int, int]:
    """Pairing numbers of the field actually playing, 1-based (C.04.3 E.5; C.04.3-2026 5.2.5 TPN).

    Players who take part in this round or took part in an earlier pairing,
    numbered in order.  A registered player who has never been paired and is
    not paired now holds no place (C.04.2.C: pairing numbers of the field
    actually playing; C.04.2-2026 2.4: a late entry has no TPN until he
    arrives); this is how the endorsed engines treat an absent top seed in
    round 1.
    """
    to_pair = {p.number for p in state.to_pair}
    ranks: dict[int, int] = {}
    for player in sorted(state.players, key=lambda p: p.number):
        if player.number in to_pair or player.has_been_paired:
            ranks[player.number] = len(ranks) + 1
    return ranks


class DutchEdition:
    """What every edition shares: the round from contestants to boards.

    A subclass states what its text defines differently: its names and
    codes, ``float_rule``, ``criteria``, ``may_receive_bye`` and
    ``_pair_brackets``.
    """

    name: str
    """The edition's registry name, as the database, the command lines and the JSON output spell it."""
    trf_system: str
    """The pairing-system code a TRF ``092``/``192`` line writes for the edition (``FIDE_DUTCH_2025``)."""
    trf_aliases: tuple[str, ...]
    """Other pairing-system codes that name the edition when a file is read."""
    trf_format: str
    """The TRF format an export takes by default for a tournament paired by the edition (``trf-2026``)."""
    title: str
    """How reports and the window name the rules: the system, the edition, the text's dates."""
    short_title: str
    override_articles: dict[str, Article]
    """The article each override check cites (:mod:`arbiter_app.pairing.articles`)."""
    published_change_cases: tuple[ChangeCase, ...]
    """When a published pairing may be changed (C.04.2.D.10; C.04.2-2026 4.4)."""
    full_point_bye_bars_bye: bool
    """A full-point bye (requested) bars a later pairing-allocated bye (C.04.1-2026 Art. 4; not C.04.1.d)."""
    float_rule: FloatRule
    criteria: CriteriaSet
    texts: RulesText
    """How the text names its criteria and numbers its articles (for the explanation)."""
    round_one_absentees_in_group_a: bool
    """Baku acceleration, the split into GA and GB before round 1 (C.04.5.1; C.04.7-2026 1.2): does a player
    registered but not paired in round 1 (a requested bye, an absence) count in the list that is split?"""

    def group_a_size(self, starters: int) -> int:
        """C.04.5.1 "Initial Groups Division" / C.04.7-2026 1.2: the first half of ``starters``, rounded up to an
        even number (2 x ceil(n/4)); also the TPN of the last GA player among them."""
        return min(starters, 2 * ceil(starters / 4))

    def board_score(self, player: Player, round_number: int) -> int:
        """The score that orders the boards (C.04.2.D.9; C.04.2-2026 3.6): real points plus the virtual points of an
        accelerated round (C.04.7-2026 1.5: the pairing score also sorts the boards; checklist Q188)."""
        return pairing_score(player, round_number)

    def may_receive_bye(self, player: Player, points: PointSystem) -> bool:
        """The absolute bye criterion of the edition (C.2 / [C2])."""
        raise NotImplementedError

    def bye_score_floor(self, players: Sequence[Contestant]) -> tuple[int, str] | None:
        """The score the assignee of the bye must have by an absolute criterion of the edition, with the article
        (None: the edition has no such criterion, or no bye is given)."""
        return None

    def colour_preference(self, history: tuple[RoundRecord, ...]) -> ColourPreference:
        """The colour preference from the played games (C.04.3 A.6; C.04.3-2026 1.7 with C.04.2-2026 3.4).

        Both editions skip the rounds without a game: C.04.2.D.5 ignores
        them, C.04.2-2026 3.4 moves them to the front of the colour history
        (BWBuW is read uBWBW), which leaves the same sequence of games.
        """
        return colour_preference(history)

    def contestants(self, state: TournamentState) -> tuple[Contestant, ...]:
        """The players to pair, as the pairing sees them, in A.2 / 1.2 order."""
        by_number = {p.number: p for p in state.players}
        ranks = effective_ranks(state)
        played_rounds = state.round - 1
        # A.7 / 1.8: topscorers exist only when pairing the final round; the
        # maximum possible score is that of winning every round played so far.
        topscore_threshold = played_rounds * max(state.points.win, state.points.draw) // 2
        final_round = state.round >= state.total_rounds
        forbidden: dict[int, set[int]] = {}
        for pair in state.forbidden_pairs:
            for a in pair:
                forbidden.setdefault(a, set()).update(pair - {a})
        result = []
        for player in state.to_pair:
            score = player.pairing_score(state.round)
            previous, before = recent_floats(player, state.round, by_number, self.float_rule, state.points)
            met = {r.opponent for r in player.history if r.outcome.is_played and r.opponent is not None}
            result.append(
                Contestant(
                    number=player.number,
                    rank=ranks[player.number],
                    score=score,
                    preference=self.colour_preference(player.history),
                    float_previous=previous,
                    float_before=before,
                    can_get_bye=self.may_receive_bye(player, state.points),
                    is_topscorer=final_round and score > topscore_threshold,
                    barred=frozenset(met | forbidden.get(player.number, set())),
                    unplayed=sum(1 for r in player.history if not r.outcome.is_played),
                )
            )
        return with_partners(sorted(result, key=Contestant.sort_key))

    def pair_round(self, state: TournamentState, observer: PairingObserver) -> RoundPairing:
        players = self.contestants(state)
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
        return RoundPairing(state.round, board_order(boards, state, self), bye)

    def _pair_brackets(
        self, players: tuple[Contestant, ...], observer: PairingObserver
    ) -> tuple[list[Pair], tuple[Contestant, ...]]:
        raise NotImplementedError

    def _pair(self, bracket: Bracket, observer: PairingObserver, known: BracketPairing | None = None) -> BracketPairing:
        """Pair ``bracket`` (or take ``known``, its pairing found already) and tell the observer."""
        observer.begin_bracket(bracket)
        result = known or pair_bracket(bracket)
        observer.bracket_paired(bracket, result)
        return result

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def completable(players: Sequence[Contestant], bye_below: int | None = None) -> bool:
    """A.9 / [C4]: can these players all be paired (one bye allowed, C.2) without breaking C.1-C.3?

    ``bye_below``: only a player of at most this score may take the bye (C.04.3-2026 2.3.1 [C5]).
    """
    partners = partner_bitsets(players)
    bye = sum(1 << p.number for p in players if _may_take_bye(p, bye_below))
    return is_completable_by_bitsets([p.number for p in players], partners.__getitem__, bye)


def _may_take_bye(player: Contestant, score: int | None) -> bool:
    return player.can_get_bye and (score is None or player.score <= score)


def scoregroups(players: Sequence[Contestant]) -> list[tuple[Contestant, ...]]:
    """A.3: players grouped by score, highest first (``players`` in A.2 order)."""
    return [tuple(group) for _, group in groupby(players, key=lambda p: p.score)]


def pairing_score(player: Player, round_number: int) -> int:
    """The score that pairs ``player`` in round ``round_number``: real points plus virtual points of acceleration."""
    return player.pairing_score(round_number)


def board_order(
    boards: Sequence[Board], state: TournamentState, rules: DutchEdition | None = None
) -> tuple[Board, ...]:
    """C.04.2.D.9 (C.04.2-2026 3.6): by the score of the higher ranked player, the sum of scores, then his initial
    rank; the score is the edition's :meth:`DutchEdition.board_score` (with acceleration, real + virtual points)."""
    by_number = {p.number: p for p in state.players}
    score_of = rules.board_score if rules is not None else pairing_score
    scores = {n: score_of(p, state.round) for n, p in by_number.items()}

    def key(board: Board) -> tuple[int, int, int]:
        higher, lower = sorted((board.white, board.black), key=lambda n: (-scores[n], n))
        return (-scores[higher], -(scores[higher] + scores[lower]), higher)

    return tuple(sorted(boards, key=key))
