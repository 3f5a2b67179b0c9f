"""The articles an override warning cites, per edition of the FIDE (Dutch) rules: one table.

Each warning names a rule by a key (``"repeat"``, ``"bye"``, ...); the table
gives, for the tournament's edition, the article as that edition numbers it
and a short text.  Another edition (the 2026 text) is one more entry of
:data:`ARTICLES` with the same keys; a key it lacks falls back to nothing
(the warning then shows the key itself).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Article:
    """An article of one edition: its number as printed, and what it says in a few words."""

    number: str
    text: str


EDITION_LABELS: dict[str, str] = {"baku-2016": "Baku 2016"}
"""The editions' names as citations print them."""

ARTICLES: dict[str, dict[str, Article]] = {
    "baku-2016": {
        "published": Article("C.04.2.D.10", "a published pairing is changed only when it breaks C.04.1.b"),
        "repeat": Article("C.04.1.b", "two players shall not play each other more than once"),
        "forbidden": Article("C.1", "players the arbiter ruled out shall not meet"),
        "absolute-colours": Article("C.3", "non-topscorers with the same absolute colour preference shall not meet"),
        "colour-difference": Article("C.04.1.f", "the colour difference shall not exceed +2 or -2"),
        "three-in-a-row": Article("C.04.1.g", "no player shall receive the same colour three times in a row"),
        "bye": Article(
            "C.2", "a player who had a pairing-allocated bye or a forfeit win shall not get the bye (C.04.1.d)"
        ),
        "completeness": Article("A.9", "every player to be paired is paired exactly once"),
        "not-paired": Article("C.04.2.D.4", "a player with a bye, absent or withdrawn is not paired"),
        "results": Article("C.04.2.D.7", "results of a round are recorded before the next round is paired"),
        "later-rounds": Article("C.04.2.D.8", "a round is paired on the results of the rounds before it"),
        "reason": Article("C.04.2.A.5", "a manual change of the pairing needs the arbiter's reason"),
    },
}


def article(edition: str, key: str) -> str:
    """The article's number in ``edition`` (the key itself when the edition's table lacks it)."""
    found = ARTICLES.get(edition, {}).get(key)
    return found.number if found is not None else key


def edition_label(edition: str) -> str:
    """``"Baku 2016"`` for ``"baku-2016"``; an unknown edition as it is spelled."""
    return EDITION_LABELS.get(edition, edition)
