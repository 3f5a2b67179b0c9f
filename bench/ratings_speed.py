"""The offline FIDE rating list at full size: import time, peak memory, search time.

    python bench/ratings_speed.py [--players 1500000] [--layout combined|standard] [--keep DIR]

Writes a synthetic list of ``--players`` lines in FIDE's published TXT layout
(the combined ``players_list_foa.txt`` header, or the one-list
``standard_<mon><yy>frl.txt`` header), imports it into a fresh rating file
through :func:`arbiter_app.services.ratings.import_rating_list` with a
progress callback, and times searches by name prefix and by FIDE ID.  Peak
memory is the process's maximum resident set size (``ru_maxrss``), before
and after the import.  Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter_app.services import ratings  # noqa: E402

COMBINED = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
STANDARD = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA NOV26 Gms K  B-day Flag"
)
SURNAMES = (
    "Smith Müller García Nguyen Kowalski Ivanov Rossi Dubois Andersen Novák Yılmaz Silva Kim Papadopoulos "
    "Horváth Jensen Petrov Fernández Schmidt Nielsen Wang Li Zhang Kumar Singh Johansson Łukasiewicz Øvergaard"
).split()
GIVEN = "Anna Boris Carlos Dmitri Eva Fatima Gustav Hana Ivan José Karin Lars Maria Nikolai Olga Pedro".split()
FEDS = "NOR USA FRA GER ESP IND RUS CHN POL ITA NED CZE TUR BRA KOR GRE HUN DEN".split()
TITLES = ("", "", "", "", "", "", "GM", "IM", "FM", "CM", "WGM", "WIM")


def write_list(path: Path, players: int, layout: str, seed: int = 17) -> None:
    rng = random.Random(seed)
    header = COMBINED if layout == "combined" else STANDARD
    with path.open("w", encoding="utf-8", newline="\n") as out:
        out.write(header + "\n")
        lines = []
        # FIDE sorts its lists by name: the IDs come in no order (the import must not depend on it).
        ids = rng.sample(range(100_000, 100_000 + 7 * players), players)
        for i in range(players):
            fide_id = ids[i]
            name = f"{rng.choice(SURNAMES)}{i % 997 or ''}, {rng.choice(GIVEN)}"
            title = rng.choice(TITLES)
            tit, wtit = ("", title) if title.startswith("W") else (title, "")
            sex = "F" if wtit or rng.random() < 0.15 else "M"
            left = f"{fide_id:<15}{name:<61}{rng.choice(FEDS):<4}{sex:<4}{tit:<5}{wtit:<5}{'':<15}{'':<4}"
            std = rng.randint(1000, 2800)
            if layout == "combined":
                rest = (
                    f"{std:<6}{rng.randint(0, 30):<4}{40:<3}{std - 20:<6}{'':<4}{20:<3}{std + 15:<6}{'':<4}{20:<3}"
                    f"{rng.randint(1940, 2018):<6}{'i' if i % 5 == 0 else ''}"
                )
            else:
                rest = f"{std:<6}{rng.randint(0, 30):<4}{40:<3}{rng.randint(1940, 2018):<6}{'i' if i % 5 == 0 else ''}"
            lines.append(left + rest + "\n")
            if len(lines) >= 50_000:
                out.writelines(lines)
                lines.clear()
        out.writelines(lines)


def timed(fn, repeat: int = 50) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, max(times) * 1000


def peak_rss_mb() -> float:
    """This process's peak resident memory: VmHWM on Linux (reset by exec, unlike ru_maxrss), else ru_maxrss."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale


def measure(source: Path, store: Path) -> None:
    start = time.perf_counter()
    rss_before = peak_rss_mb()
    shown = [-1]

    def progress(done: int, total: int) -> None:
        percent = done * 100 // max(total, 1)
        if percent // 10 != shown[0]:
            shown[0] = percent // 10
            print(f"  {percent:3d}%  {time.perf_counter() - start:5.1f} s", file=sys.stderr)

    cpu = time.process_time()
    report = ratings.import_rating_list(source, date="2026-11", on_progress=progress, store=store)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    rss_after = peak_rss_mb()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"import: {elapsed:.1f} s ({cpu:.1f} s of CPU, load average {load:.1f}), {report.players}; "
          f"skipped {report.skipped_count}")  # fmt: skip
    print(f"peak RSS: {rss_before:.0f} MB before the import, {rss_after:.0f} MB after")
    print(f"rating file: {store.stat().st_size / 1e6:.0f} MB")
    first_id = int(source.open(encoding="utf-8").readlines(400)[1][:15])
    queries = {
        "name prefix 'nov'": lambda: ratings.search_players("nov", store=store),
        "name prefix 'Kowalski5, A'": lambda: ratings.search_players("Kowalski5, A", store=store),
        "name 'Eva Silva12'": lambda: ratings.search_players("Eva Silva12", store=store),
        "accented 'lukasiewicz12'": lambda: ratings.search_players("łukasiewicz12", store=store),
        "FIDE ID exact": lambda: ratings.search_players(str(first_id), store=store),
        "FIDE ID prefix '1234'": lambda: ratings.search_players("1234", store=store),
        "no match 'zzzz'": lambda: ratings.search_players("zzzz", store=store),
    }
    for label, fn in queries.items():
        median, worst = timed(fn)
        print(f"search {label:28s} median {median:6.2f} ms, worst {worst:6.2f} ms, {len(fn())} found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_500_000)
    parser.add_argument("--layout", choices=("combined", "standard"), default="combined")
    parser.add_argument("--keep", type=Path, help="write the list and the rating file here (kept)")
    parser.add_argument("--measure", nargs=2, type=Path, metavar=("LIST", "STORE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(*args.measure)
        return
    folder = args.keep or Path(tempfile.mkdtemp(prefix="ratings-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    name = "players_list_foa.txt" if args.layout == "combined" else "standard_nov26frl.txt"
    source, store = folder / name, folder / "ratings.db"
    store.unlink(missing_ok=True)
    start = time.perf_counter()
    write_list(source, args.players, args.layout)
    print(f"wrote {args.players:,} lines ({source.stat().st_size / 1e6:.0f} MB) in {time.perf_counter() - start:.1f} s")
    # The import and the searches run in a fresh process: its peak memory is the import's own.
    subprocess.run([sys.executable, __file__, "--measure", str(source), str(store)], check=True)
    if not args.keep:
        source.unlink()
        store.unlink()
        folder.rmdir()


if __name__ == "__main__":
    main()
