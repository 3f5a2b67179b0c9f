"""The articles a manual change of the pairing is checked against, as each edition numbers them.

An override warning names a rule by a key (``"repeat"``, ``"bye"``, ...);
each edition of the rules holds a table from those keys to its own article
(:attr:`arbiter_app.pairing.engine.DutchEdition.override_articles`), so the
same check cites ``C.04.1.b`` in a Baku 2016 tournament and
``C.04.1-2026 Art. 2`` in a 2026 one.  ``ref`` keys are the short forms used
inside a message ("(C.1)", "([C1])").

C.04.2-2026 4.4 allows changing a published pairing in five cases (Baku
2016's C.04.2.D.10 allowed one, a rematch); :data:`PUBLISHED_CHANGE_CASES_2026`
lists them so that the arbiter says which one applies.  The recovered text of
4.4 is a paraphrase (``shared/spec/fide-2026/general-handling-rules-c0402-2026.md``);
the sub-numbering 4.4.1-4.4.5 follows the order the sources give.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Article:
    """An article of one edition: its number as printed, and what it says in a few words."""

    number: str
    text: str


@dataclass(frozen=True)
class ChangeCase:
    """One case in which a published pairing may be changed."""

    key: str
    article: str
    text: str


BAKU_2016_ARTICLES: dict[str, Article] = {
    "published": Article("C.04.2.D.10", "a published pairing is changed only when it breaks C.04.1.b"),
    "repeat": Article("C.04.1.b", "two players shall not play each other more than once"),
    "forbidden": Article("C.1", "players the arbiter ruled out shall not meet"),
    "absolute-colours": Article("C.3", "non-topscorers with the same absolute colour preference shall not meet"),
    "colour-difference": Article("C.04.1.f", "the colour difference shall not exceed +2 or -2"),
    "three-in-a-row": Article("C.04.1.g", "no player shall receive the same colour three times in a row"),
    "bye": Article("C.2", "a player who had a pairing-allocated bye or a forfeit win shall not get the bye (C.04.1.d)"),
    "completeness": Article("A.9", "every player to be paired is paired exactly once"),
    "not-paired": Article("C.04.2.D.4", "a player with a bye, absent or withdrawn is not paired"),
    "results": Article("C.04.2.D.7", "results of a round are recorded before the next round is paired"),
    "later-rounds": Article("C.04.2.D.8", "a round is paired on the results of the rounds before it"),
    "reason": Article("C.04.2.A.5", "a manual change of the pairing needs the arbiter's reason"),
    # Short references inside messages.
    "ref-rematch": Article("C.1", "two players shall not meet twice"),
    "ref-bye": Article("C.04.1.d", "no second pairing-allocated bye, nor one after a forfeit win"),
    "bye-bar": Article("C.04.1.d", "a pairing-allocated bye or a forfeit win"),
}

FIDE_2026_ARTICLES: dict[str, Article] = {
    "published": Article(
        "C.04.2-2026 4.4",
        "a published pairing is changed only in one of the five cases of 4.4, which the arbiter names",
    ),
    "repeat": Article("C.04.1-2026 Art. 2", "two participants shall not play against each other more than once"),
    "forbidden": Article("C.04.3-2026 2.1.1 [C1]", "participants the arbiter ruled out shall not meet"),
    "absolute-colours": Article(
        "C.04.3-2026 2.1.3 [C3]", "non-topscorers with the same absolute colour preference shall not meet"
    ),
    "colour-difference": Article(
        "C.04.1-2026 Art. 6", "the colour difference shall not be greater than 2 or less than -2"
    ),
    "three-in-a-row": Article(
        "C.04.1-2026 Art. 7", "no participant shall receive the same colour three times in a row"
    ),
    "bye": Article(
        "C.04.3-2026 2.1.2 [C2]",
        "a participant who had a pairing-allocated bye, or scored a win's points in a round without playing, shall "
        "not get the bye (C.04.1-2026 Art. 4)",
    ),
    "completeness": Article(
        "C.04.3-2026 1.9.1", "every participant to be paired is paired exactly once, but at most one with the bye"
    ),
    "not-paired": Article("C.04.2-2026 3.3", "a participant known not to play a round is not paired in it"),
    "results": Article(
        "C.04.2-2026 4.3", "results are corrected only as 4.3 allows; a discarded result is a correction"
    ),
    "later-rounds": Article("C.04.2-2026 4.3", "a correction takes effect in the pairings still to be made"),
    "reason": Article("C.04.2-2026 1.5", "correct pairings shall not be altered in anyone's favour"),
    "ref-rematch": Article("[C1]", "two participants shall not meet twice"),
    "ref-bye": Article("C.04.1-2026 Art. 4", "no second pairing-allocated bye, nor one after a win's points unplayed"),
    "bye-bar": Article("C.04.1-2026 Art. 4", "a pairing-allocated bye, a forfeit win or a full-point bye"),
}

PUBLISHED_CHANGE_CASES_2026: tuple[ChangeCase, ...] = (
    ChangeCase("rematch", "C.04.2-2026 4.4.1", "two participants who have already met were paired (a rematch)"),
    ChangeCase("competition-rules", "C.04.2-2026 4.4.2", "the rules of the competition allow the change"),
    ChangeCase(
        "unpaired-pair",
        "C.04.2-2026 4.4.3",
        "two participants close in the standings, both left without an opponent, agree to play each other",
    ),
    ChangeCase(
        "late-entry",
        "C.04.2-2026 4.4.4",
        "a late entry is admitted, the changes being minimal and agreed by everyone involved",
    ),
    ChangeCase("top-boards", "C.04.2-2026 4.4.5", "unforeseeable events affecting the top boards in the final round"),
)
"""C.04.2-2026 4.4: the five cases in which a published pairing may be changed."""

PUBLISHED_CHANGE_CASES_2016: tuple[ChangeCase, ...] = (
    ChangeCase("rematch", "C.04.2.D.10", "the published pairing breaks C.04.1.b (two players meet a second time)"),
)
"""C.04.2.D.10 (Baku 2016): the one case, a rematch, which the program recognises by itself."""
