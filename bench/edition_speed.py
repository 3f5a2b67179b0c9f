"""Seconds to pair each round with each edition of the Dutch rules, on the same states.

    python bench/edition_speed.py [--players 500 1000] [--rounds 9] [--out bench/EDITIONS.md]

Not a test.  The largest files of both corpora and a generated open (paired
by the rules in force, fide-2026, when generated) are re-paired round by
round from their TRF states with ``fide-2026`` and with ``baku-2016``; the
table gives the median and the largest time per round and the ratio of the
totals (2026 over 2016).  One core, as ``arbiter-pairings -p`` pairs.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arbiter_app.generator import GeneratorConfig, generate  # noqa: E402
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, DutchEdition  # noqa: E402
from arbiter_app.pairing.engine import pair_round  # noqa: E402
from arbiter_app.trf.model import TrfDocument  # noqa: E402
from arbiter_app.trf.reader import read_trf  # noqa: E402
from arbiter_app.trf.rounds import state_before_round  # noqa: E402

DATA = ROOT / "tests" / "data" / "conformance"
FILES = [
    DATA / "dutch-2026" / "d26-large-60172-p244-r10.trf",
    DATA / "dutch-2026" / "d26-large-60171-p219-r10.trf",
    DATA / "dutch-2016" / "large-1198-p252-r10.trf",
    DATA / "dutch-2016" / "large-1200-p219-r11.trf",
]
EDITIONS = (BAKU_2016, FIDE_2026)


def round_times(doc: TrfDocument) -> dict[DutchEdition, list[float]]:
    """Seconds per round for each edition; the editions take turns round by round, so that a machine busy for a
    while slows both alike."""
    rounds = max(len(p.rounds) for p in doc.players)
    times: dict[DutchEdition, list[float]] = {edition: [] for edition in EDITIONS}
    for r in range(1, rounds + 1):
        state = state_before_round(doc, r)
        for edition in EDITIONS:
            start = time.perf_counter()
            pair_round(state, edition)
            times[edition].append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[500, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "EDITIONS.md")
    args = parser.parse_args()
    fields: list[tuple[str, int, TrfDocument]] = [(p.name, len(read_trf(p).players), read_trf(p)) for p in FILES]
    made = []
    for size in args.players:
        start = time.perf_counter()
        generated = generate(GeneratorConfig(players=size, rounds=args.rounds), args.seed, FIDE_2026)
        made.append(f"{size} players: {time.perf_counter() - start:.1f} s")
        fields.append((f"generated open, seed {args.seed}", size, generated))
    lines = [
        "# Pairing time per round: fide-2026 against baku-2016",
        "",
        f"`python bench/edition_speed.py --players {' '.join(map(str, args.players))} --rounds {args.rounds}` on "
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}.  Seconds per round, "
        "each round paired from the same TRF state by both editions.",
        "",
        "| field | players | rounds | 2016 median | 2016 max | 2026 median | 2026 max | 2026 / 2016 (total) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    per_round: list[str] = []
    for name, players, doc in fields:
        times = round_times(doc)
        old, new = times[BAKU_2016], times[FIDE_2026]
        lines.append(
            f"| {name} | {players} | {len(old)} | {statistics.median(old):.2f} | {max(old):.2f} | "
            f"{statistics.median(new):.2f} | {max(new):.2f} | {sum(new) / sum(old):.2f} |"
        )
        print(lines[-1], flush=True)
        if name.startswith("generated"):
            ratios = [b / a for a, b in zip(old, new)]
            per_round += [
                "",
                f"### Generated {players}-player open, round by round",
                "",
                "| round | " + " | ".join(f"R{k}" for k in range(1, len(old) + 1)) + " |",
                "|---|" + "---|" * len(old),
                "| baku-2016 | " + " | ".join(f"{t:.2f}" for t in old) + " |",
                "| fide-2026 | " + " | ".join(f"{t:.2f}" for t in new) + " |",
                "| 2026 / 2016 | " + " | ".join(f"{r:.2f}" for r in ratios) + " |",
                "",
                f"Largest ratio of a round: {max(ratios):.2f} (round {ratios.index(max(ratios)) + 1}).",
            ]
            print("\n".join(per_round[-8:]), flush=True)
    lines += per_round
    lines += ["", "Generating the opens (every round paired by fide-2026): " + "; ".join(made) + "."]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
