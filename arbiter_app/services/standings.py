"""Standings of a stored tournament.

Two reads: ``standings`` ranks by score, then pairing number, after any
published round (results may still be coming in); ``ranked_standings``
ranks after a round with every result in, by the tournament's tie-breaks
(the rule set of ``arbiter_app.standings``), players equal on every
tie-break ordered by the tournament's drawing of lots (:func:`drawing_of_lots`), or by hand, with values
entered by hand and the tournament's rules for ratings (:mod:`arbiter_app.services.standings_by_hand`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import replace
from itertools import groupby

from sqlalchemy.orm import Session

from arbiter_app import standings as tb
from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.floats import Float, floats_of, floats_of_pairing
from arbiter_app.pairing.model import TournamentState
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import ByeKind, RoundState
from arbiter_app.services.dto import RoundInfo, StandingRow
from arbiter_app.services.records import point_system
from arbiter_app.services.rounds import list_rounds
from arbiter_app.services.standings_by_hand import by_hand
from arbiter_app.services.state import BYE_OUTCOMES, board_outcomes, state_for_round
from arbiter_app.services.systems import SWISS, system_of, system_of_info
from arbiter_app.services.tiebreak_rules import LegendEntry, codes_in_use, legend, rule_set
from arbiter_app.services.tournaments import get_tournament
from arbiter_app.standings.c07 import EDITIONS, rules_for
from arbiter_app.standings.c07.why import WhyAbove
from arbiter_app.standings.c07.why import why_above as c07_why_above

DEFAULT_ORDER = "individual swiss"
"""The manual's recommended order used when the tournament names no tie-break the rule set knows."""


def compute_standings(session: Session, tournament_id: int, after_round: int | None = None) -> list[StandingRow]:
    """Points from the published rounds (up to ``after_round``): results entered and byes.

    Adjourned games and boards without a result score nothing yet (C.04.2.D.1
    makes an adjourned game a draw for pairing purposes only).
    """
    t = queries.tournament(session, tournament_id)
    ps = point_system(t)
    rounds = [r for r in queries.rounds(session, t.id) if r.state != RoundState.DRAFT]
    if after_round is not None:
        rounds = [r for r in rounds if r.number <= after_round]
    last = rounds[-1].number if rounds else 0
    points: dict[int, int] = {p.id: 0 for p in queries.players(session, t.id)}
    # C.05 (round robins): a withdrawn player with fewer than half of the games completed counts for nothing.
    excluded = system_of(t).excluded(session, t)
    for r in rounds:
        for b in r.boards:
            if b.result is None or b.result == "*":
                continue
            if b.white.pairing_number in excluded or b.black.pairing_number in excluded:
                continue
            white, black = board_outcomes(b)
            points[b.white_id] += ps.points_for(white)
            points[b.black_id] += ps.points_for(black)
    for bye in queries.byes(session, t.id):
        if bye.round_number <= last:
            points[bye.player_id] += ps.points_for(BYE_OUTCOMES[ByeKind(bye.kind)])
    players = sorted(
        (p for p in queries.players(session, t.id) if p.pairing_number not in excluded),
        key=lambda p: (-points[p.id], p.pairing_number),
    )
    return [StandingRow(rank, p.pairing_number, p.name, p.rating, points[p.id]) for rank, p in enumerate(players, 1)]


def standings(db: Database, tournament_id: int, after_round: int | None = None) -> tuple[StandingRow, ...]:
    """The standings: score, then pairing number."""
    with db.read() as s:
        return tuple(compute_standings(s, tournament_id, after_round))


def tiebreak_codes(setting: str) -> tuple[str, ...]:
    """Codes of an Arbiters' Manual list that the manual's rule set knows; its recommended order if none.

    The reading of lists stored before they were checked; a tournament's codes under its own
    regulation are :func:`arbiter_app.services.tiebreak_rules.codes_in_use`.
    """
    known = tb.ARBITERS_MANUAL.tiebreaks
    codes = tuple(c for c in re.findall(r"[A-Za-z0-9]+", setting.upper()) if c in known)
    return codes or tb.ARBITERS_MANUAL.recommended[DEFAULT_ORDER]


def last_complete(rounds: Sequence[RoundInfo]) -> int:
    """The last round up to which every round has all its results."""
    done = 0
    for r in rounds:
        if r.state != "completed":
            break
        done = r.number
    return done


def tournament_state(db: Database, tournament_id: int, round_number: int) -> TournamentState:
    """The tournament as it stands before ``round_number`` (the pairing core's and the tie-breaks' input)."""
    with db.read() as session:
        return state_for_round(session, tournament_id, round_number)


def standings_state(db: Database, tournament_id: int, round_number: int) -> TournamentState:
    """The state the standings rank before ``round_number``: the tournament's system decides whose results
    count (a round robin leaves out, per C.05, a withdrawn player with fewer than half of the games)."""
    with db.read() as session:
        t = queries.tournament(session, tournament_id)
        return system_of(t).standings_state(session, t, state_for_round(session, tournament_id, round_number))


def ranked_standings(
    db: Database, tournament_id: int, after_round: int | None = None, *, by_lot: bool = True, expelled: bool = False
) -> tb.Standings:
    """The standings with the tournament's tie-break rules after ``after_round`` (default: the last complete round).

    Players still equal after every tie-break are ordered by the tournament's drawing of lots
    (:func:`drawing_of_lots`, the rows flagged ``by_lot``); ``by_lot`` False: they share their place.
    Expelled players are left out of a Swiss tournament's standings (:func:`without_expelled`) unless
    ``expelled`` (a crosstable, which lists every player's games).

    Tie-breaks need every result of the rounds they count: a round still
    waiting for results is refused, naming the rounds that can be ranked.
    """
    t = get_tournament(db, tournament_id)
    after = _rankable_round(db, tournament_id, after_round)
    state = standings_state(db, tournament_id, after + 1)
    rules = rule_set(t.tie_break_rules)
    hand = by_hand(db, tournament_id)
    policy = hand.rating_policy()
    if policy is not None and t.tie_break_rules in EDITIONS:
        rules = rules_for(EDITIONS[t.tie_break_rules], policy)
    ranked = {p.number for p in state.players}  # a round robin leaves out a player C.05 does not count
    lots = tuple(n for n in drawing_of_lots(db, tournament_id) if n in ranked) if by_lot else ()
    codes = codes_in_use(t.tie_break_rules, t.tie_breaks)
    entered = {code: {n: v for n, v in values.items() if n in ranked} for code, values in hand.entered.items()
               if code in codes}  # fmt: skip
    table = tb.standings(
        state,
        codes,
        after_round=after,
        rules=rules,
        lots=lots,
        hand_order=tuple(n for n in hand.hand_order if n in ranked),
        entered=entered,
    )
    if t.system != SWISS or expelled:
        return table
    with db.read() as s:
        flagged = {p.pairing_number for p in queries.players(s, tournament_id) if p.expelled}
    return without_expelled(table, flagged)


def without_expelled(table: tb.Standings, expelled: set[int]) -> tb.Standings:
    """Checklist Q198: expelled players are left out of a Swiss tournament's standings (their games still count for
    their opponents' tie-breaks); the places below close up, a shared place stays shared among those left."""
    if not expelled & {r.number for r in table.rows}:
        return table
    rows = []
    place = 1
    for _, group in groupby(table.rows, key=lambda r: (r.place, r.place_to)):
        kept = [r for r in group if r.number not in expelled]
        rows += [replace(r, place=place, place_to=place + len(kept) - 1) for r in kept]
        place += len(kept)
    return replace(table, rows=tuple(rows))


def lots_order(seed: int, numbers: Sequence[int]) -> tuple[int, ...]:
    """``numbers`` in the order a drawing of lots with ``seed`` gives: each player draws a lot of its own (a hash
    of the seed and the pairing number), so two players keep their order whoever else is tied with them."""
    return tuple(sorted(numbers, key=lambda n: hashlib.sha256(f"{seed}:{n}".encode()).digest()))


def drawing_of_lots(db: Database, tournament_id: int) -> tuple[int, ...]:
    """The tournament's simulated drawing of lots (Arbiters' Manual, Tie-Break Regulations: "If all tie-breaks
    fail, the tie shall be broken by drawing of lots"; checklist Q204): every pairing number in the order drawn
    with the seed stored with the tournament, so the same tournament always draws the same order and another
    tournament its own (Q206)."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        return lots_order(t.lots_seed, [p.pairing_number for p in queries.players(s, t.id)])


def _rankable_round(db: Database, tournament_id: int, after_round: int | None) -> int:
    complete = last_complete(list_rounds(db, tournament_id))
    after = complete if after_round is None else after_round
    if not 0 <= after <= complete:
        raise ArbiterError(
            f"round {after} is not complete: tie-breaks count rounds with every result in (0-{complete})"
        )
    return after


def tournament_tiebreaks(db: Database, tournament_id: int) -> tuple[str, tuple[LegendEntry, ...]]:
    """The tournament's regulation and, in order, the codes it applies with their names and articles."""
    t = get_tournament(db, tournament_id)
    return t.tie_break_rules, legend(t.tie_break_rules, codes_in_use(t.tie_break_rules, t.tie_breaks))


def why_above(db: Database, tournament_id: int, a: int, b: int, after_round: int | None = None) -> WhyAbove:
    """Why player ``a`` is ranked above ``b`` (or not): the first tie-break that separates them, values explained.

    C.07 regulations only (the Arbiters' Manual set has no explanation).
    """
    t = get_tournament(db, tournament_id)
    if t.tie_break_rules not in EDITIONS:
        raise ArbiterError(
            f"the tournament ranks by {t.tie_break_rules}: explanations need a C.07 regulation"
            ": choose C.07-2026 as the tournament's tie-break rules in its settings"
        )
    after = _rankable_round(db, tournament_id, after_round)
    state = standings_state(db, tournament_id, after + 1)
    codes = codes_in_use(t.tie_break_rules, t.tie_breaks)
    ratings = by_hand(db, tournament_id).rating_policy()
    return c07_why_above(state, EDITIONS[t.tie_break_rules], codes, a, b, after_round=after, ratings=ratings)


def round_floats(db: Database, tournament_id: int) -> dict[int, dict[int, Float]]:
    """Each player's float in every paired round (``floats[number][round]``), for pairing cards and reports.

    Rounds with all their results: the float the player received (C.04.3 A.4 / C.04.3-2026 1.4, by the
    edition that paired the round: a forfeit floats under Baku 2016, not under 2026).  A round still in
    progress (or a draft): the floats its pairing gives.  The pairing core's functions decide, the same the
    engine and the explanation use (:mod:`arbiter_app.pairing.floats`).
    """
    t = get_tournament(db, tournament_id)
    rounds = list_rounds(db, tournament_id)
    complete = last_complete(rounds)
    state = tournament_state(db, tournament_id, complete + 1)
    found: dict[int, dict[int, Float]] = {p.number: {} for p in state.players}
    if system_of_info(t).paired_by_table:
        return found  # a round robin's table pairs everyone with everyone: no score groups, no floats
    by_edition: dict[str, dict[int, tuple[Float, ...]]] = {}
    for r in rounds:
        if r.number <= complete:
            name = r.edition or t.edition
            if name not in by_edition:
                by_edition[name] = floats_of(state, edition_rules(name).float_rule)
            for number, floats in by_edition[name].items():
                if len(floats) >= r.number:
                    found[number][r.number] = floats[r.number - 1]
        else:
            before = tournament_state(db, tournament_id, r.number)
            for number, drift in floats_of_pairing(before, r.pairing()).items():
                found.setdefault(number, {})[r.number] = drift
    return found
