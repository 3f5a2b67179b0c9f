"""How each edition of the Dutch rules names and numbers what it says, for the explanation.

An edition (``engine.EDITIONS``) holds one :class:`RulesText`: the name of
the document, the keys of its criteria in the order the best-candidate rule
compares them (C.04.3 B.8; C.04.3-2026 3.8.1), how a criterion is written
(``C.10``; ``[C12]``), the texts of the criteria, and the article numbers of
the procedure.  The explanation names every rule through this object, so
that no edition is spelt out anywhere else.

Procedure articles are asked for by their Baku 2016 number (``cite("B.8")``),
the reference the explanation was first written against; an edition that
numbers the same rule differently maps it (C.04.3-2026 3.8).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arbiter_app.pairing.criteria import QUALITY_CRITERIA


@dataclass(frozen=True)
class RulesText:
    """The words and numbers of one edition of C.04.3."""

    document: str
    """How the explanation names the text: "C.04.3 as approved in Baku 2016"."""
    keys: tuple[str, ...]
    """The criteria a candidate is compared on, in descending priority (as the evaluator keys them)."""
    pairs_key: str
    """The number of pairs, or of downfloaters (C.5; [C6])."""
    scores_key: str
    """The scores of the downfloaters (C.6 the PSD; [C7])."""
    next_key: str
    """The following bracket (C.7; [C8])."""
    bye_unplayed_key: str | None
    """The unplayed games of the bye's assignee ([C9]); None where the edition has no such criterion."""
    score_lists: frozenset[str]
    """Criteria whose failure value is a list of scores or score differences."""
    absolute: Mapping[str, str]
    """The absolute and completion criteria by their Baku name: C.1-C.4 (and [C5], the bye's score)."""
    names: Mapping[str, str]
    """What each criterion asks for, by key (absolute ones included, and the best-candidate rule)."""
    articles: Mapping[str, str] = field(default_factory=dict)
    """Procedure articles by their Baku 2016 number; those absent keep it."""
    bracketed: bool = False
    """Criteria are written in brackets: [C5]."""
    completion_in_every_bracket: bool = False
    """C.04.3-2026 [C4]: every bracket must leave a legal pairing for all players not yet paired (no PPB)."""
    scores_as_points: bool = False
    """The downfloaters' scores criterion ([C7]) is shown as the scores themselves, not differences (A.8)."""
    same_wording: Mapping[str, str] = field(default_factory=dict)
    """Criteria explained with the words of a Baku criterion: ``{"C12": "C.10"}``."""

    def label(self, key: str) -> str:
        """A criterion as the text writes it: ``C.10``, ``[C12]``."""
        return f"[{key}]" if self.bracketed and key[:1] == "C" and key[1:].isdigit() else key

    def cite(self, baku: str) -> str:
        """The article of this edition that says what Baku 2016 ``baku`` said (``"B.8"`` -> ``"3.8"``)."""
        if baku in self.absolute:
            return self.label(self.absolute[baku])
        return self.articles.get(baku, baku)

    def name(self, key: str) -> str:
        return self.names.get(key, "")

    def wording(self, key: str) -> str:
        """The Baku criterion whose explanation in words fits ``key``."""
        return self.same_wording.get(key, key)


BAKU_2016_NAMES: dict[str, str] = {
    **{c.article: c.text for c in QUALITY_CRITERIA},
    "C.7": "choose the downfloaters so that the following bracket gets the most pairs, then the lowest PSD",
    "C.1": "two players shall not meet twice",
    "C.2": "no second pairing-allocated bye, nor one after a forfeit win",
    "C.3": "non-topscorers with the same absolute colour preference shall not meet",
    "C.4": "the PPB must let the round be completed",
    "A.9": "the round-pairing must be complete: every player paired but at most one, who receives the "
    "pairing-allocated bye",
    "B.8": "all criteria equal: the candidate generated first is chosen",
}

BAKU_2016_TEXT = RulesText(
    document="C.04.3 as approved in Baku 2016",
    keys=("C.5", "C.6", "C.7", *(f"C.{k}" for k in range(8, 20))),
    pairs_key="C.5",
    scores_key="C.6",
    next_key="C.7",
    bye_unplayed_key=None,
    score_lists=frozenset({"C.6", "C.16", "C.17", "C.18", "C.19"}),
    absolute={"C.1": "C.1", "C.2": "C.2", "C.3": "C.3", "C.4": "C.4"},
    names=BAKU_2016_NAMES,
    articles={"A.9 order": "A.9", "D": "section D", "E": "section E"},
)

FIDE_2026_NAMES: dict[str, str] = {
    "C1": "2.1.1: two participants shall not play against each other more than once",
    "C2": "2.1.2: no pairing-allocated bye to a participant who has already received one, or has already scored "
    "in one round, without playing, as many points as a win",
    "C3": "2.1.3: non-topscorers with the same absolute colour preference shall not meet",
    "C4": "2.2.1: a pairing complying with the absolute criteria shall always exist for all players not yet paired",
    "C5": "2.3.1: minimise the score of the assignee of the pairing-allocated bye",
    "C6": "2.4.1: minimise the number of downfloaters (maximise the number of pairs)",
    "C7": "2.4.2: minimise the scores (taken in descending order) of the downfloaters",
    "C8": "2.4.3: choose the set of downfloaters so that in the following bracket every criterion from [C1] to "
    "[C7] is complied with (the most pairs, then the lowest downfloater scores)",
    "C9": "2.4.4: minimise the number of unplayed games of the assignee of the pairing-allocated bye",
    "C10": "2.4.5: minimise the topscorers or topscorers' opponents who get a colour difference beyond +-2",
    "C11": "2.4.6: minimise the topscorers or topscorers' opponents who get the same colour three times in a row",
    "C12": "2.4.7: minimise the players who do not get their colour preference",
    "C13": "2.4.8: minimise the players who do not get their strong colour preference",
    "C14": "2.4.9: minimise the resident downfloaters who received a downfloat the previous round",
    "C15": "2.4.10: minimise the MDP opponents who received an upfloat the previous round",
    "C16": "2.4.11: minimise the resident downfloaters who received a downfloat two rounds before",
    "C17": "2.4.12: minimise the MDP opponents who received an upfloat two rounds before",
    "C18": "2.4.13: minimise the score differences of MDPs who received a downfloat the previous round",
    "C19": "2.4.14: minimise the score differences of MDP opponents who received an upfloat the previous round",
    "C20": "2.4.15: minimise the score differences of MDPs who received a downfloat two rounds before",
    "C21": "2.4.16: minimise the score differences of MDP opponents who received an upfloat two rounds before",
    "1.9.1": "the round-pairing must be complete: every player paired but at most one, who receives the "
    "pairing-allocated bye",
    "3.8": "all criteria equal: the candidate generated first is chosen",
}

FIDE_2026_TEXT = RulesText(
    document="C.04.3-2026, as applied from 1 February 2026",
    keys=tuple(f"C{k}" for k in range(6, 22)),
    pairs_key="C6",
    scores_key="C7",
    next_key="C8",
    bye_unplayed_key="C9",
    score_lists=frozenset({"C7", "C18", "C19", "C20", "C21"}),
    absolute={"C.1": "C1", "C.2": "C2", "C.3": "C3", "C.4": "C4", "C.5": "C5"},
    names=FIDE_2026_NAMES,
    articles={
        "A.2": "1.2",
        "A.3": "1.3",
        "A.4": "1.4",
        "A.5": "1.5",
        "A.6": "1.7",
        "A.7": "1.8",
        "A.9": "1.9.1",
        "A.9 order": "1.9.2",
        "B.1": "3.1",
        "B.2": "3.2",
        "B.3": "3.3",
        "B.4": "3.4",
        "B.5": "3.5",
        "B.6": "3.6",
        "B.7": "3.7",
        "B.8": "3.8",
        "B.3-B.8": "3.3-3.8",
        "D": "Article 4",
        "D.1": "4.2",
        "D.2": "4.3",
        "D.3": "4.4",
        "E": "Article 5",
        "E.1": "5.2.1",
        "E.2": "5.2.2",
        "E.3": "5.2.3",
        "E.4": "5.2.4",
        "E.5": "5.2.5",
        "C.04.2.D.5": "C.04.2-2026 3.4",
    },
    bracketed=True,
    completion_in_every_bracket=True,
    scores_as_points=True,
    same_wording={
        "C6": "C.5",
        "C7": "C7",
        "C8": "C.7",
        "C10": "C.8",
        "C11": "C.9",
        "C12": "C.10",
        "C13": "C.11",
        "C14": "C.12",
        "C15": "C.13",
        "C16": "C.14",
        "C17": "C.15",
        "C18": "C.16",
        "C19": "C.17",
        "C20": "C.18",
        "C21": "C.19",
    },
)
