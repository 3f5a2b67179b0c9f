"""The random tournament generator: ``arbiter-pairings --dutch -g [CONFIG] -o OUT.trf [-s SEED]``."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.cli.pairings import EXIT_FILE, EXIT_INVALID, EXIT_NO_PAIRING, EXIT_OK, main
from arbiter_app.conformance import check_tournament
from arbiter_app.generator import GeneratorConfig, GeneratorConfigError, generate, parse_config
from arbiter_app.trf import TrfDocument, parse_trf, read_trf, write_trf

# Rates high enough that forfeits, half-point byes and retirements all occur.
BUSY = (
    "PlayersNumber=20\nRoundsNumber=7\nForfeitRate=8\nHalfPointByeRate=15\nRetiredRate=40\n"
    "HighestRating=2700\nLowestRating=1400\nDrawPercentage=30\n"
)


def generated(config_text: str, seed: int) -> str:
    """What ``arbiter-pairings -g`` writes: paired by the rules in force (C.04.3-2026)."""
    return write_trf(generate(parse_config(config_text), seed, "fide-2026"))


def run(tmp_path: Path, config_text: str | None, *extra: str) -> tuple[int, Path]:
    """Run the CLI with ``config_text`` as CONFIG (none if None); return the exit status and OUT."""
    out = tmp_path / "out.trf"
    argv = ["--dutch", "-g"]
    if config_text is not None:
        config = tmp_path / "config.txt"
        config.write_text(config_text, encoding="utf-8")
        argv.append(str(config))
    return main([*argv, "-o", str(out), *extra]), out


def test_same_seed_same_bytes_and_different_seeds_differ(tmp_path: Path) -> None:
    assert generated(BUSY, 7) == generated(BUSY, 7)
    assert generated(BUSY, 7) != generated(BUSY, 8)
    status, out = run(tmp_path, BUSY, "-s", "7")
    assert status == EXIT_OK
    assert out.read_bytes() == generated(BUSY, 7).encode()


def test_without_seed_the_seed_is_printed_and_reproduces_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(tmp_path, "PlayersNumber=10\nRoundsNumber=4\n")
    assert status == EXIT_OK
    seed = int(capsys.readouterr().err.split("seed")[-1])
    assert out.read_text(encoding="utf-8") == generated("PlayersNumber=10\nRoundsNumber=4\n", seed)


def test_a_generated_tournament_is_well_formed_and_paired_by_the_engine(tmp_path: Path) -> None:
    text = generated(BUSY, 3)
    doc = parse_trf(text)
    (tmp_path / "t.trf").write_text(text, encoding="utf-8")
    assert read_trf(tmp_path / "t.trf") == parse_trf(text, source=str(tmp_path / "t.trf"))
    assert doc.rounds_count == 7 and doc.initial_colour in ("white", "black") and not doc.warnings
    assert [p.number for p in doc.players] == list(range(1, 21))
    assert all(len(p.rounds) == 7 for p in doc.players)
    ratings = [p.rating or 0 for p in doc.players]
    assert ratings == sorted(ratings, reverse=True) and all(1400 <= r <= 2700 for r in ratings)
    assert doc.players[0].name == "Player0001"
    for player in doc.players:
        for round_number, entry in enumerate(player.rounds, 1):
            if entry.opponent is not None:
                back = doc.player(entry.opponent).rounds[round_number - 1]
                assert back.opponent == player.number and {entry.colour, back.colour} == {"w", "b"}
    absences = [[k for k, e in enumerate(p.rounds) if e.opponent is None and e.code == "-"] for p in doc.players]
    assert any(absences)
    assert all(absent == list(range(absent[0], 7)) for absent in absences if absent)  # retired players stay out
    assert {"1", "0", "=", "+", "-", "H"} <= {e.code for p in doc.players for e in p.rounds}
    assert doc.pairing_system == "FIDE_DUTCH_2025"  # TRF-2026: the edition it was paired with
    checks = check_tournament(doc)
    assert len(checks) == 7 and all(check.matches for check in checks)


def score(doc: TrfDocument, number: int, win: int, draw: int) -> int:
    """Points of a player in tenths, counted independently of the generator."""
    values = {"1": win, "+": win, "U": win, "=": draw, "H": draw}
    return sum(values.get(entry.code, 0) for entry in doc.player(number).rounds)


def test_other_point_system_is_written_and_counted(tmp_path: Path) -> None:
    text = generated(BUSY + "PointsForWin=3.0\nPointsForDraw=1.0\n", 5)
    assert "\nBBW  3.0\nBBD  1.0\n" in text
    doc = parse_trf(text)
    scores = {p.number: score(doc, p.number, 30, 10) for p in doc.players}
    assert any(s % 10 == 0 and s % 30 != 0 for s in scores.values())  # draws are worth 1 point
    for player in doc.players:
        assert player.points == f"{scores[player.number] // 10}.0"
    ranked = sorted(doc.players, key=lambda p: p.rank or 0)
    assert [p.rank for p in ranked] == list(range(1, 21))
    # Ranked by points, then by the tie-break list of the 202 line (checked by -c in tests/cli).
    assert [scores[p.number] for p in ranked] == sorted(scores.values(), reverse=True)
    assert "BBW" not in generated(BUSY, 5)


@pytest.mark.parametrize(
    ("config_text", "expected"),
    [
        ("PlayersNumber=12\n# comment\n\nColours=5\n", "line 4: unknown key 'Colours'"),
        ("RoundsNumber=five\n", "line 1: RoundsNumber: expected a whole number, found 'five'"),
        ("PointsForWin=3.x\n", "line 1: PointsForWin: expected a number"),
        ("PointsForDraw=0.25\n", "PointsForDraw: expected a multiple of 0.1"),
        ("LowestRating=2500\nHighestRating=2000\n", "line 1: LowestRating=2500: must be between 0 and HighestRating"),
        ("PlayersNumber=8\nRoundsNumber=8\n", "line 2: RoundsNumber=8: must be less than the number of players (8)"),
        ("TieBreaks=BH,XYZ\n", "line 1: TieBreaks=BH,XYZ: must be codes of c07-2026"),
        ("Acceleration=baku\nRoundsNumber=7\n", "line 1: Acceleration=baku: must be none with fewer than 9 rounds"),
        ("FullPointByeCount@12=1\nRoundsNumber=9\n", "FullPointByeCount@12=1: must be a round up to RoundsNumber (9)"),
        ("RatingDistribution=flat\n", "RatingDistribution: expected uniform or normal, found 'flat'"),
        ("Ratings=2400,23x0\n", "Ratings: expected ratings separated by commas"),
        ("Ratings=2400,2300,2200\nPlayersNumber=4\n", "PlayersNumber=4: must be the number of Ratings (3)"),
        ("DrawPercentage=101\n", "DrawPercentage=101: must be between 0 and 100"),
        ("PlayersNumber=8\nPlayersNumber=9\n", "line 2: PlayersNumber is already set on line 1"),
        ("RoundsNumber\n", "line 1: expected key=value"),
    ],
)
def test_config_errors_exit_3_naming_key_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], config_text: str, expected: str
) -> None:
    status, out = run(tmp_path, config_text, "-s", "1")
    assert status == EXIT_INVALID
    assert expected in capsys.readouterr().err
    assert not out.exists()


def test_config_defaults_and_comments() -> None:
    assert parse_config("# nothing\n\n") == GeneratorConfig()
    config = parse_config(" PlayersNumber = 12 \nDrawPercentage=12.5\nForfeitRate=0\n")
    assert (config.players, config.draw_percentage, config.forfeit_rate) == (12, 12.5, 0)
    with pytest.raises(GeneratorConfigError, match=r"line 1: PlayersNumber=1: must be between 2 and 9999"):
        parse_config("PlayersNumber=1\n")


def test_cli_writes_the_file_with_default_settings(tmp_path: Path) -> None:
    status, out = run(tmp_path, None, "-s", "11")
    assert status == EXIT_OK
    doc = read_trf(out)
    # Settings left out are drawn from the seed (VCL4THP Q25): 10-80 players, 5-11 rounds.
    assert 10 <= len(doc.players) <= 80 and 5 <= (doc.rounds_count or 0) <= 11
    assert out.read_bytes() == write_trf(generate(GeneratorConfig(), 11, "fide-2026")).encode()


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--dutch", "-g", str(tmp_path / "missing.txt"), "-o", str(tmp_path / "o.trf")]) == EXIT_FILE
    # Four players cannot always be paired for three rounds: the round is named, nothing is written.
    config = "PlayersNumber=4\nRoundsNumber=3\nForfeitRate=0\nRetiredRate=0\nHalfPointByeRate=3\n"
    status, out = run(tmp_path, config, "-s", "0")
    assert status == EXIT_NO_PAIRING and not out.exists()
    assert "round 2 cannot be paired" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--dutch", "-g"])  # -o is required
    with pytest.raises(SystemExit):
        main(["--dutch", "-c"])  # -c needs IN.trf
