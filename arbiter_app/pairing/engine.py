"""The round-pairing of the FIDE (Dutch) system, edition by edition.

The edition of the rules is a parameter: ``pair_round(state, "fide-2026")``
or ``pair_round(state, "baku-2016")``.  An edition is one object,
registered in ``EDITIONS``: it holds everything that differs between the
texts (the float definition, who may receive the bye, the quality criteria
and their order, and the round procedure: C.04.3 A.9 with its collapsed
last bracket, or C.04.3-2026 with [C4] and [C5] in every bracket).  Brackets
are paired by the same lexicographic matching for both (``brackets.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import groupby
from math import ceil

from arbiter_app.errors import ArbiterError, PairingImpossibleError
from arbiter_app.pairing.articles import (
    BAKU_2016_ARTICLES,
    FIDE_2026_ARTICLES,
    PUBLISHED_CHANGE_CASES_2016,
    PUBLISHED_CHANGE_CASES_2026,
    Article,
    ChangeCase,
)
from arbiter_app.pairing.brackets import Bracket, BracketPairing, pair_bracket
from arbiter_app.pairing.colours import ColourPreference, allocate_colours, colour_preference
from arbiter_app.pairing.criteria import (
    BAKU_2016_CRITERIA,
    FIDE_2026_CRITERIA,
    Contestant,
    CriteriaSet,
    may_meet,
    partner_bitsets,
    with_partners,
)
from arbiter_app.pairing.floats import FloatRule, float_in_round, float_in_round_2026, recent_floats
from arbiter_app.pairing.matching import is_completable_by_bitsets
from arbiter_app.pairing.model import (
    Board,
    Colour,
    Outcome,
    Player,
    PointSystem,
    RoundPairing,
    RoundRecord,
    TournamentState,
)
from arbiter_app.pairing.observer import PairingObserver
from arbiter_app.pairing.texts import BAKU_2016_TEXT, FIDE_2026_TEXT, RulesText

Pair = tuple[Contestant, Contestant]

DEFAULT_EDITION = "fide-2026"
"""The rules in force: C.04.3 as applied from 1 February 2026."""


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

    A subclass states what its text defines differently: ``float_rule``,
    ``criteria``, ``may_receive_bye`` and ``_pair_brackets``.
    """

    name: str
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
        return player.pairing_score(round_number)

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

    def _pair(
        self, bracket: Bracket, observer: PairingObserver, known: BracketPairing | None = None
    ) -> BracketPairing:
        """Pair ``bracket`` (or take ``known``, its pairing found already) and tell the observer."""
        observer.begin_bracket(bracket)
        result = known or pair_bracket(bracket)
        observer.bracket_paired(bracket, result)
        return result


def contestants(state: TournamentState, edition: str = "baku-2016") -> tuple[Contestant, ...]:
    """The players to pair as ``edition`` sees them (floats, bye eligibility), in A.2 order."""
    return _edition(edition).contestants(state)


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


class Baku2016(DutchEdition):
    """C.04.3 as approved in Baku 2016 (in force until 31 January 2026)."""

    name = "baku-2016"
    title = "FIDE (Dutch) system, Baku 2016 (C.04.3 in force until 31 January 2026)"
    short_title = "Baku 2016"
    override_articles = BAKU_2016_ARTICLES
    published_change_cases = PUBLISHED_CHANGE_CASES_2016
    full_point_bye_bars_bye = False
    float_rule = staticmethod(float_in_round)
    criteria = BAKU_2016_CRITERIA
    texts = BAKU_2016_TEXT
    round_one_absentees_in_group_a = True
    """C.04.5.1 (2016/17): "before the first round, the list of players" is split; every registered player counts,
    as the endorsed engine numbers them (corpus ``dutch-2016-baku``: GA is 2 x ceil(n/4) of all n registered, a
    round-1 bye included)."""

    def may_receive_bye(self, player: Player, points: PointSystem) -> bool:
        """C.04.3 C.2 (C.04.1.d): no pairing-allocated bye and no forfeit win so far."""
        return not any(r.outcome.bars_pairing_allocated_bye for r in player.history)

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
                result = self._pair(Bracket(moved_down, residents, (), must_complete=True), observer)
                return pairs + list(result.pairs), result.downfloaters
            bracket = Bracket(moved_down, residents, below[0], must_complete=False, following_is_last=len(below) == 1)
            result = self._pair(bracket, observer)
            rest = tuple(p for group in below for p in group)
            passed = completable(result.downfloaters + rest)
            observer.completion_test(bracket, passed)
            if not passed:
                # A.9: this bracket is the PPB; all lower players form the
                # collapsed scoregroup.  Re-pair the PPB so that the round can
                # be completed (C.4), then pair the collapsed last bracket.
                observer.collapsed(bracket, rest)
                result = self._pair(Bracket(moved_down, residents, rest, must_complete=True), observer)
                last = self._pair(Bracket(result.downfloaters, rest, (), must_complete=True), observer)
                return pairs + list(result.pairs) + list(last.pairs), last.downfloaters
            pairs.extend(result.pairs)
            moved_down = result.downfloaters
        return pairs, moved_down


class Fide2026(DutchEdition):
    """C.04.3-2026 (Council 28/10/2025, applied from 1 February 2026), with C.04.1-2026 and C.04.2-2026."""

    name = "fide-2026"
    title = "FIDE (Dutch) system, 2026 edition (C.04.3 applied from 1 February 2026)"
    short_title = "FIDE 2026"
    override_articles = FIDE_2026_ARTICLES
    published_change_cases = PUBLISHED_CHANGE_CASES_2026
    full_point_bye_bars_bye = True
    float_rule = staticmethod(float_in_round_2026)
    criteria = FIDE_2026_CRITERIA
    texts = FIDE_2026_TEXT
    round_one_absentees_in_group_a = False
    """C.04.2-2026 2.4: a participant not paired in round 1 is a late entry, "given an appropriate TPN and paired
    only when they actually arrive" (the SPP's ruling: no TPN yet); C.04.7-2026 1.2 splits the participants who hold
    one, and 1.3 places the others when they arrive (checklist Q111)."""

    def may_receive_bye(self, player: Player, points: PointSystem) -> bool:
        """C.04.3-2026 2.1.2 [C2] (C.04.1-2026 Art. 4).

        Barred: whoever already received the pairing-allocated bye, or scored
        in one round, without playing, as many points as a win (a forfeit
        win, a full-point bye).  A half-point bye does not bar.
        """
        return not any(
            r.outcome is Outcome.PAIRING_ALLOCATED_BYE or (not r.outcome.is_played and r.points >= points.win)
            for r in player.history
        )

    def bye_score_floor(self, players: Sequence[Contestant]) -> tuple[int, str] | None:
        """C.04.3-2026 2.3.1 [C5]: the bye goes to a participant of the lowest score a legal pairing allows."""
        score = lowest_bye_score(players)
        return None if score is None else (score, "C.04.3-2026 2.3.1 [C5]")

    def _pair_brackets(
        self, players: tuple[Contestant, ...], observer: PairingObserver
    ) -> tuple[list[Pair], tuple[Contestant, ...]]:
        """Bracket after bracket from the top (1.9.2), each leaving a legal pairing for the rest ([C4])."""
        players = restrict_bye_to_lowest_score(players, observer)
        groups = scoregroups(players)
        pairs: list[Pair] = []
        moved_down: tuple[Contestant, ...] = ()
        bye: tuple[Contestant, ...] = ()
        ahead: BracketPairing | None = None
        for index, residents in enumerate(groups):
            below = groups[index + 1 :]
            rest = tuple(p for group in below for p in group)
            if not below or takes_the_bye(moved_down + residents, rest):
                # The bracket closes the round: it keeps the bye, and [C9]
                # applies to the one player it leaves unpaired.
                result = self._pair(self._bracket(moved_down, residents, (), must_complete=True), observer)
                pairs.extend(result.pairs)
                bye, moved_down, ahead = bye + result.downfloaters, (), None
                continue
            bracket = self._bracket(moved_down, residents, below[0], following_is_last=len(below) == 1)
            # A pairing found while looking ahead from the bracket above has
            # passed this completion test already.
            passed = ahead is not None
            result = self._pair(bracket, observer, ahead)
            ahead = None
            passed = passed or completable(result.downfloaters + rest)
            observer.completion_test(bracket, passed)
            if passed and len(below) > 1:
                # [C8]: the following bracket must comply with [C1]-[C7],
                # [C4] included, which the next scoregroup alone cannot show.
                # Pair it as it will be paired; if it leaves the rest
                # completable, the downfloaters chosen are the best for it.
                following = self._bracket(result.downfloaters, below[0], below[1], following_is_last=len(below) == 2)
                ahead = pair_bracket(following)
                passed = completable(ahead.downfloaters + tuple(p for group in below[1:] for p in group))
            if not passed:
                # [C4] ranks above every quality criterion, and [C8] looks at
                # the following bracket's [C4]: pair the bracket again with
                # every remaining player in view.
                ahead = None
                full = self._bracket(moved_down, residents, rest, must_complete=True, look_ahead=len(below[0]))
                result = self._pair(full, observer)
            pairs.extend(result.pairs)
            moved_down = result.downfloaters
        return pairs, bye + moved_down

    def _bracket(
        self,
        moved_down: tuple[Contestant, ...],
        residents: tuple[Contestant, ...],
        following: tuple[Contestant, ...],
        *,
        must_complete: bool = False,
        following_is_last: bool = False,
        look_ahead: int = 0,
    ) -> Bracket:
        return Bracket(moved_down, residents, following, must_complete, following_is_last, self.criteria, look_ahead)


def takes_the_bye(bracket: Sequence[Contestant], rest: Sequence[Contestant]) -> bool:
    """C.04.3-2026 2.4.4 [C9], note: does this bracket downfloat exactly one player, who gets the bye?

    So it is when the bracket can be paired but for one player the bye is
    allowed to ([C2], [C5]), and the players below can all be paired among
    themselves.  Then the bracket closes the round-pairing and [C9] chooses
    among its possible bye assignees.
    """
    if len(bracket) % 2 == 0 or len(rest) % 2 == 1 or not any(p.can_get_bye for p in bracket):
        return False
    return completable(bracket) and completable(rest)


def lowest_bye_score(players: Sequence[Contestant]) -> int | None:
    """C.04.3-2026 2.3.1 [C5]: the lowest score the assignee of the bye can have in a legal pairing.

    None when the number of players is even (no bye).  The candidates'
    scores are tried from the lowest: the first that still lets every other
    player be paired ([C1]-[C4]) is the one [C5] asks for.
    """
    if len(players) % 2 == 0:
        return None
    scores = sorted({p.score for p in players if p.can_get_bye})

    def feasible(score: int) -> bool:
        return completable(players, bye_below=score)

    if not scores or not feasible(scores[-1]):
        return None
    if feasible(scores[0]):
        return scores[0]  # the common case: the lowest scoregroup can take the bye
    # Eligibility only grows with the score: bisect for the lowest feasible one.
    low, high = 1, len(scores) - 1
    while low < high:
        middle = (low + high) // 2
        if feasible(scores[middle]):
            high = middle
        else:
            low = middle + 1
    return scores[low]


def restrict_bye_to_lowest_score(
    players: tuple[Contestant, ...], observer: PairingObserver
) -> tuple[Contestant, ...]:
    """C.04.3-2026 2.3.1 [C5] ranks above every quality criterion, [C6] included.

    So the bye goes to a player of the lowest score the whole field allows,
    even when that breaks up a higher bracket: only players of that score
    (and allowed by [C2]) stay eligible, and [C4] in every bracket then
    keeps such a bye possible.
    """
    score = lowest_bye_score(players)
    if score is None:
        return players
    observer.bye_score_settled(score)
    return tuple(p if p.score == score or not p.can_get_bye else replace(p, can_get_bye=False) for p in players)


def board_order(boards: Sequence[Board], state: TournamentState, rules: DutchEdition | None = None) -> tuple[Board, ...]:
    """C.04.2.D.9 (C.04.2-2026 3.6): by the score of the higher ranked player, the sum of scores, then his initial
    rank; the score is the edition's :meth:`DutchEdition.board_score` (with acceleration, real + virtual points)."""
    by_number = {p.number: p for p in state.players}
    score_of = (rules or EDITIONS[DEFAULT_EDITION]).board_score
    scores = {n: score_of(p, state.round) for n, p in by_number.items()}

    def key(board: Board) -> tuple[int, int, int]:
        higher, lower = sorted((board.white, board.black), key=lambda n: (-scores[n], n))
        return (-scores[higher], -(scores[higher] + scores[lower]), higher)

    return tuple(sorted(boards, key=key))


EDITIONS: dict[str, DutchEdition] = {edition.name: edition for edition in (Fide2026(), Baku2016())}


def edition(name: str) -> DutchEdition:
    """The edition called ``name`` (``fide-2026``, ``baku-2016``); an unknown name is an error naming it."""
    return _edition(name)


def _edition(name: str) -> DutchEdition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise ArbiterError(f"unknown edition of the Dutch rules: {name!r} (known: {', '.join(EDITIONS)})") from None


def pair_round(
    state: TournamentState, edition: str = "baku-2016", observer: PairingObserver | None = None
) -> RoundPairing:
    """Pair round ``state.round`` with the given edition of the Dutch rules.

    Raises ``PairingImpossibleError`` when no pairing satisfies C.1-C.3.
    """
    return _edition(edition).pair_round(state, observer or PairingObserver())
