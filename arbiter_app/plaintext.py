"""Free text as it may be stored and shown: no hidden characters, bounded lengths, harmless in a spreadsheet.

A name is shown in every report, card and export.  Characters that are not
seen but change what is seen are refused in names (or, for text already
stored, shown as ``<U+202E>``): the bidirectional controls (a name
``\\u202e0-1`` reads "1-0" in a pairing list), zero-width and other format
characters, control characters and line breaks; reports show any stored before as
``[U+202E]`` (:func:`visible`).  A name holds at most the 33
characters of TRF's name field (``001`` line, columns 15-47), so that every
export carries it whole.  A CSV cell that a spreadsheet would take for a
formula (``=``, ``+``, ``-``, ``@``, a tab or a carriage return first) is
written with a leading apostrophe (:func:`csv_cell`).
"""

from __future__ import annotations

import unicodedata

from arbiter_app.errors import ArbiterError

NAME_LENGTH = 33
"""TRF's name field (``001`` line, columns 15-47)."""
ARBITER_NAME_LENGTH = 100
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_hidden(ch: str) -> bool:
    """A character that is not seen but changes what is seen or read: control, format (bidirectional marks,
    zero-width space and joiners, the byte-order mark, soft hyphen), line and paragraph separators, private use,
    unassigned."""
    return ch != "\t" and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Co", "Cn", "Cs")


def codepoint(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def visible(text: str, keep: str = "") -> str:
    """``text`` with each hidden character shown as ``[U+202E]`` (text stored before names were checked);
    ``keep``: characters left as they are (the line ends of a whole document)."""
    if not any(is_hidden(ch) and ch not in keep for ch in text):
        return text
    return "".join(f"[U+{ord(ch):04X}]" if is_hidden(ch) and ch not in keep else ch for ch in text)


def hidden_in(field: str, text: str) -> None:
    """ArbiterError naming the first hidden character of ``text`` and where it is."""
    for k, ch in enumerate(text, 1):
        if is_hidden(ch):
            what = (
                "a direction control" if ch in BIDI_CONTROLS
                else "a line break" if ch in LINE_BREAKS
                else "an invisible or control character"
            )  # fmt: skip
            raise ArbiterError(
                f"{field}: character {k} is {what} ({codepoint(ch)}), which would change how the text reads; "
                "type the text without it"
            )


def check_name(text: str, field: str = "name", limit: int = NAME_LENGTH) -> str:
    """A player's name as stored: blanks squeezed; refused when empty, holding a hidden character, or longer
    than ``limit`` characters."""
    hidden_in(field, text)
    name = " ".join(text.split())
    if not name:
        raise ArbiterError(f"{field}: empty")
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise ArbiterError(f"{field} {name!r}: holds no letter")
    if len(name) > limit:
        raise ArbiterError(
            f"{field}: {len(name)} characters, at most {limit} (the name field of a TRF line); shorten it, e.g. "
            f"{name[:limit].rstrip()!r}"
        )
    return name


def arbiter_name(text: str) -> str:
    """Who works (the audit log's ``by``): one line, no hidden characters, at most 100 characters."""
    return check_name(text, "arbiter's name", ARBITER_NAME_LENGTH)


def csv_cell(value: str) -> str:
    """A cell a spreadsheet shows as text, never evaluates: a leading apostrophe before a formula's first
    character (OWASP's advice for CSV injection)."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def csv_value(cell: str) -> str:
    """A cell written by :func:`csv_cell` read back (the apostrophe dropped before a formula's first character)."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell
