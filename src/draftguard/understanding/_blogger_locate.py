"""Where an edit request's words stand in the post: the clause's scope, a phrase, or a
described sentence or paragraph; the question listing the candidates when there are several.

`EditLocator` is the part of `EditReader` (`_blogger_edits`) that finds; the rules there
decide what to do with what it found.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from draftguard.edits._plan import DeleteOp, InsertOp, ReplaceOp
from draftguard.text import straighten_quotes
from draftguard.understanding._blogger_phrases import (
    DETERMINER,
    NOISE_TAIL,
    ORDINAL_INDEX,
    SCOPE_ANY,
    SCOPE_LEAD,
    STARTS_WITH,
    UNIT,
    UNIT_AFTER,
)
from draftguard.understanding._locate import Located, PostView, Span
from draftguard.understanding._slots import Masked, quote_of, strip_polite
from draftguard.understanding._types import Intent, Interpretation


def op_slots(op: ReplaceOp | InsertOp | DeleteOp) -> dict[str, Any]:
    return op.model_dump(mode="json", exclude_none=True)


def edit_request(ops: list[dict[str, Any]], *, scope: str | None = None, headings: bool = False,
          confidence: float = 1.0) -> Interpretation:
    slots: dict[str, Any] = {"ops": ops}
    if scope:
        slots["scope"] = scope
    if headings:
        slots["allow_heading_changes"] = True
    return Interpretation(intent=Intent.EDIT, slots=slots, confidence=confidence)


def ask(question: str, candidates: tuple[Interpretation, ...] = (), *,
         intent: Intent = Intent.EDIT, slots: dict[str, Any] | None = None) -> Interpretation:
    return Interpretation(intent=intent, slots=slots or {}, confidence=0.0,
                          candidates=candidates, question=question)


def snippet(text: str, limit: int = 80) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def clean_words(text: str) -> str:
    """Unquoted words from a message: trimmed of punctuation and politeness at the ends."""
    return strip_polite(text).strip(" \t.!?:;,")


class EditLocator:
    """Finds what an edit request names in the post (`view`)."""

    min_coverage: float
    margin: float

    @property
    def view(self) -> PostView | None:
        raise NotImplementedError

    def _scope(self, clause: str, masked: Masked) -> tuple[str, str | None, Span | None, bool]:
        """The clause without its scope phrase, the patcher scope, the region, and whether a
        scope was named but not found."""
        view = self.view
        m = SCOPE_ANY.search(clause)
        tail = None
        lead = SCOPE_LEAD.match(clause)
        if m is None and lead is not None and view is not None \
                and view.heading(lead.group("s")) is not None:
            m = lead
        if m is None:
            tail = re.search(r"\s+(?:in|within|under)\s+(?:the\s+)?(?P<s>[^«»,;]+?)"
                             r"(?:\s+section)?[.!]?$", clause, re.I)
            if tail is None or not re.search(r"«\d+»\s*$", clause[:tail.start()]):
                return clause, None, None, False
            name = tail.group("s").strip()
            rest = clause[:tail.start()]
        else:
            name = m.group("s").strip()
            rest = (clause[:m.start()] + clause[m.end():]).strip(" ,")
        name = re.sub(r"^(?:the|my)\s+", "", name, flags=re.I)
        if view is None:
            return rest, None, None, False
        natural = _natural_scope(name)
        if natural is not None:
            region = view.region(natural)
            return rest, natural if region is not None else None, region, region is None
        ordinal = re.match(r"^(second|third|fourth|fifth|2nd|3rd|4th|5th|penultimate|"
                           r"second[- ]to[- ]last)\s+(?:paragraph|para)$", name, re.I)
        if ordinal is not None:
            word = ordinal.group(1).lower()
            index = -2 if "last" in word or word == "penultimate" else ORDINAL_INDEX[word]
            paras = view.paragraphs
            if -len(paras) <= index < len(paras):
                return rest, None, paras[index], False
            return rest, None, None, True
        bare = re.sub(r"\s+(?:section|part|bit)$", "", name, flags=re.I)
        heading = view.heading(bare)
        if heading is not None:
            title = heading.text
            region = view.region(title)
            if region is not None:
                return rest, title, region, False
        para = re.match(r"^(?:paragraph|section|part|bit|para)\s+(?:about|on|with|where|that\s+"
                        r"mentions|mentioning|talking\s+about)\s+(?P<d>.+)$|^(?P<d2>.+?)\s+"
                        r"(?:paragraph|para|part|bit)$", name, re.I)
        if para is not None:
            found = view.describe(para.group("d") or para.group("d2"), "paragraph",
                                  min_coverage=self.min_coverage, margin=self.margin)
            if found.span is not None:
                return rest, None, found.span, False
        return rest, None, None, True

    def _find(self, phrase: str, region: Span | None,
              prefer_bare: bool = False) -> tuple[str, list[Span]]:
        """Where an unquoted phrase stands (trying it without a leading "the"/"my" too)."""
        view = self.view
        assert view is not None
        bare = DETERMINER.sub("", phrase)
        first, second = (bare, phrase) if prefer_bare else (phrase, bare)
        hits = view.occurrences(first, region)
        if hits or first == second:
            return first, hits
        return second, view.occurrences(second, region)

    def _locate_phrase(self, phrase: str, region: Span | None,
                       make: Callable[[str], list[dict[str, Any]]],
                       scope: str | None) -> Interpretation:
        view = self.view
        assert view is not None
        _, hits = self._find(phrase, region)
        if len(hits) == 1:
            anchor = hits[0] if scope is not None else view.unique_anchor(hits[0])
            return edit_request(make(anchor.text), scope=scope)
        if not hits:
            return ask(f"I could not find “{phrase}” in the post. Which words do you mean? "
                        "Quote them exactly.")
        cands = tuple(edit_request(make(view.unique_anchor(h).text)) for h in hits[:5])
        listed = "; ".join(f"{i}. “{_marked(view, h)}”" for i, h in enumerate(hits[:5], 1))
        return ask(f"“{phrase}” is in the post {len(hits)} times. Which one: {listed}? "
                    "(Or name the paragraph.)", cands)

    def _locate_unit(self, phrase: str, region: Span | None,
                     make: Callable[[str], list[dict[str, Any]]],
                     masked: Masked | None = None) -> Interpretation | None:
        """A described sentence or paragraph ("the bit about the flask", "the last line")."""
        view = self.view
        edge = STARTS_WITH.match(phrase)
        if edge is not None and view is not None:
            words = quote_of(edge.group("q"), masked) if masked else None
            if words is None:
                return None
            kind = "paragraph" if edge.group("unit").lower() == "paragraph" else "sentence"
            folded = straighten_quotes(words).casefold().strip()
            hits = [u for u in view.units(kind, region)
                    if (straighten_quotes(u.text).casefold().startswith(folded)
                        if edge.group("edge").lower() != "ends"
                        else straighten_quotes(u.text).casefold().rstrip(".!?").endswith(
                            folded.rstrip(".!?")))]
            if len(hits) == 1:
                return edit_request(make(view.unique_anchor(hits[0]).text))
            return ask(f"I could not find one {kind} that {edge.group('edge').lower()} with "
                       f"“{words}”. Quote the words you mean.")
        m = UNIT.match(phrase) or UNIT_AFTER.match(phrase)
        if m is None:
            return None
        if view is None:
            return ask("There is no post yet: paste one first.")
        unit = m.group("unit").lower()
        kind = "paragraph" if unit in ("paragraph", "para", "section", "passage") else "sentence"
        desc = m.group("d")
        if m.group("pos") and desc:
            # "the second sentence of the tyres section": the place named, then the position.
            _, _, named, missing = self._scope(f"in {clean_words(desc)}", Masked(desc, ()))
            if named is None or missing:
                return ask(f"Which part of the post do you mean by “{clean_words(desc)}”?")
            region, desc = named, None
        if m.group("pos") and not desc:
            units = view.units(kind, region)
            pos = m.group("pos").strip().lower().replace("very ", "")
            index = {"first": 0, "opening": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2,
                     "penultimate": -2}.get(pos, -1)
            if pos.startswith("second") and "last" in pos:
                index = -2
            if not units or not -len(units) <= index < len(units):
                return ask(f"The post has no {pos} {kind} there.")
            return edit_request(make(view.unique_anchor(units[index]).text))
        if not desc:
            return None
        desc = NOISE_TAIL.sub("", desc)
        found: Located = view.describe(desc, kind, region, min_coverage=self.min_coverage,
                                       margin=self.margin)
        if found.span is not None:
            return edit_request(make(view.unique_anchor(found.span).text), confidence=0.9)
        if not found.candidates:
            return ask(f"I could not find a {kind} about “{desc}” in the post. Quote its "
                        "words and I will do it.")
        cands = tuple(edit_request(make(view.unique_anchor(c).text)) for c in found.candidates)
        listed = "; ".join(f"{i}. “{snippet(c.text)}”"
                           for i, c in enumerate(found.candidates, 1))
        return ask(f"Which {kind} do you mean: {listed}?", cands)


def _natural_scope(name: str) -> str | None:
    key = " ".join(name.lower().replace("’", "'").split())
    key = re.sub(r"^very\s+", "", key)
    if key in ("conclusion", "ending", "outro", "end"):
        return "conclusion"
    if key in ("intro", "introduction", "opening", "lead"):
        return "intro"
    m = re.match(r"^(first|last|final|opening|closing)\s+(?:paragraph|para)$", key)
    if m:
        return "first paragraph" if m.group(1) in ("first", "opening") else "last paragraph"
    return None


def _marked(view: PostView, span: Span, *, limit: int = 80) -> str:
    """The sentence around `span` with the occurrence in [brackets], so two hits in one
    sentence read differently; cut around the hit when the sentence is long."""
    for s in view.sentences:
        if s.start <= span.start and span.end <= s.end:
            a, b = span.start - s.start, span.end - s.start
            text = f"{s.text[:a]}[{s.text[a:b]}]{s.text[b:]}"
            flat = " ".join(text.split())
            if len(flat) <= limit:
                return flat
            at = flat.index("[")
            lo = max(0, at - limit // 2)
            return ("…" if lo else "") + flat[lo:lo + limit].strip() + "…"
    return f"[{span.text}]"


def _sentence_of(view: PostView, span: Span) -> str:
    for s in view.sentences:
        if s.start <= span.start and span.end <= s.end:
            return s.text
    return span.text
