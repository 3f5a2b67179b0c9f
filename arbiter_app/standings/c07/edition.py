"""The editions of FIDE C.07 (Play-Off and Tie-Break Regulations) this package implements.

Everything that differs between the edition applied from 1 August 2024 and
the one applied from 1 March 2026 is a field of :class:`Edition`; no other
code of the package asks which edition it runs.

Differences (``shared/spec/fide-2026/tiebreaks-c07-2026.md``, "Differences"):

* C.07-2026 16.4.1 / 16.4.2 cap the dummy opponent's score (the forfeit's
  scheduled opponent's adjusted score; draw points x rounds for byes).  The
  2024 text has only "the dummy's score ... is the participant's own score".
* C.07-2026 7.7 STD, 7.8 TPN and 10.6 RTNG are new; 7.6 is named "Rounds one
  Elected to Play (REP)" (2024: "Games one Elected to Play (GE)").
* C.07-2026 4.2 breaks remaining ties by lot unless the rules say otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Edition:
    """One edition of C.07: its name and every rule that differs between editions."""

    key: str
    """Short identifier used in settings and on the command line (``"c07-2026"``)."""
    label: str
    """Prefix of article citations (``"C.07-2026"``)."""
    title: str
    """What the edition is and when it applies."""
    dummy_caps: bool
    """16.4.1 / 16.4.2: the dummy's score is capped (2026) or is the participant's own score (2024)."""
    codes: frozenset[str]
    """The individual tie-breaks the edition defines (Article 5 acronyms)."""
    rep_name: str
    """The name of Article 7.6 in this edition."""
    remaining_ties: str
    """4.2: what happens to ties left when the list is exhausted."""

    def cite(self, article: str) -> str:
        """``"C.07-2026 16.4.1"``."""
        return f"{self.label} {article}"


_COMMON = frozenset({
    "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "BH", "AOB", "FB", "SB", "KS",
    "ARO", "TPR", "PTP", "APRO", "APPO",
})  # fmt: skip

C07_2024 = Edition(
    key="c07-2024",
    label="C.07-2024",
    title="FIDE C.07 Tie-Break Regulations, applied from 1 August 2024",
    dummy_caps=False,
    codes=_COMMON,
    rep_name="Games one Elected to Play (GE)",
    remaining_ties="moving to the next tie-break whenever a persisting tie cannot be broken",
)

C07_2026 = Edition(
    key="c07-2026",
    label="C.07-2026",
    title="FIDE C.07 Play-Off and Tie-Break Regulations, applied from 1 March 2026",
    dummy_caps=True,
    codes=_COMMON | {"STD", "TPN", "RTNG"},
    rep_name="Rounds one Elected to Play (REP)",
    remaining_ties="drawing of lots, unless the rules of the tournament say such ties are not broken",
)

EDITIONS: dict[str, Edition] = {e.key: e for e in (C07_2024, C07_2026)}
"""The editions by key."""
