"""CPU seconds to explain each round of a generated 300-player open (outline, text and JSON).

    python bench/explain_speed.py [--players 300] [--rounds 5]

Not a test: prints the timings, never asserts them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arbiter_app.explain import explain_round, round_json, round_text  # noqa: E402
from arbiter_app.generator import GeneratorConfig, generate  # noqa: E402
from arbiter_app.pairing.editions import BAKU_2016  # noqa: E402
from arbiter_app.trf.rounds import state_before_round  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    doc = generate(GeneratorConfig(players=args.players, rounds=args.rounds), seed=args.seed, edition=BAKU_2016)
    print(f"{args.players} players, {args.rounds} rounds (seed {args.seed}): CPU seconds to explain each round")
    for r in range(1, args.rounds + 1):
        state = state_before_round(doc, r)
        start = time.process_time()
        explanation = explain_round(state, BAKU_2016)
        round_text(explanation)
        round_json(explanation)
        print(f"round {r}: {time.process_time() - start:.2f} s")


if __name__ == "__main__":
    main()
