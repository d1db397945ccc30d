"""Every translated text of the library and its terminal client, one catalogue per language.

Each language is a module of this package (:mod:`~patience_rules.locales.en`,
:mod:`~patience_rules.locales.hi`) holding one mapping, ``TEXTS``, from a
stable key to a :meth:`str.format` template; :func:`text` looks a key up and
fills it in.  The texts of the refusal and notation reasons
(:class:`~patience_rules.Reason`) are the keys ``reason_<code>``.  Every
catalogue has the same keys and, per key, the same ``{fields}``, which the
tests check.

>>> from patience_rules.locales import text
>>> text("undone", "en")
'Undone.'
>>> text("final_score", "hi", score=40, moves="2 चालें")
'अंतिम अंक: 40, 2 चालें के बाद।'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience_rules.locales import en, hi

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["CATALOGUES", "text"]

CATALOGUES: Mapping[str, Mapping[str, str]] = {"en": en.TEXTS, "hi": hi.TEXTS}
"""Each language's catalogue, by language code."""


def text(key: str, lang: str = "en", /, **fields: object) -> str:
    """The text *key* in *lang*, its ``{fields}`` filled in from *fields*.

    Player-safe: a text names only the cards in its *fields*.

    Raises:
        UnknownLanguageError: no catalogue for *lang*.
        KeyError: no text *key* (a programming error, not a user's).
    """
    try:
        catalogue = CATALOGUES[lang]
    except KeyError:
        from patience_rules.reasons import UnknownLanguageError  # noqa: PLC0415 - it imports this

        raise UnknownLanguageError(
            f"no texts in language {lang!r} (available: {', '.join(CATALOGUES)})"
        ) from None
    return catalogue[key].format(**fields)
