"""Round robins: the Berger numbers (drawn by lot or set by hand before round 1, checklist Q95), rounds
paired by hand with the check that every pair meets once per cycle (Q100-Q101), and the desk's answer to
"which Berger row gives this opponent and this colour?".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.pairing import berger
from arbiter_app.pairing.model import Board, RoundPairing
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Tournament
from arbiter_app.services.dto import PlayerInfo, RoundInfo, sheet_result
from arbiter_app.services.records import audit, player_info
from arbiter_app.services.round_view import round_info
from arbiter_app.services.rounds import next_round_number, store_draft
from arbiter_app.services.standings import ranked_standings
from arbiter_app.services.state import state_for_round
from arbiter_app.services.systems import RoundRobinSystem, berger_numbers, drawn_numbers, system_of
from arbiter_app.standings.roundrobin import RoundRobinTable, round_robin_table


def _round_robin(session: Session, tournament_id: int) -> tuple[Tournament, RoundRobinSystem]:
    t = queries.tournament(session, tournament_id)
    system = system_of(t)
    if not isinstance(system, RoundRobinSystem):
        raise ArbiterError(f"'{t.name}' is paired as a {system.title}, not as a round robin")
    return t, system


def _before_round_one(session: Session, t: Tournament) -> None:
    if queries.rounds(session, t.id):
        raise RuleViolation("C.05", "the Berger numbers are fixed once round 1 is paired")


def _numbers_set(
    session: Session, t: Tournament, system: RoundRobinSystem, numbers: Mapping[int, int], seed: int | None, how: str
) -> tuple[PlayerInfo, ...]:
    players = list(queries.players(session, t.id))
    if len(players) < berger.MINIMUM_PLAYERS:
        raise ArbiterError(f"a round robin needs at least {berger.MINIMUM_PLAYERS} players")
    by_number = {p.pairing_number: p for p in players}
    if sorted(numbers) != sorted(by_number):
        raise ArbiterError(f"give a Berger number to each of the {len(players)} players, and to no one else")
    if sorted(numbers.values()) != list(range(1, len(players) + 1)):
        raise ArbiterError(f"the Berger numbers are 1 to {len(players)}, each once")
    before = {p.name: p.berger_number for p in players}
    for pairing_number, number in numbers.items():
        by_number[pairing_number].berger_number = number
    t.berger_seed = seed
    t.rounds_count = system.total_rounds(len(players))
    after = {p.name: p.berger_number for p in players}
    audit(
        session,
        t.id,
        "berger numbers",
        f"Berger numbers {how}; {t.rounds_count} rounds ({system.title})",
        before=before,
        after={"numbers": after, "seed": seed},
    )
    session.flush()
    return tuple(player_info(p) for p in sorted(players, key=lambda p: p.berger_number or 0))


def draw_berger_numbers(db: Database, tournament_id: int, seed: int | None = None) -> tuple[PlayerInfo, ...]:
    """The drawing of lots of the Berger numbers, before round 1: repeatable from ``seed`` (drawn when not
    given), which is recorded with the numbers (``TournamentInfo.berger_seed`` and the audit log)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    with db.write() as s:
        t, system = _round_robin(s, tournament_id)
        _before_round_one(s, t)
        numbers = drawn_numbers([p.pairing_number for p in queries.players(s, t.id)], seed)
        return _numbers_set(s, t, system, numbers, seed, f"drawn by lot (seed {seed})")


def set_berger_numbers(db: Database, tournament_id: int, numbers: Mapping[int, int]) -> tuple[PlayerInfo, ...]:
    """Berger numbers set by hand (pairing number -> Berger number), before round 1 (checklist Q95)."""
    with db.write() as s:
        t, system = _round_robin(s, tournament_id)
        _before_round_one(s, t)
        return _numbers_set(s, t, system, dict(numbers), None, "set by hand")


def berger_number_of(db: Database, tournament_id: int) -> dict[int, int]:
    """Pairing number -> Berger number (empty before the numbers are drawn or set)."""
    with db.read() as s:
        return {
            p.pairing_number: p.berger_number for p in queries.players(s, tournament_id) if p.berger_number is not None
        }


def _earlier_boards(session: Session, t: Tournament, before: int) -> list[list[tuple[int, int]]]:
    return [
        [(b.white.pairing_number, b.black.pairing_number) for b in r.boards]
        for r in queries.rounds(session, t.id)
        if r.number < before
    ]


def check_round_by_hand(
    db: Database, tournament_id: int, boards: Sequence[tuple[int, int]], round_number: int | None = None
) -> list[str]:
    """Problems with a round robin's round paired by hand (pairing numbers, white first): each pair meets
    once per cycle (twice in a double round robin), no one plays twice (Q101); no one has the same colour
    three games in a row, and in a double round robin each of a pair has white once (Q102).  Empty when sound."""
    with db.read() as s:
        t, system = _round_robin(s, tournament_id)
        last = queries.last_round(s, t.id)
        number = round_number or ((last.number + 1) if last else 1)
        players = len(queries.players(s, t.id))
        earlier = _earlier_boards(s, t, number)
        cycles = 2 if system.double else 1
        rounds = [*earlier, list(boards)]
        return berger.check_meetings(players, rounds, cycles) + berger.check_colours(rounds, cycles)


def pair_round_by_hand(db: Database, tournament_id: int, boards: Sequence[tuple[int, int]]) -> RoundInfo:
    """Pair the next round of a round robin by hand (a draft), refused when :func:`check_round_by_hand`
    finds a problem (checklist Q100-Q101)."""
    problems = check_round_by_hand(db, tournament_id, boards)
    if problems:
        raise RuleViolation("C.05", "; ".join(problems))
    with db.write() as s:
        t = _round_robin(s, tournament_id)[0]
        number = next_round_number(s, t)[1]
        state_for_round(s, t.id, number)  # the earlier rounds complete
        pairing = RoundPairing(number, tuple(Board(w, b) for w, b in boards), None)
        r, before = store_draft(s, t, number, None, pairing, None)
        audit(
            s,
            t.id,
            "pair round",
            f"round {number} paired by hand (draft)",
            after=[f"{w}-{b}" for w, b in boards],
            undo_snapshot=before,
        )
        return round_info(s, r)


def explain_berger(db: Database, tournament_id: int, pairing_number: int, round_number: int) -> str:
    """At the desk: which Berger row gives player ``pairing_number`` their opponent and colour in a round."""
    with db.read() as s:
        t, system = _round_robin(s, tournament_id)
        players = list(queries.players(s, t.id))
        by_berger = berger_numbers(players)
        mine = {p.pairing_number: p for p in players}.get(pairing_number)
        if mine is None:
            raise ArbiterError(f"no player has pairing number {pairing_number}")
        row = berger.berger_row(
            len(players), mine.berger_number or 0, round_number, system.double, system.reverse_last_two
        )
        text = f"{mine.name} (pairing number {pairing_number}) has Berger number {mine.berger_number}: {row.text}"
        if row.opponent is not None:
            other = by_berger[row.opponent]
            text += f". Berger number {row.opponent} is {other.name} (pairing number {other.pairing_number})"
        return text


def explain_berger_round(db: Database, tournament_id: int, round_number: int) -> str:
    """The explanation of a round robin's round: which row of the Berger table it is, and for each board
    where its pair and colours come from (one line a board; the first line is the heading)."""
    with db.read() as s:
        t, system = _round_robin(s, tournament_id)
        players = list(queries.players(s, t.id))
        by_berger = berger_numbers(players)
        size = len(players)
        planned = system.schedule(size)
        if not 1 <= round_number <= len(planned):
            raise ArbiterError(f"the round robin has rounds 1 to {len(planned)}, not {round_number}")
        table_round = planned[round_number - 1]
        lines = [f"Round {round_number}: {system.title} (C.05 Annex 1)"]
        for board, (white, black) in enumerate(table_round.boards, 1):
            row = berger.berger_row(size, white, round_number, system.double, system.reverse_last_two)
            w, b = by_berger[white], by_berger[black]
            lines.append(f"Board {board}: {w.name} (Berger {white}) – {b.name} (Berger {black}): {row.text}")
        if table_round.bye is not None:
            row = berger.berger_row(size, table_round.bye, round_number, system.double, system.reverse_last_two)
            lines.append(f"{by_berger[table_round.bye].name} (Berger {table_round.bye}) sits out: {row.text}")
        return "\n".join(lines)


def round_robin_crosstable(db: Database, tournament_id: int, after_round: int | None = None) -> RoundRobinTable:
    """The crosstable of a round robin after ``after_round`` (default: the last round with every result in),
    players by Berger number, places from the standings; C.05's withdrawals shown but not counted
    (:func:`arbiter_app.standings.roundrobin.round_robin_table`)."""
    ranked = ranked_standings(db, tournament_id, after_round)
    with db.read() as s:
        t, system = _round_robin(s, tournament_id)
        players = list(queries.players(s, t.id))
        by_berger = berger_numbers(players)
        numbers = {p.pairing_number: b for b, p in by_berger.items()}
        excluded = system.excluded(s, t)
        state = state_for_round(s, t.id, ranked.round + 1)
    return round_robin_table(state, ranked, numbers, excluded, system.games_scheduled(len(players)))


def rounds_table(
    db: Database, tournament_id: int
) -> tuple[tuple[int, tuple[tuple[int, int, str], ...], tuple[int, ...], bool], ...]:
    """The table of all rounds, in pairing numbers: ``(round, boards as (white, black, result), sitting out,
    paired)``.  Rounds paired so far as stored; a round robin's rounds to come as its Berger table gives them
    (once the Berger numbers are set)."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        players = list(queries.players(s, t.id))
        everyone = {p.pairing_number for p in players}
        table: list[tuple[int, tuple[tuple[int, int, str], ...], tuple[int, ...], bool]] = []
        for r in queries.rounds(s, t.id):
            boards = tuple(
                (b.white.pairing_number, b.black.pairing_number, sheet_result(b.result, b.forfeit)) for b in r.boards
            )
            seated = {p for w, b, _ in boards for p in (w, b)}
            table.append((r.number, boards, tuple(sorted(everyone - seated)), True))
        system = system_of(t)
        if isinstance(system, RoundRobinSystem) and all(p.berger_number for p in players) and players:
            by_berger = berger_numbers(players)
            for planned in system.schedule(len(players))[len(table) :]:
                boards = tuple(
                    (by_berger[w].pairing_number, by_berger[b].pairing_number, "") for w, b in planned.boards
                )
                out = (by_berger[planned.bye].pairing_number,) if planned.bye else ()
                table.append((planned.number, boards, out, False))
        return tuple(table)
