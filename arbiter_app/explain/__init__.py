"""Explain a FIDE (Dutch) pairing, C.04.3-2026 or C.04.3 (Baku 2016): what the engine examined and why.

    from arbiter_app.explain import explain_round, why_not, why_float, round_text, round_json

    explanation = explain_round(state, BAKU_2016)  # the outline: brackets in A.9 order, B.1/B.2, colours
    explanation = explain_round(state, FIDE_2026)  # the same by C.04.3-2026 ([C1]-[C21], 1.9, 3.1 ...)
    explanation.trail(4)                          # candidates of bracket 4 in D order, champions, B.4/B.8 end
    explanation.sieve(4)                          # the manual's sieve (up to 2,000 legal candidates)
    why_not(explanation, 6, 7)                    # C.1 / C.3 / C.4 / different brackets / loses on C.x
    why_float(explanation, 11)                    # one reason per bracket #11 floats out of (or the bye)
    print(round_text(explanation))                # plain English citing the articles
    round_json(explanation)                       # data for the GUI panel and for tests
    compare_editions(state)                       # the round by both editions, each difference explained
    outline_view(explanation, stored)             # structured data for a panel (explain.document), rendered by
    outline_html(outline_view(explanation))       # explain.render_html; ``stored``: the round as it stands

Everything that differs between the editions (criteria, their order and
names, article numbers, the downfloaters' scores of [C7] against the PSD of
C.6) comes from the edition object, ``edition.texts``
(``pairing/texts.py``) and ``.criteria``; nothing here branches on an
edition's name.

Every failure value comes from ``arbiter_app.pairing.criteria.evaluate``, the
evaluator the engine's matching weights are built from; C.7 and C.4 pair
what lies below a bracket with the engine's own ``pair_bracket`` and
``completable``.  The command line is :func:`arbiter_app.cli.explain.run`.
"""

from arbiter_app.explain.candidates import ARTICLES, NextBracket, Role, Violation
from arbiter_app.explain.compare import EditionComparison, compare_editions, comparison_json, comparison_text
from arbiter_app.explain.explanation import RoundExplanation, UnknownPlayerError, explain_round
from arbiter_app.explain.outline import BracketOutline, RoundOutline
from arbiter_app.explain.render_json import round_json, why_float_json, why_not_json
from arbiter_app.explain.render_text import round_text
from arbiter_app.explain.sieve import Sieve
from arbiter_app.explain.trail import Trail, TrailCandidate, TrailEnd, TrailSkip
from arbiter_app.explain.why import Verdict, WhyFloat, WhyNot, why_float, why_not
from arbiter_app.explain.why_text import why_float_text, why_not_text

__all__ = [
    "ARTICLES",
    "BracketOutline",
    "EditionComparison",
    "NextBracket",
    "Role",
    "RoundExplanation",
    "RoundOutline",
    "Sieve",
    "Trail",
    "TrailCandidate",
    "TrailEnd",
    "TrailSkip",
    "UnknownPlayerError",
    "Verdict",
    "Violation",
    "WhyFloat",
    "WhyNot",
    "compare_editions",
    "comparison_json",
    "comparison_text",
    "explain_round",
    "round_json",
    "round_text",
    "why_float",
    "why_float_json",
    "why_float_text",
    "why_not",
    "why_not_json",
    "why_not_text",
]
