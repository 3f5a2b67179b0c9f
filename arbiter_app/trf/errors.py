"""Errors raised while reading or writing TRF-16 files.

Every problem is raised as an exception, never returned as a string.
"""

from __future__ import annotations

from arbiter_app.errors import ArbiterError


class TrfError(ArbiterError):
    """Base of every error of the TRF package."""


class TrfFormatError(TrfError):
    """The text does not follow TRF-16 (FIDE C.04 Annex 2) or its extensions.

    ``line`` and ``column`` are 1-based and point at the offending field;
    ``expected`` says what the format requires there and ``found`` is the text
    actually present (empty when the line ends before the field).
    """

    def __init__(self, source: str, line: int, column: int, expected: str, found: str) -> None:
        super().__init__(f"{source}:{line}:{column}: expected {expected}, found '{found}'")
        self.source = source
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found


class TrfReadError(TrfError):
    """A TRF file cannot be read (wraps the underlying ``OSError``)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot read {path}: {reason}")
        self.path = path
        self.reason = reason


class TrfWriteError(TrfError):
    """A document holds a value that does not fit its TRF-16 field."""
