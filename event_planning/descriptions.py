"""A result named by what its catalogue record says ("the peking duck place", "the one with
the lively bar", "the dumpling one"): the venues whose name, cuisine and "Known for ..." line
say every word of the description, by lemma ("dumpling" is said by "soup dumplings")."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from event_planning.catalog import Venue

__all__ = ["described_by"]


def described_by(venues: Sequence[Venue], words: str) -> list[str]:
    """The names of `venues` whose record says every content word of `words` (stop words
    aside, each word as typed or by its lemma); none when `words` holds no content word or
    the language layer is missing."""
    wanted = _words(words.lower())
    if not wanted:
        return []
    return [v.name for v in venues
            if all(forms & _record(v.name, v.cuisine.label, v.description) for forms in wanted)]


@cache
def _record(name: str, cuisine: str, description: str) -> frozenset[str]:
    """Every form of every content word the catalogue says of a venue."""
    return frozenset(f for forms in _words(f"{name}. {cuisine}. {description}".lower())
                     for f in forms)


@cache
def _words(text: str) -> tuple[frozenset[str], ...]:
    """Each content word of `text` as typed, as its lemma, and without a plural's "s" (the
    tagger lemmatises "dan dan noodles" as a name)."""
    from draftguard.language import language_installed, parse

    if not language_installed():
        return ()
    return tuple(frozenset({t.lower_, t.lemma_.lower(), t.lower_.removesuffix("s")})
                 for t in parse(text, entities=False) if t.is_alpha and not t.is_stop)
