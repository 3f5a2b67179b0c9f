"""Tie-break codes with their modifiers: ``BH/C1``, ``BH-M1``, ``KS/L+1``, ``ARO/U1400``, ``TPN/R``.

C.07-2026 Article 5 gives the acronyms, Article 14 the modifiers:

* ``/Cn`` Cut-n: the n least significant values are cut (14.1, 14.2);
* ``/Mn`` Median-n: the n least and the n most significant values (14.3, 14.4);
* ``/L+k`` or ``/L-k``: Koya's limit raised or lowered by k half points (14.5);
  ``/L+1.5`` (with a decimal point) moves it by that many points;
* ``/Unnnn``: unrated players count as rated nnnn in rating-based tie-breaks
  (Article 10 allows that rule when published before the start);
* ``/R``: the reverse order (7.8 TPN, 10.6 RTNG);
* ``/P``: direct encounter with forfeit wins and losses counted as games
  played (6.1.1: "unless the specific regulations of the tournament state
  otherwise"; the FIDE TEC checker's ``DE/P``).

``-`` is accepted for ``/`` (the regulations write ``BH-C1``); the canonical
form uses ``/``.  A code that does not parse, or a modifier a tie-break does
not take, raises :class:`TieBreakCodeError` naming the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_app.errors import ArbiterError

CUTTABLE = frozenset({"BH", "FB", "SB", "AOB", "PS", "ARO", "TPR"})
"""Tie-breaks based on a sum of values (Article 14) that take Cut-n here (KS takes its limit instead)."""
MEDIAN = frozenset({"BH", "FB", "SB", "AOB", "ARO", "TPR"})
"""Tie-breaks that take Median-n (14.3, 14.4); PS cuts rounds from the start only."""
RATED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""Article 10 tie-breaks: they take the unrated players' rule ``/Unnnn``."""
REVERSIBLE = frozenset({"TPN", "RTNG"})
"""7.8 and 10.6 allow the reverse order."""
ALIASES = {"GE": "REP"}
"""C.07-2024 names 7.6 "GE"."""


class TieBreakCodeError(ArbiterError):
    """A tie-break code that is unknown or malformed."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"tie-break {code!r}: {reason}")
        self.code = code


@dataclass(frozen=True)
class TieBreakCode:
    """A parsed tie-break code."""

    base: str
    """The Article 5 acronym (``"BH"``)."""
    cut: int = 0
    """Least significant values cut (Cut-n, and the low half of Median-n)."""
    high: int = 0
    """Most significant values cut (the high half of Median-n)."""
    limit: Fraction = Fraction(0)
    """Koya's limit moved by this many points (14.5)."""
    unrated: int | None = None
    """Rating given to unrated players (Article 10), None when none is published."""
    reverse: bool = False
    """Reverse order (7.8, 10.6)."""
    forfeits: bool = False
    """DE/P: forfeits count as games played (6.1.1)."""

    def __str__(self) -> str:
        parts = [self.base]
        if self.high:
            parts.append(f"M{self.high}")
        elif self.cut:
            parts.append(f"C{self.cut}")
        if self.limit:
            halves = self.limit * 2
            parts.append(f"L{'+' if halves > 0 else '-'}{abs(halves)}")
        if self.unrated is not None:
            parts.append(f"U{self.unrated}")
        if self.reverse:
            parts.append("R")
        if self.forfeits:
            parts.append("P")
        return "/".join(parts)


_MODIFIER = re.compile(
    r"^(?:(?P<c>C)(?P<cn>\d{1,2})|(?P<m>M)(?P<mn>\d{1,2})|L(?P<ls>[+-]?)(?P<lv>\d+(?:\.\d+)?)|U(?P<u>\d{1,4})"
    r"|(?P<r>R)|(?P<p>P))$"
)
"""A modifier: ``Cn``/``Mn`` (n of one or two digits), ``L+k``/``L-k``/``Lk`` (``KS/L1``, the checklist's spelling, is
``KS/L+1``), ``Unnnn``, ``R``, ``P``."""


def parse_code(text: str, known: frozenset[str] | None = None) -> TieBreakCode:
    """One code; ``known`` limits the acronyms (an edition's list)."""
    raw = text.strip()
    parts = re.split(r"/|-(?=[A-Z])", raw.upper().replace(" ", ""))
    if not raw or not parts[0]:
        raise TieBreakCodeError(raw, "empty code")
    base = ALIASES.get(parts[0], parts[0])
    if known is not None and base not in known:
        raise TieBreakCodeError(raw, f"unknown tie-break (known: {', '.join(sorted(known))})")
    code = TieBreakCode(base)
    for part in parts[1:]:
        m = _MODIFIER.match(part)
        if m is None:
            raise TieBreakCodeError(raw, f"malformed modifier {part!r}")
        if m["c"] or m["m"]:
            n = int(m["cn"] or m["mn"])
            allowed = CUTTABLE if m["c"] else MEDIAN
            if base not in allowed or n < 1 or code.cut:
                raise TieBreakCodeError(raw, f"{base} takes no modifier {part!r}")
            code = TieBreakCode(base, n, n if m["m"] else 0, code.limit, code.unrated, code.reverse)
        elif m["lv"] is not None:
            if base != "KS":
                raise TieBreakCodeError(raw, f"only KS takes a limit ({part!r})")
            value = Fraction(m["lv"]) if "." in m["lv"] else Fraction(int(m["lv"]), 2)
            code = TieBreakCode(base, code.cut, code.high, value if m["ls"] != "-" else -value, code.unrated,
                                code.reverse)  # fmt: skip
        elif m["u"]:
            if base not in RATED:
                raise TieBreakCodeError(raw, f"{base} is not rating-based ({part!r})")
            code = TieBreakCode(base, code.cut, code.high, code.limit, int(m["u"]), code.reverse)
        elif m["p"]:
            if base != "DE":
                raise TieBreakCodeError(raw, f"only DE counts forfeits as games ({part!r})")
            code = replace(code, forfeits=True)
        else:
            if base not in REVERSIBLE:
                raise TieBreakCodeError(raw, f"{base} has no reverse order ({part!r})")
            code = TieBreakCode(base, code.cut, code.high, code.limit, code.unrated, True)
    return code


def check_rounds(codes: tuple[TieBreakCode, ...], rounds: int) -> None:
    """Refuse a Cut-n or Median-n that leaves no value of a tournament of ``rounds`` rounds (``BH/C9`` of 9 rounds:
    every value cut, everyone 0), as a malformed code is refused."""
    for code in codes:
        cut = code.cut + code.high
        if cut and cut >= rounds:
            raise TieBreakCodeError(
                str(code), f"cuts {cut} of the {rounds} values of a tournament of {rounds} rounds: none is left"
            )


def parse_codes(text: str, known: frozenset[str] | None = None) -> tuple[TieBreakCode, ...]:
    """An ordered list separated by commas, semicolons or spaces: ``"BH-C1, TPR, SB"``."""
    items = [t for t in re.split(r"[,;\s]+", text.strip()) if t]
    return tuple(parse_code(t, known) for t in items)
