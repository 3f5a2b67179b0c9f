"""C.04.3-2026 (Council 28/10/2025, applied from 1 February 2026), with C.04.1-2026 and C.04.2-2026.

Its names: ``fide-2026`` in the database and on the command lines; ``FIDE_DUTCH_2025`` in a TRF ``092``/``192``
line, as the endorsed 2026 engines write it (the text approved in 2024 for 2025 was applied, revised, from
1 February 2026), ``FIDE_DUTCH_2026`` read too; TRF-2026 as the format it writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_app.pairing.articles import FIDE_2026_ARTICLES, PUBLISHED_CHANGE_CASES_2026
from arbiter_app.pairing.brackets import Bracket, BracketPairing, pair_bracket
from arbiter_app.pairing.criteria import FIDE_2026_CRITERIA, Contestant
from arbiter_app.pairing.editions.base import DutchEdition, Pair, completable, scoregroups
from arbiter_app.pairing.floats import float_in_round_2026
from arbiter_app.pairing.model import Outcome, Player, PointSystem
from arbiter_app.pairing.observer import PairingObserver
from arbiter_app.pairing.texts import FIDE_2026_TEXT


class Fide2026(DutchEdition):
    """C.04.3-2026 (Council 28/10/2025, applied from 1 February 2026), with C.04.1-2026 and C.04.2-2026."""

    name = "fide-2026"
    trf_system = "FIDE_DUTCH_2025"
    trf_aliases = ("FIDE_DUTCH_2026",)
    trf_format = "trf-2026"
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


def restrict_bye_to_lowest_score(players: tuple[Contestant, ...], observer: PairingObserver) -> tuple[Contestant, ...]:
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


FIDE_2026 = Fide2026()
"""The 2026 edition."""
