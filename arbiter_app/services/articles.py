"""The articles override warnings cite, as the tournament's edition numbers them.

The tables live with the editions of the rules
(:attr:`arbiter_app.pairing.engine.DutchEdition.override_articles`,
:mod:`arbiter_app.pairing.articles`); these helpers read them by edition name.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.pairing.articles import Article, ChangeCase
from arbiter_app.pairing.editions import EDITIONS
from arbiter_app.pairing.editions import edition as edition_named


def _articles(edition: str) -> dict[str, Article]:
    rules = EDITIONS.get(edition)
    return rules.override_articles if rules is not None else {}


def article(edition: str, key: str) -> str:
    """The article's number in ``edition`` (the key itself when the edition's table lacks it)."""
    found = _articles(edition).get(key)
    return found.number if found is not None else key


def article_text(edition: str, key: str) -> str:
    """What the article says, in a few words (empty when the edition's table lacks it)."""
    found = _articles(edition).get(key)
    return found.text if found is not None else ""


def edition_label(edition: str) -> str:
    """The edition's short title (``"Baku 2016"``) for its registry name; an unknown edition as spelled."""
    rules = EDITIONS.get(edition)
    return rules.short_title if rules is not None else edition


def edition_trf_format(edition: str) -> str:
    """The TRF format (``trf-2026``, ``trf-16``) an export takes by default under the edition ``edition`` names."""
    return edition_named(edition).trf_format


def change_cases(edition: str) -> tuple[ChangeCase, ...]:
    """When a published pairing may be changed under ``edition`` (C.04.2.D.10; C.04.2-2026 4.4)."""
    rules = EDITIONS.get(edition)
    return rules.published_change_cases if rules is not None else ()


@dataclass(frozen=True)
class EditionTitle:
    """How the shells name an edition of the rules."""

    name: str
    short: str
    """``FIDE 2026``, ``Baku 2016``."""
    full: str
    """``FIDE (Dutch) system, 2026 edition (C.04.3 applied from 1 February 2026)``."""


def edition_title(edition: str) -> EditionTitle:
    """The edition's names for windows, reports and messages; an unknown edition as it is spelled."""
    rules = EDITIONS.get(edition)
    if rules is None:
        return EditionTitle(edition, edition, edition)
    return EditionTitle(rules.name, rules.short_title, rules.title)


def edition_titles() -> tuple[EditionTitle, ...]:
    """Every edition the engine pairs by, the rules in force first."""
    return tuple(edition_title(name) for name in EDITIONS)
