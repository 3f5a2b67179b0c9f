"""Search keys for names: lower case, accents folded, punctuation to single spaces."""

from __future__ import annotations

import unicodedata

_LETTERS = str.maketrans(
    {
        "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "æ": "ae", "Æ": "ae",
        "œ": "oe", "Œ": "oe", "ß": "ss", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i",
    }
)  # fmt: skip
_ASCII_PUNCTUATION = str.maketrans({c: " " for c in ",.;:-_'\"()/\\`"})
# The combining accents NFKD splits off Latin letters go; punctuation becomes a space.
_MARKS: dict[int, str | None] = dict.fromkeys(range(0x300, 0x370))
_MARKS.update({ord(c): " " for c in ",.;:-_'\"()/\\`\u2019\u2018\u00b4"})


def name_key(name: str) -> str:
    """``"Nú\u00f1ez, José-María"`` -> ``"nunez jose maria"``: what prefix search compares."""
    if name.isascii():
        return " ".join(name.translate(_ASCII_PUNCTUATION).lower().split())
    folded = unicodedata.normalize("NFKD", name.translate(_LETTERS)).translate(_MARKS)
    return " ".join(folded.lower().split())


def key_upper_bound(prefix: str) -> str:
    """The smallest string greater than every string starting with ``prefix`` (``prefix`` not empty)."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)
