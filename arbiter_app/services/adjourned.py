"""Adjourned games and missing results (checklist section N, Q157-Q169).

An adjourned game (``*``) counts as a draw for pairing purposes only (C.04.2.D.1; C.04.2-2026 3.1)
and scores nothing in the standings until its result comes.  What this module decides:

- pairing the next round while the last round lacks results records them as adjourned, with a
  Level-2 notice naming the boards (Q158-Q160); an adjourned game older than the last completed
  round is named at Level 2 too when the next round is paired (Q168);
- while any game of a published round is adjourned or without a result, neither the final standings
  nor the final TRF are produced: the standings are provisional and name the games, the final export
  is refused and names them (Q161, Q169).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import BoardResult, Round, RoundState, Tournament
from arbiter_app.services.warnings import Level, Notice

ADJOURNED = BoardResult.ADJOURNED.value
DRAW_FOR_PAIRING = "C.04.2.D.1, C.04.2-2026 3.1"
"""Where the rules make an adjourned game a draw for pairing purposes only (Baku 2016; 2026 edition)."""


@dataclass(frozen=True)
class OpenGame:
    """A game of a published round without its final result: adjourned (``*``) or not entered (None)."""

    round: int
    board: int
    white: int
    black: int
    result: str | None

    def __str__(self) -> str:
        state = "adjourned" if self.result == ADJOURNED else "no result"
        return f"round {self.round} board {self.board} ({self.white}-{self.black}, {state})"


def open_games(session: Session, tournament_id: int) -> list[OpenGame]:
    """Every game of a published round (drafts left out) that is adjourned or has no result, round by round."""
    return [
        OpenGame(r.number, b.number, b.white.pairing_number, b.black.pairing_number, b.result)
        for r in queries.rounds(session, tournament_id)
        if r.state != RoundState.DRAFT
        for b in r.boards
        if b.result in (None, ADJOURNED)
    ]


def list_open_games(db: Database, tournament_id: int) -> tuple[OpenGame, ...]:
    """The games still waiting for their result (:func:`open_games`)."""
    with db.read() as s:
        queries.tournament(s, tournament_id)
        return tuple(open_games(s, tournament_id))


def named(games: list[OpenGame]) -> str:
    """``round 3 board 2 (4-7, adjourned), ...``."""
    return ", ".join(map(str, games))


def adjourn_missing(session: Session, r: Round) -> list[OpenGame]:
    """Record every board of ``r`` without a result as adjourned (Q159); the round is then complete."""
    marked = []
    for b in r.boards:
        if b.result is None:
            b.result, b.forfeit = ADJOURNED, False
            marked.append(OpenGame(r.number, b.number, b.white.pairing_number, b.black.pairing_number, None))
    if marked:
        r.state = RoundState.COMPLETED.value
    return marked


def pairing_notices(missing: list[OpenGame], older: list[OpenGame], number: int) -> list[Notice]:
    """Level 2 before round ``number`` is paired: results missing that will be recorded as adjourned (Q159-Q160),
    and adjourned games from before the last completed round (Q168)."""
    notices = []
    if missing:
        notices.append(
            Notice(
                Level.INFORM,
                f"checklist Q159-Q160, {DRAW_FOR_PAIRING}",
                f"{len(missing)} game(s) without a result are recorded as adjourned (*), a draw for pairing "
                f"purposes only, to pair round {number}: "
                + ", ".join(f"round {g.round} board {g.board} ({g.white}-{g.black})" for g in missing),
            )
        )
    if older:
        notices.append(
            Notice(
                Level.INFORM,
                "checklist Q168",
                f"adjourned game(s) from before round {number - 1}, the last completed round, still have no "
                f"result and are paired as draws again: " + named(older),
            )
        )
    return notices


def final_refusal(session: Session, t: Tournament) -> str:
    """Why the final standings and the final TRF cannot be produced yet (empty: they can): rounds not published,
    games adjourned or without a result (checklist Q161, Q169), each named."""
    published = [r.number for r in queries.rounds(session, t.id) if r.state != RoundState.DRAFT]
    reasons = []
    if len(published) < t.rounds_count:
        reasons.append(f"only {len(published)} of the {t.rounds_count} rounds are published")
    games = open_games(session, t.id)
    if games:
        reasons.append(f"{len(games)} game(s) still wait for their result: {named(games)}")
    return "; ".join(reasons)


def final_status(db: Database, tournament_id: int) -> str:
    """:func:`final_refusal` of a stored tournament: empty when the standings and the TRF can be final."""
    with db.read() as s:
        return final_refusal(s, queries.tournament(s, tournament_id))


def require_final(session: Session, t: Tournament, what: str) -> None:
    """Refuse ``what`` (the final standings, the final TRF) while :func:`final_refusal` has a reason."""
    reason = final_refusal(session, t)
    if reason:
        raise ArbiterError(f"checklist Q161, Q169: no {what} yet: {reason}")
