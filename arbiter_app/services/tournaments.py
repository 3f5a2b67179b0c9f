"""Creating and reading tournaments."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.engine import EDITIONS
from arbiter_app.pairing.model import Colour, PointSystem
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Tournament
from arbiter_app.services.dto import TournamentInfo
from arbiter_app.services.records import audit, tournament_info


def create_tournament(
    db: Database,
    name: str,
    rounds: int,
    *,
    place: str = "",
    start_date: date | None = None,
    end_date: date | None = None,
    chief_arbiter: str = "",
    deputy_arbiters: str = "",
    points: PointSystem | None = None,
    initial_colour: Colour = Colour.WHITE,
    accelerated: bool = False,
    tie_breaks: str = "",
    edition: str = "baku-2016",
) -> TournamentInfo:
    """A new tournament; C.04.1.a: the number of rounds is declared beforehand."""
    if not name.strip():
        raise ArbiterError("a tournament needs a name")
    if rounds < 1:
        raise ArbiterError("C.04.1.a: the number of rounds must be at least 1")
    if edition not in EDITIONS:
        raise ArbiterError(f"unknown edition of the Dutch rules: {edition!r}")
    if start_date and end_date and end_date < start_date:
        raise ArbiterError("the tournament ends before it starts")
    ps = points or PointSystem()
    with db.write() as s:
        t = Tournament(
            name=name.strip(),
            place=place,
            start_date=start_date,
            end_date=end_date,
            chief_arbiter=chief_arbiter,
            deputy_arbiters=deputy_arbiters,
            rounds_count=rounds,
            points_win=ps.win,
            points_draw=ps.draw,
            points_loss=ps.loss,
            points_zero_bye=ps.zero_point_bye,
            points_forfeit_loss=ps.forfeit_loss,
            points_pairing_bye=ps.pairing_allocated_bye,
            initial_colour="black" if initial_colour is Colour.BLACK else "white",
            accelerated=accelerated,
            tie_breaks=tie_breaks,
            edition=edition,
        )
        s.add(t)
        s.flush()
        audit(s, t.id, "create tournament", f"created '{t.name}', {rounds} rounds", after={"name": t.name})
        return tournament_info(t)


def get_tournament(db: Database, tournament_id: int) -> TournamentInfo:
    """The tournament's settings."""
    with db.read() as s:
        return tournament_info(queries.tournament(s, tournament_id))


def list_tournaments(db: Database) -> tuple[TournamentInfo, ...]:
    """Every tournament of the file, oldest first."""
    with db.read() as s:
        return tuple(tournament_info(t) for t in s.scalars(select(Tournament).order_by(Tournament.id)))


def only_tournament(db: Database) -> TournamentInfo:
    """The file's one tournament (what the command line works on)."""
    found = list_tournaments(db)
    if not found:
        raise ArbiterError(f"{db.name} holds no tournament yet (create one with 'arbiter new' or 'arbiter import-trf')")
    if len(found) > 1:
        raise ArbiterError(f"{db.name} holds {len(found)} tournaments; name one with --tournament")
    return found[0]
