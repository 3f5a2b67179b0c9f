"""What the arbiter adds to the computed standings, and which ratings the rating-based tie-breaks read.

* Tied players ranked by hand (checklist Q205): after a play-off, or where C.07-2026 4.2 would draw lots
  and the arbiter decides instead.  Stored with the tournament as an order of pairing numbers, applied only
  among players still equal after every tie-break (:func:`arbiter_app.standings.table.standings`); a
  Level-3 question, since the regulations break such ties by lot.
* Tie-break values computed elsewhere (Q207): a value per player and code of the tournament's list, used
  in the ranking instead of the computed one and marked as entered by hand.
* Unrated players in rating-based tie-breaks (C.07 Article 10; Q208-Q209): the tie-breaks are dropped
  unless a rule is published before the start.  Two rules: a fixed rating for every unrated player
  (``fixed``: 1000, or 0), or a rating the arbiter estimated for each (``estimated``; one without an
  estimate counts with the fixed rating).  A code's own ``/Unnnn`` modifier comes first.
* Tournaments lasting more than 30 days (Q210-Q216): the flag, ratings entered per player from a round on,
  and which rating counts (C.07 Article 10, Note: "the first one, unless the specific regulations of the
  tournament state otherwise"): ``first``, ``each`` (the rating of each round) or a round's.

Rules for unrated players and the rating used are part of the tie-break rules announced before the start:
they change freely until round 1 is paired, afterwards with a Level-4 confirmation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import EnteredTieBreak, TieBreakRating, Tournament
from arbiter_app.services.records import audit
from arbiter_app.services.tiebreak_rules import codes_in_use
from arbiter_app.services.warnings import Level, Notice, require
from arbiter_app.standings.c07 import RatingPolicy, parse_code
from arbiter_app.standings.c07.codes import RATED

UNRATED_METHODS = {
    "": "dropped (C.07 Article 10: no rule for unrated players)",
    "fixed": "a fixed rating for every unrated player",
    "estimated": "the rating estimated for each unrated player (the fixed rating where none is entered)",
}
"""The rules for unrated players in rating-based tie-breaks, with what they say."""

RATING_USES = {
    "first": "the first rating (C.07 Article 10, Note)",
    "each": "the rating of each round",
}
"""Which rating counts when players have several; a round number: that round's rating."""


@dataclass(frozen=True)
class ByHand:
    """A tournament's additions to the computed standings and its rating rules."""

    hand_order: tuple[int, ...] = ()
    """Pairing numbers in the arbiter's order (applied only within a tie)."""
    entered: dict[str, dict[int, Fraction]] = field(default_factory=dict)
    """Values entered by hand: code -> pairing number -> value."""
    unrated_method: str = ""
    unrated_rating: int = 1000
    long_event: bool = False
    """Lasting more than 30 days (checklist Q210)."""
    tiebreak_rating: str = "first"
    """``first``, ``each`` or a round number (as text)."""
    ratings: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """Ratings for the tie-breaks entered per player: pairing number -> ((from round, rating), ...)."""

    def rating_policy(self) -> RatingPolicy | None:
        """The rule the C.07 rating-based tie-breaks follow; None: the default (first rating, unrated dropped)."""
        # later ratings count only in a tournament flagged as long; a round-1 entry is an unrated player's estimate
        ratings = {n: kept for n, rs in self.ratings.items()
                   if (kept := tuple(e for e in rs if (e[0] > 1 and self.long_event)
                                     or (e[0] == 1 and self.unrated_method == "estimated")))}  # fmt: skip
        use: str | int = "first"
        if self.long_event:
            use = self.tiebreak_rating if self.tiebreak_rating in RATING_USES else int(self.tiebreak_rating)
        if not self.unrated_method and not ratings and use == "first":
            return None
        return RatingPolicy(ratings, self.unrated_rating if self.unrated_method else None, use)


def _numbers(session: Session, t: Tournament) -> dict[int, int]:
    return {p.id: p.pairing_number for p in queries.players(session, t.id)}


def by_hand(db: Database, tournament_id: int) -> ByHand:
    """What the arbiter set for the tournament's standings."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        numbers = _numbers(s, t)
        entered: dict[str, dict[int, Fraction]] = {}
        for e in s.scalars(select(EnteredTieBreak).where(EnteredTieBreak.tournament_id == t.id)):
            entered.setdefault(e.code, {})[numbers[e.player_id]] = Fraction(e.value)
        ratings: dict[int, list[tuple[int, int]]] = {}
        for r in s.scalars(select(TieBreakRating).where(TieBreakRating.tournament_id == t.id)):
            ratings.setdefault(numbers[r.player_id], []).append((r.from_round, r.rating))
        order = tuple(int(n) for n in t.hand_order.split(",") if n.strip())
        return ByHand(order, entered, t.unrated_method, t.unrated_rating, t.long_event, t.tiebreak_rating,
                      {n: tuple(sorted(rs)) for n, rs in ratings.items()})  # fmt: skip


def hand_order_notice(numbers: tuple[int, ...]) -> Notice:
    """Level 3: the regulations break a tie left by every tie-break by lot (C.07-2026 4.2)."""
    return Notice(
        Level.PROCEED,
        "C.07-2026 4.2",
        f"rank players tied on every tie-break by hand in the order {', '.join(map(str, numbers))} (instead of the"
        " drawing of lots); shown and printed as ranked by hand",
    )


def set_hand_order(db: Database, tournament_id: int, numbers: list[int] | tuple[int, ...], *,
                   reason: str = "", confirmed: int = 0) -> tuple[int, ...]:  # fmt: skip
    """Rank tied players by hand (checklist Q205): ``numbers`` in order; empty clears it.  Level 3."""
    order = tuple(numbers)
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        known = set(_numbers(s, t).values())
        if len(set(order)) != len(order):
            raise ArbiterError(f"the order by hand names a player twice: {', '.join(map(str, order))}")
        unknown = [n for n in order if n not in known]
        if unknown:
            raise ArbiterError(f"the order by hand names players not registered: {', '.join(map(str, unknown))}")
        if order:
            require(confirmed, [hand_order_notice(order)])
        before = t.hand_order
        t.hand_order = ",".join(map(str, order))
        audit(s, t.id, "rank by hand", f"tied players ranked by hand: {t.hand_order or 'none'}",
              before=before, after=t.hand_order, reason=reason)  # fmt: skip
    return order


def enter_tiebreak_value(db: Database, tournament_id: int, number: int, code: str, value: str | None, *,
                         reason: str = "") -> Fraction | None:  # fmt: skip
    """Enter a tie-break value computed elsewhere for player ``number`` (checklist Q207); None clears it.

    ``code`` is one of the tournament's list (``BH-C1`` is ``BH/C1``); ``value`` a number (``27.5``, ``55/2``).
    """
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        codes = codes_in_use(t.tie_break_rules, t.tie_breaks)
        canonical = str(parse_code(code)) if t.tie_break_rules.startswith("c07") else code.upper()
        if canonical not in codes:
            raise ArbiterError(f"{code} is not in the tournament's tie-break list ({', '.join(codes)})")
        if canonical.split("/")[0] == "DE":
            raise ArbiterError(f"{canonical} ranks the tied players as a group: rank them by hand instead")
        row = s.scalars(select(EnteredTieBreak).where(EnteredTieBreak.player_id == p.id,
                                                      EnteredTieBreak.code == canonical)).first()  # fmt: skip
        before = None if row is None else row.value
        parsed: Fraction | None = None
        if value is None or not value.strip():
            if row is not None:
                s.delete(row)
        else:
            try:
                parsed = Fraction(value.strip().replace(",", "."))
            except (ValueError, ZeroDivisionError):
                raise ArbiterError(f"#{number} {canonical}: {value!r} is not a number") from None
            text = str(parsed)
            if row is None:
                s.add(EnteredTieBreak(tournament_id=t.id, player_id=p.id, code=canonical, value=text))
            else:
                row.value = text
        audit(s, t.id, "enter tie-break value", f"#{number} {p.name} {canonical} entered by hand: "
              f"{'cleared' if parsed is None else parsed}", before=before,
              after=None if parsed is None else str(parsed), reason=reason)  # fmt: skip
    return parsed


def _check_announced(s: Session, t: Tournament, what: str, confirmed: int) -> None:
    """Part of the tie-break rules announced before round 1 (C.07 Article 10, 4.1.1): once round 1 is paired a
    change is Level 4 (recording the rule published for an imported tournament, say)."""
    if queries.rounds(s, t.id):
        require(confirmed, [Notice(Level.DOUBLE, "C.07 Article 10",
                                   f"{what} is announced before the start, and round 1 is paired: change it?",
                                   "the rating-based tie-breaks of every round are computed by the new rule")])  # fmt: skip


def set_rating_rules(db: Database, tournament_id: int, *, unrated_method: str | None = None,
                     unrated_rating: int | None = None, long_event: bool | None = None,
                     tiebreak_rating: str | None = None, confirmed: int = 0) -> tuple[Notice, ...]:  # fmt: skip
    """Set the rules of the rating-based tie-breaks; returns what the arbiter is told (Level 2).

    ``long_event`` True with rating-based tie-breaks in the list advises against them (C.07 Article 10,
    Note; checklist Q211).
    """
    told: list[Notice] = []
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        changes: dict[str, object] = {}
        if unrated_method is not None and unrated_method != t.unrated_method:
            if unrated_method not in UNRATED_METHODS:
                raise ArbiterError(f"unrated players: {unrated_method!r} (known: fixed, estimated, or none)")
            changes["unrated_method"] = unrated_method
        if unrated_rating is not None and unrated_rating != t.unrated_rating:
            if not 0 <= unrated_rating <= 3500:
                raise ArbiterError(f"the rating given to unrated players is 0-3500, not {unrated_rating}")
            changes["unrated_rating"] = unrated_rating
        if long_event is not None and long_event != t.long_event:
            changes["long_event"] = long_event
        if tiebreak_rating is not None and tiebreak_rating != t.tiebreak_rating:
            if tiebreak_rating not in RATING_USES and not (
                tiebreak_rating.isdigit() and 1 <= int(tiebreak_rating) <= t.rounds_count
            ):
                raise ArbiterError(f"the rating used: first, each, or a round 1-{t.rounds_count};"
                                   f" not {tiebreak_rating!r}")  # fmt: skip
            changes["tiebreak_rating"] = tiebreak_rating
        if changes:
            _check_announced(s, t, "the rule of the rating-based tie-breaks", confirmed)
        before = {k: getattr(t, k) for k in changes}
        for k, v in changes.items():
            setattr(t, k, v)
        advice = _advice(t)
        if advice is not None and "long_event" in changes:
            told.append(advice)
        if changes:
            audit(s, t.id, "rating rules", "rating-based tie-break rules changed", before=before, after=changes)
    require(confirmed, told)
    return tuple(told)


def long_event_advice(db: Database, tournament_id: int) -> Notice | None:
    """C.07 Article 10, Note (checklist Q211): a tournament lasting more than 30 days with rating-based
    tie-breaks in its list is advised against them; None otherwise."""
    with db.read() as s:
        return _advice(queries.tournament(s, tournament_id))


def _advice(t: Tournament) -> Notice | None:
    rated = [c for c in codes_in_use(t.tie_break_rules, t.tie_breaks) if c.split("/")[0] in RATED]
    if not t.long_event or not rated:
        return None
    return Notice(Level.INFORM, "C.07 Article 10, Note",
                  f"rating-based tie-breaks ({', '.join(rated)}) are not recommended when a player can get"
                  " more than one rating during the tournament")  # fmt: skip


def set_tiebreak_rating(db: Database, tournament_id: int, number: int, from_round: int, rating: int | None, *,
                        reason: str = "") -> None:  # fmt: skip
    """A player's rating for the rating-based tie-breaks from ``from_round`` on (None clears it): a later
    rating of a long tournament (checklist Q212-Q213), or an unrated player's estimate (round 1, Q209)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        if not 1 <= from_round <= t.rounds_count:
            raise ArbiterError(f"#{number}: round {from_round} is not a round of the tournament (1-{t.rounds_count})")
        if rating is not None and not 0 <= rating <= 3500:
            raise ArbiterError(f"#{number}: a rating is 0-3500, not {rating}")
        row = s.scalars(select(TieBreakRating).where(TieBreakRating.player_id == p.id,
                                                     TieBreakRating.from_round == from_round)).first()  # fmt: skip
        before = None if row is None else row.rating
        if rating is None:
            if row is not None:
                s.delete(row)
        elif row is None:
            s.add(TieBreakRating(tournament_id=t.id, player_id=p.id, from_round=from_round, rating=rating))
        else:
            row.rating = rating
        audit(s, t.id, "tie-break rating", f"#{number} {p.name}: rating {rating} from round {from_round}"
              " for rating-based tie-breaks", before=before, after=rating, reason=reason)  # fmt: skip
