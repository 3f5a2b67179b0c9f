"""Registering players, pairing numbers (C.04.2.B), late entries (C.04.2.C), withdrawals (C.04.2.D.2-D.3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import TypedDict, Unpack

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import BoardRow, Bye, ByeKind, Player, PlayerStatus, Round, RoundState, Tournament
from arbiter_app.ratings.methods import tournament_rating
from arbiter_app.services.dto import ByeInfo, PlayerInfo
from arbiter_app.services.records import audit, one_line, player_info

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""C.04.2.B.2.b, strongest first."""
TRF_TITLES = {"g": "GM", "m": "IM", "wg": "WGM", "f": "FM", "wm": "WIM", "c": "CM", "wf": "WFM", "wc": "WCM"}
"""The title codes of TRF-16."""
EDITABLE = ("name", "title", "rating", "fide_id", "federation", "sex", "birth_date")
LAST_RENUMBERING_ROUND = 4
"""C.04.2.B.4: no pairing number changes after the fourth round has been paired."""


def normalise_title(title: str) -> str:
    """``GM``, ``IM``, ... from either spelling (``gm`` or the TRF code ``g``); blank for none."""
    text = title.strip()
    if not text:
        return ""
    upper = TRF_TITLES.get(text.lower(), text.upper())
    if upper not in TITLES:
        raise ArbiterError(f"unknown title {title!r} (known: {', '.join(TITLES)})")
    return upper


def initial_order_key(p: Player) -> tuple[int, int, str, str]:
    """C.04.2.B.2: rating, then title (GM IM WGM FM WIM CM WFM WCM, none), then name."""
    title = TITLES.index(p.title) if p.title in TITLES else len(TITLES)
    return (-p.rating, title, p.name.casefold(), p.name)


def _renumber(session: Session, t: Tournament) -> None:
    """Pairing numbers 1, 2, ... in the initial order (C.04.2.B.3); only the players whose number changes move."""
    players = sorted(queries.players(session, t.id), key=initial_order_key)
    moving = [(number, p) for number, p in enumerate(players, 1) if p.pairing_number != number]
    if not moving:
        return
    offset = 1 + max(p.pairing_number for p in players) + len(players)
    for _, p in moving:  # two steps: pairing numbers stay unique at every UPDATE
        p.pairing_number += offset
    session.flush()
    for number, p in moving:
        p.pairing_number = number
    session.flush()


def _paired_rounds(session: Session, t: Tournament) -> int:
    last = queries.last_round(session, t.id)
    return last.number if last else 0


def first_open_round(session: Session, t: Tournament) -> tuple[int, Round | None]:
    """The first round not yet published, and its draft pairing if it has one."""
    last = queries.last_round(session, t.id)
    if last is None:
        return 1, None
    if last.state == RoundState.DRAFT:
        return last.number, last
    return last.number + 1, None


def discard_draft(session: Session, t: Tournament, draft: Round | None, round_number: int) -> bool:
    """Delete the draft pairing of ``round_number`` (it no longer fits the players); True if there was one."""
    if draft is None or draft.number != round_number:
        return False
    for b in queries.byes(session, t.id, round_number):
        if b.kind == ByeKind.PAIRING_ALLOCATED:
            session.delete(b)
    session.delete(draft)
    session.flush()
    return True


def _check_not_twice(session: Session, t: Tournament, name: str, fide_id: str, birth: str, skip: int | None) -> None:
    # The columns compared only, not every player as an object: a tenth of a second with 2,000 players, on the
    # window's thread when a player is edited (issue 21).
    players = session.execute(
        select(Player.id, Player.pairing_number, Player.name, Player.fide_id, Player.birth_date)
        .where(Player.tournament_id == t.id)
        .order_by(Player.pairing_number)
    ).all()
    for p in players:
        if p.id == skip:
            continue
        if fide_id and p.fide_id == fide_id:
            raise ArbiterError(f"FIDE id {fide_id} is already registered: #{p.pairing_number} {p.name}")
        same_name = p.name.casefold() == name.casefold()
        if same_name and (p.birth_date == birth or not p.birth_date or not birth) and not (fide_id and p.fide_id):
            raise ArbiterError(f"{name} is already registered as #{p.pairing_number} (a player added twice?)")


def check_player_fields(name: str, rating: int, fide_id: str, federation: str, sex: str, birth: str) -> None:
    """What TRF-16 (and every report) can hold: one-line text, a rating of 4 digits, a FIDE id of up to 11."""
    one_line("name", name)
    one_line("birth date", birth)
    if not 0 <= rating <= 9999:
        raise ArbiterError(f"rating {rating}: a rating is a whole number from 0 to 9999")
    if fide_id and not (fide_id.isdigit() and fide_id.isascii() and len(fide_id) <= 11):
        raise ArbiterError(f"FIDE id {fide_id!r}: up to 11 digits")
    if federation and not (len(federation) <= 3 and federation.isascii() and federation.isalpha()):
        raise ArbiterError(f"federation {federation!r}: a FIDE code of three letters, such as NOR")
    if sex not in ("", "m", "w", "f"):
        raise ArbiterError(f"sex {sex!r}: m or w")
    if len(birth) > 10:
        raise ArbiterError(f"birth date {birth!r}: at most 10 characters (YYYY/MM/DD)")


class PlayerFields(TypedDict, total=False):
    """What a registration may give beside the name (:func:`register_in`'s keyword arguments)."""

    rating: int
    title: str
    fide_id: str
    federation: str
    sex: str
    birth_date: str
    entry_round: int | None
    missed_rounds: str
    renumber: bool | None
    rating_source: str


def register_player(db: Database, tournament_id: int, name: str, **fields: Unpack[PlayerFields]) -> PlayerInfo:
    """Register a player; after round 1 is paired, a late entry (C.04.2.C).

    Before round 1 is paired, pairing numbers follow the initial order
    (C.04.2.B) after every registration.  A late entry is paired from
    ``entry_round`` (default: the first round not yet published) and gets a
    ``missed_rounds`` bye (``zero``, or ``half`` where the tournament's rules
    say so) in the rounds before; all numbers are reassigned by C.04.2.B
    while that is still allowed (C.04.2.B.4; ``renumber=False`` gives the
    next free number instead).
    """
    with db.write() as s:
        return register_in(s, tournament_id, name, **fields)


def register_in(
    s: Session,
    tournament_id: int,
    name: str,
    *,
    rating: int = 0,
    title: str = "",
    fide_id: str = "",
    federation: str = "",
    sex: str = "",
    birth_date: str = "",
    entry_round: int | None = None,
    missed_rounds: str = ByeKind.ZERO,
    renumber: bool | None = None,
    rating_source: str = "manual",
) -> PlayerInfo:
    """:func:`register_player` inside the caller's write transaction (several registrations at once)."""
    name = name.strip()
    if not name:
        raise ArbiterError("a player needs a name")
    if rating < 0:
        raise ArbiterError(f"rating {rating} is negative")
    check_player_fields(
        name, rating, fide_id.strip(), federation.strip().upper(), sex.strip().lower(), birth_date.strip()
    )
    title = normalise_title(title)
    if missed_rounds not in (ByeKind.ZERO, ByeKind.HALF, ByeKind.FULL, ByeKind.ABSENT):
        raise ArbiterError(f"unknown kind of bye for the missed rounds: {missed_rounds!r}")
    t = queries.tournament(s, tournament_id)
    _check_not_twice(s, t, name, fide_id.strip(), birth_date.strip(), None)
    open_round, draft = first_open_round(s, t)
    first = open_round + (1 if draft is not None else 0)
    entry = first if entry_round is None else entry_round
    if entry < first:
        raise RuleViolation("C.04.2.C.2", f"round {entry} is already paired; {name} can enter from round {first}")
    if entry > t.rounds_count:
        raise RuleViolation(
            "C.04.1.a", f"the tournament has {t.rounds_count} rounds; cannot enter in round {entry}"
        )
    paired = _paired_rounds(s, t)
    if renumber and paired >= LAST_RENUMBERING_ROUND:
        raise RuleViolation("C.04.2.B.4", "no pairing number may change after the fourth round has been paired")
    numbers = [p.pairing_number for p in queries.players(s, t.id)]
    p = Player(
        tournament_id=t.id,
        pairing_number=max(numbers, default=0) + 1,
        name=name,
        title=title,
        rating=tournament_rating(t.rating_method, rating, 0, 0),
        fide_rating=rating,
        fide_rating_source=rating_source.strip() or "manual",
        fide_id=fide_id.strip(),
        federation=federation.strip().upper(),
        sex=sex.strip().lower(),
        birth_date=birth_date.strip(),
        status=PlayerStatus.ACTIVE,
        entry_round=max(entry, 1),
    )
    s.add(p)
    s.flush()
    for k in range(1, entry):
        s.add(Bye(tournament_id=t.id, round_number=k, player_id=p.id, kind=str(missed_rounds)))
    if paired == 0 or (renumber is not False and paired < LAST_RENUMBERING_ROUND):
        _renumber(s, t)
    summary = f"registered #{p.pairing_number} {name} ({rating})"
    if entry > 1:
        summary += f", late entry from round {entry} (C.04.2.C)"
    audit(s, t.id, "register player", summary, after=asdict(player_info(p)))
    return player_info(p)


def edit_player(db: Database, tournament_id: int, number: int, **changes: object) -> PlayerInfo:
    """Correct a player's data; before round 1 is paired the pairing numbers follow (C.04.2.B)."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ArbiterError(f"cannot edit {', '.join(sorted(unknown))} (editable: {', '.join(EDITABLE)})")
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        before = asdict(player_info(p))
        for key, value in changes.items():
            if key == "title":
                value = normalise_title(str(value))
            elif key == "rating":
                if not isinstance(value, int) or value < 0:
                    raise ArbiterError(f"rating must be a non-negative whole number, not {value!r}")
                p.fide_rating, p.fide_rating_source = value, "manual"  # entered by hand (checklist Q134)
            else:
                value = str(value).strip()
                if key == "name" and not value:
                    raise ArbiterError("a player needs a name")
            setattr(p, key, value)
        if "rating" in changes:  # the tournament rating follows the method (checklist Q145)
            p.rating = tournament_rating(t.rating_method, p.fide_rating, p.national_rating, p.manual_rating)
        check_player_fields(p.name, p.rating, p.fide_id, p.federation, p.sex, p.birth_date)
        _check_not_twice(s, t, p.name, p.fide_id, p.birth_date, p.id)
        if _paired_rounds(s, t) == 0:
            _renumber(s, t)
        after = player_info(p)
        audit(s, t.id, "edit player", f"edited #{after.number} {after.name}", before=before, after=asdict(after))
        return after


def remove_player(db: Database, tournament_id: int, number: int) -> PlayerInfo:
    """Remove a player who has never been paired (a player who has must be withdrawn, C.04.2.D.3)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        open_round, draft = first_open_round(s, t)
        on_board = s.scalar(
            select(BoardRow.id)
            .join(Round)
            .where(Round.tournament_id == t.id, (BoardRow.white_id == p.id) | (BoardRow.black_id == p.id))
            .where(Round.state != RoundState.DRAFT)
            .limit(1)
        )
        got_bye = any(
            b.player_id == p.id and b.kind == ByeKind.PAIRING_ALLOCATED and b.round_number < open_round
            for b in queries.byes(s, t.id)
        )
        if on_board is not None or got_bye:
            raise RuleViolation(
                "C.04.2.D.3", f"#{number} {p.name} has been paired already: withdraw the player instead"
            )
        in_draft = draft is not None and (
            any(p.id in (b.white_id, b.black_id) for b in draft.boards)
            or queries.bye(s, t.id, draft.number, p.id) is not None
        )
        if in_draft:
            discard_draft(s, t, draft, open_round)
        info = player_info(p)
        s.delete(p)
        s.flush()
        if _paired_rounds(s, t) == 0:
            _renumber(s, t)
        audit(s, t.id, "remove player", f"removed #{number} {info.name}", before=asdict(info))
        return info


def withdraw_player(db: Database, tournament_id: int, number: int, from_round: int | None = None) -> ByeInfo:
    """C.04.2.D.3: the player is no longer paired from ``from_round`` (default: the first open round)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        open_round, draft = first_open_round(s, t)
        start = open_round if from_round is None else from_round
        if start < open_round:
            raise RuleViolation(
                "C.04.2.D.3",
                f"round {start} is already published; a player who does not play it loses by forfeit (enter the result)",
            )
        if p.status == PlayerStatus.WITHDRAWN:
            raise ArbiterError(f"#{number} {p.name} has already withdrawn (from round {p.withdrawal_round})")
        before = asdict(player_info(p))
        p.status, p.withdrawal_round = PlayerStatus.WITHDRAWN, start
        for b in queries.byes(s, t.id):
            if b.player_id == p.id and b.round_number >= start:
                s.delete(b)
        discarded = discard_draft(s, t, draft, start)
        audit(
            s,
            t.id,
            "withdraw player",
            f"#{number} {p.name} withdrawn from round {start}",
            before=before,
            after=asdict(player_info(p)),
        )
        return ByeInfo(start, number, "withdrawn", discarded)


def reinstate_player(db: Database, tournament_id: int, number: int) -> PlayerInfo:
    """C.04.2.D.2: an absence explained before the next pairing is published; paired again."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        open_round, draft = first_open_round(s, t)
        if p.status != PlayerStatus.WITHDRAWN or p.withdrawal_round is None:
            raise ArbiterError(f"#{number} {p.name} has not withdrawn")
        if p.withdrawal_round < open_round:
            raise RuleViolation("C.04.2.D.2", f"round {p.withdrawal_round} is already published without #{number}")
        before = asdict(player_info(p))
        discard_draft(s, t, draft, open_round)
        p.status, p.withdrawal_round = PlayerStatus.ACTIVE, None
        audit(
            s,
            t.id,
            "reinstate player",
            f"#{number} {p.name} paired again",
            before=before,
            after=asdict(player_info(p)),
        )
        return player_info(p)


def assign_pairing_numbers(db: Database, tournament_id: int) -> tuple[PlayerInfo, ...]:
    """Reassign every pairing number by the initial order (C.04.2.B.2-B.3), refused after round 4 is paired (B.4)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if _paired_rounds(s, t) >= LAST_RENUMBERING_ROUND:
            raise RuleViolation("C.04.2.B.4", "no pairing number may change after the fourth round has been paired")
        before = {p.name: p.pairing_number for p in queries.players(s, t.id)}
        _renumber(s, t)
        players = queries.players(s, t.id)
        after = {p.name: p.pairing_number for p in players}
        audit(s, t.id, "assign pairing numbers", "pairing numbers by C.04.2.B", before=before, after=after)
        return tuple(player_info(p) for p in players)


def list_players(db: Database, tournament_id: int) -> Sequence[PlayerInfo]:
    """All players by pairing number."""
    with db.read() as s:
        queries.tournament(s, tournament_id)
        return tuple(player_info(p) for p in queries.players(s, tournament_id))
