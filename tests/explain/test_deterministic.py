"""The same explanation, byte for byte, on an idle and on a loaded machine: the work is bounded by counts.

A search cut by the clock would stop earlier under load and could end on
another "best candidate found"; these brackets are large enough to be cut.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from arbiter_app.explain import explain_round, round_json, round_text
from arbiter_app.explain.explanation import RoundExplanation
from arbiter_app.explain.trail import TrailEnd
from arbiter_app.explain.why import why_not
from arbiter_app.explain.why_text import why_not_text
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.trf import read_trf
from arbiter_app.trf.rounds import state_before_round
from tests.conftest import DATA

CORPUS = DATA / "conformance" / "dutch-2016"
HOG = "import time\nend = time.monotonic() + 60\nwhile time.monotonic() < end:\n    pass\n"


@contextmanager
def cpu_hogs(count: int = 3) -> Iterator[None]:
    """Busy processes on every core (and one more) while the block runs."""
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(count)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def _explained(name: str, round_number: int, bracket: int) -> tuple[RoundExplanation, tuple[str, str, str]]:
    explanation = explain_round(state_before_round(read_trf(CORPUS / name), round_number), BAKU_2016)
    text = round_text(explanation, only=bracket)
    json_text = repr(round_json(explanation, only=bracket))
    players = explanation.bracket(bracket).players
    answer = why_not_text(explanation, why_not(explanation, players[0].number, players[-1].number))
    return explanation, (text, json_text, answer)


def test_a_capped_trail_is_the_same_under_load() -> None:
    """large-1201 round 3, bracket 3: 60 players, a trail cut by its step budget."""
    explanation, idle = _explained("large-1201-p146-r11.trf", 3, 3)
    assert len(explanation.bracket(3).players) == 60
    assert explanation.trail(3).end is TrailEnd.CAPPED  # the budget is what ends it: the case a clock would vary
    with cpu_hogs():
        _, loaded = _explained("large-1201-p146-r11.trf", 3, 3)
    assert loaded == idle


def test_the_largest_corpus_bracket_is_the_same_under_load() -> None:
    """large-1198 round 1: all 252 players in one bracket, the largest of the corpus."""
    explanation, idle = _explained("large-1198-p252-r10.trf", 1, 1)
    assert len(explanation.bracket(1).players) == 252
    with cpu_hogs():
        _, loaded = _explained("large-1198-p252-r10.trf", 1, 1)
    assert loaded == idle
