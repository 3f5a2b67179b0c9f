"""What the hall's players see (issue 31): the round in progress, the standings, a player's card and why he was
paired so, read from the services for the pages served on the hall's network (:mod:`arbiter_app.hall`).

Only published rounds are shown: a draft is the desk's until it is published.  Everything here only reads.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from arbiter_app.explain import RoundExplanation, explain_round, why_float, why_float_text
from arbiter_app.explain.render_text import rule_text
from arbiter_app.explain.words import colour_history, preference_text
from arbiter_app.pairing.editions import edition as edition_named
from arbiter_app.pairing.points import column_format, points_text, tenths_text
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import AuditEntry, DeputyEntry, RoundState
from arbiter_app.services.adjourned import list_open_games
from arbiter_app.services.dto import BoardInfo, RoundInfo
from arbiter_app.services.players import list_players, standing_marks
from arbiter_app.services.records import player_info, tournament_info
from arbiter_app.services.round_view import round_edition, round_info
from arbiter_app.services.roundrobin import explain_berger
from arbiter_app.services.rounds import list_rounds
from arbiter_app.services.standings import (
    compute_standings,
    last_complete,
    ranked_standings,
    standings,
    tournament_state,
    tournament_tiebreaks,
)
from arbiter_app.services.systems import system_of_info
from arbiter_app.services.tiebreak_rules import LegendEntry
from arbiter_app.services.tournaments import get_tournament

BYE_WORDS = {
    "half": "half-point bye",
    "full": "full-point bye",
    "zero": "zero-point bye",
    "absent": "absent",
    "withdrawn": "withdrawn",
    "not entered": "not yet entered",
    "unpaired": "not paired",
}
"""Why a player has no board, in the players' words."""


@dataclass(frozen=True)
class Seat:
    """A player on a board of the round, with his score before it."""

    number: int
    name: str
    points: str


@dataclass(frozen=True)
class HallBoard:
    number: int
    white: Seat
    black: Seat
    result: str
    """As on a pairing sheet (``1-0``, ``½-½``, ``+/-``); blank while the game is on."""
    overridden: bool


@dataclass(frozen=True)
class HallRound:
    number: int
    state: str
    boards: tuple[HallBoard, ...]
    byes: tuple[tuple[Seat, str], ...]
    """Players without a board: the pairing-allocated bye first, then the others with the reason."""
    changes: tuple[tuple[str, tuple[str, ...]], ...]
    """The round's pairing changed by hand: each change's reason and the rules it sets aside."""


@dataclass(frozen=True)
class HallPlayer:
    number: int
    name: str
    title: str
    rating: int
    federation: str


@dataclass(frozen=True)
class HallView:
    """The pages' data at one moment."""

    version: int
    tournament: str
    rounds_count: int
    round: HallRound | None
    """The last published round (None before round 1 is published)."""
    players: tuple[HallPlayer, ...]
    published: tuple[RoundInfo, ...] = ()
    """Every published round as read with the rest (the players' cards)."""
    basis: str = ""
    """The digest of everything read but the round in progress's results (:func:`hall_view`)."""


@dataclass(frozen=True)
class HallStanding:
    place: str
    number: int
    name: str
    rating: int
    points: str
    tiebreaks: tuple[str, ...]
    mark: str


@dataclass(frozen=True)
class HallStandings:
    after_round: int
    codes: tuple[str, ...]
    rows: tuple[HallStanding, ...]
    rules: str
    legend: tuple[LegendEntry, ...]
    provisional: tuple[str, ...]
    """Games counted that still wait for their final result (the standings are not final)."""


@dataclass(frozen=True)
class CardLine:
    round: int
    board: int | None
    colour: str
    """``white``, ``black`` or blank (no game)."""
    opponent: Seat | None
    result: str
    """His result (``1``, ``½``, ``0``, ``+``, ``-``) or what he had instead of a game."""


@dataclass(frozen=True)
class PlayerCard:
    player: HallPlayer
    lines: tuple[CardLine, ...]


def hall_version(db: Database, tournament_id: int) -> int:
    """A number that grows with every change the pages show: the last audit entry and the last deputy entry
    (every publish, result and decision writes one)."""
    with db.read() as s:
        return _version(s)


def _version(s: Session) -> int:
    # The largest ids of the file (its primary keys: no table read), whatever the tournament.
    audit = s.scalar(select(func.max(AuditEntry.id))) or 0
    deputy = s.scalar(select(func.max(DeputyEntry.id))) or 0
    return int(audit) * 1_000_003 + int(deputy)


def current_round(rounds: tuple[RoundInfo, ...]) -> RoundInfo | None:
    """The round in progress: the last one published (a draft is never shown)."""
    published = [r for r in rounds if r.state != "draft"]
    return published[-1] if published else None


RESULT_COLUMNS = frozenset({"result", "forfeit", "unrated", "row_version", "changed_by"})
"""What entering a result changes on a board (everything else of the file read by the pages is its basis)."""


def _basis(s: Session, tournament_id: int) -> tuple[str, dict[int, tuple[Any, ...]]]:
    """What the pages' data rests on but the results of the round in progress, as a digest, and those results:
    per board number (result, forfeit, unrated, row version, changed by).  Plain rows, no objects: a few
    milliseconds for a thousand boards, where the whole view takes a second or more."""
    digest = hashlib.sha256()
    t = {"t": tournament_id}
    for query in (
        "SELECT * FROM tournaments WHERE id = :t",
        "SELECT * FROM players WHERE tournament_id = :t ORDER BY id",
        "SELECT * FROM byes WHERE tournament_id = :t ORDER BY id",
        "SELECT * FROM overrides WHERE round_id IN (SELECT id FROM rounds WHERE tournament_id = :t) ORDER BY id",
    ):
        digest.update(repr(s.execute(text(query), t).all()).encode("utf-8", "surrogatepass"))  # fmt: skip
    rounds = s.execute(text("SELECT * FROM rounds WHERE tournament_id = :t ORDER BY number"), t)
    keys = list(rounds.keys())
    round_rows = rounds.all()
    digest.update(repr(round_rows).encode("utf-8", "surrogatepass"))
    published = [row for row in round_rows if row[keys.index("state")] != RoundState.DRAFT.value]
    current = published[-1][keys.index("id")] if published else None
    boards = s.execute(text("SELECT * FROM boards WHERE round_id IN (SELECT id FROM rounds WHERE tournament_id = :t) "
                            "ORDER BY id"), t)  # fmt: skip
    columns = list(boards.keys())
    kept = [k for k, c in enumerate(columns) if c not in RESULT_COLUMNS]
    results_at = [columns.index(c) for c in ("number", "result", "forfeit", "unrated", "row_version", "changed_by")]
    round_at = columns.index("round_id")
    results: dict[int, tuple[Any, ...]] = {}
    for row in boards.all():
        if row[round_at] == current:
            number, *values = (row[k] for k in results_at)
            results[number] = tuple(values)
            digest.update(repr(tuple(row[k] for k in kept)).encode("utf-8", "surrogatepass"))
        else:
            digest.update(repr(tuple(row)).encode("utf-8", "surrogatepass"))
    return digest.hexdigest(), results


def _with_results(v: HallView, version: int, results: dict[int, tuple[Any, ...]]) -> HallView:
    """``v`` with the round in progress's results as they are now (nothing else changed)."""
    assert v.round is not None and v.published
    r = v.published[-1]

    def board(b: BoardInfo) -> BoardInfo:
        result, forfeit, unrated, row_version, changed_by = results.get(b.number, (b.result, b.forfeit, b.unrated,
                                                                                  b.version, b.changed_by))  # fmt: skip
        return replace(b, result=result, forfeit=bool(forfeit), unrated=bool(unrated), version=row_version or 0,
                       changed_by=changed_by or "")  # fmt: skip

    boards = tuple(board(b) for b in r.boards)
    shown = {b.number: b.result_text for b in boards}
    hall_round = replace(v.round, boards=tuple(replace(b, result=shown.get(b.number, b.result))
                                               for b in v.round.boards))  # fmt: skip
    return replace(v, version=version, round=hall_round, published=(*v.published[:-1], replace(r, boards=boards)))


def hall_view(db: Database, tournament_id: int, previous: HallView | None = None) -> HallView:
    """The pages' data in one read transaction (the version with it, so that they never disagree).  When only
    results of the round in progress changed since ``previous`` (a round being entered), ``previous`` with the
    new results; else everything read again: the players and the rounds read once and kept in the session while
    the scores before the round are counted, so that no board loads its players one by one."""
    with db.read() as s:
        version = _version(s)
        basis, results = _basis(s, tournament_id)
        if previous is not None and previous.basis == basis and previous.round is not None:
            return _with_results(previous, version, results)
        t = tournament_info(queries.tournament(s, tournament_id))
        rows = queries.players(s, tournament_id)  # kept referenced: the boards find their players in the session
        players = tuple(HallPlayer(p.number, p.name, p.title, p.rating, p.federation) for p in map(player_info, rows))
        published = tuple(round_info(s, r) for r in queries.rounds(s, tournament_id) if r.state != RoundState.DRAFT)
        r = published[-1] if published else None
        if r is None:
            return HallView(version, t.name, t.rounds_count, None, players, published, basis)
        scores = compute_standings(s, tournament_id, r.number - 1) if r.number > 1 else []
        before = {row.number: row.points for row in scores}
        del rows
    names = {p.number: p.name for p in players}

    def seat(number: int) -> Seat:
        return Seat(number, names.get(number, ""), tenths_text(before.get(number, 0)))

    boards = tuple(HallBoard(b.number, seat(b.white), seat(b.black), b.result_text, b.overridden) for b in r.boards)
    byes = ([(seat(r.bye), "pairing-allocated bye")] if r.bye is not None else []) + [
        (seat(n), BYE_WORDS.get(why, why)) for n, why in r.not_paired
    ]
    changes = tuple((o.reason, o.warnings) for o in r.overrides)
    return HallView(version, t.name, t.rounds_count, HallRound(r.number, r.state, boards, tuple(byes), changes),
                    players, published, basis)  # fmt: skip


def hall_standings(db: Database, tournament_id: int) -> HallStandings:
    """After the last complete round with the tie-breaks; before any, by score and pairing number."""
    rounds = list_rounds(db, tournament_id)
    after = last_complete(rounds)
    marks = standing_marks(db, tournament_id)
    rules, legend = tournament_tiebreaks(db, tournament_id)
    waiting = tuple(str(g) for g in list_open_games(db, tournament_id) if g.round <= after)
    if after == 0:
        rows = tuple(
            HallStanding(str(r.rank), r.number, r.name, r.rating, tenths_text(r.points), (), marks.get(r.number, ""))
            for r in standings(db, tournament_id, 0)
        )
        return HallStandings(0, (), rows, rules, (), waiting)
    table = ranked_standings(db, tournament_id, after)
    shown = [column_format([row.tiebreaks[k] for row in table.rows]) for k in range(len(table.tiebreaks))]
    rows = tuple(
        HallStanding(
            row.place_label, row.number, row.name, row.rating, points_text(row.score),
            tuple(show(v) or "-" for show, v in zip(shown, row.tiebreaks)), marks.get(row.number, ""),
        )
        for row in table.rows
    )  # fmt: skip
    return HallStandings(after, table.tiebreaks, rows, rules, legend, waiting)


_MINE = {"1-0": ("1", "0"), "0-1": ("0", "1"), "½-½": ("½", "½"), "½-0": ("½", "0"), "0-½": ("0", "½"),
         "0-0": ("0", "0"), "+/-": ("+", "-"), "-/+": ("-", "+"), "-/-": ("-", "-"), "*": ("*", "*")}  # fmt: skip


def player_card(db: Database, tournament_id: int, number: int) -> PlayerCard:
    """The player's pairing card: each published round's board, colour, opponent and his result."""
    return card_of(list_rounds(db, tournament_id), hall_players(db, tournament_id), number)


def card_of(rounds: tuple[RoundInfo, ...], players: tuple[HallPlayer, ...], number: int) -> PlayerCard:
    """:func:`player_card` from the rounds and the players read already (KeyError: no such player)."""
    by_number = {p.number: p for p in players}
    if number not in by_number:
        raise KeyError(number)
    names = {n: p.name for n, p in by_number.items()}
    lines = []
    for r in (r for r in rounds if r.state != "draft"):
        line = None
        for b in r.boards:
            if number in (b.white, b.black):
                white = b.white == number
                other = b.black if white else b.white
                text = b.result_text.split(" ")[0]
                mine = _MINE.get(text, ("", ""))[0 if white else 1]
                line = CardLine(r.number, b.number, "white" if white else "black", Seat(other, names.get(other, ""), ""),
                                mine)  # fmt: skip
        if line is None:
            why = "pairing-allocated bye" if r.bye == number else dict(r.not_paired).get(number, "unpaired")
            line = CardLine(r.number, None, "", None, BYE_WORDS.get(why, why))
        lines.append(line)
    return PlayerCard(by_number[number], tuple(lines))


def hall_players(db: Database, tournament_id: int) -> tuple[HallPlayer, ...]:
    return tuple(HallPlayer(p.number, p.name, p.title, p.rating, p.federation)
                 for p in list_players(db, tournament_id))  # fmt: skip


def why_this_pairing(db: Database, tournament_id: int, round_number: int, number: int) -> str:
    """The desk's answer for one player, in plain words: whom he plays and why (he floats or not, he has the
    bye), by the rules' edition that paired the round; a board changed by hand says so, with the arbiter's
    reason.  Deterministic: the explanation's search is bounded by counts."""
    rounds = {r.number: r for r in list_rounds(db, tournament_id)}
    r = rounds.get(round_number)
    if r is None or r.state == "draft":
        return f"Round {round_number} is not published yet."
    t = get_tournament(db, tournament_id)
    lines: list[str] = []
    board = next((b for b in r.boards if number in (b.white, b.black)), None)
    if board is not None:
        white = board.white == number
        other, other_name = (board.black, board.black_name) if white else (board.white, board.white_name)
        lines.append(f"Round {round_number}: #{number} plays #{other} {other_name} on board {board.number} with "
                     f"{'white' if white else 'black'}.")  # fmt: skip
    elif r.bye == number:
        lines.append(f"Round {round_number}: #{number} has the pairing-allocated bye.")
    else:
        why = dict(r.not_paired).get(number)
        if why is None:
            raise KeyError(number)
        return f"Round {round_number}: #{number} is not paired ({BYE_WORDS.get(why, why)})."
    if system_of_info(t).paired_by_table:
        lines.append(explain_berger(db, tournament_id, number, round_number))
        return "\n".join(lines) + "\n"
    if board is not None and board.overridden or r.overrides:
        for o in r.overrides:
            lines.append(f"The arbiter changed this round's pairing by hand: {o.reason}")
            lines += [f"  - {w}" for w in o.warnings]
        if board is not None and board.overridden:
            lines.append("This board is not as the pairing rules made it; what follows explains the pairing the "
                         "rules made.")  # fmt: skip
    state = tournament_state(db, tournament_id, round_number)
    explanation = explain_round(state, edition_named(round_edition(db, tournament_id, round_number)))
    lines.append(why_float_text(explanation, why_float(explanation, number)).rstrip("\n"))
    lines += colour_lines(explanation, number)
    return "\n".join(lines) + "\n"


def colour_lines(explanation: RoundExplanation, number: int) -> list[str]:
    """Why he has his colour: the rule that decided it (E.1-E.5) and both players' colours and preferences."""
    t = explanation.texts
    for decision in explanation.outline.colours:
        w, b = decision.white, decision.black
        if number in (w.number, b.number):
            line = (
                f"Colours ({t.cite('E')}): {rule_text(decision.rule, t)}. #{w.number} played {colour_history(w)} "
                f"({preference_text(w)}); #{b.number} played {colour_history(b)} ({preference_text(b)})."
            )
            return [line]
    return []
