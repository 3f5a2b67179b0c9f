"""C.07 codes that FIDE's reference tie-break checker reads otherwise (issue 29): both readings are stated in the
manual and in docs/vcl.md, and this program's reading is the one they describe."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.cli.tiebreaks import run

ROOT = Path(__file__).resolve().parents[2]
DOUBLE_FORFEIT = """\
012 Double forfeit
XXR 2
XXC white1
001    1      One                               2400                             1.5    1     2 w 1     3 b =
001    2      Two                               2300                             0.5    3     1 b 0     4 w =
001    3      Three                             2200                             0.5    2     4 w -     1 w =
001    4      Four                              2100                             0.5    4     3 b -     2 b =
"""
"""#3 and #4 forfeit their round-1 game on both sides (0 points each): C.07-2026 7.7 as written compares with the
scheduled opponent's points (the same: ½); the reference checker compares with a draw's value (less: 0)."""


def test_std_compares_with_the_scheduled_opponent(tmp_path: Path) -> None:
    path = tmp_path / "forfeit.trf"
    path.write_text(DOUBLE_FORFEIT)
    status, text = run([str(path), "--tiebreaks", "STD"])
    assert status == 0
    rows = {line.split("\t")[0]: line.split("\t")[2] for line in text.splitlines()[1:]}
    assert (rows["3"], rows["4"]) == ("1.0", "1.0")  # ½ for the double forfeit, ½ for the draw (the checker: 0.5)
    assert (rows["1"], rows["2"]) == ("1.5", "0.5")


def test_both_readings_are_stated() -> None:
    manual = (ROOT / "arbiter_app" / "manual" / "standings.md").read_text(encoding="utf-8")
    assert "### Two codes read two ways" in manual
    assert "a double forfeit (both players score 0) counts ½" in manual and "the same\n  round counts 0" in manual
    assert "the reference checker shows the place inside\n  the tied group that DE gives" in manual
    vcl = (ROOT / "docs" / "vcl.md").read_text(encoding="utf-8")
    assert "a double forfeit counts ½ where the checker, comparing with a draw's value, counts 0" in vcl
    assert "DE shows the points scored among the tied players where the checker shows the place" in vcl
