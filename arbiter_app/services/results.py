"""Entering and correcting results, forfeits included (C.04.2.D.8).

A correction is stored over the old result, whenever it comes.  What it
affects follows from that: pairings already made stay as they are, and the
next pairing made reads the corrected result.  So a correction reported
after round r+1 was paired counts from the pairing of round r+2, as
C.04.2.D.8 says; if round r+1 is still a draft, the arbiter re-pairs it.

A correction made once the next round is published is a pairing-integrity event (checklist
Q112-Q115): it needs ``confirmed`` at Level 3, is logged with the round's snapshot (undo)
and written to TRF-2026 exports as ``### Correction @ Round r: ...``.  Only the last
paired round and the one before it are corrected in FIDE mode (checklist Q189-Q191); the
result of an adjourned game (``*``) is entered whenever it comes (Q162).  An adjourned game is
a draw for pairing: once a later round is paired with it so, a result other than a draw needs
``confirmed`` at Level 3 and is an event of its own, ``### Adjournment @ Round r: ...`` (Q163).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.desks import check_version
from arbiter_app.persistence.models import BoardResult, Round, RoundState, Tournament
from arbiter_app.services.articles import article
from arbiter_app.services.dto import UNRATED, ResultInfo
from arbiter_app.services.fide_mode import TRF_KEY, comment, correction_notice, last_paired, past_round_notice
from arbiter_app.services.records import audit, board_info, snapshot
from arbiter_app.services.warnings import Level, Notice, require

_SPELLINGS: dict[str, tuple[BoardResult, bool]] = {
    "1-0": (BoardResult.WHITE_WINS, False),
    "0-1": (BoardResult.BLACK_WINS, False),
    "1/2": (BoardResult.DRAW, False),
    "1/2-1/2": (BoardResult.DRAW, False),
    "½-½": (BoardResult.DRAW, False),
    "=": (BoardResult.DRAW, False),
    "1/2-0": (BoardResult.WHITE_HALF, False),
    "½-0": (BoardResult.WHITE_HALF, False),
    "0-1/2": (BoardResult.BLACK_HALF, False),
    "0-½": (BoardResult.BLACK_HALF, False),
    "0-0": (BoardResult.BOTH_LOSE, False),
    "+-": (BoardResult.WHITE_WINS, True),
    "+/-": (BoardResult.WHITE_WINS, True),
    "-+": (BoardResult.BLACK_WINS, True),
    "-/+": (BoardResult.BLACK_WINS, True),
    "--": (BoardResult.BOTH_LOSE, True),
    "-/-": (BoardResult.BOTH_LOSE, True),
    "*": (BoardResult.ADJOURNED, False),
}


UNRATED_RESULTS = {"W-L": "1-0", "L-W": "0-1", "D-D": "1/2"}
"""The TRF codes of a game of less than one move (checklist Q185), white's then black's."""


def unrated_result(text: str) -> tuple[str, bool]:
    """Checklist Q185: ``1-0 unrated`` (or the TRF codes ``W-L``, ``L-W``, ``D-D``) is a game of less than one move,
    scored and counted for the pairing like any game, not rated: (the result without the mark, unrated).  Only a
    win, a loss or a draw of a game played can be unrated."""
    plain = text.strip()
    if plain.upper() in UNRATED_RESULTS:
        return UNRATED_RESULTS[plain.upper()], True
    if not plain.lower().endswith(UNRATED):
        return plain, False
    plain = plain[: -len(UNRATED)].strip()
    result, forfeit = parse_result(plain)
    if forfeit or result not in (BoardResult.WHITE_WINS, BoardResult.BLACK_WINS, BoardResult.DRAW):
        raise ArbiterError(f"{text!r}: only 1-0, 0-1 and 1/2 of a game played can be unrated (W, L, D)")
    return plain, True


def parse_result(text: str) -> tuple[BoardResult, bool]:
    """``1-0 0-1 1/2 =`` played, ``1/2-0 0-1/2 0-0`` played and scored so (checklist Q180; ``½-0`` ...),
    ``+- -+ --`` forfeits (``+/-`` ...), ``*`` adjourned: (result, forfeit)."""
    try:
        return _SPELLINGS[text.strip()]
    except KeyError:
        raise ArbiterError(
            f"unknown result {text!r}: use 1-0, 0-1, 1/2, 1/2-0, 0-1/2, 0-0 (played), +- (white wins by forfeit), -+, "
            "-- (double forfeit) or *"
        ) from None


def last_published(session: Session, tournament_id: int) -> int:
    """The number of the last round published (0: none yet)."""
    return max((r.number for r in queries.rounds(session, tournament_id) if r.state != RoundState.DRAFT), default=0)


def _published_round(session: Session, t: Tournament, round_number: int) -> Round:
    r = queries.round_(session, t.id, round_number)
    if r is None:
        raise ArbiterError(f"round {round_number} has not been paired")
    if r.state == RoundState.DRAFT:
        raise ArbiterError(f"round {round_number} is a draft: publish it before entering results")
    return r


def _note(session: Session, t: Tournament, round_number: int) -> str:
    """What a changed result of ``round_number`` does to the rounds paired after it, citing the tournament's
    edition (C.04.2.D.8; C.04.2-2026 4.3)."""
    rule = article(t.edition, "later-rounds")
    later = [r for r in queries.rounds(session, t.id) if r.number > round_number]
    if not later:
        return ""
    draft = next((r for r in later if r.state == RoundState.DRAFT), None)
    if draft is not None and draft.number == round_number + 1:
        return (
            f"round {draft.number} is a draft paired with the old result: pair it again; it is not published until "
            f"it is ({rule})"
        )
    note = (
        f"round {round_number + 1} was paired with the old result and stays as published; "
        f"the correction counts from the pairing of round {round_number + 2} ({rule})"
    )
    if draft is not None:
        note += f"; round {draft.number} is a draft paired with the old result: pair it again before publishing it"
    return note


def _set(
    session: Session, t: Tournament, r: Round, board_number: int, result: str, seen: int | None = None
) -> ResultInfo:
    result, unrated = unrated_result(result)
    value, forfeit = parse_result(result)
    board = next((b for b in r.boards if b.number == board_number), None)
    if board is None:
        raise ArbiterError(
            f"round {r.number} has no board {board_number} (boards 1-{len(r.boards)})"
            if r.boards
            else f"round {r.number} has no boards"
        )
    previous = board_info(board).result_text or None
    check_version(f"round {r.number} board {board_number}", board, seen, previous or "no result")
    board.result, board.forfeit, board.unrated = value.value, forfeit, unrated
    info = board_info(board)
    if previous == info.result_text:
        return ResultInfo(r.number, info, previous, r.state, "")  # the same result again: no correction, nothing logged
    note = _note(session, t, r.number) if previous is not None else ""
    action = "correct result" if previous is not None else "enter result"
    audit(
        session,
        t.id,
        action,
        f"round {r.number} board {board_number} ({info.white}-{info.black}): {info.result_text}",
        before=previous,
        after=info.result_text,
    )
    return ResultInfo(r.number, info, previous, r.state, note)


def _corrections(session: Session, t: Tournament, round_number: int, infos: list[ResultInfo]) -> list[str]:
    """The ``### Correction`` lines of results changed once the next round is published (none before: a draft is
    paired again, C.04.2.D.8)."""
    following = queries.round_(session, t.id, round_number + 1)
    if following is None or following.state == RoundState.DRAFT:
        return []
    return [
        comment("Correction", round_number, f"result of {i.board.white}-{i.board.black} changed from {i.previous} "
                f"to {i.board.result_text}")
        for i in infos
        if i.previous not in (None, "*") and i.previous != i.board.result_text
    ]  # fmt: skip


def adjourned_decided(infos: list[ResultInfo]) -> list[ResultInfo]:
    """The adjourned games (``*``) given a result other than a draw: pairing took them as draws (C.04.2.D.1,
    C.04.2-2026 3.1), so their result changes what the pairing read (checklist Q163)."""
    return [i for i in infos if i.previous == "*" and i.board.result_text not in ("*", "½-½")]


def adjournment_lines(session: Session, t: Tournament, round_number: int, decided: list[ResultInfo]) -> list[str]:
    """``### Adjournment @ Round r: <white>-<black> <result>`` for each adjourned game decided otherwise than
    a draw once a later round is published with it paired as a draw (a pairing-integrity event, checklist Q163); a
    later round still a draft is paired again before it is published (issue 29, D1), no event."""
    if last_published(session, t.id) <= round_number:
        return []
    return [comment("Adjournment", round_number, f"{i.board.white}-{i.board.black} {i.board.result_text}")
            for i in decided]  # fmt: skip


def adjournment_notice(round_number: int, decided: list[ResultInfo], lines: list[str]) -> list[Notice]:
    """Level 3 before an adjourned game gets a result other than a draw once a later round was paired with it as a
    draw (checklist Q163); before that, the result is what the next pairing reads, nothing to ask."""
    if not lines:
        return []
    games = ", ".join(f"board {i.board.number} ({i.board.white}-{i.board.black}) {i.board.result_text}"
                      for i in decided)  # fmt: skip
    logged = "; it is logged and written to TRF-2026 exports as " + "; ".join(f"'{x}'" for x in lines)
    return [
        Notice(
            Level.PROCEED,
            "checklist Q163, C.04.2.D.1, C.04.2-2026 3.1",
            f"round {round_number}: the adjourned game(s) {games} were counted as draws for pairing round "
            f"{round_number + 1}; the result is not a draw{logged}",
        )
    ]


def _settle_state(r: Round) -> None:
    r.state = RoundState.COMPLETED.value if all(b.result is not None for b in r.boards) else RoundState.PUBLISHED.value


def enter_result(
    db: Database,
    tournament_id: int,
    round_number: int,
    board_number: int,
    result: str,
    *,
    confirmed: int = 0,
    seen: int | None = None,
) -> ResultInfo:
    """Enter or correct one board's result (``1-0``, ``+-`` for a forfeit, ...).  ``seen``: the board's version the
    desk showed (:attr:`BoardInfo.version`); refused, naming who, when another desk changed the board since."""
    versions = None if seen is None else {board_number: seen}
    return enter_results(db, tournament_id, round_number, [(board_number, result)], confirmed=confirmed,
                         seen=versions)[0]  # fmt: skip


def enter_results(
    db: Database,
    tournament_id: int,
    round_number: int,
    results: Sequence[tuple[int, str]],
    *,
    confirmed: int = 0,
    seen: Mapping[int, int] | None = None,
) -> tuple[ResultInfo, ...]:
    """Enter several results of one round at once: all of them or, on any error, none.  ``seen``: per board, the
    version the desk showed (a board changed meanwhile by another desk refuses the whole entry, naming who).

    Corrections of a round followed by a published round need ``confirmed`` at Level 3 (a correction event)."""
    if not results:
        raise ArbiterError("no result given")
    with db.write() as s:
        return record_results(s, tournament_id, round_number, results, confirmed=confirmed, seen=seen)


def record_results(
    s: Session,
    tournament_id: int,
    round_number: int,
    results: Sequence[tuple[int, str]],
    *,
    confirmed: int = 0,
    seen: Mapping[int, int] | None = None,
) -> tuple[ResultInfo, ...]:
    """:func:`enter_results` in the caller's write transaction (a deputy's entry checks the board first, in the
    same transaction: :mod:`arbiter_app.services.deputies`)."""
    t = queries.tournament(s, tournament_id)
    r = _published_round(s, t, round_number)
    queries.players(s, t.id)  # into the session, so that boards find their players without a query each
    before = snapshot(s, t.id, round_number)
    infos = []
    for board_number, result in results:
        infos.append(_set(s, t, r, board_number, result, None if seen is None else seen.get(board_number)))
    lines = _corrections(s, t, round_number, infos)
    corrected = [i for i in infos if i.previous not in (None, "*") and i.previous != i.board.result_text]
    past = past_round_notice(t, round_number, last_paired(s, t.id), "results") if corrected else []
    decided = adjourned_decided(infos)
    adjournments = adjournment_lines(s, t, round_number, decided)
    require(confirmed, past + correction_notice(round_number, lines, t.edition)
            + adjournment_notice(round_number, decided, adjournments))  # fmt: skip
    lines += adjournments
    _settle_state(r)
    s.flush()
    if all(i.previous == i.board.result_text for i in infos):
        return tuple(ResultInfo(i.round, i.board, i.previous, r.state, i.note) for i in infos)  # nothing changed
    # One undo step for the whole entry: the snapshot goes on a closing audit line (with the events' lines).
    entered = ", ".join(f"board {i.board.number} {i.board.result_text}" for i in infos)
    audit(
        s, t.id, "results", f"round {round_number}: {entered}", undo_snapshot=before,
        after={TRF_KEY: lines} if lines else None,
    )  # fmt: skip
    return tuple(ResultInfo(i.round, i.board, i.previous, r.state, i.note) for i in infos)
