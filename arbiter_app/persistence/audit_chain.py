"""The audit log made tamper-evident: every entry chained by a hash to the one before it and to the state it records.

Each entry's ``chain_hash`` is the SHA-256 of the previous entry's hash, the entry's own columns (what, when,
who, why, before and after, the undo it carries or makes) and ``state``: a digest, table by table, of what the
arbiter entered (:data:`STATE`: the tournament's scoring and rules, the players, the rounds, the pairings and
results, the byes, the overrides, the prohibited pairs) as it stood when the entry's transaction committed.
The row ``audit_seals`` holds the head: the last entry and the state after the program's last write, whether
or not that write added an entry.  Every write transaction of the program ends by sealing
(:func:`seal`), and starts by checking that the state is still the one sealed (:func:`outside_changes`).

:func:`verify` says whether the file was changed outside the program, naming the first broken entry:

* the triggers that keep the log append-only were removed or changed;
* an entry was changed (its hash no longer matches), removed (the next one no longer follows), or added
  without a hash (written by another program);
* the head no longer names the last entry (entries cut off the end);
* the state is not the one sealed (a result, a pairing, an override... changed with ``sqlite3``).

A change once found is accepted only by an entry of its own (``outside change``, naming each finding): later
verifications report it as recorded, never again as new.  The hashes are not keyed: someone who recomputes the
whole chain after changing the file is caught by the chain head that every export and backup carries
(:func:`chain_head`), which no longer matches.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Protocol

from sqlalchemy import text
from sqlalchemy.orm import Session

CHAIN_VERSION = "arbiter-audit-1"
FORMAT_KEY = "format"
GENESIS = ""
CHAIN_LINE = "### Audit chain head"
"""The TRF comment line that carries the chain head in exports."""
OUTSIDE_CHANGE = "outside change"
"""The action of the entry that records a change made outside the program (its ``after`` lists the findings)."""

STATE: dict[str, tuple[str, ...]] = {
    "tournaments": (
        "id", "rounds_count", "points_win", "points_draw", "points_loss", "points_zero_bye", "points_forfeit_loss",
        "points_pairing_bye", "initial_colour", "accelerated", "tie_breaks", "tie_break_rules", "edition", "system",
        "fide_mode", "fide_mode_left_round",
    ),
    "players": (
        "id", "tournament_id", "pairing_number", "name", "title", "rating", "fide_id", "federation", "sex",
        "birth_date", "status", "entry_round", "withdrawal_round", "expelled",
    ),
    "rounds": ("id", "tournament_id", "number", "state"),
    "boards": ("id", "round_id", "number", "white_id", "black_id", "result", "forfeit", "unrated"),
    "byes": ("id", "tournament_id", "round_number", "player_id", "kind"),
    "overrides": ("id", "round_id", "reason", "warnings", "change_case"),
    "forbidden_pairs": ("id", "tournament_id", "first_id", "second_id"),
    "accelerations": ("id", "player_id", "round_number", "points"),
}  # fmt: skip
"""What the chain vouches for: per table, the columns the arbiter's work lives in (columns added later to these
tables by other migrations do not change the digest)."""
WHAT = {
    "tournaments": "the tournament's scoring and rules",
    "players": "the players",
    "rounds": "the rounds",
    "boards": "the pairings and results",
    "byes": "the byes",
    "overrides": "the overrides",
    "forbidden_pairs": "the prohibited pairs",
    "accelerations": "the acceleration points",
}
ENTRY_COLUMNS = (
    "id", "tournament_id", "action", "summary", "before", "after", "reason", "created_at", "undo_snapshot", "undone",
    "arbiter", "undoes",
)  # fmt: skip
"""The columns of an entry its hash covers (``chain_hash`` and ``state`` are what it is checked against)."""

NO_DELETE = """CREATE TRIGGER audit_entries_no_delete BEFORE DELETE ON audit_entries
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only: its rows cannot be deleted');
END"""
NO_UPDATE = f"""CREATE TRIGGER audit_entries_no_update BEFORE UPDATE ON audit_entries
WHEN NOT (
    OLD.chain_hash IS NULL AND NEW.chain_hash IS NOT NULL
    AND {" AND ".join(f"NEW.{c} IS OLD.{c}" for c in ENTRY_COLUMNS)}
)
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only: its rows cannot be changed');
END"""
"""An entry is never changed: its hash and state are written once, by the program's commit, and nothing else
(an undo is an entry of its own that names the entry it undoes)."""
TRIGGERS = {"audit_entries_no_delete": NO_DELETE, "audit_entries_no_update": NO_UPDATE}

# On PostgreSQL the same rules are trigger functions (the error is an integrity violation, as SQLite's ABORT is),
# and TRUNCATE, which fires no row trigger, is refused by a statement trigger of its own.
_PG_DELETE_BODY = """
BEGIN
    RAISE EXCEPTION 'the audit log is append-only: its rows cannot be deleted' USING ERRCODE = 'restrict_violation';
END
"""


def _pg_update_body(allowed: str, unchanged: Sequence[str]) -> str:
    """A trigger function's body refusing every update but ``allowed`` with the ``unchanged`` columns kept."""
    kept = " AND ".join(f"NEW.{c} IS NOT DISTINCT FROM OLD.{c}" for c in unchanged)
    return f"""
BEGIN
    IF NOT ({allowed} AND {kept}) THEN
        RAISE EXCEPTION 'the audit log is append-only: its rows cannot be changed' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END
"""


_PG_UPDATE_BODY = _pg_update_body("OLD.chain_hash IS NULL AND NEW.chain_hash IS NOT NULL", ENTRY_COLUMNS)
PG_TRIGGERS = {
    "audit_entries_no_delete": ("BEFORE DELETE", "FOR EACH ROW", _PG_DELETE_BODY),
    "audit_entries_no_update": ("BEFORE UPDATE", "FOR EACH ROW", _PG_UPDATE_BODY),
    "audit_entries_no_truncate": ("BEFORE TRUNCATE", "FOR EACH STATEMENT", _PG_DELETE_BODY),
}
"""PostgreSQL: per trigger on ``audit_entries``, its event, its level and its function's body (the function has the
trigger's name)."""


def pg_trigger_sql(table: str, name: str, event: str, level: str, body: str) -> list[str]:
    """The statements that make the PostgreSQL trigger ``name`` on ``table`` (its function of the same name)."""
    return [
        f"CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $body${body}$body$",
        f"DROP TRIGGER IF EXISTS {name} ON {table}",
        f"CREATE TRIGGER {name} {event} ON {table} {level} EXECUTE FUNCTION {name}()",
    ]


def pg_undone_triggers(columns: Sequence[str]) -> list[str]:
    """PostgreSQL, revisions 0005 to 0017: the log append-only but for ``undone`` set once (``columns`` unchanged)."""
    body = _pg_update_body("NOT OLD.undone AND NEW.undone", ("arbiter", *columns))
    triggers = {**PG_TRIGGERS, "audit_entries_no_update": ("BEFORE UPDATE", "FOR EACH ROW", body)}
    return [sql for name, (event, level, text_) in triggers.items()
            for sql in pg_trigger_sql("audit_entries", name, event, level, text_)]  # fmt: skip


class Executor(Protocol):
    """A SQLAlchemy ``Session`` or ``Connection``."""

    def execute(self, statement: Any, parameters: Any = ..., /) -> Any: ...


@dataclass(frozen=True)
class Finding:
    """One sign of a change made outside the program: ``key`` identifies it (kept by the entry that accepts it)."""

    key: str
    entry: int | None
    """The entry it concerns (the first broken one), None when it concerns the file as a whole."""
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Verification:
    """What :func:`verify` found: ``findings`` not yet accepted (empty: the file is as the program left it)."""

    entries: int
    head: str
    findings: tuple[Finding, ...]
    accepted: tuple[str, ...] = field(default_factory=tuple)
    """Changes made outside the program earlier and recorded as such by an ``outside change`` entry."""

    @property
    def intact(self) -> bool:
        return not self.findings

    @property
    def first_broken(self) -> int | None:
        return next((f.entry for f in self.findings if f.entry is not None), None)


def _sha(*parts: object) -> str:
    payload = json.dumps([CHAIN_VERSION, *parts], ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()


def dialect_name(conn: Executor) -> str:
    """``sqlite`` or ``postgresql``: the database under a Session or a Connection."""
    bind = conn.get_bind() if isinstance(conn, Session) else conn
    return str(bind.dialect.name)  # type: ignore[union-attr]


def _columns(conn: Executor, table: str) -> set[str]:
    if dialect_name(conn) == "sqlite":
        return {row[1] for row in conn.execute(text(f'PRAGMA table_info("{table}")'))}
    return set(_all_columns(conn).get(table, ()))


_SQLITE_DATETIME = "%Y-%m-%d %H:%M:%S.%f"


def plain(value: object) -> object:
    """A value as SQLite holds it (what the hashes were first written from): PostgreSQL's booleans, dates and times
    become SQLite's whole numbers and text, so that a tournament hashes alike on both (a copy stays intact)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, datetime):
        return value.strftime(_SQLITE_DATETIME)
    if isinstance(value, date):
        return value.isoformat()
    return value


COLUMNS_KEY = "arbiter_columns"
"""A server connection's ``info`` key: the columns of every table, read once (dropped after an upgrade)."""


def _all_columns(conn: Executor) -> dict[str, list[str]]:
    """Per table, its columns (on a server: one catalogue query per connection, the schema changing only when the
    program upgrades it)."""
    out: dict[str, list[str]] = {}
    if dialect_name(conn) == "sqlite":
        for table in STATE:
            out[table] = [row[1] for row in conn.execute(text(f'PRAGMA table_info("{table}")'))]
        return out
    kept = (conn.connection() if isinstance(conn, Session) else conn).info  # type: ignore[union-attr]
    if COLUMNS_KEY in kept:
        return dict(kept[COLUMNS_KEY])
    rows = conn.execute(text(
        "SELECT c.relname, a.attname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
        "WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 "
        "AND NOT a.attisdropped ORDER BY c.relname, a.attnum"
    ))  # fmt: skip
    for table, column in rows:
        out.setdefault(str(table), []).append(str(column))
    kept[COLUMNS_KEY] = out
    return dict(out)


def _driver(conn: Executor) -> Any:
    """The DB-API connection under a Session or a Connection (rows read without SQLAlchemy's row objects)."""
    connection = conn.connection() if isinstance(conn, Session) else conn
    return connection.connection.driver_connection  # type: ignore[union-attr]


def state_digest(conn: Executor) -> dict[str, str]:
    """Per table of :data:`STATE`, the SHA-256 of its rows (the listed columns, in row order, as Python writes the
    tuples SQLite gives: text, whole numbers, None)."""
    raw = _driver(conn)
    server = dialect_name(conn) != "sqlite"
    columns = _all_columns(conn)
    out: dict[str, str] = {}
    for table, wanted in STATE.items():
        present = set(columns.get(table, ()))
        if not present:
            continue
        listing = ", ".join(f'"{c}"' for c in wanted if c in present)
        # Every table of STATE has an integer primary key ``id``: SQLite's rowid is that id.
        rows = raw.execute(f'SELECT {listing} FROM "{table}" ORDER BY {"id" if server else "rowid"}').fetchall()
        if server:
            rows = [tuple(plain(v) for v in row) for row in rows]
        out[table] = hashlib.sha256(repr(rows).encode("utf-8", "surrogatepass")).hexdigest()
    return out


STATE_FORMAT = "rows-repr-1"
"""How :func:`state_digest` writes a table's rows (kept in every state: a later format must still read this one)."""


def state_text(state: dict[str, str]) -> str:
    return json.dumps({FORMAT_KEY: STATE_FORMAT, **state}, sort_keys=True, separators=(",", ":"))


def entry_hash(previous: str, row: Sequence[object], state: str) -> str:
    """The hash of an entry (its :data:`ENTRY_COLUMNS` values as SQLite holds them) after ``previous``."""
    return _sha(previous, list(row), state)


def head_of(entry_hash_: str, state: str) -> str:
    """The chain head: the last entry's hash bound to the state after the last write."""
    return _sha("head", entry_hash_, state)


def _entries(conn: Executor, after: int | None = None) -> list[tuple[Any, ...]]:
    present = _columns(conn, "audit_entries")
    listing = ", ".join(c if c in present else "NULL" for c in (*ENTRY_COLUMNS, "chain_hash", "state"))
    where = "" if after is None else f" WHERE id > {int(after)}"
    return list(conn.execute(text(f"SELECT {listing} FROM audit_entries{where} ORDER BY id")))


def _previous_hash(conn: Executor, entry_id: int) -> str:
    row = conn.execute(
        text("SELECT chain_hash FROM audit_entries WHERE id < :id ORDER BY id DESC LIMIT 1"), {"id": entry_id}
    ).first()
    return GENESIS if row is None or row[0] is None else str(row[0])


def chain_entries(conn: Executor, ids: Sequence[int], state: str) -> str:
    """Give the entries ``ids`` (new, in id order) their hash and ``state``; returns the last hash."""
    last = GENESIS
    for entry_id in sorted(ids):
        row = conn.execute(
            text(f"SELECT {', '.join(ENTRY_COLUMNS)}, chain_hash FROM audit_entries WHERE id = :id"), {"id": entry_id}
        ).first()
        if row is None or row[-1] is not None:
            continue  # gone (a savepoint rolled back) or chained already
        last = entry_hash(_previous_hash(conn, entry_id), [plain(v) for v in row[:-1]], state)
        conn.execute(
            text("UPDATE audit_entries SET chain_hash = :h, state = :s WHERE id = :id"),
            {"h": last, "s": state, "id": entry_id},
        )
    return last


def write_seal(conn: Executor, state: str) -> str:
    """Seal the current state after the last entry; returns the head."""
    row = conn.execute(text("SELECT id, chain_hash FROM audit_entries ORDER BY id DESC LIMIT 1")).first()
    entry_id, last = (None, GENESIS) if row is None else (int(row[0]), str(row[1] or GENESIS))
    head = head_of(last, state)
    conn.execute(text("DELETE FROM audit_seals"))
    conn.execute(
        text("INSERT INTO audit_seals (id, entry_id, entry_hash, state, head) VALUES (1, :e, :h, :s, :head)"),
        {"e": entry_id, "h": last, "s": state, "head": head},
    )
    return head


def seal(conn: Executor, new_entries: Sequence[int]) -> str:
    """End of a write transaction of the program: chain its new entries, seal the state; returns the head."""
    state = state_text(state_digest(conn))
    chain_entries(conn, new_entries, state)
    return write_seal(conn, state)


def chain_all(conn: Executor) -> str:
    """Chain every entry not yet chained, with no state of its time (entries written before the chain existed),
    then seal the current state (migration 0018)."""
    ids = [int(r[0]) for r in conn.execute(text("SELECT id FROM audit_entries WHERE chain_hash IS NULL ORDER BY id"))]
    chain_entries(conn, ids, "")
    return write_seal(conn, state_text(state_digest(conn)))


def has_chain(conn: Executor) -> bool:
    return bool(_columns(conn, "audit_seals"))


def sealed_state(conn: Executor) -> dict[str, str] | None:
    row = conn.execute(text("SELECT state FROM audit_seals WHERE id = 1")).first()
    return None if row is None else dict(json.loads(row[0]))


def chain_head(conn: Executor) -> tuple[str, int | None]:
    """The head (hex) and the last entry's id; blank when the file has no chain."""
    if not has_chain(conn):
        return "", None
    row = conn.execute(text("SELECT head, entry_id FROM audit_seals WHERE id = 1")).first()
    return ("", None) if row is None else (str(row[0]), row[1])


def _normal(sql: str | None) -> str:
    return " ".join((sql or "").split())


def _pg_trigger_findings(conn: Executor) -> list[Finding]:
    found = {
        str(name): (str(enabled), str(source or ""))
        for name, enabled, source in conn.execute(text(
            "SELECT t.tgname, t.tgenabled, p.prosrc FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid "
            "WHERE t.tgrelid = 'audit_entries'::regclass AND NOT t.tgisinternal"
        ))
    }  # fmt: skip
    out = []
    for name, (_event, _level, body) in PG_TRIGGERS.items():
        if name not in found:
            out.append(Finding(f"trigger:{name}", None, f"the trigger {name} that keeps the audit log append-only "
                                                        "was removed"))  # fmt: skip
        elif found[name][0] == "D" or _normal(found[name][1]) != _normal(body):
            out.append(Finding(f"trigger:{name}", None, f"the trigger {name} was changed"))
    return out


def _trigger_findings(conn: Executor) -> list[Finding]:
    if dialect_name(conn) != "sqlite":
        return _pg_trigger_findings(conn)
    found = {
        str(name): str(sql)
        for name, sql in conn.execute(
            text("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_entries'")
        )
    }
    out = []
    for name, expected in TRIGGERS.items():
        if name not in found:
            out.append(Finding(f"trigger:{name}", None, f"the trigger {name} that keeps the audit log append-only "
                                                        "was removed"))  # fmt: skip
        elif _normal(found[name]) != _normal(expected):
            out.append(Finding(f"trigger:{name}", None, f"the trigger {name} was changed"))
    return out


def state_findings(conn: Executor, last_entry: int | None) -> list[Finding]:
    """The tables whose rows are no longer those the seal vouches for."""
    sealed = sealed_state(conn)
    if sealed is None:
        return []
    if sealed.pop(FORMAT_KEY, STATE_FORMAT) != STATE_FORMAT:  # pragma: no cover - one format so far
        return [Finding("seal", last_entry, "the state was sealed in a format this version does not know")]
    now = state_digest(conn)
    where = f"after entry #{last_entry}" if last_entry is not None else "since the file was sealed"
    return [
        Finding(
            f"state:{table}", last_entry, f"{WHAT.get(table, table)} ({table}) changed {where}, outside the program"
        )
        for table in sorted(set(sealed) | set(now))
        if sealed.get(table) != now.get(table)
    ]


def verify(conn: Executor) -> Verification:
    """Check the whole chain and the state (read only)."""
    if not has_chain(conn):
        return Verification(
            0,
            "",
            (
                Finding(
                    "chain",
                    None,
                    "the file has no audit chain (written by a version older than the chain, and never upgraded)",
                ),
            ),
        )
    findings: list[Finding] = _trigger_findings(conn)
    accepted: set[str] = set()
    previous, previous_id = GENESIS, None
    rows = _entries(conn)
    width = len(ENTRY_COLUMNS)
    for row in rows:
        values, stored, state = [plain(v) for v in row[:width]], row[width], row[width + 1]
        entry_id = int(row[0])
        if stored is None:
            findings.append(Finding(f"entry:{entry_id}", entry_id, f"entry #{entry_id} was added outside the "
                                                                   "program (it has no hash)"))  # fmt: skip
        elif entry_hash(previous, values, state or "") != stored:
            if previous_id is not None and entry_id > previous_id + 1:  # ids follow each other: none is deleted
                gone = ", ".join(f"#{k}" for k in range(previous_id + 1, min(entry_id, previous_id + 6)))
                text_ = f"entry #{entry_id} no longer follows the entry before it (removed: {gone})"
            else:
                text_ = f"entry #{entry_id} was changed after it was written"
            findings.append(Finding(f"entry:{entry_id}", entry_id, text_))
        if values[2] == OUTSIDE_CHANGE and stored is not None and values[5]:
            try:
                accepted.update(json.loads(str(values[5])).get("findings", ()))
            except (ValueError, AttributeError):
                pass
        previous = GENESIS if stored is None else str(stored)
        previous_id = entry_id
    head, sealed_entry = chain_head(conn)
    last_id = int(rows[-1][0]) if rows else None
    if not head:
        findings.append(Finding("seal", last_id, "the chain head (audit_seals) was removed"))
    elif sealed_entry != last_id:
        findings.append(Finding(
            "seal", last_id if sealed_entry is None else min(sealed_entry, last_id or sealed_entry),
            f"the chain head names entry #{sealed_entry}, the log ends at entry #{last_id}: entries were "
            + ("removed" if last_id is None or (sealed_entry or 0) > last_id else "added") + " outside the program",
        ))  # fmt: skip
    else:
        row = conn.execute(text("SELECT entry_hash, state, head FROM audit_seals WHERE id = 1")).first()
        if row is None or row[0] != previous or head_of(str(row[0]), str(row[1])) != row[2]:
            findings.append(Finding("seal", last_id, "the chain head was changed outside the program"))
        findings += state_findings(conn, last_id)
    new = tuple(f for f in findings if f.key not in accepted or f.key.startswith(("state:", "seal", "trigger:")))
    return Verification(len(rows), head, new, tuple(sorted(accepted)))


def restore_triggers(conn: Executor) -> None:
    """Put the append-only triggers back as the program made them."""
    if dialect_name(conn) != "sqlite":
        for name, (event, level, body) in PG_TRIGGERS.items():
            for statement in pg_trigger_sql("audit_entries", name, event, level, body):
                conn.execute(text(statement))
        return
    for name, sql in TRIGGERS.items():
        conn.execute(text(f"DROP TRIGGER IF EXISTS {name}"))
        conn.execute(text(sql))


def chain_lines(conn: Executor) -> list[str]:
    """``### Audit chain head: <hex> (entry N)``: the TRF-2026 comment that anchors the file's audit log (none for a
    file without a chain)."""
    head, entry = chain_head(conn)
    return [f"{CHAIN_LINE}: {head}" + (f" (entry {entry})" if entry is not None else "")] if head else []
