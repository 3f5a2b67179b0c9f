"""``arbiter_app.cli.explain.run`` (``arbiter-pairings --explain``) and the JSON rendering."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from arbiter_app.explain.candidates import ARTICLES
from arbiter_app.cli.explain import EXIT_FILE, EXIT_INVALID, EXIT_OK, run


def _run(*argv: str) -> tuple[int, str, str]:
    """The explanation of the Arbiters' Manual tournament, a Baku 2016 file (no 092 line): said so."""
    out, err = io.StringIO(), io.StringIO()
    status = run([*argv, "--edition", "baku-2016"], out, err)
    return status, out.getvalue(), err.getvalue()


def _json(*argv: str) -> Any:
    status, out, err = _run(*argv, "--json")
    assert status == EXIT_OK, err
    return json.loads(out)


def test_explain_round_json_shape(manual_path: Path) -> None:
    data = _json("--dutch", str(manual_path), "--explain", "--round", "5")
    assert data["round"] == 5
    assert "pairs" in data["key"] and "white" in data["key"]["pairs"]
    for bracket in data["brackets"]:
        assert {"players", "trail", "sieve", "chosen", "m0", "m1", "max_pairs", "s1", "s2", "limbo"} <= set(bracket)
        assert set(bracket["chosen"]["failures"]) == set(ARTICLES)
        trail = bracket["trail"]
        for entry in trail["entries"]:
            if entry["kind"] == "candidate":
                assert set(entry["failures"]) == set(ARTICLES)
                assert all(len(pair) == 2 for pair in entry["pairs"])
                assert "beats_previous_on" in entry and "downfloaters" in entry
    clb = data["brackets"][-1]
    assert clb["collapsed"] and clb["kind"] == "last"
    assert sorted(map(sorted, clb["chosen"]["pairs"])) == [[3, 6], [7, 11], [8, 10]]
    assert [11, 7] in clb["chosen"]["pairs"]  # [white, black]
    sieve = clb["sieve"]
    assert sieve["available"] and len(sieve["candidates"]) == 4 and sieve["decided_by"] == "C.17"
    assert all(c["failures"]["C.6"] == [1.0, 0.5, 0.5] for c in sieve["candidates"])
    assert data["collapsed_scoregroup"] == [3, 10, 11]
    superseded = [b for b in data["brackets"] if b["superseded"]]
    assert len(superseded) == 1 and superseded[0]["completion_test"] is False
    boards = {(b["white"], b["black"]): b["rule"] for b in data["boards"]}
    assert boards[(11, 7)] == "E.1"


def test_round_2_champions_in_json(manual_path: Path) -> None:
    data = _json("--dutch", str(manual_path), "--explain", "--round", "2")
    trail = data["brackets"][0]["trail"]
    first, second = trail["entries"]
    assert first["failures"]["C.10"] == 2 and first["champion"] and first["beats_previous_on"] == "first legal"
    assert second["perfect"] and second["beats_previous_on"] == "C.10"
    assert trail["end"] == "perfect" and trail["champions"] == [1, 2] and trail["result"] == 2


def test_default_round_is_the_next_one(tmp_path: Path, manual_path: Path) -> None:
    """Round cells after round 3 removed: the next round is 4."""
    lines = manual_path.read_text(encoding="utf-8").splitlines()
    cut = [line[: 91 + 30] if line.startswith("001") else line for line in lines]
    path = tmp_path / "three-rounds.trf"
    path.write_text("\n".join(cut) + "\n", encoding="utf-8")
    data = _json("--dutch", str(path), "--explain", "--no-trails")
    assert data["round"] == 4
    assert all(b["trail"] is None for b in data["brackets"])


def test_text_explanation_of_a_played_round(manual_path: Path) -> None:
    status, out, _ = _run("--dutch", str(manual_path), "--explain", "--round", "4")
    assert status == EXIT_OK
    assert "Round 4: the pairing explained" in out
    assert "B.1: M0 = 1, M1 = 1, MaxPairs = 1.  B.2: S1 = [12], S2 = [3, 11]" in out
    assert "Completion test (A.9): passed" in out
    assert "Colours (section E" in out


def test_one_bracket_alone(manual_path: Path) -> None:
    status, out, _ = _run("--dutch", str(manual_path), "--explain", "--round", "5", "--bracket", "7")
    assert status == EXIT_OK
    assert "Bracket 7: the collapsed last bracket" in out and "Bracket 6" not in out
    assert "decided by C.17" in out


def test_why_not_and_why_float(manual_path: Path) -> None:
    status, out, _ = _run("--dutch", str(manual_path), "--why-not", "6", "7", "--round", "5")
    assert status == EXIT_OK and "C.4" in out
    data = _json("--dutch", str(manual_path), "--why-not", "6", "7", "--round", "5")
    assert data["verdict"] == "no_legal_candidate" and data["violation"]["article"] == "C.4"
    data = _json("--dutch", str(manual_path), "--why-float", "11", "--round", "4")
    assert data["floats"] and data["brackets"][0]["search"]["best"]["loses_on"] == "C.7"
    status, out, _ = _run("--dutch", str(manual_path), "--why-float", "11", "--round", "4")
    assert status == EXIT_OK and "So #11 floats, and correctly" in out


def test_exit_codes(tmp_path: Path, manual_path: Path) -> None:
    assert _run("--dutch", str(manual_path), "--why-float", "99", "--round", "4")[0] == EXIT_INVALID
    assert _run("--dutch", str(manual_path), "--why-not", "1", "99")[0] == EXIT_INVALID
    assert _run("--dutch", str(manual_path), "--explain", "--round", "0")[0] == EXIT_INVALID
    assert _run("--dutch", str(manual_path), "--explain", "--round", "11")[0] == EXIT_INVALID
    assert _run("--dutch", str(manual_path), "--explain", "--round", "4", "--bracket", "9")[0] == EXIT_INVALID
    assert _run("--dutch", str(manual_path))[0] == EXIT_INVALID
    assert _run("--dutch", str(tmp_path / "missing.trf"), "--explain")[0] == EXIT_FILE
    status, _, err = _run("--dutch", str(tmp_path), "--explain")
    assert status == EXIT_FILE and err
