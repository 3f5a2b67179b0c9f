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


def name_key(name: str) -> str:
    """``"Nú\u00f1ez, José-María"`` -> ``"nunez jose maria"``: what prefix search compares."""
    if not name.isascii():
        name = unicodedata.normalize("NFKD", name.translate(_LETTERS))
        name = "".join(c for c in name if not unicodedata.combining(c))
        name = "".join(c if c.isalnum() or c.isspace() else " " for c in name)
    return " ".join(name.translate(_ASCII_PUNCTUATION).lower().split())


def key_upper_bound(prefix: str) -> str:
    """The smallest string greater than every string starting with ``prefix`` (``prefix`` not empty)."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)
