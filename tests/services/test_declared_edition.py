"""Every reader of a TRF file pairs it by the edition the file declares (issue 30).

A file declaring ``192 FIDE_DUTCH_2016``, ``092 FIDE_DUTCH_2017`` or ``092 FIDE_DUTCH_2016_BAKU`` was imported as
Baku 2016 but paired by ``arbiter-pairings -p``, ``--explain`` and ``-c`` under the 2026 rules.  Each code is tried
here on a round the two editions pair differently: round 2 of ``d26-tiny-60012`` (``manifest.tsv`` of the 2026
corpus lists it), where Baku 2016 gives the bye to #2 (C.04.3 C.5: the most pairs) and C.04.3-2026 to #3
(2.3.1 [C5]: the assignee of the lowest score).  The import, ``-p``, ``-c``, ``--explain`` and the conformance check
must all name and use the same edition.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from arbiter_app.cli.pairings import main
from arbiter_app.conformance import check_tournament
from arbiter_app.cli.explain import run as explain_cli
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, DutchEdition, declared_edition
from arbiter_app.pairing.engine import pair_round
from arbiter_app.pairing.model import RoundPairing
from arbiter_app.persistence import Database
from arbiter_app.services import ConfirmationNeeded, import_trf
from arbiter_app.trf import TrfDocument, parse_trf, read_trf, write_trf
from arbiter_app.trf.rounds import state_before_round
from tests.conftest import DATA

FILE = DATA / "conformance" / "dutch-2026" / "d26-tiny-60012-p5-r4.trf"
"""Paired by the 2026 rules (``092 FIDE_DUTCH_2025``); its round 2 is paired otherwise by Baku 2016."""
DIFFERING_ROUND = 2

DECLARATIONS = [
    ("192 FIDE_DUTCH_2016", BAKU_2016),
    ("092 FIDE_DUTCH_2017", BAKU_2016),
    ("092 FIDE_DUTCH_2016_BAKU", BAKU_2016),
    ("092 FIDE_DUTCH_2016", BAKU_2016),
    ("192 FIDE_DUTCH_2025", FIDE_2026),
    ("092 FIDE_DUTCH_2026", FIDE_2026),
]


def declaring(line: str) -> TrfDocument:
    """The corpus file with ``line`` as its only pairing-system declaration."""
    kept = [text for text in FILE.read_text(encoding="utf-8").splitlines() if text[:3] not in ("092", "192")]
    return parse_trf("\n".join([*kept, line]) + "\n", source=f"{FILE.stem}.trf")


def by(rules: DutchEdition) -> RoundPairing:
    return pair_round(state_before_round(read_trf(FILE), DIFFERING_ROUND), rules)


def pairs(pairing: RoundPairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in pairing.boards}


def test_the_round_tells_the_editions_apart() -> None:
    baku, fide = by(BAKU_2016), by(FIDE_2026)
    assert (baku.bye, fide.bye) == (2, 3)
    assert pairs(baku) == {frozenset((1, 5)), frozenset((3, 4))}
    assert pairs(fide) == {frozenset((1, 2)), frozenset((4, 5))}


@pytest.mark.parametrize(("line", "rules"), DECLARATIONS, ids=[line for line, _ in DECLARATIONS])
def test_every_reader_pairs_the_file_by_its_declared_edition(
    line: str, rules: DutchEdition, tmp_path: Path, db: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = declaring(line)
    assert declared_edition(doc) is rules
    expected = by(rules)

    # arbiter-pairings -p: the file as it stood before the round.
    before = tmp_path / "before.trf"
    before.write_text(write_trf(doc.truncated(DIFFERING_ROUND - 1)), encoding="utf-8")
    out = tmp_path / "pairs.txt"
    assert main(["--dutch", str(before), "-p", str(out)]) == 0
    count, *rows = out.read_text(encoding="utf-8").split("\n")[:-1]
    boards = {frozenset(map(int, row.split())) for row in rows if not row.endswith(" 0")}
    byes = [int(row.split()[0]) for row in rows if row.endswith(" 0")]
    assert int(count) == len(rows) and boards == pairs(expected) and byes == [expected.bye]

    # arbiter-pairings -c and the conformance check: the file's round 2 is the 2026 pairing.
    whole = tmp_path / "whole.trf"
    whole.write_text(write_trf(doc), encoding="utf-8")
    matches = {c.round: c.matches for c in check_tournament(doc)}
    assert matches[DIFFERING_ROUND] is (rules is FIDE_2026)
    capsys.readouterr()
    main(["--dutch", str(whole), "-c"])
    identical = len(matches) - (rules is not FIDE_2026)
    assert f"{identical} of {len(matches)} rounds identical" in capsys.readouterr().out

    # --explain: the edition it names, and the pairing it explains.
    text = io.StringIO()
    assert explain_cli(["--dutch", str(whole), "--explain", "--round", str(DIFFERING_ROUND), "--json",
                        "--no-trails"], text, io.StringIO()) == 0  # fmt: skip
    explained = json.loads(text.getvalue())
    assert explained["edition"] == rules.name

    # The import: the tournament's edition, and its check of the file's rounds against the engine.
    if rules is FIDE_2026:
        info = import_trf(db, whole)
    else:
        with pytest.raises(ConfirmationNeeded, match=r"round\(s\) 2 are not paired as the engine pairs them"):
            import_trf(db, whole)
        info = import_trf(db, before)
    assert info.tournament.edition == rules.name
