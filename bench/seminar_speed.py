"""CPU time of seminar mode on a generated open: the first part (the round's outline and the number of
slides), each bracket's part and the editions compared (all on the worker), then painting a slide (the
window's thread) and a page of the PDF handout.

    QT_QPA_PLATFORM=offscreen python bench/seminar_speed.py [--players 2000] [--rounds 5]

Not a test: prints the timings, never asserts them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from arbiter_app.explain import compare_editions, comparison_text, explain_round  # noqa: E402
from arbiter_app.explain.slides import bracket_slide_count, bracket_slides, editions_slide, round_slide  # noqa: E402
from arbiter_app.generator import GeneratorConfig, generate  # noqa: E402
from arbiter_app.pairing.editions import edition  # noqa: E402
from arbiter_app.gui.slide_painter import KEYS_HINT, SlidesPdf, paint_slide  # noqa: E402
from arbiter_app.trf.rounds import state_before_round  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--edition", default="fide-2026")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    doc = generate(
        GeneratorConfig(players=args.players, rounds=args.rounds), seed=args.seed, edition=edition(args.edition)
    )
    state = state_before_round(doc, args.rounds)
    print(f"{args.players} players, round {args.rounds} ({args.edition}, seed {args.seed}), CPU time")
    start = time.process_time()
    e = explain_round(state, edition(args.edition))
    slides = [round_slide(e)]
    total = 2 + sum(bracket_slide_count(e, b.index) for b in e.outline.brackets)
    print(
        f"first part (outline, {len(e.outline.brackets)} brackets, {total} slides): {time.process_time() - start:.2f} s"
    )
    parts = []
    for b in e.outline.brackets:
        start = time.process_time()
        slides += bracket_slides(e, b.index)
        parts.append((time.process_time() - start, b.index, len(b.players)))
    worst = max(parts)
    print(
        f"bracket parts: longest {worst[0]:.2f} s (bracket {worst[1]}, {worst[2]} players), "
        f"all {sum(p[0] for p in parts):.2f} s"
    )
    start = time.process_time()
    slides.append(editions_slide(comparison_text(compare_editions(state))))
    print(f"editions part: {time.process_time() - start:.2f} s")
    assert len(slides) == total
    for width, height in ((1024, 768), (1920, 1080)):
        image = QImage(width, height, QImage.Format.Format_RGB32)
        times = []
        for k, slide in enumerate(slides):
            start = time.process_time()
            painter = QPainter(image)
            paint_slide(painter, image.size(), slide, k, total, KEYS_HINT)
            painter.end()
            times.append(time.process_time() - start)
        print(
            f"painting a slide at {width}x{height}: longest {max(times) * 1000:.0f} ms, "
            f"median {sorted(times)[len(times) // 2] * 1000:.0f} ms"
        )
    with tempfile.TemporaryDirectory() as folder:
        pdf = SlidesPdf(Path(folder) / "handout.pdf", "bench", total)
        times = []
        for slide in slides:
            start = time.process_time()
            pdf.add(slide)
            times.append(time.process_time() - start)
        start = time.process_time()
        pdf.finish()
        closing = time.process_time() - start
    print(
        f"a PDF page: longest {max(times) * 1000:.0f} ms, median {sorted(times)[len(times) // 2] * 1000:.0f} ms; "
        f"closing the file: {closing * 1000:.0f} ms"
    )
    del app


if __name__ == "__main__":
    main()
