"""The catalogue venues a sentence names, found with rapidfuzz (the longest of overlapping
matches wins: "Bánh Mì Saigon House" is not "Saigon House"). No ADK here."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache

from rapidfuzz import fuzz, process

from draftguard.claims._numbers import with_digits
from event_planning.catalog import Venue, load_catalog

__all__ = ["DEFAULT_SCORE_CUTOFF", "VenueNames", "catalogue_names", "plain", "short_named"]

#: rapidfuzz ratio (0-100) a stretch of a sentence needs to count as naming a venue.
DEFAULT_SCORE_CUTOFF = 90.0


def plain(text: str) -> str:
    """Lower case, accents off, numbers in digits ("five hundred" is "500"), clause
    punctuation one ";", any other run one space."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))
    clauses = re.sub(r"[,;:()\[\]!?]+", " ; ", with_digits(bare.lower()))
    return " ".join(re.sub(r"[^a-z0-9$;]+", " ", clauses).split())


class VenueNames:
    """Finds the catalogue venues a sentence names (rapidfuzz, longest overlapping wins)."""

    def __init__(
        self, venues: Sequence[Venue], *, score_cutoff: float = DEFAULT_SCORE_CUTOFF
    ) -> None:
        self.venues = tuple(venues)
        self.score_cutoff = score_cutoff
        self._names = [(plain(v.name), v) for v in self.venues]
        self._plain_names = [name for name, _ in self._names]

    def named(self, sentence: str) -> list[tuple[Venue, int, int]]:
        """(venue, start, end) in `plain(sentence)` for every venue it names."""
        text = plain(sentence)
        found: list[tuple[float, int, Venue, int, int]] = []
        # One pass over all names in C first; alignments only for the few that pass.
        hits = process.extract(text, self._plain_names, scorer=fuzz.partial_ratio,
                               score_cutoff=self.score_cutoff, limit=None)
        for _, _, index in hits:
            name, venue = self._names[index]
            span = self._span(name, text)
            if span is not None:
                found.append((span[0], len(name), venue, span[1], span[2]))
        found.sort(key=lambda f: (-f[0], -f[1]))
        taken: list[tuple[Venue, int, int]] = []
        for _, _, venue, start, end in found:
            if all(end <= s or start >= e for _, s, e in taken):
                taken.append((venue, start, end))
        return taken

    def is_venue_name(self, phrase: str) -> bool:
        return process.extractOne(plain(phrase), self._plain_names, scorer=fuzz.ratio,
                                  score_cutoff=self.score_cutoff) is not None

    def _span(self, name: str, text: str) -> tuple[float, int, int] | None:
        if len(name) > len(text):
            return None
        hit = fuzz.partial_ratio_alignment(name, text, score_cutoff=self.score_cutoff)
        if hit is None:
            return None
        # Whole words only: "Sakura Table" must not match inside "Ramen Sakura Tables".
        start = text.rfind(" ", 0, hit.dest_start + 1) + 1 if hit.dest_start else 0
        end = text.find(" ", max(hit.dest_end - 1, start))
        end = len(text) if end == -1 else end
        score = fuzz.ratio(name, text[start:end], score_cutoff=self.score_cutoff)
        return (score, start, end) if score else None


@cache
def catalogue_names() -> VenueNames:
    """The bundled catalogue's names, at the default cutoff (built once)."""
    return VenueNames(load_catalog())


def short_named(text: str, session: Sequence[Venue], *,
                written: str = "") -> list[tuple[Venue, int, int]]:
    """The session's venues the plain `text` names by the first or the last two or more
    words of their name ("Pier 9" for Pier 9 Raw Bar, "Saffron Court" for Tandoor Saffron
    Court), written in `written` (the sentence as it came) as the name writes them, capitals
    and all ("bánh mì on house-baked rolls" is a dish, not Bánh Mì Huế Garden; "raw bar" is no
    name), when no other venue of the session's name holds those words: (venue, start, end)
    in `text`."""
    padded = f" {text} "
    found: list[tuple[Venue, int, int]] = []
    for venue in session:
        words = plain(venue.name).split()
        for short in _shortened(words, venue.name, written):
            at = padded.find(f" {short} ")
            if at < 0:
                continue
            if not any(f" {short} " in f" {plain(o.name)} " for o in session if o is not venue):
                found.append((venue, at, at + len(short)))
            break
    return found


def _cased_words(text: str) -> list[str]:
    """The words of `text` as written, capitals kept, accents and punctuation off."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))
    return re.sub(r"[^A-Za-z0-9]+", " ", bare).split()


def _shortened(words: list[str], name: str, written: str) -> list[str]:
    """A name's shorter forms, longest first: its first words, then its last ("pier 9",
    "saffron court"), each only when `written` holds it as the name writes it (capitals
    kept, accents and punctuation aside); two words at least."""
    cased = _cased_words(name)
    if len(cased) != len(words):
        return []  # the name's words and its plain ones do not pair up
    shown = f" {' '.join(_cased_words(written))} "
    heads = [" ".join(words[:k]) if f" {' '.join(cased[:k])} " in shown else ""
             for k in range(len(words) - 1, 1, -1)]
    tails = [" ".join(words[-k:]) if f" {' '.join(cased[-k:])} " in shown else ""
             for k in range(len(words) - 1, 1, -1)]
    return [s for pair in zip(heads, tails, strict=True) for s in pair if s]
