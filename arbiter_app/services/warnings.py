"""The five warning levels of FIDE's verification checklist (VCL4THP v13 §4), one mechanism for every action.

- Level 1: not standard, allowed without a word.
- Level 2: not described by the regulations: the arbiter is informed (acknowledge only).
- Level 3: not compliant but harmless: proceed or cancel.
- Level 4: not compliant but possibly necessary: two confirmations, the second spelling out the consequences.
- Level 5: prohibited in FIDE mode: refused (possible only once the tournament has left FIDE mode).

A service that meets a Level-3 or Level-4 situation raises :class:`ConfirmationNeeded`
unless its ``confirmed`` argument is at least that level; a Level-5 situation raises
:class:`ProhibitedInFideMode` whatever is confirmed.  ``confirmed`` is the level the
arbiter has answered (``0``: none): a Level-3 answer never passes a Level-4 question,
so no warning can be downgraded, and nothing switches them off (checklist Q218-Q221).
The GUI shows one dialog per level, the command line asks the same questions
(``--yes`` answers Level 3 only).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from arbiter_app.errors import ArbiterError


class Level(enum.IntEnum):
    """A warning's level (checklist §4)."""

    SILENT = 1
    INFORM = 2
    PROCEED = 3
    DOUBLE = 4
    REFUSED = 5


@dataclass(frozen=True)
class Notice:
    """What the arbiter is told: the level, the rule or checklist question it rests on, the text, and (Level 4)
    the consequences the second confirmation spells out."""

    level: Level
    rule: str
    text: str
    consequences: str = ""

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}" if self.rule else self.text


class ConfirmationNeeded(ArbiterError):
    """The action needs the arbiter's confirmation at :attr:`level` (3 or 4; 2: acknowledged, :func:`inform`);
    nothing was changed.

    Call the service again with ``confirmed=needed.level`` once the arbiter has answered.
    """

    def __init__(self, warning: Notice) -> None:
        super().__init__(str(warning))
        self.warning = warning

    @property
    def level(self) -> Level:
        return self.warning.level

    @property
    def rule(self) -> str:
        return self.warning.rule

    @property
    def text(self) -> str:
        return self.warning.text

    @property
    def consequences(self) -> str:
        return self.warning.consequences


class ProhibitedInFideMode(ArbiterError):
    """Level 5: the rules forbid the action and the tournament is in FIDE mode; nothing was changed."""

    def __init__(self, rule: str, text: str) -> None:
        self.warning = Notice(Level.REFUSED, rule, text)
        super().__init__(f"{rule}: {text} (prohibited in FIDE mode; possible only after leaving FIDE mode)")

    @property
    def level(self) -> Level:
        return Level.REFUSED

    @property
    def rule(self) -> str:
        return self.warning.rule


def require(confirmed: int, notices: list[Notice]) -> None:
    """Go on only if every warning is answered: Level 5 refuses; Level 3 and 4 need ``confirmed`` of at least the
    highest level met (all the texts are asked at once, at that level); Level 1 and 2 never stop the action."""
    refused = [n for n in notices if n.level >= Level.REFUSED]
    if refused:
        raise ProhibitedInFideMode(refused[0].rule, "; ".join(n.text for n in refused))
    asking = [n for n in notices if n.level in (Level.PROCEED, Level.DOUBLE)]
    if not asking:
        return
    level = max(n.level for n in asking)
    if int(confirmed) >= level:
        return
    if len(asking) == 1:
        raise ConfirmationNeeded(asking[0])
    raise ConfirmationNeeded(
        Notice(
            level,
            ", ".join(dict.fromkeys(n.rule for n in asking if n.rule and n.level == level)),
            "; ".join(n.text if n.level == level else str(n) for n in asking),  # the others with their rules
            "; ".join(n.consequences for n in asking if n.consequences),
        )
    )


def inform(confirmed: int, notices: list[Notice]) -> None:
    """Level 2 told before the action: :class:`ConfirmationNeeded` at Level 2 until the arbiter has acknowledged
    (``confirmed`` 2 or more: any higher answer includes it); nothing to acknowledge, nothing asked."""
    told = [n for n in notices if n.level == Level.INFORM]
    if not told or int(confirmed) >= Level.INFORM:
        return
    raise ConfirmationNeeded(
        Notice(Level.INFORM, ", ".join(dict.fromkeys(n.rule for n in told if n.rule)), "; ".join(n.text for n in told))
    )


def in_fide_mode_or(fide_mode: bool, level: Level = Level.DOUBLE) -> Level:
    """Level 5 in FIDE mode, else ``level`` (an act the rules forbid: possible only outside FIDE mode)."""
    return Level.REFUSED if fide_mode else level
