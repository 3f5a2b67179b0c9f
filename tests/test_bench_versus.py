"""``bench/versus.py``: the files it gives both programs hold the tournament exactly as it stood before the round.

The timings themselves are never asserted (they go to ``bench/RESULTS.md``); what is
tested is that both programs are asked the same question the engine answers in play.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from arbiter_app.generator import GeneratorConfig, generate
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, DutchEdition
from arbiter_app.pairing.engine import pair_round
from arbiter_app.trf.reader import parse_trf
from arbiter_app.trf.rounds import next_round, state_before_round
from arbiter_app.trf.writer import write_trf

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def versus() -> ModuleType:
    spec = importlib.util.spec_from_file_location("versus", ROOT / "bench" / "versus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["versus"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("edition", [BAKU_2016, FIDE_2026], ids=lambda e: e.name)
def test_each_file_is_the_tournament_before_its_round(versus: ModuleType, edition: DutchEdition) -> None:
    """Byes and withdrawals entered for the round stay in, points are those of the earlier rounds, and the
    round to pair (the programs' ``-p``) is the one asked for, paired as in play."""
    config = replace(GeneratorConfig(), players=41, rounds=7, half_point_bye_rate=8, retired_rate=15)
    doc = generate(config, 11, edition)
    absences = 0
    for r in range(2, 8):
        written = parse_trf(write_trf(versus.before_round(doc, r)))
        assert next_round(written) == r
        before, asked = state_before_round(doc, r), state_before_round(written, r)
        assert asked.not_paired == before.not_paired
        absences += len(asked.not_paired)
        assert [p.history for p in asked.players] == [p.history for p in before.players]
        score = {player.number: player.score for player in asked.players}
        for line in written.players:
            assert round(float(line.points) * 10) == score[line.number]
        assert pair_round(asked, edition) == pair_round(before, edition)
    assert absences > 0, "the generated field has byes and withdrawals entered ahead"


def test_the_pairing_output_is_read_board_by_board(versus: ModuleType) -> None:
    assert versus.boards_of("3\n1 4\n5 2\n3 0\n") == ((1, 4), (5, 2), (3, 0))


def test_the_section_is_replaced_and_the_rest_kept(versus: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "RESULTS.md"
    out.write_text("# Pairing speed\n\nkept\n\n# Against the reference engines\n\nold\n\n# Later\n\nalso kept\n")
    args = type("Args", (), {"out": out, "seed": 1, "repeat": 1})()
    versus.write_section(args, ["| row |"], ["- summary"], [])
    text = out.read_text()
    assert "kept" in text and "also kept" in text and "old" not in text
    assert text.count("# Against the reference engines") == 1 and "| row |" in text
