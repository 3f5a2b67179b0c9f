"""Several desks entering results at once on one tournament on a PostgreSQL server (issue 32).

    python bench/desks.py [--players 2000] [--desks 4] [--per-desk 500] [--backend server|file] [--out bench/DESKS.md]

A server of its own is started from the system's binaries (tests/pg_server.py: a temporary folder, a Unix
socket, no network); ``--backend file`` runs the same on a tournament file for comparison.  The event: the
players imported from a TRF, round 1 paired and published.  Each desk is a thread with its own connection pool,
as its own arbiter at its own desk: it reads the round once (the versions its screen shows), then enters its
results one at a time, each with the version it saw.  The desks' boards overlap two by two (desk d takes its own
share and the next desk's, interleaved), so every board is tried by two desks at about the same time: the first
result goes in, the second is refused as changed meanwhile (a conflict, reported to that desk).

Checked at the end, not timed: every result a desk was told was saved is the one stored, changed by that desk
(0 lost), each board's result is in the audit log once (0 duplicated), every refusal is a "changed meanwhile"
conflict, the audit chain is intact.  Timed: each attempt from the call to its answer (median, p95, max).
Not a test: the figures go to the report, never into assertions.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text

from arbiter_app.persistence import Database, open_database
from arbiter_app.services import (
    audit_log,
    enter_result,
    get_round,
    import_trf,
    pair_next_round,
    publish_round,
    verify_audit_chain,
)
from arbiter_app.services.desks import ChangedMeanwhileError
from arbiter_app.trf import parse_trf
from tests import pg_server
from tests.server.events import players_trf


@dataclass
class Desk:
    name: str
    boards: list[int]
    result: str
    saved: dict[int, str] = field(default_factory=dict)
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)


def _open(where: str, arbiter: str, desk: str) -> Database:
    db = open_database(where, arbiter=arbiter)
    db.desk = desk
    return db


def plan(desks: int, per_desk: int, boards: int) -> list[list[int]]:
    """Desk d: its own share of the boards and the next desk's, interleaved (each board tried by two desks)."""
    share = per_desk // 2
    assert desks * share <= boards, "more results than boards"
    shares = [list(range(d * share + 1, (d + 1) * share + 1)) for d in range(desks)]
    return [[b for pair in zip(shares[d], shares[(d + 1) % desks], strict=True) for b in pair] for d in range(desks)]


def run(where: str, players: int, desks: int, per_desk: int) -> dict[str, object]:
    setup = _open(where, "Chief", "setup")
    started = time.perf_counter()
    tid = import_trf(setup, parse_trf(players_trf(players), source="open.trf")).tournament.id
    pair_next_round(setup, tid)
    publish_round(setup, tid)
    prepared = time.perf_counter() - started
    boards = len(get_round(setup, tid, 1).boards)
    results = ["1-0", "0-1", "1/2", "1-0", "0-1", "1/2"]
    team = [Desk(f"desk {d + 1}", b, results[d % len(results)]) for d, b in enumerate(plan(desks, per_desk, boards))]
    gate = threading.Barrier(desks)

    def work(desk: Desk) -> None:
        db = _open(where, f"Arbiter {desk.name[-1]}", desk.name)
        try:
            seen = {b.number: b.version for b in get_round(db, tid, 1).boards}  # what the desk's screen shows
            gate.wait()
            for number in desk.boards:
                began = time.perf_counter()
                try:
                    enter_result(db, tid, 1, number, desk.result, seen=seen[number])
                    desk.saved[number] = desk.result
                except ChangedMeanwhileError:
                    desk.conflicts += 1
                except Exception as error:  # noqa: BLE001 - counted and shown
                    desk.errors.append(f"board {number}: {type(error).__name__}: {error}")
                desk.latencies.append(time.perf_counter() - began)
        finally:
            db.dispose()

    threads = [threading.Thread(target=work, args=(d,)) for d in team]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - began

    stored = {b.number: (b.result_text, b.changed_by) for b in get_round(setup, tid, 1).boards}
    lost = [(d.name, n) for d in team for n, r in d.saved.items()
            if stored[n][1] != f"Arbiter {d.name[-1]} at {d.name}"]  # fmt: skip
    logged = Counter()
    for entry in audit_log(setup, tid):
        if entry.action == "results" and entry.summary.startswith("round 1: board "):
            logged[int(entry.summary.split()[3])] += 1
    duplicated = sorted(n for n, k in logged.items() if k > 1)
    saved = sum(len(d.saved) for d in team)
    intact = verify_audit_chain(setup).intact
    heard = _notice_delays(where, tid, boards) if setup.server else []
    setup.dispose()
    every = sorted(x for d in team for x in d.latencies)
    return {
        "players": players, "boards": boards, "desks": desks, "attempts": len(every), "saved": saved,
        "conflicts": sum(d.conflicts for d in team), "errors": [e for d in team for e in d.errors][:5],
        "error_count": sum(len(d.errors) for d in team), "lost": len(lost), "duplicated": len(duplicated),
        "logged": sum(logged.values()), "intact": intact, "wall": wall, "prepared": prepared,
        "median": statistics.median(every), "p95": every[int(0.95 * (len(every) - 1))], "max": every[-1],
        "throughput": len(every) / wall,
        "heard": statistics.median(heard) if heard else None, "heard_max": max(heard) if heard else None,
        "heard_count": len(heard),
    }  # fmt: skip


def _notice_delays(where: str, tid: int, boards: int, count: int = 30) -> list[float]:
    """Seconds from another desk's commit (its call returning) to this desk's listener hearing of it."""
    from arbiter_app.services.desks import listen_for_changes

    watcher, writer = _open(where, "Watcher", "desk 5"), _open(where, "Writer", "desk 6")
    arrived = threading.Event()
    listener = listen_for_changes(watcher, lambda who: arrived.set())
    assert listener is not None and listener.wait_ready()
    delays = []
    try:
        for k in range(count):
            arrived.clear()
            enter_result(writer, tid, 1, k % boards + 1, "1-0" if (k // boards) % 2 else "0-1")
            done = time.perf_counter()
            if arrived.wait(10):
                delays.append(time.perf_counter() - done)
    finally:
        listener.stop()
        watcher.dispose()
        writer.dispose()
    return delays


def report(figures: dict[str, object], backend: str) -> str:
    f = figures
    return "\n".join([
        (f"### {f['desks']} desks × {f['attempts'] // f['desks']} results, {f['players']} players "  # type: ignore[operator]
         f"({f['boards']} boards), {backend}"),
        "",
        "| attempts | saved | conflicts reported | other errors | lost | duplicated | audit entries | chain |",
        "|---|---|---|---|---|---|---|---|",
        (f"| {f['attempts']} | {f['saved']} | {f['conflicts']} | {f['error_count']} | {f['lost']} | {f['duplicated']} "
         f"| {f['logged']} | {'intact' if f['intact'] else 'BROKEN'} |"),
        "",
        "| latency of a result: median | p95 | max | results a second (all desks) | wall time | event prepared in |",
        "|---|---|---|---|---|---|",
        (f"| {f['median']:.3f} s | {f['p95']:.3f} s | {f['max']:.3f} s | {f['throughput']:.1f} | {f['wall']:.0f} s "
         f"| {f['prepared']:.0f} s |"),
        "",
        *([(f"Another desk heard of a change (NOTIFY to its listener, after the writer's call returned): median "
            f"{f['heard']:.3f} s, max {f['heard_max']:.3f} s over {f['heard_count']} changes."), ""]
          if f.get("heard") is not None else []),
    ])  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--desks", type=int, default=4)
    parser.add_argument("--per-desk", type=int, default=500)
    parser.add_argument("--backend", choices=("server", "file"), default="server")
    parser.add_argument("--out", type=Path, help="append the figures to this Markdown file")
    a = parser.parse_args()
    if a.backend == "file":
        import tempfile

        folder = tempfile.mkdtemp(prefix="arbiter-desks-")
        where = str(Path(folder) / "open.db")
        open_database(where, create=True).dispose()
        figures = run(where, a.players, a.desks, a.per_desk)
        backend = "a tournament file (SQLite, WAL)"
    else:
        reason = pg_server.missing_reason()
        if reason:
            print(reason, file=sys.stderr)
            return 2
        server = pg_server.start_server()
        try:
            engine = create_engine(server.url("postgres"), isolation_level="AUTOCOMMIT")
            with engine.connect() as connection:
                connection.execute(text("CREATE DATABASE bench"))
            engine.dispose()
            where = server.url("bench")
            open_database(where, create=True).dispose()
            figures = run(where, a.players, a.desks, a.per_desk)
            version = server._run("postgres", "--version").stdout.strip()
        finally:
            server.stop()
        backend = f"PostgreSQL server ({version}, Unix socket, fsync off)"
    text_ = report(figures, backend)
    text_ += (f"\nMachine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
              f"{time.strftime('%Y-%m-%d')}.\n")  # fmt: skip
    if figures["errors"]:
        text_ += "\nFirst errors: " + "; ".join(map(str, figures["errors"])) + "\n"  # type: ignore[arg-type]
    print(text_)
    if a.out:
        with a.out.open("a", encoding="utf-8") as out:
            out.write("\n" + text_)
    return 0 if not figures["lost"] and not figures["duplicated"] and not figures["error_count"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
