"""A big tournament file's import: wall time and peak memory of ``arbiter import-trf`` (or of the import service).

    python bench/import_big.py --trf FILE.trf [--via cli|service] [--repeat N] [--profile OUT.prof] [--root TREE]
    python bench/import_big.py --players 5000 --rounds 7 --seed 33 [--cache /work/bigfiles]

Not a test: figures for bench/RESULTS.md, never assertions.  Without ``--trf`` the file is a generated open
(``arbiter-pairings --dutch -g CONFIG -s SEED``, ``PlayersNumber=N``, ``RoundsNumber=R``, tie-breaks BH/C1,BH,SB, no
acceleration), made once and kept in the cache folder (the generator pairs every round: minutes at 5,000 players).

Each import runs in a fresh process into a new tournament file, answering the Level-3 question (``--yes``).  Printed:
the wall time; the largest peak resident memory of one process of the import (``ru_maxrss`` from ``wait4``: Linux gives
the larger of the importing process's and of the children it waited for, the processes checking rounds); the peak of the
resident memory of the whole process tree (the importing process and the processes it starts, sampled every 20 ms
from /proc), as the sum of their RSS (pages a forked process shares with its parent counted twice) and of their PSS
(shared pages divided among the processes sharing them); and /proc/loadavg before and after (the machine is shared: the load says how much the times mean).
``--root`` measures the program of another source tree (a worktree of an earlier commit: the figures "before").
``--profile`` runs the import service once under cProfile in the child and writes its statistics.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

_CLI = """
import sys
sys.path.insert(0, {root!r})
from arbiter_app.cli.arbiter import main
sys.exit(main(["import-trf", "--db", {db!r}, "--yes", {trf!r}]))
"""

_SERVICE = """
import sys
sys.path.insert(0, {root!r})
from arbiter_app import services as sv
from arbiter_app.persistence import open_database
db = open_database({db!r}, create=True)
info = sv.import_trf(db, {trf!r}, confirmed=sv.Level.DOUBLE)
print(f"imported: {{info.players}} players, {{info.rounds}} rounds, {{len(info.warnings)}} warning(s)")
"""

_PROFILE = """
import cProfile, pstats, sys
sys.path.insert(0, {root!r})
from arbiter_app import services as sv
from arbiter_app.persistence import open_database
db = open_database({db!r}, create=True)
cProfile.run("sv.import_trf(db, {trf!r}, confirmed=sv.Level.DOUBLE)", {out!r})
pstats.Stats({out!r}).sort_stats("cumulative").print_stats(40)
"""


def generated(players: int, rounds: int, seed: int, cache: Path) -> Path:
    """The generated open of ``players`` and ``rounds`` (seed ``seed``), made once into ``cache``."""
    cache.mkdir(parents=True, exist_ok=True)
    trf = cache / f"open{players}-r{rounds}-s{seed}.trf"
    if trf.exists():
        return trf
    config = cache / f"open{players}-r{rounds}.cfg"
    config.write_text(
        f"PlayersNumber={players}\nRoundsNumber={rounds}\nTieBreaks=BH/C1,BH,SB\nAcceleration=none\n", encoding="utf-8"
    )
    partial = trf.with_suffix(".part")
    start = time.perf_counter()
    subprocess.run(
        [str(BIN / "arbiter-pairings"), "--dutch", "-g", str(config), "-o", str(partial), "-s", str(seed)], check=True
    )
    partial.rename(trf)
    print(f"generated {trf} in {time.perf_counter() - start:.0f} s")
    return trf


def _pss(pid: int) -> int:
    """The proportional set size (bytes) of a process: its resident pages, a page shared by k processes counted 1/k
    (a forked process shares its parent's pages until either writes them)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith("Pss:"))
    except (OSError, StopIteration):
        return 0


def _tree_memory(root: int) -> tuple[int, int]:
    """Resident memory (bytes) of process ``root`` and its descendants, from /proc: the sum of their RSS (shared
    pages counted in each process) and of their PSS."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry)
        children.setdefault(int(fields[1]), []).append(pid)
        rss[pid] = int(fields[21]) * page
    total, proportional, todo = 0, 0, [root]
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        proportional += _pss(pid)
        todo += children.get(pid, [])
    return total, proportional


def _loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text(encoding="ascii").split()[:3])


def measure(command: list[str]) -> tuple[float, int, int, int, str]:
    """(wall seconds, the largest peak RSS of one process in MB, the process tree's sampled peak RSS and PSS in MB, its output)."""
    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True)
        peak = peak_pss = 0
        done = threading.Event()

        def sample() -> None:
            nonlocal peak, peak_pss
            while not done.is_set():
                rss, pss = _tree_memory(child.pid)
                peak, peak_pss = max(peak, rss), max(peak_pss, pss)
                done.wait(0.02)

        sampler = threading.Thread(target=sample)
        sampler.start()
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        done.set()
        sampler.join()
        out.seek(0)
        text = out.read()
    if child.returncode != 0:
        raise SystemExit(f"the import failed ({child.returncode}):\n{text}")
    return seconds, usage.ru_maxrss // 1024, peak // 2**20, peak_pss // 2**20, text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trf", type=Path, help="the file to import (default: a generated open)")
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--cache", type=Path, default=Path("/work/bigfiles"), help="where generated files are kept")
    parser.add_argument(
        "--via",
        choices=("cli", "service"),
        default="cli",
        help="`arbiter import-trf --yes` (default) or the import service called in a child process",
    )
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--profile", type=Path, help="profile the import service once (cProfile) into this file")
    parser.add_argument("--root", type=Path, default=ROOT, help="the source tree whose program is measured")
    a = parser.parse_args()
    trf = a.trf or generated(a.players, a.rounds, a.seed, a.cache)
    folder = Path(tempfile.mkdtemp(prefix="import-big-"))
    if a.profile:
        code = _PROFILE.format(
            root=str(a.root.resolve()), db=str(folder / "profile.db"), trf=str(trf), out=str(a.profile)
        )
        subprocess.run([sys.executable, "-c", code], check=True)
        return 0
    for k in range(a.repeat):
        db = folder / f"import-{k}.db"
        code = _CLI if a.via == "cli" else _SERVICE
        command = [sys.executable, "-c", code.format(root=str(a.root.resolve()), db=str(db), trf=str(trf))]
        before = _loadavg()
        seconds, own, tree, tree_pss, text = measure(command)
        said = text.strip().splitlines()[-1] if text.strip() else ""
        print(f"{trf.name} via {a.via} ({a.root.resolve().name}): {seconds:.1f} s wall, peak RSS of one process {own} MB, "
              f"its process tree (sampled) {tree} MB RSS, {tree_pss} MB PSS; loadavg {before} -> {_loadavg()}; {said}")  # fmt: skip
        db.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
