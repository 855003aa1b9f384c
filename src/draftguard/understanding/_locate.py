"""Finding the place an edit request describes: phrases, sentences and paragraphs of a post.

Retrieval, not guessing: a phrase is found word for word (case and curly quotes aside); a
description ("the bit about the flask", "the sentence where I moan about the hills") is
scored against every sentence or paragraph in the named scope by meaning and by words: the
cosine of sentence embeddings (`draftguard.language.similarities`), plus the share of the
description's topic words (stems, weighted by how rare they are in the post) each unit
holds. The words decide alone when they are clear; the embeddings are computed only when
they are not. Only a unique, clear best match is a place; anything else is a list of
candidates to ask about.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from rapidfuzz import fuzz, process

from draftguard.edits._scope import ScopeError, resolve_scope
from draftguard.markdown import BlockKind, MarkdownMap, normalize_title
from draftguard.split._coverage import stems
from draftguard.text import SENTENCE_END, straighten_quotes

__all__ = ["Located", "PostView", "Span"]

#: Share of a description's topic weight the best unit must hold.
DEFAULT_MIN_COVERAGE = 0.5
#: How much more of it the best unit must hold than the runner-up to be the clear best.
DEFAULT_MARGIN = 0.2
#: The blended score (cosine + `LEXICAL_WEIGHT` x word coverage) the best unit must reach.
DEFAULT_MIN_SCORE = 0.3
#: How far ahead of the runner-up the best unit's blended score must be.
DEFAULT_SEMANTIC_MARGIN = 0.15
#: A unit found only by the names a description holds is not acted on when another unit's
#: meaning is this near the found one's, or nearer (cosine): "the duration of Mr X's
#: handshake" names Mr X's sentence, but means the one about the long handshake.
DEFAULT_RIVAL_MARGIN = 0.05
#: The weight of word coverage (0..1) against the cosine (about 0.1..0.8) in the blend.
LEXICAL_WEIGHT = 0.5
#: Units listed at most when the words stand in several alike.
MAX_TIED = 5
#: The weight of a description's words standing in a unit's opening words.
LEAD_BONUS = 0.25
LEAD_WORDS = 8
#: rapidfuzz WRatio a section name must reach to name a heading.
DEFAULT_HEADING_CUTOFF = 85.0


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of the post: offsets into its text, and that text."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Located:
    """The one place meant (`span`), or the candidates to ask about (`span` None)."""

    span: Span | None
    candidates: tuple[Span, ...] = ()


class PostView:
    """One post, parsed once: its paragraphs, sentences and headings."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.folded = straighten_quotes(text).casefold()
        # casefold can change lengths (ß -> ss); offsets must hold, so fall back to lower.
        if len(self.folded) != len(text):
            self.folded = straighten_quotes(text).lower()
        self.doc = MarkdownMap(text)

    def span(self, start: int, end: int) -> Span:
        return Span(start, end, self.text[start:end])

    @cached_property
    def paragraphs(self) -> list[Span]:
        return [self.span(b.start, b.end) for b in self.doc.body_blocks()
                if b.kind is BlockKind.PARAGRAPH]

    @cached_property
    def headings(self) -> list[tuple[str, Span]]:
        """(title, span of the title's words) for every heading."""
        out: list[tuple[str, Span]] = []
        for b in self.doc.body_blocks():
            if b.kind is BlockKind.HEADING and b.title:
                at = self.text.find(b.title, b.start, b.end)
                if at >= 0:
                    out.append((b.title, self.span(at, at + len(b.title))))
        return out

    @cached_property
    def sentences(self) -> list[Span]:
        out: list[Span] = []
        for para in self.paragraphs:
            pos = para.start
            for m in [*SENTENCE_END.finditer(para.text), None]:
                end = para.start + (m.start() if m else len(para.text))
                if self.text[pos:end].strip():
                    out.append(self.span(pos, end))
                pos = para.start + m.end() if m else pos
        return out

    def topic_stems(self, unit: Span) -> frozenset[str]:
        """`unit`'s topic words, stemmed (once per unit: stemming is most of a lookup)."""
        key = (unit.start, unit.end)
        found = self._stems.get(key)
        if found is None:
            found = self._stems[key] = frozenset(stems(unit.text))
        return found

    @cached_property
    def _stems(self) -> dict[tuple[int, int], frozenset[str]]:
        return {}

    @cached_property
    def _idf(self) -> dict[str, float]:
        df = Counter(s for unit in self.sentences for s in self.topic_stems(unit))
        n = len(self.sentences)
        return {s: math.log((n + 1) / (c + 0.5)) + 0.1 for s, c in df.items()}

    # -- scopes ------------------------------------------------------------------------------
    def region(self, scope: str) -> Span | None:
        """The section or natural scope ("conclusion", "last paragraph") `scope` names, as
        the patcher resolves it; None when it names none."""
        try:
            region = resolve_scope(self.doc, scope)
        except ScopeError:
            return None
        return self.span(region.start, region.end)

    def heading(self, name: str, *, score_cutoff: float = DEFAULT_HEADING_CUTOFF) -> Span | None:
        """The one heading `name` names (fuzzy), else None."""
        titles = [normalize_title(t) for t, _ in self.headings]
        wanted = normalize_title(name)
        hits = process.extract(wanted, titles, scorer=fuzz.WRatio, limit=2,
                               score_cutoff=score_cutoff)
        if not hits:
            # "the kit section" for "Kit I would bring next time": the title's first words
            opening = [i for i, t in enumerate(titles)
                       if wanted and t.split()[:len(wanted.split())] == wanted.split()]
            return self.headings[opening[0]][1] if len(opening) == 1 else None
        if len(hits) > 1 and hits[1][1] >= hits[0][1]:
            return None
        return self.headings[hits[0][2]][1]

    def units(self, kind: str, within: Span | None) -> list[Span]:
        pool = self.paragraphs if kind == "paragraph" else self.sentences
        if within is None:
            return list(pool)
        return [u for u in pool if within.start <= u.start and u.end <= within.end]

    # -- phrases -----------------------------------------------------------------------------
    def occurrences(self, phrase: str, within: Span | None = None) -> list[Span]:
        """Every place `phrase` stands word for word (case, curly quotes, spacing aside)."""
        words = straighten_quotes(phrase).casefold().split()
        if not words:
            return []
        # a word inside a hyphened one ("thirty" of "thirty-two") is not that word
        pattern = re.compile(r"(?<![\w-])" + r"\s+".join(map(re.escape, words)) + r"(?![\w-])")
        # The front matter is set through its fields, never patched as words.
        lo, hi = (within.start, within.end) if within else (self.doc.body_start,
                                                            len(self.text))
        return [self.span(m.start(), m.end()) for m in pattern.finditer(self.folded, lo, hi)]

    def unique_anchor(self, span: Span) -> Span:
        """`span` grown word by word (right, then left) until it occurs once in the post."""
        start, end = span.start, span.end
        for _ in range(40):
            if len(self.occurrences(self.text[start:end])) <= 1:
                break
            m = re.match(r"\s*\S+", self.text[end:])
            if m is not None and "\n\n" not in m.group(0):
                end += m.end()
                continue
            m = re.search(r"\S+\s*\Z", self.text[:start])
            if m is None or "\n\n" in m.group(0):
                break
            start = m.start()
        return self.span(start, end)

    # -- descriptions ------------------------------------------------------------------------
    def describe(
        self,
        description: str,
        kind: str,
        within: Span | None = None,
        *,
        min_coverage: float = DEFAULT_MIN_COVERAGE,
        margin: float = DEFAULT_MARGIN,
        min_score: float = DEFAULT_MIN_SCORE,
        semantic_margin: float = DEFAULT_SEMANTIC_MARGIN,
        rival_margin: float = DEFAULT_RIVAL_MARGIN,
        by_meaning: bool = True,
    ) -> Located:
        """The sentence (or paragraph) `description` is about, within `within`: by its words
        when they name one unit clearly (`min_coverage`, `margin`), else by meaning and words
        blended (`min_score`, `semantic_margin`; `by_meaning=False`: words only). A unit
        holding only the names of the description, with another as near in meaning
        (`rival_margin`), is no clear answer: both are candidates."""
        units = self.units(kind, within)
        if not units:
            return Located(None)
        description = self.respelt(description)
        if kind == "paragraph":
            under = self._under_heading(description, units)
            if under is not None:
                return Located(under)
        lexical = self._coverage(description, units, lead=kind == "paragraph")
        order = sorted(range(len(units)), key=lambda i: -lexical[i])
        best = lexical[order[0]]
        second = lexical[order[1]] if len(order) > 1 else 0.0
        if best >= min_coverage and best - second >= margin:
            rival = self._rival(description, units, order[0], rival_margin) \
                if by_meaning and self._names_only(description, units[order[0]]) else None
            if rival is None and by_meaning:
                rival = self._nearer(description, units, order[0])
            if rival is not None:
                return Located(None, tuple(units[i] for i in sorted((order[0], rival))))
            return Located(units[order[0]])
        if best >= min_coverage:
            # The words stand in several units alike: the author named words, so meaning
            # does not pick among them; they are asked about, in the post's order.
            tied = [i for i in order[:MAX_TIED] if best - lexical[i] < margin]
            return Located(None, tuple(units[i] for i in sorted(tied)))
        if not by_meaning:
            return Located(None, tuple(units[i] for i in order[:3] if lexical[i] > 0))
        return self._blended(description, units, lexical, min_score=min_score,
                             semantic_margin=semantic_margin, rival_margin=rival_margin)

    def _blended(self, description: str, units: list[Span], lexical: list[float], *,
                 min_score: float, semantic_margin: float, rival_margin: float) -> Located:
        """The unit clearly best by meaning and words blended (`min_score`, ahead by
        `semantic_margin`), unless another is nearer in meaning by `rival_margin` or more
        (the words held point at one unit, the meaning at another: both are asked about);
        else the near ones, in the post's order, as the author reads it."""
        from draftguard.language import similarities

        cosines = [float(c) for c in similarities(description, [u.text for u in units])]
        blended = [c + LEXICAL_WEIGHT * lex for c, lex in zip(cosines, lexical, strict=True)]
        order = sorted(range(len(units)), key=lambda i: -blended[i])
        top = blended[order[0]]
        runner = blended[order[1]] if len(order) > 1 else 0.0
        nearest = max(range(len(units)), key=lambda i: cosines[i])
        if top >= min_score and top - runner >= semantic_margin:
            if cosines[nearest] - cosines[order[0]] < rival_margin:
                return Located(units[order[0]])
            return Located(None, tuple(units[i] for i in sorted((order[0], nearest))))
        near = [i for i in order[:3] if blended[i] >= top - semantic_margin
                and blended[i] >= min_score / 2]
        return Located(None, tuple(units[i] for i in sorted(near)))

    def _nearer(self, description: str, units: list[Span], found: int) -> int | None:
        """The unit nearer in meaning to `description` than unit `found`, when `found`
        holds only some of its words ("what my family nicknamed the boat": the sentence
        holding "boat" is not the one about the nickname), else None."""
        if min(self._coverage(description, [units[found]])) >= 1.0:
            return None
        from draftguard.language import similarities

        cosines = [float(c) for c in similarities(description, [u.text for u in units])]
        nearest = max(range(len(units)), key=lambda i: cosines[i])
        return nearest if nearest != found and cosines[nearest] > cosines[found] else None

    def _under_heading(self, description: str, units: list[Span]) -> Span | None:
        """"the paragraph about the pub" under a heading "The pub": its one paragraph."""
        named = self.heading(description)
        region = self.region(named.text) if named is not None else None
        inside = [u for u in units if region is not None and
                  region.start <= u.start and u.end <= region.end]
        return inside[0] if len(inside) == 1 else None

    def _names_only(self, description: str, unit: Span) -> bool:
        """Whether the words of `description` that `unit` holds are only names (capitalised
        after the first word: "the duration of Mr Featherstone's handshake" holds "Mr
        Featherstone"), so the unit says who, and the other words say what."""
        held = set(stems(description)) & self.topic_stems(unit)
        names = {s for word in description.split()[1:] if word[:1].isupper()
                 for s in stems(word)}
        return bool(held) and held <= names

    def _rival(self, description: str, units: list[Span], found: int,
               margin: float) -> int | None:
        """Another unit as near in meaning as unit `found` (cosine, within `margin`) to
        `description`, or to its words other than names ("the strength of Mr X's embrace":
        "the strength of embrace"), else None."""
        from draftguard.language import similarities

        others = [i for i in range(len(units)) if i != found]
        first, *rest = description.split()
        gist = " ".join([first, *(w for w in rest if not w[:1].isupper())])
        for said in dict.fromkeys((description, gist)):
            cosines = [float(c) for c in similarities(said, [u.text for u in units])]
            near = max(others, key=lambda i: cosines[i], default=None)
            if near is not None and cosines[near] >= cosines[found] - margin:
                return near
        return None

    def _coverage(self, description: str, units: list[Span], *,
                  lead: bool = False) -> list[float]:
        """The share of `description`'s topic weight each unit holds, plus (`lead`, for
        paragraphs) up to `LEAD_BONUS` for holding it in its opening words (a unit is about
        what it opens with: "Race day was cold" is the race day paragraph, "... three weeks
        before race day" only mentions it)."""
        wanted = list(dict.fromkeys(stems(description)))
        if not wanted:
            return [0.0] * len(units)
        weight = {s: self._idf.get(s, 1.0) for s in wanted}
        total = sum(weight.values())
        out = []
        for u in units:
            opening = self._opening_stems(u) if lead else frozenset()
            share = sum(w for s, w in weight.items() if s in self.topic_stems(u)) / total
            opens = sum(w for s, w in weight.items() if s in opening) / total
            out.append(share + (LEAD_BONUS * opens if lead else 0.0))
        return out

    def _opening_stems(self, unit: Span) -> frozenset[str]:
        key = (unit.start, -unit.end)
        found = self._stems.get(key)
        if found is None:
            found = self._stems[key] = frozenset(stems(" ".join(unit.text.split()[:LEAD_WORDS])))
        return found

    def respell(self, phrase: str, *, max_distance: int = 1) -> str | None:
        """`phrase` with each word the post does not hold spelt as the post's one word one
        edit away ("63 speceis" -> "63 species"); None when a word has no single such
        spelling."""
        from rapidfuzz.distance import OSA

        words = phrase.split()
        vocabulary = self._vocabulary
        out = []
        for word in words:
            low = word.casefold()
            if low in vocabulary or len(low) < 4 or not low.isalpha():
                out.append(word)
                continue
            near = [v for v in vocabulary if abs(len(v) - len(low)) <= max_distance
                    and OSA.distance(v, low) <= max_distance]
            if len(near) != 1:
                return None
            out.append(near[0])
        fixed = " ".join(out)
        return fixed if fixed != phrase else None

    def respelt(self, description: str, *, max_distance: int = 1) -> str:
        """`description` with each word no one knows (not the post's, not English: no
        frequency in wordfreq's list and not in the parser's dictionary) spelt as the post's
        one word `max_distance` edits away ("my dauhgter eating the brokne ones": "daughter",
        "broken"); a word with no single such spelling is kept as typed."""
        from draftguard.language import word_frequency
        from draftguard.language._dictionary import english_word

        out = []
        for word in description.split():
            bare = word.strip(".,;:!?\"'")
            low = bare.casefold()
            if low in self._vocabulary or len(low) < 4 or not low.isalpha() or \
                    word_frequency(low) > 0 or english_word(low):
                out.append(word)
                continue
            fixed = self.respell(bare, max_distance=max_distance)
            out.append(word.replace(bare, fixed) if fixed is not None else word)
        return " ".join(out)

    @property
    def words(self) -> frozenset[str]:
        """The post's words, casefolded, marks at either end cut off."""
        return self._vocabulary

    @cached_property
    def _vocabulary(self) -> frozenset[str]:
        """Each word as it stands between spaces, and each run of letters inside one: the
        post's "*currach*-style", "splinterbug's" and "thole/pin" hold "currach",
        "splinterbug", "thole" and "pin"."""
        marks = ".,;:!?()\"'“”‘’"
        folded = straighten_quotes(self.text).casefold()
        return frozenset({w.strip(marks) for w in folded.split()} |
                         set("".join(c if c.isalpha() else " " for c in folded).split()))
