"""C.04.3 as approved in Baku 2016 (in force until 31 January 2026), with C.04.1 and C.04.2 of that time.

Its names: ``baku-2016`` in the database and on the command lines; ``FIDE_DUTCH_2016`` in a TRF ``092``/``192``
line (``FIDE_DUTCH_2017`` read as the same edition); TRF-16 as the format it writes.
"""

from __future__ import annotations

from arbiter_app.pairing.articles import BAKU_2016_ARTICLES, PUBLISHED_CHANGE_CASES_2016
from arbiter_app.pairing.brackets import Bracket
from arbiter_app.pairing.criteria import BAKU_2016_CRITERIA, Contestant
from arbiter_app.pairing.editions.base import DutchEdition, Pair, completable, scoregroups
from arbiter_app.pairing.floats import float_in_round
from arbiter_app.pairing.model import Player, PointSystem
from arbiter_app.pairing.observer import PairingObserver
from arbiter_app.pairing.texts import BAKU_2016_TEXT


class Baku2016(DutchEdition):
    """C.04.3 as approved in Baku 2016 (in force until 31 January 2026)."""

    name = "baku-2016"
    trf_system = "FIDE_DUTCH_2016"
    trf_aliases = ("FIDE_DUTCH_2017",)
    trf_format = "trf-16"
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


BAKU_2016 = Baku2016()
"""The edition of Baku 2016."""
