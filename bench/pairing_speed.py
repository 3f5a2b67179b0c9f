"""Seconds to pair each round, by field size: the largest corpus files and generated opens.

    python bench/pairing_speed.py [--sizes 300 1000] [--rounds 11] [--out bench/RESULTS.md]

Not a test: timings go to bench/RESULTS.md, never into assertions.  Each
round is paired from its TRF state (state_before_round), one core, the
way `arbiter-pairings -p` pairs it.  Generated opens come from the
project's own generator (seeded, so the same field each time).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arbiter_app.generator import GeneratorConfig, generate  # noqa: E402
from arbiter_app.pairing.editions import BAKU_2016  # noqa: E402
from arbiter_app.pairing.engine import pair_round  # noqa: E402
from arbiter_app.trf.model import TrfDocument  # noqa: E402
from arbiter_app.trf.reader import read_trf  # noqa: E402
from arbiter_app.trf.rounds import state_before_round  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "conformance" / "dutch-2016"
LARGEST = ["large-1200-p219-r11.trf", "large-1197-p202-r10.trf"]
NOTES = "## Notes"
"""The heading of the hand-written part of RESULTS.md, kept when the table is written again."""


def round_times(doc: TrfDocument) -> list[float]:
    rounds = max(len(p.rounds) for p in doc.players)
    times = []
    for r in range(1, rounds + 1):
        state = state_before_round(doc, r)
        start = time.perf_counter()
        pair_round(state, BAKU_2016)
        times.append(time.perf_counter() - start)
    return times


def row(name: str, players: int, times: list[float], width: int) -> str:
    cells = " | ".join([f"{t:.2f}" for t in times] + [""] * (width - len(times)))
    return f"| {name} | {players} | {cells} | {statistics.median(times):.2f} | {max(times):.2f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[300, 1000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=2016)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "RESULTS.md")
    args = parser.parse_args()
    rows = []
    for name in LARGEST:
        path = CORPUS / name
        if path.exists():
            doc = read_trf(path)
            rows.append(row(name, len(doc.players), round_times(doc), args.rounds))
            print(rows[-1], flush=True)
    for size in args.sizes:
        config = replace(GeneratorConfig(), players=size, rounds=args.rounds)
        start = time.perf_counter()
        doc = generate(config, args.seed, BAKU_2016)
        print(f"generated {size} players in {time.perf_counter() - start:.1f} s", flush=True)
        rows.append(row(f"generated open, seed {args.seed}", size, round_times(doc), args.rounds))
        print(rows[-1], flush=True)
    width = args.rounds
    header = "| field | players | " + " | ".join(f"R{k}" for k in range(1, width + 1)) + " | median | max |"
    rule = "|" + "---|" * (width + 4)
    text = "\n".join(
        [
            "# Pairing speed",
            "",
            "Seconds to pair each round from its TRF state (`bench/pairing_speed.py`), "
            f"one core, Python {platform.python_version()} on {platform.machine()}.",
            "",
            header,
            rule,
            *rows,
            "",
        ]
    )
    # Notes written by hand below the table are kept.
    previous = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
    notes = previous[previous.index(NOTES) :] if NOTES in previous else ""
    args.out.write_text(text + ("\n" + notes if notes else ""), encoding="utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
