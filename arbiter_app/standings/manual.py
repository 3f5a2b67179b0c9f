"""The Arbiters' Manual's tie-break rule set: codes, definitions and recommended orders.

Source: FIDE Arbiters' Manual, "Tie-Break Regulations" (``shared/spec/001_08ac07da9f6b2b9a.txt``),
the rules in force before FIDE's 2023 Tie-Break Regulations (C.07).  Unplayed
games follow the manual's virtual-opponent rule (:mod:`arbiter_app.standings.unplayed`).

The letters cited follow the manual's alphabetical list ("(a1)", "(b1)"-"(b4)",
"(d1)", "(f1)" survive in the text; the headings "(c) Direct encounter",
"(d) Koya", "(e) games with Black" are lost in the extracted text and inferred
from that order).  "(a5) Sum of Buchholz" comes from the manual's second list.
"The greater number of wins" is named only in the recommended orders; the
progressive score and the performance rating are not defined in the section at
all (see their functions for the reading chosen).
"""

from __future__ import annotations

from arbiter_app.standings import buchholz as bh
from arbiter_app.standings import ratings, tiebreaks
from arbiter_app.standings.rules import GroupTieBreak, PlayerTieBreak, TieBreak, TieBreakRules

SOURCE = "FIDE Arbiters' Manual, Tie-Break Regulations (virtual opponent for unplayed games)"


_TIEBREAKS: tuple[TieBreak, ...] = (
    GroupTieBreak("DE", "Direct encounter", f"{SOURCE}, (c)", tiebreaks.direct_encounter),
    PlayerTieBreak("WIN", "Number of wins", f"{SOURCE}, the greater number of wins", tiebreaks.wins),
    PlayerTieBreak("BLK", "Games with Black", f"{SOURCE}, (e)", tiebreaks.games_with_black),
    PlayerTieBreak("BH", "Buchholz", f"{SOURCE}, (b)", bh.buchholz),
    PlayerTieBreak("MBH", "Median Buchholz", f"{SOURCE}, (b1)", bh.median_buchholz),
    PlayerTieBreak("MBH2", "Median Buchholz 2", f"{SOURCE}, (b2)", bh.median_buchholz_2),
    PlayerTieBreak("BHC1", "Buchholz Cut 1", f"{SOURCE}, (b3)", bh.buchholz_cut_1),
    PlayerTieBreak("BHC2", "Buchholz Cut 2", f"{SOURCE}, (b4)", bh.buchholz_cut_2),
    PlayerTieBreak("SBH", "Sum of Buchholz", f"{SOURCE}, (a5)", bh.sum_of_buchholz),
    PlayerTieBreak("SB", "Sonneborn-Berger", f"{SOURCE}, (f1)", tiebreaks.sonneborn_berger),
    PlayerTieBreak("KOYA", "Koya system", f"{SOURCE}, (d)", tiebreaks.koya),
    PlayerTieBreak("PS", "Progressive score", f"{SOURCE} (not defined there: running scores summed)",
                   tiebreaks.progressive_score),
    PlayerTieBreak("ARO", "Average rating of opponents", f"{SOURCE}, (a)",
                   ratings.average_rating_of_opponents, ratings.aro_key),
    PlayerTieBreak("AROC1", "Average rating of opponents cut 1", f"{SOURCE}, (a1)",
                   lambda c, n: ratings.average_rating_of_opponents_cut(c, n, 1), ratings.aroc_1_key),
    PlayerTieBreak("TPR", "Performance rating", "FIDE Rating Regulations, Rp = Ra + dp (the manual's Rp)",
                   ratings.performance_rating),
)  # fmt: skip

ARBITERS_MANUAL = TieBreakRules(
    name="Arbiters' Manual",
    source=SOURCE,
    tiebreaks={t.code: t for t in _TIEBREAKS},
    recommended={
        # "For different types of tournaments the Tie-Break Rules are as listed below and are
        # recommended to be applied in the listed order."  (The team lists need match points.)
        "individual round robin": ("DE", "WIN", "SB", "KOYA"),
        "individual swiss": ("DE", "WIN", "BLK", "BHC1", "BH", "SB"),
        "individual swiss, all rated": ("DE", "WIN", "BLK", "AROC1", "BHC1", "BH", "SB"),
    },
)
"""The manual's definitions, by code."""
