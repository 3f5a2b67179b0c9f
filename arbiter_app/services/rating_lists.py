"""Several rating lists per tournament, the tournament rating apart from the official one, and the consistency check.

Checklist section L and Q145, all offline:

* the lists held (:mod:`arbiter_app.services.ratings`): FIDE's standard, rapid and blitz
  lists, the effective rapid/blitz lists (the rapid or blitz rating, else the standard
  one) and custom lists the user imports (:func:`import_custom_list`, CSV laid out as
  :mod:`arbiter_app.ratings.custom_list` says) (Q117-Q121);
* per tournament a list sequence, by default that of its type (Q123), which the user
  may reorder, shorten or extend (Q124, Q126);
* a player's official FIDE rating, national rating and manual rating are kept apart
  from the tournament rating, each with the list it came from or ``manual`` (Q116, Q134);
  the tournament rating follows the tournament's method (Q145, TRF-2026 ``172``);
* registering: a player found in the first list of the sequence gets that rating;
  one not found there is offered the ratings of the other lists (Q127-Q129);
* the consistency check (Q133, Q137-Q144): are the registered ratings those of the
  list valid at the start of the tournament (the current month's if it lasts more than
  30 days)?  It says first whether the local lists are of that month (Q141), runs by
  itself after every list import or update unless switched off (Q138-Q139),
  runs on request, and changes only the ratings the arbiter chooses (Q143-Q144).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Player, Tournament
from arbiter_app.persistence.ratings_store import RatingStore
from arbiter_app.ratings.custom_list import read_custom_list
from arbiter_app.ratings.fide_list import KINDS, BadLine, ListPlayer, ListReadError, check_date, date_from_name
from arbiter_app.ratings.methods import (
    CUSTOM_PREFIX,
    DEFAULT_SEQUENCES,
    EFFECTIVE,
    METHODS,
    RATING_TYPES,
    month_for_check,
    months_between,
    parse_sequence,
    tournament_rating,
)
from arbiter_app.services.dto import PlayerInfo
from arbiter_app.services.fide_mode import TRF_KEY, configuration_line, frozen, last_paired
from arbiter_app.services.players import _renumber, register_in
from arbiter_app.services.ratings import ImportReport, _store, import_rating_list, ratings_path, unzipped
from arbiter_app.services.records import audit, player_info, settings_snapshot
from arbiter_app.services.warnings import require

Store = str | os.PathLike[str] | None


# ------------------------------------------------------------------------------------------------ lists


def is_national(list_name: str) -> bool:
    """A custom list gives national ratings; FIDE's lists (effective or not) give FIDE ratings."""
    return list_name.startswith(CUSTOM_PREFIX)


def list_title(list_name: str) -> str:
    """``FIDE standard``, ``FIDE rapid (effective)``, ``DEN`` (a custom list's own name)."""
    if is_national(list_name):
        return list_name[len(CUSTOM_PREFIX) :]
    if list_name in EFFECTIVE:
        return f"FIDE {EFFECTIVE[list_name]} (effective)"
    return f"FIDE {list_name}"


@dataclass(frozen=True)
class ListedRating:
    """A player's rating in one list of the sequence, with the label kept as the rating's source (Q134)."""

    list_name: str
    rating: int
    date: str
    source: str
    """``FIDE standard 2026-11``; for an effective list that fell back, ``FIDE standard 2026-11 (effective rapid)``."""

    @property
    def national(self) -> bool:
        return is_national(self.list_name)


def _held(st: RatingStore) -> dict[str, str]:
    return {s.kind: s.date for s in st.lists()}


def _in_list(st: RatingStore, held: dict[str, str], kind: str, ids: list[int]) -> dict[int, tuple[int, str]]:
    """FIDE ID -> (rating, source) of the players rated in the list ``kind`` (a list held, FIDE's or custom)."""
    if kind not in held:
        return {}
    title = list_title(kind)
    label = f"{title} {held[kind]}".strip()
    return {i: (p.rating, label) for i, p in st.by_ids(kind, ids).items() if p.rating}


def ratings_in_list(list_name: str, ids: Iterable[int], store: Store = None) -> dict[int, ListedRating]:
    """The ratings of these FIDE IDs in one list of a sequence; an effective list takes the standard rating of a
    player without a rapid (blitz) one (checklist Q118)."""
    st = _store(store)
    held = _held(st)
    wanted = list(ids)
    base = EFFECTIVE.get(list_name, list_name)
    found = _in_list(st, held, base, wanted)
    out = {i: ListedRating(list_name, r, held.get(base, ""), src) for i, (r, src) in found.items()}
    if list_name in EFFECTIVE:
        rest = [i for i in wanted if i not in found]
        for i, (r, src) in _in_list(st, held, "standard", rest).items():
            out[i] = ListedRating(list_name, r, held.get("standard", ""), f"{src} (effective {base})")
    return out


def lists_held(store: Store = None) -> tuple[str, ...]:
    """The names a sequence may use for the lists held now (FIDE's, their effective forms, the custom ones)."""
    held = _held(_store(store))
    names = [k for k in KINDS if k in held]
    names += [e for e, base in EFFECTIVE.items() if base in held or "standard" in held]
    return tuple(names + sorted(k for k in held if k.startswith(CUSTOM_PREFIX)))


def sequence_of(t: Tournament) -> tuple[str, ...]:
    """The tournament's list sequence (its own, else the default of its type, checklist Q123)."""
    return parse_sequence(t.list_sequence, t.rating_type)


# ------------------------------------------------------------------------------------------------ settings


@dataclass(frozen=True)
class RatingSettings:
    method: str
    rating_type: str
    sequence: tuple[str, ...]
    default_sequence: bool
    check_on: bool


def _settings(t: Tournament) -> RatingSettings:
    return RatingSettings(t.rating_method, t.rating_type, sequence_of(t), not t.list_sequence.strip(), t.rating_check)


def rating_settings(db: Database, tournament_id: int) -> RatingSettings:
    with db.read() as s:
        return _settings(queries.tournament(s, tournament_id))


def _recompute(s: Session, t: Tournament) -> list[tuple[Player, int]]:
    """Every player's tournament rating by the tournament's method; (player, old) of those that changed.  Before
    round 1 is paired the pairing numbers follow (C.04.2.B)."""
    moved = []
    for p in queries.players(s, t.id):
        new = tournament_rating(t.rating_method, p.fide_rating, p.national_rating, p.manual_rating)
        if new != p.rating:
            moved.append((p, p.rating))
            p.rating = new
    if moved:
        s.flush()
        if last_paired(s, t.id) == 0:
            _renumber(s, t)
    return moved


def set_rating_method(db: Database, tournament_id: int, method: str, *, confirmed: int = 0) -> RatingSettings:
    """Choose how the tournament rating is found (checklist Q145): the tournament ratings follow at once.

    Frozen once round 1 is paired, like the other settings: refused in FIDE mode (Level 5), a Level-4
    configuration change outside it (logged, written to TRF-2026 exports).
    """
    method = method.strip().upper()
    if method not in METHODS:
        raise ArbiterError(f"unknown tournament-rating method {method!r} (one of {', '.join(METHODS)})")
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if method == t.rating_method:
            return _settings(t)
        paired = last_paired(s, t.id)
        what = "tournament-rating method"
        require(confirmed, frozen(t, paired, what, "checklist Q145, TRF-2026 172", t.rating_method, method))
        # A configuration change (after round 1) can be undone: the method and every tournament rating as they were.
        saved = settings_snapshot(s, t, ("rating_method",), ratings=True) if paired else None
        was, t.rating_method = t.rating_method, method
        moved = _recompute(s, t)
        after: dict[str, object] = {"rating_method": method, "ratings": {p.name: p.rating for p, _ in moved}}
        if paired:
            after[TRF_KEY] = [configuration_line(paired, what, was, method)]
        audit(
            s, t.id, "rating method", f"tournament rating by {method} (was {was}); {len(moved)} rating(s) changed",
            before={"rating_method": was, "ratings": {p.name: old for p, old in moved}}, after=after,
            undo_snapshot=saved,
        )  # fmt: skip
        return _settings(t)


def set_rating_type(db: Database, tournament_id: int, rating_type: str) -> RatingSettings:
    """Standard, rapid or blitz: the default list sequence follows (checklist Q123)."""
    if rating_type not in RATING_TYPES:
        raise ArbiterError(f"unknown kind of event {rating_type!r} (standard, rapid or blitz)")
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if t.rating_type != rating_type:
            audit(s, t.id, "rating type", f"rated as {rating_type} (was {t.rating_type})")
            t.rating_type = rating_type
        return _settings(t)


def set_list_sequence(db: Database, tournament_id: int, names: Iterable[str]) -> RatingSettings:
    """The lists searched, in order (checklist Q124, Q126: lists left out, added, reordered); empty: the default."""
    text = ", ".join(n.strip() for n in names if n.strip())
    try:
        parse_sequence(text)
    except ValueError as error:
        raise ArbiterError(str(error)) from error
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if t.list_sequence != text:
            default = ", ".join(DEFAULT_SEQUENCES[t.rating_type])
            audit(
                s, t.id, "list sequence", f"rating lists searched: {text or default} (was {t.list_sequence or default})"
            )
            t.list_sequence = text
        return _settings(t)


def set_rating_check(db: Database, tournament_id: int, on: bool) -> RatingSettings:
    """Switch the automatic consistency check on or off (checklist Q138); the check on request stays."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if t.rating_check != bool(on):
            t.rating_check = bool(on)
            audit(s, t.id, "rating check", f"automatic rating check {'on' if on else 'off'}")
        return _settings(t)


# ------------------------------------------------------------------------------------------------ players


@dataclass(frozen=True)
class PlayerRatings:
    """A player's ratings kept apart (checklist Q116, Q134): the tournament rating and where each came from."""

    number: int
    name: str
    fide_id: str
    tournament_rating: int
    fide_rating: int
    fide_source: str
    national_rating: int
    national_source: str
    manual_rating: int


def _ratings(p: Player) -> PlayerRatings:
    return PlayerRatings(
        p.pairing_number, p.name, p.fide_id, p.rating, p.fide_rating, p.fide_rating_source or "not recorded",
        p.national_rating, p.national_rating_source, p.manual_rating,
    )  # fmt: skip


def player_ratings(db: Database, tournament_id: int) -> tuple[PlayerRatings, ...]:
    with db.read() as s:
        return tuple(_ratings(p) for p in queries.players(s, tournament_id))


def set_player_ratings(
    db: Database,
    tournament_id: int,
    number: int,
    *,
    fide: int | None = None,
    national: int | None = None,
    manual: int | None = None,
    source: str = "manual",
) -> PlayerRatings:
    """Set a player's FIDE, national or manual rating (from ``source``, ``manual`` when typed in); the tournament
    rating follows the method."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        p = queries.player(s, t.id, number)
        before = _ratings(p)
        for value in (fide, national, manual):
            if value is not None and not 0 <= value <= 9999:
                raise ArbiterError(f"rating {value}: a rating is a whole number from 0 to 9999")
        if fide is not None:
            p.fide_rating, p.fide_rating_source = fide, source
        if national is not None:
            p.national_rating, p.national_rating_source = national, source
        if manual is not None:
            p.manual_rating = manual
        _recompute(s, t)
        after = _ratings(p)
        audit(s, t.id, "player ratings", f"ratings of {p.name} set", before=before.__dict__, after=after.__dict__)
        return after


@dataclass(frozen=True)
class RegistrationRating:
    """What the lists say of a player about to be registered.

    ``main``: the rating in the first list of the sequence, given automatically (Q127); when it is None, ``others``
    are the ratings found in the other lists, for the user to pick one (Q128-Q129)."""

    main: ListedRating | None
    others: tuple[ListedRating, ...]


def registration_rating(db: Database, tournament_id: int, fide_id: str, store: Store = None) -> RegistrationRating:
    """Look a FIDE ID up in every list of the tournament's sequence."""
    with db.read() as s:
        sequence = sequence_of(queries.tournament(s, tournament_id))
    if not fide_id.strip().isdigit():
        return RegistrationRating(None, ())
    wanted = int(fide_id)
    found = [ratings_in_list(name, [wanted], store).get(wanted) for name in sequence]
    listed = tuple(r for r in found if r is not None)
    if found and found[0] is not None:
        return RegistrationRating(found[0], listed[1:])
    return RegistrationRating(None, listed)


def register_with_rating(
    db: Database, tournament_id: int, name: str, listed: ListedRating | None, **fields: object
) -> PlayerInfo:
    """Register a player with the rating of a list (FIDE's lists: the FIDE rating; a custom list: the national
    rating), its source kept; ``listed`` None: the ``rating`` of ``fields`` entered by hand."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if listed is not None and not listed.national:
            fields["rating"], fields["rating_source"] = listed.rating, listed.source
        info = register_in(s, t.id, name, **fields)  # type: ignore[arg-type]
        p = queries.player(s, t.id, info.number)
        if listed is not None and listed.national:
            p.national_rating, p.national_rating_source = listed.rating, listed.source
        _recompute(s, t)
        return player_info(p)


# ------------------------------------------------------------------------------------------------ freshness


def stale_lists(names: Iterable[str], today: date, store: Store = None) -> tuple[str, ...]:
    """For each list named (a sequence) that is not this month's list or is missing: what to do (Q135, Q141)."""
    held = _held(_store(store))
    month = f"{today.year:04d}-{today.month:02d}"
    said: list[str] = []
    for name in names:
        base = EFFECTIVE.get(name, name)
        title = list_title(base)
        if base not in held and is_national(base):
            said.append(f"no {title} list is held: import it (File > Import a custom rating list, or arbiter "
                        "ratings import-custom)")  # fmt: skip
        elif base not in held:
            said.append(
                f"no {title} list is held: import it (File > Import FIDE rating list, or arbiter ratings import)"
            )
        elif not held[base]:
            said.append(f"the {title} list held has no month: import the list of {month}")
        elif months_between(held[base], month) > 0:
            said.append(
                f"the {title} list held is of {held[base]}, the list of {month} is out: update it (File > Update "
                "all rating lists, or arbiter ratings update-all: from the file or address set for each list) before "
                "relying on a check"
            )
    return tuple(dict.fromkeys(said))


# ------------------------------------------------------------------------------------------------ the check


@dataclass(frozen=True)
class RatingDifference:
    number: int
    name: str
    fide_id: str
    registered: int
    registered_source: str
    listed: int
    listed_source: str
    national: bool


@dataclass(frozen=True)
class ConsistencyReport:
    """Checklist Q133: the registered ratings against the list valid at the start (Q137)."""

    list_name: str
    month: str
    """The month of the list the check must use."""
    list_date: str
    """The month of the list held (blank: none held, or of unknown month)."""
    stale: tuple[str, ...]
    """What is out of date among the local lists, said before the result (Q141)."""
    differences: tuple[RatingDifference, ...]
    not_in_list: tuple[str, ...]
    automatic: bool

    @property
    def current(self) -> bool:
        return self.list_date == self.month


def check_ratings(
    db: Database, tournament_id: int, *, today: date | None = None, store: Store = None, automatic: bool = False
) -> ConsistencyReport:
    """Are the registered ratings still those of the list valid at the tournament's start (checklist Q133, Q137)?

    The first list of the sequence is the one checked: FIDE's (or effective) lists against the FIDE ratings, a
    custom list against the national ratings.  Nothing is changed (Q143): :func:`apply_rating_updates` does.
    """
    today = today or date.today()
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        sequence = sequence_of(t)
        month = month_for_check(t.start_date, t.end_date, today)
        rows = [
            (p.pairing_number, p.name, p.fide_id, p.fide_rating, p.fide_rating_source, p.national_rating,
             p.national_rating_source)
            for p in queries.players(s, t.id)
        ]  # fmt: skip
    main = sequence[0]
    base = EFFECTIVE.get(main, main)
    held = _held(_store(store))
    ids = [int(r[2]) for r in rows if r[2].strip().isdigit()]
    listed = ratings_in_list(main, ids, store)
    national = is_national(main)
    differences: list[RatingDifference] = []
    missing: list[str] = []
    for number, name, fide_id, fide, fide_source, nat, nat_source in rows:
        if not fide_id.strip().isdigit():
            continue
        found = listed.get(int(fide_id))
        if found is None:
            if base in held:
                missing.append(f"#{number} {name} ({fide_id})")
            continue
        registered, source = (nat, nat_source) if national else (fide, fide_source)
        if found.rating != registered:
            differences.append(
                RatingDifference(number, name, fide_id, registered, source or "not recorded", found.rating,
                                 found.source, national)
            )  # fmt: skip
    stale = list(stale_lists(sequence, today, store))
    if base in held and held[base] and held[base] != month:
        stale.insert(0, f"the check needs the {list_title(base)} list of {month}; the list held is of {held[base]}")
    return ConsistencyReport(main, month, held.get(base, ""), tuple(dict.fromkeys(stale)), tuple(differences),
                             tuple(missing), automatic)  # fmt: skip


def automatic_check(
    db: Database, tournament_id: int, *, today: date | None = None, store: Store = None
) -> ConsistencyReport | None:
    """The check run without being asked (after a list is imported or updated: Q139), unless
    switched off (Q138); None when off."""
    with db.read() as s:
        on = queries.tournament(s, tournament_id).rating_check
    return check_ratings(db, tournament_id, today=today, store=store, automatic=True) if on else None


def apply_rating_updates(
    db: Database, tournament_id: int, report: ConsistencyReport, numbers: Iterable[int]
) -> tuple[RatingDifference, ...]:
    """Take the listed rating of the chosen players only (checklist Q144); the others keep theirs.  The tournament
    ratings follow the method; one line of the audit log names every change and its list."""
    chosen = set(numbers)
    applied = tuple(d for d in report.differences if d.number in chosen)
    if not applied:
        return ()
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        for d in applied:
            p = queries.player(s, t.id, d.number)
            if p.fide_id != d.fide_id:
                raise ArbiterError(f"#{d.number} is no longer {d.name} ({d.fide_id}): check the ratings again")
            if d.national:
                p.national_rating, p.national_rating_source = d.listed, d.listed_source
            else:
                p.fide_rating, p.fide_rating_source = d.listed, d.listed_source
        _recompute(s, t)
        audit(
            s, t.id, "update ratings", f"{len(applied)} rating(s) from {applied[0].listed_source}",
            before={d.fide_id: d.registered for d in applied}, after={d.fide_id: d.listed for d in applied},
        )  # fmt: skip
    return applied


# ------------------------------------------------------------------------------------------------ custom lists


def import_custom_list(
    path: str | os.PathLike[str], name: str, *, date: str = "", store: Store = None, encoding: str | None = None
) -> ImportReport:
    """Import a user's rating list (a national list; CSV, :mod:`arbiter_app.ratings.custom_list`) as ``custom:name``.

    Lines that cannot be read are skipped and listed; a failed import leaves the list held before as it was."""
    name = name.strip()
    if not name or "," in name:
        raise ArbiterError("a custom list needs a name without commas (such as DEN)")
    source = Path(path)
    try:
        month = check_date(date) or date_from_name(source)
    except ValueError as error:
        raise ArbiterError(str(error)) from error
    skipped: list[BadLine] = []

    def players() -> Iterable[ListPlayer]:
        read = 0
        for item in read_custom_list(source, encoding):
            if isinstance(item, BadLine):
                skipped.append(item)
            else:
                read += 1
                yield item
        if not read:  # raised inside the import's transaction: the list held stays
            first = f" ({skipped[0]})" if skipped else ""
            raise ArbiterError(f"{source.name}: no player could be read{first}; the list was not imported")

    def duplicate(line: int, fide_id: int, who: str) -> None:
        skipped.append(BadLine(line, f"id {fide_id} is listed twice (the first line is kept)", who))

    try:
        counts = _store(store).replace_lists(
            (CUSTOM_PREFIX + name,), month, source.name, players(), lambda: len(skipped), duplicate
        )
    except FileNotFoundError as error:
        raise ArbiterError(f"{source}: no such file") from error
    except ListReadError as error:
        raise ArbiterError(f"{source.name}, {error}: the list was not imported, nothing changed") from error
    return ImportReport(source.name, "csv", month, counts, len(skipped), tuple(sorted(skipped, key=lambda b: b.line)))


# ------------------------------------------------------------------------------------------------ one-click update


def sources_path(store: Store = None) -> Path:
    """Where the file or address of each list is kept: beside the rating file (``ratings.sources.json``)."""
    return (Path(store) if store is not None else ratings_path()).with_suffix(".sources.json")


def list_sources(store: Store = None) -> dict[str, str]:
    """List name (``standard``, ``rapid``, ``blitz``, ``custom:NAME``) -> file path or ``https://`` address."""
    path = sources_path(store)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ArbiterError(f"{path}: cannot read the list sources ({error})") from error
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def set_list_source(name: str, location: str, store: Store = None) -> dict[str, str]:
    """Say where the list ``name`` is updated from (empty ``location``: forget it)."""
    if name not in KINDS and not (name.startswith(CUSTOM_PREFIX) and name[len(CUSTOM_PREFIX) :].strip()):
        raise ArbiterError(f"unknown list {name!r} (standard, rapid, blitz or custom:NAME)")
    sources = list_sources(store)
    if location.strip():
        sources[name] = location.strip()
    else:
        sources.pop(name, None)
    path = sources_path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(sources, indent=1, sort_keys=True), encoding="utf-8")
    return sources


@dataclass(frozen=True)
class ListUpdate:
    name: str
    location: str
    report: ImportReport | None
    error: str


def _local_copy(location: str, folder: Path) -> Path:
    """The file to import: the path itself, or an address downloaded into ``folder``; a ZIP gives its list."""
    if location.startswith(("http://", "https://")):
        target = folder / (Path(location.split("?")[0]).name or "list")
        with urllib.request.urlopen(location, timeout=60) as response, open(target, "wb") as out:
            shutil.copyfileobj(response, out)
    else:
        target = Path(location).expanduser()
    return target


def update_all_lists(store: Store = None, on_list: Callable[[str], None] | None = None) -> tuple[ListUpdate, ...]:
    """Import every list from its configured file or address, one after the other (checklist Q136).

    A list that fails is reported and keeps what was held; the others are imported all the same."""
    out: list[ListUpdate] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, location in sorted(list_sources(store).items()):
            if on_list is not None:
                on_list(name)
            try:
                path = _local_copy(location, Path(tmp))
                if name.startswith(CUSTOM_PREFIX):
                    report = import_custom_list(unzipped(path, Path(tmp)), name[len(CUSTOM_PREFIX) :], store=store)
                else:
                    report = import_rating_list(path, name, store=store)
                out.append(ListUpdate(name, location, report, ""))
            except (ArbiterError, OSError) as error:
                out.append(ListUpdate(name, location, None, str(error)))
    return tuple(out)
