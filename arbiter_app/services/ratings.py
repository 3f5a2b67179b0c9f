"""The FIDE rating list kept offline: import it, search it, bring registered players' ratings up to date.

The list lives in its own file (:func:`ratings_path`: ``ratings.db`` in the
user's data folder, or ``$ARBITER_RATINGS_DB``), never in a tournament file.
Every function takes ``store`` (a path) to use another file, as tests do.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database, default_data_dir
from arbiter_app.persistence.ratings_store import RatingStore, StoredList, StoredPlayer
from arbiter_app.ratings.fide_list import (
    KINDS,
    BadLine,
    ListNeedsKind,
    ListPlayer,
    ListReadError,
    kind_from_name,
    read_list,
)
from arbiter_app.ratings.methods import tournament_rating
from arbiter_app.ratings.names import name_key
from arbiter_app.services.players import TITLES, _paired_rounds, _renumber
from arbiter_app.services.records import audit

RATINGS_ENV = "ARBITER_RATINGS_DB"
"""Environment variable naming the rating list file (instead of ``ratings.db`` in the data folder)."""
KEPT_BAD_LINES = 1000
"""How many skipped lines an import report lists one by one (all are counted)."""

Progress = Callable[[int, int], None]
"""``on_progress(done, total)``: bytes of the file read so far, and its size."""


def ratings_path() -> Path:
    """The rating list file: ``$ARBITER_RATINGS_DB``, else ``ratings.db`` in the user's data folder."""
    named = os.environ.get(RATINGS_ENV)
    return Path(named) if named else default_data_dir() / "ratings.db"


def _store(store: str | os.PathLike[str] | None) -> RatingStore:
    return RatingStore(Path(store) if store is not None else ratings_path())


@dataclass(frozen=True)
class RatingListInfo:
    """One list held: ``standard``, ``rapid`` or ``blitz``; its month (``YYYY-MM``, blank if unknown)."""

    kind: str
    date: str
    source: str
    imported_at: str
    players: int
    skipped: int


@dataclass(frozen=True)
class ImportReport:
    """What an import stored: players per list, the list's month, the lines skipped (the first ones kept)."""

    source: str
    format: str
    date: str
    players: dict[str, int]
    skipped_count: int
    skipped: tuple[BadLine, ...] = field(default_factory=tuple)


class BadLinesRefused(ArbiterError):
    """A line could not be read and the import was refused: nothing was changed."""

    def __init__(self, source: str, bad: BadLine) -> None:
        super().__init__(f"{source}, {bad}: the list was not imported, nothing changed")
        self.bad = bad


@dataclass(frozen=True)
class RatedPlayer:
    """A player of the rating list, ready to register (title, sex, birth as the tournament stores them)."""

    fide_id: str
    name: str
    title: str
    federation: str
    sex: str
    birth_year: int | None
    rating: int
    kind: str
    flag: str
    list_title: str
    """The titles as the list gives them (open, women's, others)."""

    @property
    def birth_date(self) -> str:
        return str(self.birth_year) if self.birth_year else ""

    @property
    def label(self) -> str:
        """One line for a result list: ``Carlsen, Magnus  GM NOR 2831  (1503014, 1990)``."""
        parts = [self.name]
        if self.title:
            parts.append(self.title)
        if self.federation:
            parts.append(self.federation)
        parts.append(str(self.rating) if self.rating else "unrated")
        born = f", {self.birth_year}" if self.birth_year else ""
        return f"{' '.join(parts)}  ({self.fide_id}{born})"


def register_title(title: str, w_title: str = "") -> str:
    """The title the tournament can hold (GM … WCM), from the list's open and women's titles; blank otherwise."""
    for t in (title.strip().upper(), w_title.strip().upper()):
        if t in TITLES:
            return t
    return ""


def register_sex(sex: str) -> str:
    """The list's ``M``/``F`` as the tournament stores it (``m``/``w``)."""
    s = sex.strip().lower()
    return {"m": "m", "f": "w", "w": "w"}.get(s, "")


def _rated(p: StoredPlayer, kind: str) -> RatedPlayer:
    listed = " ".join(t for t in (p.title, p.w_title, p.o_title, p.foa) if t)
    return RatedPlayer(
        fide_id=str(p.fide_id),
        name=p.name,
        title=register_title(p.title, p.w_title),
        federation=p.federation.upper() if p.federation.isalpha() and len(p.federation) <= 3 else "",
        sex=register_sex(p.sex),
        birth_year=p.birth_year,
        rating=p.rating or 0,
        kind=kind,
        flag=p.flag,
        list_title=listed,
    )


# ------------------------------------------------------------------------------------------------ import


@dataclass(frozen=True)
class ListFileInfo:
    """What a rating list file is, before importing it: its format, the lists it holds, its month."""

    format: str
    """``combined``, ``single`` or ``xml`` (blank when ``needs_kind``)."""
    kinds: tuple[str, ...]
    date: str
    needs_kind: bool
    """A file of one list whose name does not say which: ask standard, rapid or blitz."""


def inspect_rating_list(path: str | os.PathLike[str], kind: str = "") -> ListFileInfo:
    """Read a list's header only (the list inside FIDE's ZIP too): what importing it would fill, and whether its
    kind must be given."""
    given = Path(path)
    with tempfile.TemporaryDirectory(prefix="arbiter-list-") as folder:
        source = unzipped(given, Path(folder))
        kind = kind or kind_from_name(source) or kind_from_name(given)
        try:
            with read_list(source, kind) as listing:
                layout = listing.layout
        except FileNotFoundError as error:
            raise ArbiterError(f"{path}: no such file") from error
        except ListNeedsKind:
            with read_list(source, "standard") as listing:  # the same file read as one list: its month
                return ListFileInfo("", (), listing.layout.date, True)
        except (ListReadError, ValueError) as error:
            raise ArbiterError(f"{given.name}: {error}") from error
    return ListFileInfo(layout.format, layout.kinds, layout.date, False)


def import_rating_list(
    path: str | os.PathLike[str],
    kind: str = "",
    *,
    date: str = "",
    on_progress: Progress | None = None,
    bad_lines: str = "skip",
    store: str | os.PathLike[str] | None = None,
) -> ImportReport:
    """Import a FIDE rating list (TXT, combined or of one list, or XML) into the local rating file.

    ``kind`` says which list a file of one list is (else its name must say:
    ``standard_…``, ``rapid_…``, ``blitz_…``); a combined file fills all
    three.  ``date`` (``YYYY-MM``) overrides the month read from the header
    or the file name.  A line that cannot be read is skipped (``bad_lines=
    "skip"``, listed in the report) or refuses the whole file (``"refuse"``,
    :class:`BadLinesRefused`).  Either way, a failed or refused import leaves
    the list held before exactly as it was.
    """
    if bad_lines not in ("skip", "refuse"):
        raise ArbiterError(f"bad_lines must be 'skip' or 'refuse', not {bad_lines!r}")
    given = Path(path)
    with tempfile.TemporaryDirectory(prefix="arbiter-list-") as folder:
        source = unzipped(given, Path(folder))
        return _import_list(given, source, kind, date, on_progress, bad_lines, store)


def unzipped(path: Path, folder: Path) -> Path:
    """The list itself: ``path``, or the list a ZIP archive holds (as FIDE's downloads are) extracted into
    ``folder``, under the archive member's name (``players_list_foa.txt``, ``standard_nov26frl.txt``)."""
    try:
        if not zipfile.is_zipfile(path):
            return path
        with zipfile.ZipFile(path) as archive:
            members = [m for m in archive.infolist() if not m.is_dir()
                       and m.filename.lower().endswith((".txt", ".xml", ".csv"))]  # fmt: skip
            if len(members) != 1:
                held = ", ".join(m.filename for m in members) or "none"
                raise ArbiterError(f"{path.name}: an archive of a rating list holds one .txt, .xml or .csv file "
                                   f"(it holds: {held})")  # fmt: skip
            target = folder / Path(members[0].filename).name
            with archive.open(members[0]) as packed, open(target, "wb") as out:
                shutil.copyfileobj(packed, out)
            return target
    except FileNotFoundError as error:
        raise ArbiterError(f"{path}: no such file") from error
    except (zipfile.BadZipFile, OSError) as error:
        raise ArbiterError(f"{path.name}: the archive cannot be read ({error})") from error


def _import_list(
    given: Path,
    source: Path,
    kind: str,
    date: str,
    on_progress: Progress | None,
    bad_lines: str,
    store: str | os.PathLike[str] | None,
) -> ImportReport:
    name = given.name if source == given else f"{given.name}: {source.name}"
    try:
        listing = read_list(source, kind or kind_from_name(source) or kind_from_name(given), date)
    except FileNotFoundError as error:
        raise ArbiterError(f"{given}: no such file") from error
    except (ListReadError, ValueError) as error:
        raise ArbiterError(f"{name}: {error}") from error
    skipped: list[BadLine] = []
    count = [0]

    def refuse_or_skip(bad: BadLine) -> None:
        if bad_lines == "refuse":
            raise BadLinesRefused(name, bad)
        count[0] += 1
        if len(skipped) < KEPT_BAD_LINES:
            skipped.append(bad)

    def players() -> Iterator[ListPlayer]:
        step = read = 0
        for item in listing:
            if isinstance(item, BadLine):
                refuse_or_skip(item)
            else:
                read += 1
                yield item
            step += 1
            if on_progress is not None and step >= 5000:
                step = 0
                on_progress(listing.bytes_read, listing.size)
        if not read:  # raised inside the import's transaction: the list held stays
            raise ArbiterError(f"{name}: no player could be read; the list was not imported, nothing changed")

    def duplicate(line: int, fide_id: int, who: str) -> None:
        refuse_or_skip(BadLine(line, f"FIDE ID {fide_id} is listed twice (the first line is kept)", who))

    with listing:
        layout = listing.layout
        try:
            counts = _store(store).replace_lists(
                layout.kinds, layout.date, name, players(), lambda: count[0], duplicate
            )
        except ListReadError as error:
            raise ArbiterError(f"{name}, {error}: the list was not imported, nothing changed") from error
    if on_progress is not None:
        on_progress(listing.size, listing.size)
    skipped.sort(key=lambda bad: bad.line)
    return ImportReport(name, layout.format, layout.date, counts, count[0], tuple(skipped))


# ------------------------------------------------------------------------------------------------ reading


def rating_list_info(store: str | os.PathLike[str] | None = None) -> tuple[RatingListInfo, ...]:
    """The lists held (standard, rapid, blitz order); empty when none was imported."""
    return tuple(RatingListInfo(**asdict(s)) for s in _store(store).lists())


def _default_kind(lists: tuple[StoredList, ...] | tuple[RatingListInfo, ...], kind: str | None) -> str | None:
    if kind:
        if kind not in KINDS and kind not in {s.kind for s in lists}:  # a custom list held: searched alike
            raise ArbiterError(f"unknown list {kind!r} (standard, rapid, blitz or a custom list held)")
        return kind
    return lists[0].kind if lists else None


def search_players(
    text: str, limit: int = 20, *, kind: str | None = None, store: str | os.PathLike[str] | None = None
) -> tuple[RatedPlayer, ...]:
    """Players of the list matching what was typed: digits, by FIDE ID; else by name prefix.

    ``"carl"``, ``"Carlsen, M"``, ``"carlsen m"`` and ``"Magnus Carlsen"``
    all find Carlsen, Magnus; accents and case do not matter.  ``kind``
    chooses the list (default: the first held of standard, rapid, blitz).
    """
    text = text.strip()
    if not text or limit <= 0:
        return ()
    st = _store(store)
    chosen = _default_kind(st.lists(), kind)
    if chosen is None:
        return ()
    compact = text.replace(" ", "")
    if compact.isdigit() and compact.isascii():
        return tuple(_rated(p, chosen) for p in st.by_id_prefix(chosen, compact, limit))
    key = name_key(text)
    found = st.by_name(chosen, key, limit)
    words = key.split()
    if len(found) < limit and "," not in text and len(words) > 1:
        turned = " ".join([words[-1], *words[:-1]])
        seen = {p.fide_id for p in found}
        found += [p for p in st.by_name(chosen, turned, limit) if p.fide_id not in seen][: limit - len(found)]
    return tuple(_rated(p, chosen) for p in found)


def find_fide_player(
    fide_id: str | int, *, kind: str | None = None, store: str | os.PathLike[str] | None = None
) -> RatedPlayer | None:
    """The player with this FIDE ID in the list, or None."""
    st = _store(store)
    chosen = _default_kind(st.lists(), kind)
    if chosen is None or not str(fide_id).strip().isdigit():
        return None
    found = st.by_ids(chosen, [int(fide_id)])
    p = found.get(int(fide_id))
    return None if p is None else _rated(p, chosen)


# ------------------------------------------------------------------------------------------------ update


@dataclass(frozen=True)
class RatingChange:
    number: int
    name: str
    fide_id: str
    old: int
    new: int


@dataclass(frozen=True)
class RatingUpdate:
    """What an update from the list changed (or, in a preview, would change)."""

    kind: str
    date: str
    changes: tuple[RatingChange, ...]
    not_in_list: tuple[str, ...]
    """Registered players with a FIDE ID the list does not hold."""
    applied: bool


def update_ratings_from_list(
    db: Database,
    tournament_id: int,
    kind: str = "standard",
    *,
    apply: bool = True,
    store: str | os.PathLike[str] | None = None,
) -> RatingUpdate:
    """Set the registered players' ratings to those of the list ``kind`` (players with a FIDE ID only).

    Only on request: nothing else ever changes a registered rating.  With
    ``apply=False`` it only says what would change.  The change is one line
    of the audit log naming the list's month; before round 1 is paired the
    pairing numbers follow the new ratings (C.04.2.B).
    """
    st = _store(store)
    lists = {s.kind: s for s in st.lists()}
    if kind not in KINDS:
        raise ArbiterError(f"unknown list {kind!r} (standard, rapid or blitz)")
    if kind not in lists:
        raise ArbiterError(f"no {kind} rating list has been imported")
    date = lists[kind].date
    with db.write() if apply else db.read() as s:
        t = queries.tournament(s, tournament_id)
        registered = [p for p in queries.players(s, t.id) if p.fide_id.strip().isdigit()]
        found = st.by_ids(kind, [int(p.fide_id) for p in registered])
        changes: list[RatingChange] = []
        missing: list[str] = []
        for p in registered:
            listed = found.get(int(p.fide_id))
            if listed is None or not listed.rating:  # not rated in this list: the rating stays (never "-> 0")
                missing.append(f"#{p.pairing_number} {p.name} ({p.fide_id})")
                continue
            new = listed.rating
            if new != p.fide_rating:
                changes.append(RatingChange(p.pairing_number, p.name, p.fide_id, p.fide_rating, new))
                if apply:
                    p.fide_rating, p.fide_rating_source = new, f"FIDE {kind} {date}".strip()
                    p.rating = tournament_rating(t.rating_method, new, p.national_rating, p.manual_rating)
        if apply and changes:
            s.flush()
            if _paired_rounds(s, t) == 0:
                _renumber(s, t)
            audit(
                s,
                t.id,
                "update ratings",
                f"{len(changes)} rating(s) from the FIDE {kind} list of {date or 'unknown date'}",
                before={c.fide_id: c.old for c in changes},
                after={c.fide_id: c.new for c in changes},
            )
    return RatingUpdate(kind, date, tuple(changes), tuple(missing), apply and bool(changes))
