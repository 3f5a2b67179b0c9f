"""Registering players, pairing numbers (C.04.2.B), late entries (C.04.2.C), withdrawals (C.04.2.D.2-D.3)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Collection, Sequence
from dataclasses import asdict
from datetime import date
from typing import TypedDict, Unpack

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.desks import check_version
from arbiter_app.persistence.errors import ChangedMeanwhileError
from arbiter_app.persistence.models import BoardRow, Bye, ByeKind, Player, PlayerStatus, Round, RoundState, Tournament
from arbiter_app.plaintext import check_name
from arbiter_app.ratings.methods import tournament_rating
from arbiter_app.services.articles import change_cases
from arbiter_app.services.dto import ByeInfo, PlayerInfo
from arbiter_app.services.fide_mode import TRF_KEY, comment
from arbiter_app.services.records import audit, one_line, player_info
from arbiter_app.services.warnings import Level, Notice, require

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""C.04.2.B.2.b, strongest first."""
TRF_TITLES = {"g": "GM", "m": "IM", "wg": "WGM", "f": "FM", "wm": "WIM", "c": "CM", "wf": "WFM", "wc": "WCM"}
"""The title codes of TRF-16."""
EDITABLE = ("name", "title", "rating", "fide_id", "federation", "sex", "birth_date", "half_bye_eligible")
LAST_RENUMBERING_ROUND = 4
"""C.04.2.B.4: no pairing number changes after the fourth round has been paired."""
TIE_ORDERS = {
    "name": "alphabetically",
    "fide-id": "by FIDE id (lower first; players without one after)",
    "lots": "by drawing of lots (the tournament's seed)",
}
"""C.04.2-2026 2.2.3: players of equal rating and title are ranked alphabetically "unless it has been previously
stated that this criterion has been replaced by another one" (checklist Q146); announced before round 1."""


def normalise_title(title: str) -> str:
    """``GM``, ``IM``, ... from either spelling (``gm`` or the TRF code ``g``); blank for none."""
    text = title.strip()
    if not text:
        return ""
    upper = TRF_TITLES.get(text.lower(), text.upper())
    if upper not in TITLES:
        raise ArbiterError(f"unknown title {title!r} (known: {', '.join(TITLES)})")
    return upper


def tie_key(p: Player, tie_order: str, seed: int) -> tuple[object, ...]:
    """C.04.2-2026 2.2.3: the tournament's criterion for equal rating and title (:data:`TIE_ORDERS`); the name
    breaks what is still equal (two players without a FIDE id)."""
    name = (p.name.casefold(), p.name)
    if tie_order == "fide-id":
        return (0, int(p.fide_id), *name) if p.fide_id.isdigit() else (1, 0, *name)
    if tie_order == "lots":
        return (random.Random(seed * 1_000_003 + p.id).random(), *name)
    return name


def initial_order_key(p: Player, tie_order: str = "name", seed: int = 0) -> tuple[object, ...]:
    """C.04.2.B.2 / C.04.2-2026 2.2: rating, then title (GM IM WGM FM WIM CM WFM WCM, none), then the announced
    criterion (alphabetically unless another was announced); a TPN exchange between players of equal rating
    (``tie_rank``, checklist Q147-Q148) ranks them before the title."""
    title = TITLES.index(p.title) if p.title in TITLES else len(TITLES)
    exchanged = (0, p.tie_rank) if p.tie_rank is not None else (1, 0)
    return (-p.rating, exchanged, title, tie_key(p, tie_order, seed))


def initial_order(session: Session, t: Tournament) -> list[Player]:
    """The tournament's players in the initial order (C.04.2.B.2; C.04.2-2026 2.2 with its announced criterion)."""
    return sorted(queries.players(session, t.id), key=lambda p: initial_order_key(p, t.tie_order, t.lots_seed))


def _renumber(session: Session, t: Tournament) -> None:
    """Pairing numbers 1, 2, ... in the initial order (C.04.2.B.3); only the players whose number changes move."""
    _apply_numbers(session, list(enumerate(initial_order(session, t), 1)))


def _apply_numbers(session: Session, numbered: list[tuple[int, Player]]) -> None:
    moving = [(number, p) for number, p in numbered if p.pairing_number != number]
    if not moving:
        return
    renamed = {p.pairing_number: number for number, p in moving}
    offset = 1 + max(p.pairing_number for _, p in numbered) + len(numbered)
    for _, p in moving:  # two steps: pairing numbers stay unique at every UPDATE
        p.pairing_number += offset
    session.flush()
    for number, p in moving:
        p.pairing_number = number
    session.flush()
    _renumber_engine_pairings(session, moving[0][1].tournament_id, renamed)


def _renumber_engine_pairings(session: Session, tournament_id: int, new: dict[int, int]) -> None:
    """The engine's pairing kept with each round is written in TPNs: it follows the players to their new numbers
    (else a round would look altered by hand, ``### MPA``, once the numbers move)."""
    for r in queries.rounds(session, tournament_id):
        if not r.engine_pairing:
            continue
        kept = json.loads(r.engine_pairing)
        kept["boards"] = [[new.get(w, w), new.get(b, b)] for w, b in kept.get("boards", [])]
        if kept.get("bye") is not None:
            kept["bye"] = new.get(kept["bye"], kept["bye"])
        r.engine_pairing = json.dumps(kept)
    session.flush()


def _insert_late_entry(session: Session, t: Tournament, late: Player) -> None:
    """C.04.2-2026 2.4-2.5 (checklist Q156): once round 1 is paired, the late entry takes the TPN its rating (title,
    announced criterion) gives it, ahead of the first player it ranks above; the players from there move one down
    and keep their order: no one else is re-sorted (that is a regeneration, Level 3 and logged, 2.3)."""
    key = initial_order_key(late, t.tie_order, t.lots_seed)
    others = [p for p in queries.players(session, t.id) if p.id != late.id]
    below = [p for p in others if initial_order_key(p, t.tie_order, t.lots_seed) > key]
    if not below:
        return
    start = min(p.pairing_number for p in below)
    moved = [(p.pairing_number + 1, p) for p in others if p.pairing_number >= start]
    _apply_numbers(session, [*moved, (start, late)])


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


def _published_round_entry(session: Session, t: Tournament, entry: int, first: int, name: str) -> Notice:
    """A late entry into round ``entry``, already paired: the case of C.04.2-2026 4.4.4 (Level 3) when ``entry`` is
    the round last published and none of its results is in; else refused, saying why (C.04.2.C.2)."""
    case = next((c for c in change_cases(t.edition) if c.key == "late-entry"), None)
    last = queries.last_round(session, t.id)
    refused = f"round {entry} is already paired; {name} can enter from round {first}"
    if case is None:
        raise RuleViolation("C.04.2.C.2", refused + " (a published pairing changes only for a rematch, C.04.2.D.10)")
    if last is None or last.number != entry or last.state == RoundState.DRAFT:
        raise RuleViolation(case.article, refused + f" ({case.article} changes only the round last published)")
    played = [b.number for b in last.boards if b.result is not None]
    if played:
        raise RuleViolation(
            case.article,
            refused + f" (round {entry} has started: board {played[0]} has a result; {case.article} is for a round "
            "not yet started)",
        )
    return Notice(
        Level.PROCEED,
        case.article,
        f"round {entry} is published: {name} enters it as a late entry ({case.article}: {case.text}); {name} is not "
        f"in its pairing until it is changed by hand (override naming the case late-entry, the changes minimal and "
        "agreed by everyone involved)",
    )


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


def _check_not_twice(
    session: Session,
    t: Tournament,
    name: str,
    fide_id: str,
    birth: str,
    skip: int | None,
    seen: Collection[str] | None = None,
) -> None:
    """Refuse a second registration of one player (the same FIDE ID; the same name and birth date).  ``seen``: the
    players the desk showed (:func:`player_identities`): one registered since by another desk is named with who
    registered it (:class:`ChangedMeanwhileError`), never taken for a player the desk overlooked."""
    # The columns compared only, not every player as an object: a tenth of a second with 2,000 players, on the
    # window's thread when a player is edited (issue 21).
    players = session.execute(
        select(Player.id, Player.pairing_number, Player.name, Player.fide_id, Player.birth_date, Player.changed_by)
        .where(Player.tournament_id == t.id)
        .order_by(Player.pairing_number)
    ).all()
    own = str(session.info.get("arbiter", ""))
    for p in players:
        if p.id == skip:
            continue
        twice = bool(fide_id) and p.fide_id == fide_id
        same_name = p.name.casefold() == name.casefold()
        if not twice and not (
            same_name and (p.birth_date == birth or not p.birth_date or not birth) and not (fide_id and p.fide_id)
        ):
            continue
        what = f"FIDE ID {fide_id}" if twice else name + (f" (born {birth})" if birth else "")
        if seen is not None and f"p{p.id}" not in seen and p.changed_by != own:
            raise ChangedMeanwhileError(what, p.changed_by, f"#{p.pairing_number} {p.name}", done="registered")
        by = f", registered by {p.changed_by}" if p.changed_by and p.changed_by != own else ""
        if twice:
            raise ArbiterError(f"FIDE id {fide_id} is already registered: #{p.pairing_number} {p.name}{by}")
        raise ArbiterError(f"{name} is already registered as #{p.pairing_number}{by} (a player added twice?)")


RATING_RANGE = (0, 3500)
"""A rating stored for a player (FIDE's lists hold none above 2900; 0: unrated)."""
FIRST_BIRTH_YEAR = 1900
_BIRTH = re.compile(r"(\d{4})(?:([/.-])(\d{2})(?:\2(\d{2}))?)?")


def check_rating(rating: object, what: str = "rating") -> int:
    """A rating as stored: a whole number from 0 to 3500."""
    low, high = RATING_RANGE
    if not isinstance(rating, int) or isinstance(rating, bool):
        raise ArbiterError(f"{what} {rating!r}: a whole number from {low} to {high}")
    if not low <= rating <= high:
        raise ArbiterError(f"{what} {rating}: out of range (a rating is from {low} to {high}; 0: unrated)")
    return rating


def check_fide_id(fide_id: str) -> str:
    """A FIDE ID: up to 11 digits (TRF's field), not zero; blank when the player has none."""
    if fide_id and not (fide_id.isdigit() and fide_id.isascii() and len(fide_id) <= 11 and int(fide_id) > 0):
        raise ArbiterError(f"FIDE ID {fide_id!r}: a number of up to 11 digits, not 0 (blank when there is none)")
    return fide_id


def check_birth(birth: str, today: date | None = None) -> str:
    """A birth date as TRF writes it: a year, or ``YYYY/MM/DD`` (``00`` for an unknown month or day), the year
    from 1900 to this year; blank when unknown."""
    if not birth:
        return birth
    m = _BIRTH.fullmatch(birth)
    if m is None or not birth.isascii():
        raise ArbiterError(f"birth date {birth!r}: a year (1985) or a date YYYY/MM/DD (1985/03/12)")
    year, month, day = int(m.group(1)), int(m.group(3) or 0), int(m.group(4) or 0)
    this_year = (today or date.today()).year
    if not FIRST_BIRTH_YEAR <= year <= this_year:
        raise ArbiterError(f"birth date {birth!r}: the year {year} is not between {FIRST_BIRTH_YEAR} and {this_year}")
    if month > 12 or day > 31:
        raise ArbiterError(f"birth date {birth!r}: no such month or day")
    return birth


def check_player_fields(
    name: str | None,
    rating: int | None,
    fide_id: str | None,
    federation: str | None,
    sex: str | None,
    birth: str | None,
) -> None:
    """What TRF (and every report) can hold, for the fields given (None: not checked): a name of one line without
    hidden characters and of at most 33 characters, a rating from 0 to 3500, a FIDE ID of up to 11 digits, a
    federation of three letters, the sex, a birth date."""
    if name is not None:
        check_name(name)
    if birth is not None:
        one_line("birth date", birth)
        check_birth(birth)
    if rating is not None:
        check_rating(rating)
    if fide_id is not None:
        check_fide_id(fide_id)
    if federation and not (len(federation) <= 3 and federation.isascii() and federation.isalpha()):
        raise ArbiterError(f"federation {federation!r}: a FIDE code of three letters, such as NOR")
    if sex not in (None, "", "m", "w", "f"):
        raise ArbiterError(f"sex {sex!r}: m or w")


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
    confirmed: int
    seen_players: Collection[str] | None


def register_player(db: Database, tournament_id: int, name: str, **fields: Unpack[PlayerFields]) -> PlayerInfo:
    """Register a player; after round 1 is paired, a late entry (C.04.2.C).

    Before round 1 is paired, pairing numbers follow the initial order
    (C.04.2.B) after every registration.  A late entry is paired from
    ``entry_round`` (default: the first round not yet published) and gets a
    ``missed_rounds`` bye (``zero``, or ``half`` where the tournament's rules
    say so) in the rounds before; it takes the number of its rating, the
    players below moving one down in their order, at any round (C.04.2-2026
    2.4-2.5, checklist Q156).  ``renumber=True`` regenerates every number
    instead (until round 4 is paired, C.04.2.B.4), ``renumber=False`` gives
    the next free number.

    A late entry into the round last published, before any of its results is in, is the case of C.04.2-2026
    4.4.4 (a late entry admitted to a published round): asked at Level 3 (``confirmed``), the entrant left out
    of the published pairing until the arbiter changes it by hand (an override naming the case ``late-entry``,
    which is checked to pair the entrant); refused where the edition has no such case, or once a result of the
    round is in.

    ``seen_players``: the players the desk showed (:func:`player_identities`): the same player registered
    meanwhile by another desk (the same FIDE ID, or name and birth date) is refused naming who registered it.
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
    confirmed: int = 0,
    seen_players: Collection[str] | None = None,
) -> PlayerInfo:
    """:func:`register_player` inside the caller's write transaction (several registrations at once)."""
    if not name.strip():
        raise ArbiterError("a player needs a name")
    name = check_name(name)
    check_player_fields(
        name, rating, fide_id.strip(), federation.strip().upper(), sex.strip().lower(), birth_date.strip()
    )
    title = normalise_title(title)
    if missed_rounds not in (ByeKind.ZERO, ByeKind.HALF, ByeKind.FULL, ByeKind.ABSENT):
        raise ArbiterError(f"unknown kind of bye for the missed rounds: {missed_rounds!r}")
    t = queries.tournament(s, tournament_id)
    _check_not_twice(s, t, name, fide_id.strip(), birth_date.strip(), None, seen_players)
    open_round, draft = first_open_round(s, t)
    first = open_round + (1 if draft is not None else 0)
    entry = first if entry_round is None else entry_round
    if entry < first:
        require(confirmed, [_published_round_entry(s, t, entry, first, name)])
    if entry > t.rounds_count:
        raise RuleViolation("C.04.1.a", f"the tournament has {t.rounds_count} rounds; cannot enter in round {entry}")
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
    if paired == 0 or renumber:
        _renumber(s, t)  # before round 1, or a regeneration asked for (refused above after round 4)
    elif renumber is None:
        _insert_late_entry(s, t, p)
    summary = f"registered #{p.pairing_number} {name} ({rating})"
    if entry > 1:
        summary += f", late entry from round {entry} (C.04.2.C)"
    if entry < first:
        summary += f", into the published round {entry} (C.04.2-2026 4.4.4: its pairing to be changed by hand)"
    audit(s, t.id, "register player", summary, after=asdict(player_info(p)))
    return player_info(p)


def player_versions(db: Database, tournament_id: int) -> dict[int, tuple[int, str]]:
    """Per pairing number, the player's row version and who changed the player last (several desks)."""
    with db.read() as s:
        return {p.pairing_number: (p.row_version, p.changed_by) for p in queries.players(s, tournament_id)}


def edit_player(
    db: Database,
    tournament_id: int,
    number: int,
    *,
    expected: str | None = None,
    seen: int | None = None,
    **changes: object,
) -> PlayerInfo:
    """Correct a player's data; before round 1 is paired the pairing numbers follow (C.04.2.B).  ``expected``: the
    name the caller saw under ``number`` (refused when the number now means someone else, issue 33.6).  ``seen``:
    the player's version the desk showed (:func:`player_versions`): refused, naming who, when another desk
    changed the player since."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ArbiterError(f"cannot edit {', '.join(sorted(unknown))} (editable: {', '.join(EDITABLE)})")
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = addressed(s, t.id, number, expected)
        check_version(f"player #{number} {p.name}", p, seen)
        before = asdict(player_info(p))
        for key, value in changes.items():
            if key == "title":
                value = normalise_title(str(value))
            elif key == "half_bye_eligible":
                if not isinstance(value, bool):
                    raise ArbiterError(f"half_bye_eligible: true or false, not {value!r}")
            elif key == "rating":
                p.fide_rating, p.fide_rating_source = check_rating(value), "manual"  # entered by hand (Q134)
            else:
                value = str(value).strip()
                if key == "name" and not value:
                    raise ArbiterError("a player needs a name")
                if key == "name":
                    value = check_name(value)
            setattr(p, key, value)
        if "rating" in changes:  # the tournament rating follows the method (checklist Q145)
            p.rating = tournament_rating(t.rating_method, p.fide_rating, p.national_rating, p.manual_rating)
        given = {key: getattr(p, key) if key in changes else None for key in ("name", "fide_id", "federation", "sex")}
        # Only what is changed is checked: data stored before the checks stays editable.
        check_player_fields(
            given["name"], None, given["fide_id"], given["federation"], given["sex"],
            p.birth_date if "birth_date" in changes else None,
        )  # fmt: skip
        _check_not_twice(s, t, p.name, p.fide_id, p.birth_date, p.id)
        if _paired_rounds(s, t) == 0:
            _renumber(s, t)
        after = player_info(p)
        audit(s, t.id, "edit player", f"edited #{after.number} {after.name}", before=before, after=asdict(after))
        return after


def remove_player(db: Database, tournament_id: int, number: int, *, expected: str | None = None) -> PlayerInfo:
    """Remove a player who has never been paired (a player who has must be withdrawn, C.04.2.D.3)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = addressed(s, t.id, number, expected)
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


def withdraw_player(
    db: Database,
    tournament_id: int,
    number: int,
    from_round: int | None = None,
    *,
    expected: str | None = None,
    seen: int | None = None,
) -> ByeInfo:
    """C.04.2.D.3: the player is no longer paired from ``from_round`` (default: the first open round).  ``seen``:
    the player's version the desk showed (:func:`player_versions`): refused, naming who, when another desk changed
    the player (data, withdrawal, byes, absences) since."""
    with db.write() as s:
        addressed(s, tournament_id, number, expected)
        t = queries.tournament(s, tournament_id)
        check_player_version(s, t, queries.player(s, t.id, number), seen)
        return _withdraw(s, t, number, from_round)


def player_now(s: Session, t: Tournament, p: Player) -> str:
    """What a player's row says now, for a desk told it changed: ``withdrawn from round 4``, ``half bye in round
    3``, ``active``."""
    parts = [f"withdrawn from round {p.withdrawal_round}"] if p.status == PlayerStatus.WITHDRAWN else []
    parts += [
        f"{b.kind} in round {b.round_number}" if b.kind == ByeKind.ABSENT else f"{b.kind} bye in round {b.round_number}"
        for b in sorted(queries.byes(s, t.id), key=lambda b: b.round_number)
        if b.player_id == p.id and b.kind != ByeKind.PAIRING_ALLOCATED
    ]
    return ", ".join(parts) or "active"


def check_player_version(s: Session, t: Tournament, p: Player, seen: int | None) -> None:
    """Refuse when the desk showed another version of the player than the one stored (``seen`` None: not checked),
    naming who changed it and what it is now."""
    if seen is not None and p.row_version != seen:
        check_version(f"player #{p.pairing_number} {p.name}", p, seen, player_now(s, t, p))


def addressed(s: Session, tournament_id: int, number: int, expected: str | None) -> Player:
    """The player numbered ``number``; refused when ``expected`` (the name the caller saw under it) is another's:
    the numbers changed since (another desk registered a player before round 1, issue 33.6)."""
    p = queries.player(s, tournament_id, number)
    if expected is not None and p.name != expected:
        moved = next((q.pairing_number for q in queries.players(s, tournament_id) if q.name == expected), None)
        raise ArbiterError(
            f"the pairing numbers changed: #{number} is now {p.name}, and {expected} "
            + (f"is #{moved}" if moved is not None else "is no longer registered")
            + "; nothing was changed"
        )
    return p


def _withdraw(s: Session, t: Tournament, number: int, from_round: int | None, expelled: bool = False) -> ByeInfo:
    p = queries.player(s, t.id, number)
    open_round, draft = first_open_round(s, t)
    start = open_round if from_round is None else from_round
    if start > t.rounds_count:
        raise ArbiterError(f"round {start}: the tournament has {t.rounds_count} rounds (withdraw from round "
                           f"{open_round} to {t.rounds_count})")  # fmt: skip
    if start < open_round:
        raise RuleViolation(
            "C.04.2.D.3",
            f"round {start} is already published; a player who does not play it loses by forfeit (enter the result)",
        )
    if p.status == PlayerStatus.WITHDRAWN:
        raise ArbiterError(f"#{number} {p.name} has already withdrawn (from round {p.withdrawal_round})")
    before = asdict(player_info(p))
    p.status, p.withdrawal_round = PlayerStatus.WITHDRAWN, start
    p.expelled = expelled
    for b in queries.byes(s, t.id):
        if b.player_id == p.id and b.round_number >= start:
            s.delete(b)
    discarded = discard_draft(s, t, draft, start)
    audit(
        s,
        t.id,
        "expel player" if expelled else "withdraw player",
        f"#{number} {p.name} {'expelled' if expelled else 'withdrawn'} from round {start}",
        before=before,
        after=asdict(player_info(p)),
    )
    return ByeInfo(start, number, "withdrawn", discarded)


def reinstate_player(db: Database, tournament_id: int, number: int, *, seen: int | None = None) -> PlayerInfo:
    """C.04.2.D.2: an absence explained before the next pairing is published; paired again.  ``seen``: as
    :func:`withdraw_player`'s."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        check_player_version(s, t, p, seen)
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


def _check_renumbering_allowed(session: Session, t: Tournament) -> int:
    """C.04.2.B.4 / C.04.2-2026 2.3: no TPN changes once round 4 is paired (checklist Q151); the rounds paired."""
    paired = _paired_rounds(session, t)
    if paired >= LAST_RENUMBERING_ROUND:
        raise RuleViolation("C.04.2.B.4", "no pairing number may change after the fourth round has been paired")
    return paired


def numbers_snapshot(session: Session, t: Tournament) -> dict[str, object]:
    """What an undo needs to put every TPN (and exchange rank) back (checklist Q114)."""
    return {"pairing_numbers": {str(p.id): [p.pairing_number, p.tie_rank] for p in queries.players(session, t.id)}}


def restore_numbers(session: Session, saved: dict[str, list[int | None]], t: Tournament) -> None:
    """Put the TPNs back as :func:`numbers_snapshot` saw them (the undo of a regeneration or an exchange)."""
    players = {str(p.id): p for p in queries.players(session, t.id)}
    for key, (_, rank) in saved.items():
        if key in players:
            players[key].tie_rank = rank
    _apply_numbers(session, [(int(saved[k][0] or 0), p) for k, p in players.items() if k in saved])


def moved_numbers(before: dict[int, int], after: dict[int, int]) -> list[str]:
    """``old>new`` for every player (by id) whose TPN changes, in the old order (the ``###`` line's detail)."""
    return [
        f"{before[k]}>{after[k]}"
        for k in sorted(before, key=before.__getitem__)
        if after.get(k, before[k]) != before[k]
    ]


def assign_pairing_numbers(db: Database, tournament_id: int, *, confirmed: int = 0) -> tuple[PlayerInfo, ...]:
    """Regenerate every TPN by the initial order (C.04.2.B.2-B.3; C.04.2-2026 2.2-2.3), with the tie criterion
    announced before round 1 (checklist Q155); refused after round 4 is paired (B.4, Q151).

    Once round 1 is paired a regeneration that moves TPNs is a pairing-integrity event (checklist Q112-Q115, Q153,
    Q154): moving two or more asks at Level 3; it is logged, undoable and written to TRF-2026 exports as
    ``### TPN regeneration @ Round n: old>new ...``.
    """
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        paired = _check_renumbering_allowed(s, t)
        players = queries.players(s, t.id)
        before = {p.id: p.pairing_number for p in players}
        after = {p.id: k for k, p in enumerate(initial_order(s, t), 1)}
        moves = moved_numbers(before, after)
        lines = [comment("TPN regeneration", paired, " ".join(moves))] if paired and moves else []
        if paired and len(moves) >= 2:
            require(
                confirmed,
                [
                    Notice(
                        Level.PROCEED,
                        "checklist Q154, C.04.2-2026 2.3",
                        f"round {paired} is paired: regenerating the pairing numbers moves {len(moves)} players "
                        f"({' '.join(moves)}); the regeneration is logged and written to TRF-2026 exports",
                    )
                ],
            )
        undo = numbers_snapshot(s, t) | {"number": paired} if lines else None
        _renumber(s, t)
        names = {p.name: p.pairing_number for p in queries.players(s, t.id)}
        old = {p.name: before[p.id] for p in players}
        audit(
            s,
            t.id,
            "assign pairing numbers",
            "pairing numbers by C.04.2.B" + (f" after round {paired} was paired" if lines else ""),
            before=old,
            after=names | ({TRF_KEY: lines} if lines else {}),
            undo_snapshot=undo,
        )
        return tuple(player_info(p) for p in queries.players(s, t.id))


def exchange_pairing_numbers(
    db: Database, tournament_id: int, first: int, second: int, *, confirmed: int = 0
) -> tuple[PlayerInfo, PlayerInfo]:
    """Exchange the TPNs of two players of equal rating, without editing a rating (checklist Q147-Q150).

    Only between equal ratings (Q148: the seeding rules C.04.2-2026 2.2 rank the rest); always confirmed at
    Level 3 (Q150); refused once round 4 is paired (C.04.2-2026 2.3, Q151).  The exchange is kept by later
    regenerations (the two players' rank among their equal-rated group), logged, undoable and, once round 1 is
    paired, written to TRF-2026 exports as ``### TPN exchange @ Round n: a<>b``.
    """
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        paired = _check_renumbering_allowed(s, t)
        a, b = queries.player(s, t.id, first), queries.player(s, t.id, second)
        if a.id == b.id:
            raise ArbiterError(f"#{first}: two different players exchange their pairing numbers")
        if a.rating != b.rating:
            raise RuleViolation(
                "C.04.2-2026 2.2",
                f"#{first} {a.name} ({a.rating}) and #{second} {b.name} ({b.rating}) are not rated equally: their "
                "order follows from the ratings (correct a rating instead, then regenerate)",
            )
        require(
            confirmed,
            [
                Notice(
                    Level.PROCEED,
                    "checklist Q150, C.04.2-2026 2.3",
                    f"#{first} {a.name} and #{second} {b.name} exchange their pairing numbers; the exchange is "
                    "logged" + (" and written to TRF-2026 exports" if paired else ""),
                )
            ],
        )
        undo = numbers_snapshot(s, t) | {"number": paired}
        group = [p for p in initial_order(s, t) if p.rating == a.rating]
        for rank, p in enumerate(group):
            p.tie_rank = rank
        a.tie_rank, b.tie_rank = b.tie_rank, a.tie_rank
        _apply_numbers(s, [(first, b), (second, a)])
        lines = [comment("TPN exchange", paired, f"{first}<>{second}")] if paired else []
        audit(
            s,
            t.id,
            "exchange pairing numbers",
            f"#{first} {b.name} and #{second} {a.name} exchanged their pairing numbers",
            before={a.name: first, b.name: second},
            after={a.name: second, b.name: first} | ({TRF_KEY: lines} if lines else {}),
            undo_snapshot=undo,
        )
        return player_info(a), player_info(b)


def set_tie_order(db: Database, tournament_id: int, tie_order: str) -> tuple[PlayerInfo, ...]:
    """Announce how players of equal rating and title are ranked (C.04.2-2026 2.2.3, checklist Q146): one of
    :data:`TIE_ORDERS`, before round 1 is paired; the TPNs follow at once."""
    if tie_order not in TIE_ORDERS:
        raise ArbiterError(f"unknown order for equal rating and title: {tie_order!r} (known: {', '.join(TIE_ORDERS)})")
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if _paired_rounds(s, t):
            raise RuleViolation(
                "C.04.2-2026 2.2.3", "the order for equal rating and title is announced before round 1 is paired"
            )
        before = t.tie_order
        t.tie_order = tie_order
        _renumber(s, t)
        audit(
            s,
            t.id,
            "edit tournament",
            f"equal rating and title ranked {TIE_ORDERS[tie_order]}",
            before={"tie_order": before},
            after={"tie_order": tie_order},
        )
        return tuple(player_info(p) for p in queries.players(s, t.id))


def expel_player(
    db: Database, tournament_id: int, number: int, from_round: int | None = None, *, seen: int | None = None
) -> ByeInfo:
    """Expel a player (checklist Q197): withdrawn from ``from_round`` (C.04.2.D.3) and flagged expelled, which the
    standings show.  ``seen``: as :func:`withdraw_player`'s."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        check_player_version(s, t, queries.player(s, t.id, number), seen)
        return _withdraw(s, t, number, from_round, expelled=True)


def standing_mark(p: PlayerInfo) -> str:
    """How the standings mark a player who no longer plays (checklist Q170, Q197): ``withdrawn from round 5``,
    ``expelled from round 5``; empty for the others."""
    if p.status != PlayerStatus.WITHDRAWN or p.withdrawal_round is None:
        return ""
    return f"{'expelled' if p.expelled else 'withdrawn'} from round {p.withdrawal_round}"


def standing_marks(db: Database, tournament_id: int) -> dict[int, str]:
    """:func:`standing_mark` of every player who has one, by pairing number."""
    return {p.number: mark for p in list_players(db, tournament_id) if (mark := standing_mark(p))}


def list_players(db: Database, tournament_id: int) -> Sequence[PlayerInfo]:
    """All players by pairing number."""
    with db.read() as s:
        queries.tournament(s, tournament_id)
        return tuple(player_info(p) for p in queries.players(s, tournament_id))


def player_identities(db: Database, tournament_id: int) -> dict[int, tuple[str, str]]:
    """Pairing number -> (an identity that no renumbering changes, the name): what a shell compares to know
    whether a number still means the player the arbiter saw under it."""
    with db.read() as s:
        return {p.pairing_number: (f"p{p.id}", p.name) for p in queries.players(s, tournament_id)}


def find_player(db: Database, tournament_id: int, reference: str) -> PlayerInfo:
    """A player addressed by FIDE ID (``fide:1503014``) or by name (the whole name, or a part only one player's
    name holds; case and accents aside); ArbiterError naming the candidates otherwise."""
    from arbiter_app.ratings.names import name_key

    players = list_players(db, tournament_id)
    text = reference.strip()
    if text.lower().startswith("fide:"):
        wanted = text[5:].strip()
        found = [p for p in players if p.fide_id and p.fide_id == wanted]
        if not found:
            raise ArbiterError(f"no player has the FIDE ID {wanted!r}")
        return found[0]
    key = name_key(text)
    exact = [p for p in players if name_key(p.name) == key]
    found = exact or [p for p in players if key and key in name_key(p.name)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise ArbiterError(f"no player's name holds {text!r}")
    shown = ", ".join(f"#{p.number} {p.name}" for p in found[:6])
    raise ArbiterError(f"{text!r} names several players ({shown}): give more of the name, the FIDE ID or the number")
