"""Results corrected for the rating report only (C.04.2-2026 4.3; checklist Q192-Q193).

A correction reported after the following round has ended counts for rating purposes only:
the board keeps the result pairing and standings have read, and the corrected result is kept
apart (table ``rating_results``).  TRF-2026 exports keep the board's result in the ``001``
lines and say, one ``### Rating correction @ Round r: ...`` comment per game, which result the
rating report counts; TRF-2026 has no field of its own for it, TRF-16 no comments (a warning
says so).  Setting the board's own result again drops the correction.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import RatingResult, RoundState
from arbiter_app.services.dto import sheet_result
from arbiter_app.services.fide_mode import comment
from arbiter_app.services.records import RATING_CORRECTION, audit
from arbiter_app.services.results import parse_result
from arbiter_app.services.warnings import Level, Notice, require

RULE = "C.04.2-2026 4.3, checklist Q192-Q193"


@dataclass(frozen=True)
class RatingCorrection:
    """A game whose rating report counts another result than the one pairing and standings use."""

    round: int
    board: int
    white: int
    black: int
    result: str
    """The result for the rating report, as on a pairing sheet (``0-1``, ``-/+``, ``½-½``)."""
    used: str
    """The board's result, which pairing and standings use."""

    @property
    def trf_line(self) -> str:
        """The TRF-2026 comment that notes it."""
        return comment(
            "Rating correction", self.round,
            f"{self.white}-{self.black} {self.result} for rating; {self.used} for pairings and standings",
        )  # fmt: skip


def corrections(session: Session, tournament_id: int) -> list[RatingCorrection]:
    """Every result kept for the rating report only that differs from the board's, by round and board (a game no
    longer paired: left out)."""
    found = []
    kept = session.scalars(select(RatingResult).where(RatingResult.tournament_id == tournament_id)).all()
    for r in queries.rounds(session, tournament_id):
        for b in r.boards:
            for c in kept:
                same = (c.result, c.forfeit) == (b.result, b.forfeit)  # the board corrected to it since: no difference
                if (c.round_number, c.white_id, c.black_id) == (r.number, b.white_id, b.black_id) and not same:
                    found.append(RatingCorrection(
                        r.number, b.number, b.white.pairing_number, b.black.pairing_number,
                        sheet_result(c.result, c.forfeit), sheet_result(b.result, b.forfeit),
                    ))  # fmt: skip
    return found


def rating_corrections(db: Database, tournament_id: int) -> tuple[RatingCorrection, ...]:
    """The results kept for the rating report only (:func:`corrections`)."""
    with db.read() as s:
        queries.tournament(s, tournament_id)
        return tuple(corrections(s, tournament_id))


def correct_for_rating(
    db: Database, tournament_id: int, round_number: int, board_number: int, result: str, *, confirmed: int = 0
) -> RatingCorrection | None:
    """Keep ``result`` (``0-1``, ``-+`` ...) for the rating report of a game whose result pairing and standings
    keep (C.04.2-2026 4.3); Level 3.  The board's own result drops the correction (None)."""
    value, forfeit = parse_result(result)
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        r = queries.round_(s, t.id, round_number)
        if r is None or r.state == RoundState.DRAFT:
            raise ArbiterError(f"round {round_number} is not published: a correction for rating needs a played round")
        board = next((b for b in r.boards if b.number == board_number), None)
        if board is None:
            raise ArbiterError(f"round {round_number} has no board {board_number} (boards 1-{len(r.boards)})")
        if board.result in (None, "*"):
            raise ArbiterError(
                f"round {round_number} board {board_number} has no final result yet: enter its result instead"
            )
        if value.value == "*":
            raise ArbiterError("a result for the rating report is a final result, not '*'")
        pair = f"{board.white.pairing_number}-{board.black.pairing_number}"
        kept = s.scalars(select(RatingResult).where(
            RatingResult.tournament_id == t.id, RatingResult.round_number == r.number,
            RatingResult.white_id == board.white_id, RatingResult.black_id == board.black_id,
        )).one_or_none()  # fmt: skip
        before = sheet_result(kept.result, kept.forfeit) if kept is not None else None
        used = sheet_result(board.result, board.forfeit)
        new = sheet_result(value.value, forfeit)
        if (value.value, forfeit) == (board.result, board.forfeit):
            if kept is None:
                raise ArbiterError(f"round {round_number} board {board_number} ({pair}) has {used} already")
            s.delete(kept)
            audit(s, t.id, RATING_CORRECTION, f"round {r.number} board {board.number} ({pair}): the rating report "
                  f"counts {used} again", before=before, after=used)  # fmt: skip
            return None
        require(confirmed, [Notice(
            Level.PROCEED, RULE,
            f"round {r.number} board {board.number} ({pair}): {new} counts for the rating report only; pairing and "
            f"standings keep {used}, and TRF-2026 exports note it as a ### comment",
        )])  # fmt: skip
        if kept is None:
            kept = RatingResult(tournament_id=t.id, round_number=r.number, white_id=board.white_id,
                                black_id=board.black_id, result=value.value, forfeit=forfeit)  # fmt: skip
            s.add(kept)
        else:
            kept.result, kept.forfeit = value.value, forfeit
        s.flush()
        correction = RatingCorrection(
            r.number, board.number, board.white.pairing_number, board.black.pairing_number, new, used
        )
        audit(s, t.id, RATING_CORRECTION, f"round {r.number} board {board.number} ({pair}): {new} for the rating "
              f"report, {used} kept for pairings and standings", before=before, after=new)  # fmt: skip
        return correction
