"""``arbiter-pairings``: the endorsed engines' command line, on real files and on bad ones."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest

from arbiter_app.cli.pairings import main
from arbiter_app.trf import RoundEntry, parse_trf, write_trf
from arbiter_app.trf.rounds import pairing_of_round


@pytest.fixture
def manual_text(data: Path) -> str:
    return (data / "fixtures" / "arbiters-manual-12.trf").read_text()


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_pair_next_round_prints_count_then_boards(tmp_path: Path, manual_text: str, capsys) -> None:  # noqa: ANN001
    doc = parse_trf(manual_text)
    path = tmp_path / "after4.trf"
    path.write_text(write_trf(doc.truncated(4)))
    code, out, _ = run(["--dutch", str(path), "-p", "--edition", "baku-2016"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "6"
    pairs = {tuple(map(int, line.split())) for line in lines[1:]}
    assert pairs == {(b.white, b.black) for b in pairing_of_round(doc, 5).boards}


def test_pair_writes_out_file_with_bye_as_zero(tmp_path: Path, manual_text: str, capsys) -> None:  # noqa: ANN001
    doc = parse_trf(manual_text)
    # Withdraw player 12 before round 2: eleven players, so a bye.
    lines = [
        replace(p, rounds=p.rounds[:1] + ((RoundEntry(None, "-", "-"),) if p.number == 12 else ())) for p in doc.players
    ]
    path = tmp_path / "odd.trf"
    path.write_text(write_trf(replace(doc, players=tuple(lines))))
    out = tmp_path / "pairs.txt"
    code, _, _ = run(["--dutch", str(path), "-p", str(out)], capsys)
    assert code == 0
    text = out.read_text().splitlines()
    assert text[0] == "6"
    assert text[-1].endswith(" 0")
    assert not any(line.split()[0] == "12" or line.split()[-1] == "12" for line in text[1:])


def test_pre_entered_bye_is_not_paired_whatever_the_points_column(tmp_path: Path, manual_text: str, capsys) -> None:  # noqa: ANN001
    """The points column may or may not count a pre-entered bye of the round: scores are recomputed."""
    doc = parse_trf(manual_text).truncated(3)
    outputs = []
    for points in ("1.5", "2.0"):
        players = tuple(
            replace(p, rounds=p.rounds + (RoundEntry(None, "-", "H"),), points=points) if p.number == 5 else p
            for p in doc.players
        )
        path = tmp_path / f"bye{points}.trf"
        path.write_text(write_trf(replace(doc, players=players)))
        code, out, _ = run(["--dutch", str(path), "-p"], capsys)
        assert code == 0
        outputs.append(out)
    assert outputs[0] == outputs[1]
    assert " 5" not in " " + outputs[0].replace("\n", " ") + " "
    assert outputs[0].splitlines()[-1].endswith(" 0")  # eleven to pair: a bye


def test_check_reports_identical_rounds(data: Path, capsys) -> None:  # noqa: ANN001
    code, out, _ = run(
        ["--dutch", str(data / "fixtures" / "arbiters-manual-12.trf"), "-c", "--edition", "baku-2016"], capsys
    )
    assert code == 0
    assert "9 of 9 rounds identical" in out


def test_check_shows_a_differing_round_side_by_side(tmp_path: Path, manual_text: str, capsys) -> None:  # noqa: ANN001
    # Swap the colours of board 1-7 in round 1: the file now differs from the rules.
    doc = parse_trf(manual_text)
    swapped = {1: RoundEntry(7, "b", "1"), 7: RoundEntry(1, "w", "0")}
    players = tuple(
        replace(p, rounds=(swapped[p.number], *p.rounds[1:])) if p.number in swapped else p for p in doc.players
    )
    path = tmp_path / "swapped.trf"
    path.write_text(write_trf(replace(doc, players=players)))
    code, out, _ = run(["--dutch", str(path), "-c", "--edition", "baku-2016"], capsys)
    assert code == 1
    round_1 = out.split("\n\n")[0].splitlines()
    assert round_1[0] == "round 1"
    # The shared boards come first; the file's 7-1 stands against the engine's 1-7.
    assert any(row.split("*|")[0].strip() == "7 - 1" and row.split("*|")[1].strip() == "1 - 7" for row in round_1)
    assert "of 9 rounds identical" in out and "9 of 9" not in out


BAD_INPUTS = {
    "truncated line": ("001    1      Alice", "001    1"),
    "unknown result code": ("    7 w 1     9 b 1", "    7 w 1     9 b Q"),
    "pairing number used twice": ("001    2      Bob", "001    1      Bob"),
    "opponent who does not exist": ("    7 w 1     9 b 1", "   77 w 1     9 b 1"),
    "asymmetric result": ("   1 b 0    10 w 1", "   1 b 1    10 w 1"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_is_a_clear_error_naming_the_line(case: str, tmp_path: Path, manual_text: str, capsys) -> None:  # noqa: ANN001
    old, new = BAD_INPUTS[case]
    assert old in manual_text, case
    path = tmp_path / "bad.trf"
    path.write_text(manual_text.replace(old, new, 1))
    code, out, err = run(["--dutch", str(path), "-p"], capsys)
    assert code == 3, err
    assert "bad.trf:" in err and "expected" in err
    assert "Traceback" not in err and out == ""


def test_unreadable_file(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    code, _, err = run(["--dutch", str(tmp_path / "missing.trf"), "-p"], capsys)
    assert code == 5
    assert "missing.trf" in err


def test_impossible_round_exits_1_naming_the_round(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    # Three players, a double round robin already played among them, and each has had the bye.
    lines = [
        "XXR 4",
        "001    1      A                                 2000                             0.0          2 w =  0000 - U     3 b =",
        "001    2      B                                 1900                             0.0          1 b =     3 w =  0000 - U",
        "001    3      C                                 1800                             0.0       0000 - U     2 b =     1 w =",
    ]
    path = tmp_path / "stuck.trf"
    path.write_text("\n".join(lines) + "\n")
    code, _, err = run(["--dutch", str(path), "-p"], capsys)
    assert code == 1
    assert "round 4" in err


def test_full_point_bye_where_a_pairing_bye_was_meant_is_warned(tmp_path: Path, manual_text: str, capsys) -> None:  # noqa: ANN001
    doc = parse_trf(manual_text).truncated(1)
    players = tuple(p for p in doc.players if p.number != 12)
    players = tuple(replace(p, rounds=(RoundEntry(None, "-", "F"),)) if p.number == 6 else p for p in players)
    path = tmp_path / "f.trf"
    path.write_text(write_trf(replace(doc, players=players)))
    code, _, err = run(["--dutch", str(path), "-p"], capsys)
    assert "warning" in err and "F" in err
    assert code == 0


def test_explain_options_reach_the_explanation(data: Path, capsys) -> None:  # noqa: ANN001
    """--why-float answers like the manual: #11 floats again in round 4, and correctly (C.12)."""
    path = data / "fixtures" / "arbiters-manual-12.trf"
    code, out, _ = run(["--dutch", str(path), "--why-float", "11", "--round", "4", "--edition", "baku-2016"], capsys)
    assert code == 0
    assert "#11 floats" in out and "C.12" in out and "correctly" in out


def test_the_edition_comes_from_the_092_line(data: Path, capsys) -> None:  # noqa: ANN001
    """A 2026 file (092 FIDE_DUTCH_2025) is checked by fide-2026 without --edition; baku-2016 pairs it otherwise."""
    path = data / "conformance" / "dutch-2026" / "d26-tiny-60012-p5-r4.trf"  # round 2 tells the editions apart
    code, out, _ = run(["--dutch", str(path), "-c"], capsys)
    assert code == 0 and "4 of 4 rounds identical" in out
    code, out, _ = run(["--dutch", str(path), "-c", "--edition", "baku-2016"], capsys)
    assert code == 1 and "round 2" in out


def test_without_092_line_or_edition_the_rules_in_force_pair(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """No 092 line and no --edition: fide-2026.  Here [C5] gives the bye to the 0-point player #3."""
    lines = [
        "XXR 4",
        "001    1      A                                 2000                             1.0          3 w 1",
        "001    2      B                                 1900                             0.5          4 b =",
        "001    3      C                                 1800                             0.0          1 b 0",
        "001    4      D                                 1700                             0.5          2 w =",
        "001    5      E                                 1600                             1.0       0000 - U",
    ]
    path = tmp_path / "five.trf"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(["--dutch", str(path), "-p"], capsys)
    assert code == 0 and out.splitlines()[-1] == "3 0"
    code, out, _ = run(["--dutch", str(path), "-p", "--edition", "baku-2016"], capsys)
    assert code == 0 and out.splitlines()[-1] == "2 0"


def test_an_unknown_edition_is_refused(data: Path, capsys) -> None:  # noqa: ANN001
    with pytest.raises(SystemExit):
        main(["--dutch", str(data / "fixtures" / "arbiters-manual-12.trf"), "-c", "--edition", "dubov-2026"])


def test_pairing_a_round_loads_neither_the_explanation_nor_the_generator(tmp_path: Path) -> None:
    """Start-up: -p imports what a pairing needs; --explain and -g load their modules when asked for."""
    import subprocess
    import sys

    from tests.conftest import DATA

    trf = DATA / "conformance" / "dutch-2026" / "d26-tiny-60012-p5-r4.trf"
    lines = [line for line in trf.read_text().splitlines() if not line.startswith("001")]
    players = [line[:91] for line in trf.read_text().splitlines() if line.startswith("001")]
    (tmp_path / "r1.trf").write_text("\n".join(lines + players) + "\n")  # before round 1
    code = (
        "import sys\nfrom arbiter_app.cli.pairings import main\n"
        f"rc = main(['--dutch', {str(tmp_path / 'r1.trf')!r}, '-p'])\n"
        "print(rc, sorted(m for m in sys.modules if m.startswith(('arbiter_app.explain', 'arbiter_app.generator'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "0 []"


# --- -c on the standings (FIDE VCL4THP Q21): the rank column against the file's tie-break list ---

GENERATED = "PlayersNumber=20\nRoundsNumber=7\nDrawPercentage=40\nTieBreaks=BH/C1,BH,SB\n"


def generated_file(tmp_path: Path, config: str = GENERATED, seed: int = 7, *extra: str) -> Path:
    (tmp_path / "config.txt").write_text(config)
    out = tmp_path / "t.trf"
    assert main(["--dutch", "-g", str(tmp_path / "config.txt"), "-o", str(out), "-s", str(seed), *extra]) == 0
    return out


def with_ranks(path: Path, ranks: dict[int, int], points: dict[int, str] | None = None) -> Path:
    """The file with the rank (and points) column of some players rewritten."""
    doc = parse_trf(path.read_text())
    players = tuple(
        replace(p, rank=ranks.get(p.number, p.rank), points=(points or {}).get(p.number, p.points)) for p in doc.players
    )
    path.write_text(write_trf(replace(doc, players=players)))
    return path


def test_check_accepts_the_standings_of_a_generated_file(tmp_path: Path, capsys) -> None:
    path = generated_file(tmp_path)
    assert "202 BH/C1,BH,SB\n" in path.read_text()
    code, out, _ = run(["--dutch", str(path), "-c"], capsys)
    assert code == 0, out
    assert out.splitlines()[-2:] == [
        "7 of 7 rounds identical",
        "standings after round 7 (20 ranked players; BH/C1, BH, SB; the 202 line; C.07-2026): consistent",
    ]


def test_check_names_round_players_and_rule_of_a_wrongly_ordered_standings_line(tmp_path: Path, capsys) -> None:
    from arbiter_app.cli.tiebreaks import tsv_lines
    from arbiter_app.trf.rounds import state_before_round

    path = generated_file(tmp_path)
    doc = parse_trf(path.read_text())
    state = state_before_round(doc, 8)
    rows = [line.split("\t") for line in tsv_lines(state, "c07-2026", ["BH/C1"])[1:]]
    value = {int(r[0]): (r[1], r[2]) for r in rows}
    by_rank = sorted(doc.players, key=lambda p: p.rank or 0)
    # Two neighbours equal on points whom Buchholz Cut-1 separates: swap their ranks.
    upper, lower = next(
        (a, b) for a, b in pairwise(by_rank)
        if value[a.number][0] == value[b.number][0] and value[a.number][1] != value[b.number][1]
    )  # fmt: skip
    assert upper.rank is not None and lower.rank is not None
    with_ranks(path, {upper.number: lower.rank, lower.number: upper.rank})
    code, out, _ = run(["--dutch", str(path), "-c"], capsys)
    assert code == 1
    issues = [line for line in out.splitlines() if line.startswith("standings: ")]
    assert len(issues) == 1
    message, values = issues[0].rsplit(": ", 1)
    assert message == (
        f"standings: round 7: rank {upper.rank} player {lower.number}, rank {lower.rank} player {upper.number}:"
        f" BH/C1 (C.07-2026 8.1) puts {upper.number} above {lower.number}"
    )
    assert [Fraction(v) for v in values.split(" against ")] == [
        Fraction(value[n][1]) for n in (upper.number, lower.number)
    ]
    assert out.splitlines()[-1].endswith("C.07-2026): 1 inconsistencies")


def test_check_reports_ranks_against_points_and_a_wrong_points_column(tmp_path: Path, capsys) -> None:
    path = generated_file(tmp_path)
    doc = parse_trf(path.read_text())
    first = next(p for p in doc.players if p.rank == 1)
    last = next(p for p in doc.players if p.rank == 20)
    with_ranks(path, {first.number: 20, last.number: 1}, {last.number: "0.5" if last.points != "0.5" else "1.0"})
    code, out, _ = run(["--dutch", str(path), "-c"], capsys)
    assert code == 1
    issues = [line for line in out.splitlines() if line.startswith("standings: ")]
    assert f"standings: round 7: player {last.number}: points column" in issues[0]
    assert f"rank 1 player {last.number}, rank 2 player" in issues[1] and "PTS (C.07-2026 4.2" in issues[1]
    assert "rank 19 player" in issues[-1] and f"rank 20 player {first.number}: PTS" in issues[-1]


def test_check_of_a_trf16_file_takes_the_list_given_else_points(data: Path, tmp_path: Path, capsys) -> None:
    path = generated_file(tmp_path, GENERATED, 7, "--format", "trf-16")
    text = path.read_text()
    assert "202 " not in text and "142 " not in text and "XXR 7" in text
    code, out, _ = run(["--dutch", str(path), "-c"], capsys)
    assert code == 0 and "points; no tie-break list: points only" in out
    code, out, _ = run(["--dutch", str(path), "-c", "--tiebreaks", "BH/C1 BH SB"], capsys)
    assert code == 0 and "BH/C1, BH, SB; --tiebreaks; C.07-2026): consistent" in out
    code, out, _ = run(["--dutch", str(path), "-c", "--tiebreaks", "SB BH/C1"], capsys)  # another order
    assert code == 1 and ": SB (C.07-2026" in out
    code, _, err = run(["--dutch", str(path), "-c", "--tiebreaks", "BH XYZ"], capsys)
    assert code == 3 and "tie-break list (--tiebreaks)" in err
    corpus = data / "conformance" / "dutch-2026" / "d26-irregular-60120-p42-r5.trf"
    code, out, _ = run(["--dutch", str(corpus), "-c"], capsys)
    assert code == 0 and "standings after round 5 (42 ranked players; points" in out


def test_check_and_generate_run_without_qt(tmp_path: Path) -> None:
    """The checker and the generator are command lines of the installed program: no Qt on their paths."""
    import subprocess
    import sys

    out = tmp_path / "g.trf"
    code = (
        "import sys\nfrom arbiter_app.cli.pairings import main\n"
        f"a = main(['--dutch', '-g', '-o', {str(out)!r}, '-s', '3'])\n"
        f"b = main(['--dutch', {str(out)!r}, '-c'])\n"
        "print(a, b, 'PySide6' in sys.modules, any(m.startswith('arbiter_app.gui') for m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "0 0 False False"


def test_the_bundled_entry_point_runs_generator_and_checker_without_qt(tmp_path: Path) -> None:
    """``arbiter-app pairings -g`` / ``-c``: the bundle's entry point (installer/arbiter_app_main.py), no GUI."""
    import subprocess
    import sys

    entry = Path(__file__).resolve().parents[2] / "installer" / "arbiter_app_main.py"
    out = tmp_path / "g.trf"
    code = (
        "import runpy, sys\n"
        f"sys.argv = ['arbiter-app', 'pairings', '--dutch', '-g', '-o', {str(out)!r}, '-s', '5']\n"
        f"try:\n    runpy.run_path({str(entry)!r}, run_name='__main__')\nexcept SystemExit as e:\n    a = e.code\n"
        f"sys.argv = ['arbiter-app', 'pairings', '--dutch', {str(out)!r}, '-c']\n"
        f"try:\n    runpy.run_path({str(entry)!r}, run_name='__main__')\nexcept SystemExit as e:\n    b = e.code\n"
        "print(a, b, 'PySide6' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "0 0 False"
    assert any(line.endswith(": consistent") for line in lines)


def test_check_reads_the_trf2026_colour_line_else_round_1(tmp_path: Path, capsys) -> None:
    """A file with ``152 B`` and no ``XXC`` (as other programs write TRF-2026), and one with neither: round 1 is
    paired with black for the first player either way (C.04.3-2026 5.2.5), so every round is identical."""
    config = "PlayersNumber=14\nRoundsNumber=5\n"
    path = next(p for seed in range(1, 20) if "\n152 B\n" in (p := generated_file(tmp_path, config, seed)).read_text())
    lines = path.read_text().splitlines()
    without_xxc = [line for line in lines if not line.startswith("XXC")]
    for name, kept in (("152.trf", without_xxc), ("none.trf", [x for x in without_xxc if not x.startswith("152")])):
        (tmp_path / name).write_text("\n".join(kept) + "\n")
        code, out, _ = run(["--dutch", str(tmp_path / name), "-c"], capsys)
        assert code == 0 and "5 of 5 rounds identical" in out, (name, out)
    # The same file read with white first: round 1 differs (the check is not blind to the colour).
    (tmp_path / "white.trf").write_text("\n".join([*without_xxc[:1], "152 W", *without_xxc[1:]]).replace(
        "\n152 B\n", "\n") + "\n")  # fmt: skip
    code, out, _ = run(["--dutch", str(tmp_path / "white.trf"), "-c"], capsys)
    assert code == 1 and out.startswith("round 1\n")


def test_round_1_colours_skip_a_player_absent_from_round_1(data: Path, capsys) -> None:  # noqa: ANN001
    """A file of the other public 2026 engine's generator (cross-test seed 8518: no ``XXC``, no ``152``, CR line
    ends): player 1 takes a half-point bye in round 1, so the round-1 order starts with player 2, who has white.
    The initial colour read from round 1 is white (C.04.3-2026 5.2.5; a round-1 absentee has no TPN yet,
    C.04.2-2026 2.4): every round is identical.  Counting player 1 in the order read black, and round 1 had
    every colour reversed."""
    path = data / "cross" / "engine-8518.trf"
    assert b"\n" not in path.read_bytes() and b"0000 - H" in path.read_bytes()
    code, out, _ = run(["--dutch", str(path), "-c"], capsys)
    assert code == 0 and "5 of 5 rounds identical" in out, out
