"""The random tournament generator: ``arbiter-pairings --dutch -g [CONFIG] -o OUT.trf [-s SEED]``."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.cli.pairings import EXIT_FILE, EXIT_INVALID, EXIT_NO_PAIRING, EXIT_OK, main
from arbiter_app.conformance import check_standings, check_tournament
from arbiter_app.generator import (
    DRAWN,
    TIEBREAK_LISTS,
    GeneratorConfigError,
    expected_score,
    game_result,
    generate,
    parse_config,
    resolve,
)
from arbiter_app.pairing.editions import FIDE_2026
from arbiter_app.trf import TrfDocument, parse_trf, read_trf, write_trf

# Rates high enough that forfeits, half-point byes and retirements all occur.
BUSY = (
    "PlayersNumber=20\nRoundsNumber=7\nForfeitRate=8\nHalfPointByeRate=15\nRetiredRate=40\n"
    "HighestRating=2700\nLowestRating=1400\nDrawPercentage=30\nUnratedPercentage=0\n"
)


def generated(config_text: str, seed: int) -> str:
    """What ``arbiter-pairings -g`` writes: paired by the rules in force (C.04.3-2026)."""
    return write_trf(generate(parse_config(config_text), seed, FIDE_2026))


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
    assert ranked[0].rank == 1 and all((p.rank or 0) <= k for k, p in enumerate(ranked, 1))  # shared ranks
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
    assert parse_config("# nothing\n\n") == DRAWN
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
    assert out.read_bytes() == write_trf(generate(DRAWN, 11, FIDE_2026)).encode()


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--dutch", "-g", str(tmp_path / "missing.txt"), "-o", str(tmp_path / "o.trf")]) == EXIT_FILE
    # Four players cannot always be paired for three rounds: the round is named, nothing is written.
    config = "PlayersNumber=4\nRoundsNumber=3\nForfeitRate=0\nRetiredRate=0\nHalfPointByeRate=3\n"
    status, out = run(tmp_path, config, "-s", "11")
    assert status == EXIT_NO_PAIRING and not out.exists()
    assert "round 3 cannot be paired" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--dutch", "-g"])  # -o is required
    with pytest.raises(SystemExit):
        main(["--dutch", "-c"])  # -c needs IN.trf


# --- FIDE VCL4THP Q24-Q32: the settings, the seed, the FIDE rating table ---

# FIDE Rating Regulations, table 8.1(b): rating difference -> scoring probability of the higher rated player
# (read from the table, not from the code): 0-3 -> 0.50, 92-98 -> 0.63, 198-206 -> 0.76, 375-391 -> 0.91.
TABLE = {0: Fraction(50, 100), 95: Fraction(63, 100), 200: Fraction(76, 100), 380: Fraction(91, 100)}


@pytest.mark.parametrize("difference", sorted(TABLE))
def test_results_follow_the_fide_expected_score_table(difference: int) -> None:
    """20,000 games at each difference (seeded: the same numbers every run): the mean score of the higher
    rated side is the table's within 0.01 (about 3 standard errors), the draws are DrawPercentage x 2 min(E, 1-E)."""
    config = replace(parse_config("DrawPercentage=30\nForfeitRate=0\n"), draw_percentage=Fraction(30))
    rng = random.Random(difference)
    games = [game_result(rng, config, 2000 + difference, 2000) for _ in range(20_000)]
    points = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
    mean = sum(points[white] for white, _ in games) / len(games)
    draws = Fraction(sum(white == "=" for white, _ in games), len(games))
    expected = TABLE[difference]
    assert expected_score(2000 + difference, 2000) == expected
    assert expected_score(2000, 2000 + difference) == 1 - expected
    assert abs(mean - expected) < Fraction(1, 100), float(mean)
    assert abs(draws - Fraction(30, 100) * 2 * min(expected, 1 - expected)) < Fraction(1, 100), float(draws)
    assert all({w, b} <= {"1", "0", "="} for w, b in games)


def test_a_generated_tournament_scores_as_the_table_expects() -> None:
    """Over the played games of a generated tournament, the score of white minus its table expectation
    averages to about 0 (and a generator ignoring ratings, 0.5 a game, would be far off)."""
    doc = generate(parse_config("PlayersNumber=80\nRoundsNumber=9\nForfeitRate=0\nLowestRating=1200\n"
                                "HighestRating=2800\nDrawPercentage=30\nDoubleForfeitPercentage=0\n"
                                    "OddResultPercentage=0\nUnratedPercentage=0\n"), 5, FIDE_2026)  # fmt: skip
    rating = {p.number: p.rating or 0 for p in doc.players}
    points = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}
    gap, naive = Fraction(0), Fraction(0)
    games = 0
    for p in doc.players:
        for entry in p.rounds:
            if entry.opponent is not None and entry.colour == "w":
                games += 1
                gap += points[entry.code] - expected_score(rating[p.number], rating[entry.opponent])
                naive += points[entry.code] - Fraction(1, 2)
    assert games >= 300
    assert abs(gap / games) < Fraction(3, 100)
    assert abs(sum(abs(points[e.code] - expected_score(rating[p.number], rating[e.opponent]))
                   for p in doc.players for e in p.rounds if e.opponent is not None and e.colour == "w")
               / games) < Fraction(1, 2)  # fmt: skip


def test_two_runs_without_seed_differ_and_with_a_seed_are_equal(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=12\nRoundsNumber=5\n")
    files = []
    for k, seed in enumerate([None, None, "42", "42"]):
        out = tmp_path / f"run{k}.trf"
        assert main(["--dutch", "-g", str(config), "-o", str(out), *(["-s", seed] if seed else [])]) == EXIT_OK
        files.append(out.read_text())
    assert files[0] != files[1]  # a fresh seed per run (VCL4THP Q30)
    assert files[2] == files[3]


def test_every_setting_of_q24_shows_in_the_file_and_the_file_passes_the_check() -> None:
    config = parse_config(
        "PlayersNumber=40\nRoundsNumber=9\nAcceleration=baku\nTieBreaks=BH/C1, SB, ARO\n"
        "HalfPointByePercentage=4\nFullPointByeCount@2=2\nZeroPointByeCount@5=1\nZeroPointByePercentage=1\n"
        "ForfeitPercentage=3\nDoubleForfeitPercentage=2\nOddResultPercentage=4\nRetiredRate=0\n"
        "RatingDistribution=normal\nLowestRating=1500\nHighestRating=2300\nUnratedPercentage=10\n"
    )
    doc = generate(config, 11, FIDE_2026)
    text = write_trf(doc)
    for line in ("142 9", "192 FIDE_DUTCH_2025_BAKU", "202 BH/C1,SB,ARO", "XXR 9"):
        assert f"\n{line}\n" in text, line
    cells = [(k, e) for p in doc.players for k, e in enumerate(p.rounds, 1)]
    assert sum(e.code == "F" for k, e in cells if k == 2) == 2 and all(e.code != "F" for k, e in cells if k != 2)
    assert sum(e.code == "Z" for k, e in cells if k == 5) >= 1
    assert any(e.code == "H" for _, e in cells)
    results = [(e.code, doc.player(e.opponent).rounds[k - 1].code) for k, e in cells if e.opponent and e.colour == "w"]
    assert ("-", "-") in results and ({("+", "-"), ("-", "+")} & set(results))  # double and single forfeits
    assert {("=", "0"), ("0", "="), ("0", "0")} & set(results)  # (white, black): the unusual results
    ga = 2 * -(-40 // 4)  # C.04.5: 2 x ceil(n / 4) players in GA
    assert sorted(doc.accelerations) == list(range(1, ga + 1))
    assert doc.accelerations[1] == ("1.0", "1.0", "1.0", "0.5", "0.5", "0.0", "0.0", "0.0", "0.0")
    rated = [p.rating for p in doc.players if p.rating]
    assert all(1500 <= r <= 2300 for r in rated) and len(rated) < 40
    assert all(p.rating == 0 for p in doc.players[len(rated) :])  # the unrated at the bottom
    assert all(c.matches for c in check_tournament(doc))
    ranking = check_standings(doc)
    assert ranking is not None and ranking.codes == ("BH/C1", "SB", "ARO") and not ranking.issues


def test_given_ratings_and_settings_left_out_drawn_from_the_seed() -> None:
    doc = generate(parse_config("Ratings=1800, 2450, 2100, 1999, 2200, 0\nRoundsNumber=4\n"), 1, FIDE_2026)
    assert [p.rating for p in doc.players] == [2450, 2200, 2100, 1999, 1800, 0]
    drawn = [generate(DRAWN, seed, FIDE_2026) for seed in (1, 2, 3)]
    sizes = {(len(d.players), d.rounds_count) for d in drawn}
    assert len(sizes) > 1 and all(10 <= n <= 80 and 5 <= (r or 0) <= 11 for n, r in sizes)
    assert all(all(c.matches for c in check_tournament(d)) for d in drawn)


# Every setting left out of the configuration; the forfeit rate stands for "forfeits" (ForfeitRate or
# ForfeitPercentage), the half-point bye rate for HalfPointByeRate / HalfPointByePercentage.
LEFT_OUT = (
    "forfeit_percentage",
    "double_forfeit_percentage",
    "odd_result_percentage",
    "retired_rate",
    "half_point_bye_rate",
    "full_point_bye_percentage",
    "zero_point_bye_percentage",
    "rating_distribution",
    "unrated_percentage",
    "acceleration",
    "tiebreaks",
)


def test_every_setting_left_out_is_drawn_from_the_seed() -> None:
    """VCL4THP Q25: without a key every setting gets a value drawn from the seed, within sensible bounds;
    one seed always the same values, other seeds other values (each setting takes several)."""
    draws = {seed: resolve(parse_config(""), random.Random(seed)) for seed in range(40)}
    assert all(resolve(parse_config(""), random.Random(seed)) == draws[seed] for seed in (0, 7, 39))
    assert draws[1] != draws[2]
    for name in LEFT_OUT:
        values = {getattr(d, name) for d in draws.values()}
        assert None not in values and len(values) > 1, name
    for d in draws.values():
        assert d.forfeit_percentage is not None and 0 <= d.forfeit_percentage <= 5
        assert all(0 <= v <= 2 for v in (d.double_forfeit_percentage, d.odd_result_percentage,
                                          d.full_point_bye_percentage, d.zero_point_bye_percentage))  # fmt: skip
        assert d.retired_rate in (0, 100, 200, 400) and (d.half_point_bye_rate or 34) >= 33  # at most 3 %
        assert d.tiebreaks in TIEBREAK_LISTS and d.rating_distribution in ("uniform", "normal")
        # C.04.5: Baku acceleration only with nine rounds or more.
        assert d.acceleration == "none" or (d.rounds or 0) >= 9
    # What was given stays as given; a kind of bye given leaves that kind's drawn percentage at 0.
    given = resolve(parse_config("TieBreaks=SB\nFullPointByeCount@1=1\nRetiredRate=0\n"), random.Random(3))
    assert (given.tiebreaks, given.full_point_bye_percentage, given.retired_rate) == (("SB",), 0, 0)


def test_the_drawn_settings_show_in_the_generated_files() -> None:
    """The drawn tie-break list and acceleration are the file's 202 and 192 lines; both vary with the seed."""
    texts = [write_trf(generate(parse_config("PlayersNumber=24\nRoundsNumber=9\n"), seed, FIDE_2026))
             for seed in range(8)]  # fmt: skip
    lists = {t.split("\n202 ")[1].split("\n")[0] for t in texts}
    systems = {t.split("\n192 ")[1].split("\n")[0] for t in texts}
    assert len(lists) > 1 and systems == {"FIDE_DUTCH_2025", "FIDE_DUTCH_2025_BAKU"}
    for text in texts[:3]:
        assert all(c.matches for c in check_tournament(parse_trf(text)))
