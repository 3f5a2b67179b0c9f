"""A large tournament: the TRF import's time and peak memory, and how long a pairing keeps other desks from writing.

    python bench/import_lock.py FILE.trf [--keep DIR]

Not a test: figures for bench/RESULTS.md, never assertions.  FILE is a generated open (``arbiter-pairings --dutch
-g CONFIG -o FILE.trf``, ``PlayersNumber=N`` and ``RoundsNumber=R``); the file's rounds are imported as a tournament
of R + 1 rounds (its 142/XXR line raised by one), so that round R + 1 can be paired afterwards.

1. The import, in a child process of its own: wall time and the child's peak resident memory.
2. Pairing round R + 1 while another connection (another desk, SQLite busy timeout 5 s) writes every 50 ms (the
   tournament's place changed: nothing the pairing reads): the longest any of its writes waited, and whether one was
   refused.  While a pairing held the write lock the whole time, that wait was the engine's time.
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arbiter_app import services as sv  # noqa: E402
from arbiter_app.errors import ArbiterError  # noqa: E402
from arbiter_app.persistence import open_database  # noqa: E402
from arbiter_app.trf import parse_trf  # noqa: E402

_CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from arbiter_app import services as sv
from arbiter_app.persistence import open_database
from arbiter_app.trf import parse_trf
text = open({trf!r}, encoding="utf-8").read()
db = open_database({db!r}, create=True)
start = time.perf_counter()
info = sv.import_trf(db, parse_trf(text, source="bench.trf"), confirmed=sv.Level.DOUBLE)
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, info.tournament.id)
"""


def one_more_round(text: str) -> str:
    """The file as a tournament of one round more than it holds."""
    return re.sub(r"^(XXR|142) +(\d+)", lambda m: f"{m.group(1)} {int(m.group(2)) + 1}", text, flags=re.M)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trf", type=Path)
    parser.add_argument("--keep", type=Path, help="folder for the tournament file (default: a temporary one)")
    a = parser.parse_args()
    folder = a.keep or Path(tempfile.mkdtemp(prefix="import-lock-"))
    trf, db_path = folder / "bench.trf", folder / "bench.db"
    trf.write_text(one_more_round(a.trf.read_text(encoding="utf-8")), encoding="utf-8")
    players = len(parse_trf(trf.read_text(encoding="utf-8")).players)
    child = subprocess.run(
        [sys.executable, "-c", _CHILD.format(root=str(ROOT), trf=str(trf), db=str(db_path))],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    seconds, peak, tid = child.stdout.split()
    print(f"{players} players: import {float(seconds):.1f} s, peak RSS {peak} MB (child process)")
    db = open_database(db_path)
    desk = open_database(db_path, busy_timeout_ms=5000)
    waits: list[float] = []
    refused: list[str] = []
    done = threading.Event()

    def other_desk() -> None:
        k = 0
        while not done.is_set():
            start = time.perf_counter()
            try:
                sv.edit_tournament(desk, int(tid), place=f"Hall {k % 2}")
            except ArbiterError as error:
                refused.append(str(error))
            waits.append(time.perf_counter() - start)
            k += 1
            time.sleep(0.05)

    writer = threading.Thread(target=other_desk)
    writer.start()
    start = time.perf_counter()
    r = sv.pair_next_round(db, int(tid))
    pairing = time.perf_counter() - start
    done.set()
    writer.join()
    print(
        f"pairing round {r.number}: {pairing:.1f} s; the other desk wrote {len(waits)} times, its longest write "
        f"{max(waits, default=0):.2f} s, refused {len(refused)}" + (f" ({refused[0]})" if refused else "")
    )
    print(f"this process's peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
