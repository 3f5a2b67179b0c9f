"""Small look-ups shared by the services (repositories: they never commit)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence.models import Bye, Player, Round, Tournament


def tournament(session: Session, tournament_id: int) -> Tournament:
    """The tournament with this id; :class:`ArbiterError` when there is none."""
    found = session.get(Tournament, tournament_id)
    if found is None:
        raise ArbiterError(f"there is no tournament {tournament_id} in this file")
    return found


def players(session: Session, tournament_id: int) -> Sequence[Player]:
    """All players, by pairing number."""
    return session.scalars(
        select(Player).where(Player.tournament_id == tournament_id).order_by(Player.pairing_number)
    ).all()


def player(session: Session, tournament_id: int, number: int) -> Player:
    """The player with pairing number ``number``; :class:`ArbiterError` when there is none."""
    found = session.scalar(select(Player).where(Player.tournament_id == tournament_id, Player.pairing_number == number))
    if found is None:
        raise ArbiterError(f"there is no player with pairing number {number}")
    return found


def rounds(session: Session, tournament_id: int) -> Sequence[Round]:
    """The paired rounds (draft, published or completed), in order."""
    return session.scalars(select(Round).where(Round.tournament_id == tournament_id).order_by(Round.number)).all()


def round_(session: Session, tournament_id: int, number: int) -> Round | None:
    """Round ``number`` if it has been paired."""
    return session.scalar(select(Round).where(Round.tournament_id == tournament_id, Round.number == number))


def last_round(session: Session, tournament_id: int) -> Round | None:
    """The latest paired round, None before round 1 is paired."""
    return session.scalar(
        select(Round).where(Round.tournament_id == tournament_id).order_by(Round.number.desc()).limit(1)
    )


def byes(session: Session, tournament_id: int, round_number: int | None = None) -> Sequence[Bye]:
    """Byes of the tournament, or of one round."""
    query = select(Bye).where(Bye.tournament_id == tournament_id)
    if round_number is not None:
        query = query.where(Bye.round_number == round_number)
    return session.scalars(query.order_by(Bye.round_number, Bye.id)).all()


def bye(session: Session, tournament_id: int, round_number: int, player_id: int) -> Bye | None:
    """The player's bye in that round, if any."""
    return session.scalar(
        select(Bye).where(
            Bye.tournament_id == tournament_id, Bye.round_number == round_number, Bye.player_id == player_id
        )
    )
