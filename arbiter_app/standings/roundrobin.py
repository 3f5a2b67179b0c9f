"""Round robins in the standings: withdrawals (FIDE Handbook C.05, General Rules for Competitions) and the
tie-breaks C.07 offers for them.

C.05: when a player of a round robin withdraws (or is expelled) having completed less than half of the
games, the player's score stays in the tournament table (for rating and the record) but the points scored
by or against the player do not count in the standings; with half or more, they stand.  Either way the
games not played are shown ``-`` for the player and ``+`` for the opponent (the rounds service enters them
as forfeits).  Checklist Q103.

C.07 Article 8 (Buchholz and the tie-breaks related to it): "These tie-breaks must not be used in
round-robins" -- the Buchholz family (BH, AOB, FB) is not offered (checklist Q105).

Pure: the pairing model in, the pairing model out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_app.pairing.model import Outcome, RoundRecord, TournamentState
from arbiter_app.standings.rules import Value
from arbiter_app.standings.table import Standings, StandingsRow

BUCHHOLZ_FAMILY = frozenset({"BH", "AOB", "FB"})
"""C.07 Article 8: not for round robins."""

ROUND_ROBIN_CODES = ("DE", "WIN", "BPG", "BWG", "REP", "STD", "SB", "SB/C1", "SB/C2", "KS", "RTNG", "TPN")
"""The round-robin tie-breaks of C.07 the checklist asks for (Q104), with the limits of KS and the reverse
order of RTNG and TPN written as modifiers (``KS/L1``, ``TPN/R``, ...)."""

RECOMMENDED_ROUND_ROBIN = ("DE", "WIN", "SB", "KS")
"""The order a new round robin starts with: Direct Encounter (C.07 6), Number of Wins (7.1),
Sonneborn-Berger (9.1), Koya (9.2, "for Round Robin").  C.07 lists no order of its own; the arbiter
announces the list before the start (C.07 4.1.1)."""


def base_code(code: str) -> str:
    """``SB/C1`` -> ``SB``."""
    return code.split("/", 1)[0].upper()


def refused_codes(codes: tuple[str, ...]) -> list[str]:
    """The codes of the Buchholz family in ``codes`` (C.07 8: must not be used in round-robins)."""
    return [code for code in codes if base_code(code) in BUCHHOLZ_FAMILY]


def games_completed(state: TournamentState, number: int) -> int:
    """Games player ``number`` played over the board in the rounds of ``state``."""
    (player,) = [p for p in state.players if p.number == number]
    return sum(1 for record in player.history if record.outcome.is_played)


def excluded_by_withdrawal(
    games_played: dict[int, int], withdrawn: frozenset[int], games_scheduled: int
) -> frozenset[int]:
    """C.05: the withdrawn players whose results do not count -- fewer than half of their scheduled games
    completed (``games_scheduled``: N - 1 per cycle)."""
    half = Fraction(games_scheduled, 2)
    return frozenset(p for p in withdrawn if games_played.get(p, 0) < half)


def without_players(state: TournamentState, excluded: frozenset[int]) -> TournamentState:
    """The state with the players of ``excluded`` left out and the results against them not counted:
    each such round becomes, for the opponent, a round without a game and without points."""
    if not excluded:
        return state
    nothing = RoundRecord(Outcome.ABSENT, points=0)
    players = []
    for p in state.players:
        if p.number in excluded:
            continue
        history = tuple(nothing if r.opponent in excluded else r for r in p.history)
        players.append(replace(p, history=history))
    return replace(
        state,
        players=tuple(players),
        not_paired=frozenset(n for n in state.not_paired if n not in excluded),
        forbidden_pairs=frozenset(pair for pair in state.forbidden_pairs if not pair & excluded),
    )


def place_text(row: StandingsRow) -> str:
    """A place as the standings show it: ``3``, ``5-7`` shared, ``3 (lot)`` drawn by lot, ``3 (hand)`` ranked by
    the arbiter (the crosstable gives the same place as the standings, issue 28)."""
    return row.place_label + (" (lot)" if row.by_lot else " (hand)" if row.by_hand else "")


@dataclass(frozen=True)
class RoundRobinLine:
    """One player's line of a round robin's crosstable: a cell per opponent, by Berger number."""

    number: int
    """Pairing number."""
    berger: int
    name: str
    rating: int
    cells: tuple[str, ...]
    """``cells[b - 1]``: the results against Berger number ``b`` in round order (``"1 ½"`` in a double round
    robin), ``"×"`` on the diagonal, ``""`` for a game not played yet."""
    score: Fraction
    """The points the standings count: without the games against players whose results do not count; for such a
    player, their own points (shown, not counted)."""
    counted: bool
    """False for a player whose results do not count (C.05)."""
    place: str = ""
    tiebreaks: tuple[Value, ...] = ()
    """The standings' tie-break values (none for a player not counted)."""


@dataclass(frozen=True)
class RoundRobinTable:
    """The crosstable of a round robin after ``round`` rounds, players by Berger number."""

    round: int
    lines: tuple[RoundRobinLine, ...]
    notes: tuple[str, ...] = ()
    tiebreaks: tuple[str, ...] = ()
    """The codes of the tie-breaks, in the standings' order."""


CELL_TEXT = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
}
"""C.05: a game not played is ``-`` for the player who did not play it, ``+`` for the opponent (``-`` both when
neither came)."""


def round_robin_table(
    state: TournamentState, standings: Standings, berger: dict[int, int], excluded: frozenset[int], games_scheduled: int
) -> RoundRobinTable:
    """The crosstable of a round robin after the rounds ``standings`` ranks (``state`` with every player,
    ``berger``: pairing number -> Berger number), with the standings' places and tie-breaks.

    C.05 (withdrawals from a round robin): a player who leaves having completed less than half of the games
    stays in the table -- the results by and against them are shown -- but the points scored by them or
    against them are not counted in the standings (``excluded``: their line is marked, the others' points leave
    those games out); with half or more, everything counts.  Unplayed games are ``-`` for the player who did
    not play, ``+`` for the opponent."""
    after_round = standings.round
    ranked = {row.number: row for row in standings.rows}
    players = sorted(state.players, key=lambda p: berger[p.number])
    size = len(players)
    lines = []
    for p in players:
        cells = [""] * size
        cells[berger[p.number] - 1] = "×"
        counted = Fraction(0)
        for record in p.history[:after_round]:
            if record.opponent is not None and record.outcome in CELL_TEXT:
                k = berger[record.opponent] - 1
                cells[k] = " ".join(filter(None, (cells[k], CELL_TEXT[record.outcome])))
            if p.number in excluded or record.opponent not in excluded:
                counted += Fraction(record.points, 10)
        row = ranked.get(p.number)
        lines.append(
            RoundRobinLine(
                p.number,
                berger[p.number],
                p.name,
                p.rating,
                tuple(cells),
                counted,
                p.number not in excluded,
                place_text(row) if row else "",
                row.tiebreaks if row else (),
            )
        )
    notes = []
    for p in players:
        if p.number in excluded:
            played = sum(1 for r in p.history if r.outcome.is_played)
            notes.append(
                f"{p.name} (Berger number {berger[p.number]}) withdrew having completed {played} of "
                f"{games_scheduled} games, less than half: the results by and against {p.name} stay in the "
                "table but are not counted (C.05)"
            )
    return RoundRobinTable(after_round, tuple(lines), tuple(notes), standings.tiebreaks)
