"""The local FIDE rating list: one SQLite file of its own (``ratings.db``), apart from the tournament files.

The stdlib :mod:`sqlite3` is used directly: the file holds a million and a
half players and is written by one bulk import, then only read.  Each
imported file is one table ``list_<n>``: a row per player, with the ratings
of every list the file holds (``standard_rating``, ``rapid_rating``, …), an
index on ``fide_id`` (unique once the players listed twice are left out)
and one on ``name_key`` (the folded name,
:func:`arbiter_app.ratings.names.name_key`) for prefix search.  The table
``lists`` says, per list (standard, rapid, blitz), which table holds it, its
month, source file and count: a combined file serves all three lists from
one table, a file of one list serves that list only.

An import fills its new table inside one transaction, finds the players
listed twice, builds the indexes, points the lists it holds at the new
table, drops the tables no list uses any more, then commits: an import that
fails, is refused or is cancelled at any point rolls back and leaves the
lists held before exactly as they were.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from arbiter_app.persistence.errors import DatabaseFileError
from arbiter_app.ratings.fide_list import KINDS, ListPlayer
from arbiter_app.ratings.names import key_upper_bound, name_key

BATCH = 20_000
READ_TIMEOUT_S = 1.0
"""A search waits this long for an import's commit (or its spilled pages) before saying the list is busy."""
IDENTITY = "fide_id, line, name, name_key, federation, sex, title, w_title, o_title, foa, birth_year, flag"
_TABLE = """CREATE TABLE {table} (
    fide_id INTEGER NOT NULL, line INTEGER NOT NULL, name TEXT NOT NULL, name_key TEXT NOT NULL,
    federation TEXT NOT NULL, sex TEXT NOT NULL, title TEXT NOT NULL, w_title TEXT NOT NULL, o_title TEXT NOT NULL,
    foa TEXT NOT NULL, birth_year INTEGER, flag TEXT NOT NULL,
    standard_rating INTEGER, standard_games INTEGER, standard_k INTEGER,
    rapid_rating INTEGER, rapid_games INTEGER, rapid_k INTEGER,
    blitz_rating INTEGER, blitz_games INTEGER, blitz_k INTEGER)"""
_LISTS = """CREATE TABLE IF NOT EXISTS lists (
    kind TEXT PRIMARY KEY, list_date TEXT NOT NULL, source TEXT NOT NULL, imported_at TEXT NOT NULL,
    players INTEGER NOT NULL, skipped INTEGER NOT NULL, held_in TEXT NOT NULL)"""
_APPLICATION_ID = 0x41524C32  # "ARL2": refuse to write into an SQLite file of another program


class RatingStoreError(DatabaseFileError):
    """The rating file cannot be used (another program's file, damaged, or busy with an import)."""


@dataclass(frozen=True)
class StoredList:
    kind: str
    date: str
    source: str
    imported_at: str
    players: int
    skipped: int


@dataclass(frozen=True)
class StoredPlayer:
    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    w_title: str
    o_title: str
    foa: str
    rating: int | None
    games: int | None
    k: int | None
    birth_year: int | None
    flag: str


class DuplicateId(Exception):
    """Raised by ``on_duplicate`` to refuse the import."""


CUSTOM = "custom:"
"""The kind of a list the user imported (a national list): ``custom:<name>``, held in the standard columns."""


def _check_kind(kind: str) -> str:
    if kind not in KINDS and not (kind.startswith(CUSTOM) and kind[len(CUSTOM) :].strip()):
        raise ValueError(f"unknown list {kind!r}")
    return kind


def _column(kind: str) -> str:
    """The columns a list's ratings are held in: its own for FIDE's lists, the standard ones for a custom list."""
    return _check_kind(kind) if kind in KINDS else "standard"


class RatingStore:
    """The rating file at ``path`` (created on first import)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    # -- connections

    def _connect(self, write: bool) -> sqlite3.Connection:
        if write:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        else:
            conn = sqlite3.connect(
                f"{self.path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None, timeout=READ_TIMEOUT_S
            )
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if app_id != _APPLICATION_ID and (tables or not write):
                raise RatingStoreError(str(self.path), "not a rating list file of this program")
            if write and app_id != _APPLICATION_ID:
                conn.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
                conn.execute(_LISTS)
        except sqlite3.DatabaseError as error:
            conn.close()
            raise _store_error(self.path, error) from error
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection | None]:
        """A read-only connection, or None when no list was ever imported."""
        if not self.path.exists():
            yield None
            return
        try:
            with closing(self._connect(write=False)) as conn:
                yield conn
        except sqlite3.OperationalError as error:
            raise _store_error(self.path, error) from error

    # -- import

    def replace_lists(
        self,
        kinds: Sequence[str],
        date: str,
        source: str,
        players: Iterable[ListPlayer],
        skipped: Callable[[], int] = lambda: 0,
        on_duplicate: Callable[[int, int, str], None] | None = None,
    ) -> dict[str, int]:
        """Replace the lists ``kinds`` by ``players`` (each with a rating of each kind, in that order), all or nothing.

        A player listed twice keeps the first line; ``on_duplicate(line,
        fide_id, name)`` hears of each later one (and may raise to refuse
        the import).  Rows are appended in the file's order (FIDE sorts by
        name, not ID) and both indexes are built once the list is in.
        ``skipped`` gives the number of lines the caller left out, stored
        with the list.  Returns the number of players per list: for FIDE's
        lists those rated in it (a player of the combined file without a
        rapid rating is not in the rapid list), for a custom list all.
        """
        kinds = tuple(_check_kind(kind) for kind in kinds)
        conn = self._connect(write=True)
        try:
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA cache_size = -32000")
            conn.execute("PRAGMA journal_mode = DELETE")
            conn.execute("BEGIN IMMEDIATE")
            try:
                table = _new_table(conn)
                count = self._fill(conn, table, kinds, players, on_duplicate)
                conn.execute(f"CREATE INDEX ix_{table}_name_key ON {table} (name_key)")
                now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%SZ")
                counts = {}
                for kind in kinds:
                    # FIDE's lists: the players rated in it (the combined file lists every player, rated in a
                    # list or not); a custom list: every player it holds.
                    counts[kind] = count if kind not in KINDS else conn.execute(
                        f"SELECT count(*) FROM {table} WHERE {_column(kind)}_rating IS NOT NULL"
                    ).fetchone()[0]  # fmt: skip
                    conn.execute(
                        "INSERT OR REPLACE INTO lists VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (kind, date, source, now, counts[kind], skipped(), table),
                    )
                used = {row[0] for row in conn.execute("SELECT held_in FROM lists")}
                for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
                    if name.startswith("list_") and name not in used:
                        conn.execute(f"DROP TABLE {name}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        finally:
            conn.close()
        return counts

    @staticmethod
    def _fill(
        conn: sqlite3.Connection,
        table: str,
        kinds: tuple[str, ...],
        players: Iterable[ListPlayer],
        on_duplicate: Callable[[int, int, str], None] | None,
    ) -> int:
        conn.execute(_TABLE.format(table=table))
        columns = IDENTITY + "".join(f", {c}_rating, {c}_games, {c}_k" for c in map(_column, kinds))
        insert = f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' * (12 + 3 * len(kinds)))})"
        batch: list[ListPlayer] = []
        for player in players:
            batch.append(player)
            if len(batch) >= BATCH:
                conn.executemany(insert, _rows(batch))
                batch.clear()
        conn.executemany(insert, _rows(batch))
        # Built once, used twice: to find the players listed twice (one pass over the index), then to find IDs.
        conn.execute(f"CREATE INDEX ix_{table}_fide_id ON {table} (fide_id)")
        twice = [row[0] for row in conn.execute(f"SELECT fide_id FROM {table} GROUP BY fide_id HAVING count(*) > 1")]
        if twice:
            marks = ", ".join("?" * len(twice))
            rows = conn.execute(
                f"SELECT rowid, fide_id, line, name FROM {table} WHERE fide_id IN ({marks}) ORDER BY fide_id, line",
                twice,
            ).fetchall()
            later = sorted(
                (line, fide_id, name, rowid)
                for k, (rowid, fide_id, line, name) in enumerate(rows)
                if k and rows[k - 1][1] == fide_id
            )
            for line, fide_id, name, _ in later:
                if on_duplicate is not None:
                    on_duplicate(line, fide_id, name)
            conn.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(r[3],) for r in later])
        count: int = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        return count

    # -- reading

    def lists(self) -> tuple[StoredList, ...]:
        with self.reading() as conn:
            if conn is None:
                return ()
            rows = conn.execute("SELECT kind, list_date, source, imported_at, players, skipped FROM lists").fetchall()
        order = {k: i for i, k in enumerate(KINDS)}
        return tuple(sorted((StoredList(*row) for row in rows), key=lambda s: (order.get(s.kind, 9), s.kind)))

    def by_name(self, kind: str, prefix_key: str, limit: int) -> list[StoredPlayer]:
        if not prefix_key:
            return []
        with self.reading() as conn:
            table = _held_in(conn, kind)
            if conn is None or table is None:
                return []
            rows = conn.execute(
                f"SELECT {_select(kind)} FROM {table} WHERE name_key >= ? AND name_key < ? ORDER BY name_key LIMIT ?",
                (prefix_key, key_upper_bound(prefix_key), limit),
            ).fetchall()
        return [StoredPlayer(*row) for row in rows]

    def by_id_prefix(self, kind: str, digits: str, limit: int) -> list[StoredPlayer]:
        """The player with that FIDE ID first, then the IDs starting with those digits (shortest first)."""
        if not digits.isdigit() or len(digits) > 11:
            return []
        found: list[StoredPlayer] = []
        with self.reading() as conn:
            table = _held_in(conn, kind)
            if conn is None or table is None:
                return []
            sql = f"SELECT {_select(kind)} FROM {table} WHERE fide_id >= ? AND fide_id < ? ORDER BY fide_id LIMIT ?"
            base = int(digits)
            for extra in range(12 - len(digits)):
                scale = 10**extra
                low, high = base * scale, (base + 1) * scale
                rows = conn.execute(sql, (low, high, limit - len(found))).fetchall()
                found.extend(StoredPlayer(*row) for row in rows if not (extra and row[0] == base))
                if len(found) >= limit or base == 0:
                    break
        return found[:limit]

    def by_ids(self, kind: str, ids: Sequence[int]) -> dict[int, StoredPlayer]:
        with self.reading() as conn:
            table = _held_in(conn, kind)
            if conn is None or table is None:
                return {}
            out: dict[int, StoredPlayer] = {}
            sql = f"SELECT {_select(kind)} FROM {table} WHERE fide_id = ?"
            for fide_id in ids:
                row = conn.execute(sql, (fide_id,)).fetchone()
                if row is not None:
                    out[fide_id] = StoredPlayer(*row)
            return out


def _select(kind: str) -> str:
    k = _column(kind)
    return (
        f"fide_id, name, federation, sex, title, w_title, o_title, foa, {k}_rating, {k}_games, {k}_k, birth_year, flag"
    )


def _held_in(conn: sqlite3.Connection | None, kind: str) -> str | None:
    _check_kind(kind)
    if conn is None:
        return None
    row = conn.execute("SELECT held_in FROM lists WHERE kind = ?", (kind,)).fetchone()
    return None if row is None else str(row[0])


def _new_table(conn: sqlite3.Connection) -> str:
    numbers = [
        int(name[5:])
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'list_%'")
        if name[5:].isdigit()
    ]
    return f"list_{max(numbers, default=0) + 1}"


def _store_error(path: Path, error: sqlite3.DatabaseError) -> RatingStoreError:
    if "locked" in str(error) or "busy" in str(error):
        return RatingStoreError(str(path), "the rating list is being imported: try again when the import is done")
    return RatingStoreError(str(path), str(error))


def _rows(batch: list[ListPlayer]) -> Iterator[tuple[object, ...]]:
    for p in batch:
        row: tuple[object, ...] = (
            p.fide_id, p.line, p.name, name_key(p.name), p.federation, p.sex, p.title, p.w_title, p.o_title, p.foa,
            p.birth_year, p.flag,
        )  # fmt: skip
        for r in p.ratings:
            row += (r.rating, r.games, r.k)
        yield row
