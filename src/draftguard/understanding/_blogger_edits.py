"""Edit requests read against the post: replace, delete, insert, titles, headings, metadata.

Each rule returns an edit plan located in the post (anchors copied from it, grown until
unique), a question listing the candidates, or None when the clause is not that kind of edit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from draftguard.edits import (
    DeleteOp,
    InsertOp,
    ReplaceOp,
    describe_validation_error,
    read_frontmatter,
)
from draftguard.errors import CommandError
from draftguard.text import straighten_quotes
from draftguard.understanding._blogger_phrases import (
    CONNECTOR,
    DELETE,
    DETERMINER,
    HEADING,
    HEADING_DELETE,
    INSERT,
    META_REMOVE,
    META_SET,
    NOISE_TAIL,
    ORDINAL_INDEX,
    REPLACE,
    SCOPE_ANY,
    SCOPE_LEAD,
    STARTS_WITH,
    TAGS,
    TITLE,
    UNIT,
    UNIT_AFTER,
    WORD_PREFIX,
)
from draftguard.understanding._edit_words import parse_edit_request
from draftguard.understanding._locate import (
    Located,
    PostView,
    Span,
)
from draftguard.understanding._slots import (
    Masked,
    quote_of,
    strip_polite,
    unmask,
)
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




#: New words longer than this must be quoted: a longer unquoted tail is usually a clause.
MAX_UNQUOTED_WORDS = 8


class EditReader:
    """Edit requests read against the post: the rules `BloggerConversation` inherits."""

    min_coverage: float
    margin: float

    @property
    def view(self) -> PostView | None:
        raise NotImplementedError

    def _edit_clause(self, clause: str, masked: Masked,
                     strict_text: str | None = None) -> Interpretation | None:
        strict = strict_text if strict_text is not None else unmask(clause, masked)
        # The strict grammar unescapes backslashes; a quote holding one is carried verbatim.
        if masked.quotes and '"' in strict and not any("'" in q or "\\" in q
                                                       for q in masked.quotes):
            try:
                request = parse_edit_request(strict)
            except (CommandError, ValueError):
                request = None
            if request is not None:
                found = self._strict(request)
                if found is not None:
                    return found
        for rule in (self._heading, self._title, self._metadata, self._insert, self._replace,
                     self._delete):
            try:
                found = rule(clause, masked)
            except ValidationError as err:  # a quoted text no plan may hold (a control char)
                return ask(f"I cannot use that text: {describe_validation_error(err)}.")
            if found is not None:
                return found
        return None

    def _strict(self, request: Any) -> Interpretation | None:
        ops = [op_slots(op) for op in request.ops]
        view = self.view
        scope = request.scope
        if view is not None and scope is not None and view.region(scope) is None:
            # Not a section the patcher knows: locate each anchor inside it instead.
            return None
        if view is not None and scope is not None and view.heading(scope) is not None:
            scope = view.heading(scope).text  # type: ignore[union-attr]
        if view is not None and scope is None and any(
                len(view.occurrences(op["anchor"])) > 1 for op in ops):
            return None  # an anchor standing twice: the located rules ask which
        return edit_request(ops, scope=scope)

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
        listed = "; ".join(f"{i}. “{snippet(_sentence_of(view, h))}”"
                           for i, h in enumerate(hits[:5], 1))
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

    def _replace(self, clause: str, masked: Masked) -> Interpretation | None:
        rest, scope, region, missing = self._scope(clause, masked)
        m = REPLACE.match(rest)
        if m is None:
            return None
        x_raw, y_raw = m.group("x").strip(), m.group("y").strip()
        # "change X to Y" read left to right: the first "to/with/for" splits unless X is quoted.
        y_quote = quote_of(NOISE_TAIL.sub("", y_raw), masked)
        if y_quote is None:
            if "«" in y_raw:
                return None
            y_text = WORD_PREFIX.sub("", clean_words(NOISE_TAIL.sub("", unmask(y_raw, masked))))
            if len(y_text.split()) > MAX_UNQUOTED_WORDS or CONNECTOR.search(f" {y_text} "):
                return None  # a clause, not new words: too easy to misread, so not acted on
        else:
            y_text = y_quote
        if missing:
            return ask("I could not find that part of the post. Which section do you mean?")
        x_quote = quote_of(x_raw, masked)
        if x_quote is not None:
            def make_q(anchor: str) -> list[dict[str, Any]]:
                return [op_slots(ReplaceOp(anchor=anchor, text=_carry(anchor, x_quote, y_text)))]
            if self.view is None or (scope is None and region is None):
                if self.view is not None:
                    hits = self.view.occurrences(x_quote)
                    if len(hits) > 1:
                        return self._locate_phrase(x_quote, None, make_q, None)
                return edit_request(make_q(x_quote))
            hits = self.view.occurrences(x_quote, region)
            if len(hits) == 1 and scope is None:
                return edit_request(make_q(self.view.unique_anchor(hits[0]).text))
            if not hits:
                return edit_request(make_q(x_quote), scope=scope)
            return self._locate_phrase(x_quote, region, make_q, scope)
        if "«" in x_raw or not y_text:
            return None
        x_text = WORD_PREFIX.sub("", clean_words(unmask(x_raw, masked)))
        unit = self._locate_unit(x_text, region,
                                 lambda a: [op_slots(ReplaceOp(anchor=a, text=y_text))])
        if unit is not None:
            # A whole sentence or paragraph is replaced only by words the author quoted:
            # "with something about cocoa" describes new text, it is not the text.
            return unit if y_quote is not None or unit.question is not None else None
        if self.view is None:
            return edit_request([op_slots(ReplaceOp(anchor=x_text, text=y_text))])
        # "swap the tea for cocoa" means the word: without a determiner on the new side,
        # the old side's is left in place.
        found, hits = self._find(x_text, region, prefer_bare=not DETERMINER.match(y_text))
        if found != x_text and DETERMINER.match(y_text):
            y_text = DETERMINER.sub("", y_text)

        def make(anchor: str) -> list[dict[str, Any]]:
            new = y_text
            if y_quote is None and anchor[:1].isupper() and new[:1].islower() \
                    and anchor.split()[0].lower() == found.split()[0].lower():
                new = new[0].upper() + new[1:]
            return [op_slots(ReplaceOp(anchor=anchor, text=_carry(anchor, found, new)))]

        if not hits:
            return None if len(x_text.split()) > 8 else self._locate_phrase(
                found, region, make, scope)
        return self._locate_phrase(found, region, make, scope)

    def _delete(self, clause: str, masked: Masked) -> Interpretation | None:
        rest, scope, region, missing = self._scope(clause, masked)
        m = DELETE.match(rest)
        if m is None:
            return None
        x_raw = NOISE_TAIL.sub("", m.group("x").strip())
        if missing:
            return ask("I could not find that part of the post. Which section do you mean?")

        def make(anchor: str) -> list[dict[str, Any]]:
            return [op_slots(DeleteOp(anchor=anchor))]

        x_quote = quote_of(x_raw, masked)
        if x_quote is not None:
            if self.view is None:
                return edit_request(make(x_quote))
            hits = self.view.occurrences(x_quote, region)
            if not hits:
                return edit_request(make(x_quote), scope=scope)
            return self._locate_phrase(x_quote, region, make, scope)
        if "«" in x_raw:
            return self._locate_unit(clean_words(x_raw), region, make, masked)
        x_text = clean_words(x_raw)
        unit = self._locate_unit(x_text, region, make)
        if unit is not None:
            return unit
        if self.view is None or len(x_text.split()) > 8:
            return None
        word = re.sub(r"^(?:the\s+)?(?:word|phrase|words)\s+", "", x_text, flags=re.I)
        found, hits = self._find(word, region)
        if not hits:
            return None
        return self._locate_phrase(found, region, make, scope)

    def _insert(self, clause: str, masked: Masked) -> Interpretation | None:
        m = INSERT.match(clause)
        named: Span | None = None
        if m is None and re.match(r"^(?:in|within|inside)\s", clause, re.I):
            # "In the last paragraph, add 'X' at the end": the place first.
            rest, _, named, missing = self._scope(clause, masked)
            m = INSERT.match(rest)
            if m is None or missing:
                return None
        if m is None:
            return None
        text = quote_of(m.group("y"), masked)
        assert text is not None
        pos = (m.group("pos") or "").lower()
        x = (m.group("x") or "").strip()
        unit = (m.group("unit") or "").lower()
        position = "before" if ("before" in pos or "start" in pos or "beginning" in pos) \
            else "after"
        if pos in ("after", "before", "right after", "right before"):
            anchor = quote_of(x, masked)
            if anchor is not None:
                if self.view is not None:
                    hits = self.view.occurrences(anchor)
                    if len(hits) > 1:
                        return self._locate_phrase(
                            anchor, None,
                            lambda a: [op_slots(InsertOp(anchor=a, text=text,
                                                    position=position))], None)
                return edit_request([op_slots(InsertOp(anchor=anchor, text=text,
                                                       position=position))])
        view = self.view
        if view is None:
            return None
        region: Span | None = named
        target = x.lower()
        if target and not re.match(r"^(?:the\s+|my\s+|this\s+)?(?:post|article|piece|draft|"
                                   r"it|end|bottom|top|start)$", target):
            _, _, region, missing = self._scope(f"in {x}", masked)
            if missing or region is None:
                if pos in ("after", "before", "right after", "right before"):
                    found = self._locate_unit(clean_words(unmask(x, masked)), None,
                                              lambda a: [op_slots(InsertOp(anchor=a, text=text,
                                                                      position=position))])
                    return found
                return None
        kind = "paragraph" if unit == "paragraph" else "sentence"
        units = view.units(kind, region)
        if not units:
            return None
        at = units[0] if position == "before" else units[-1]
        return edit_request([op_slots(InsertOp(anchor=view.unique_anchor(at).text, text=text,
                                   position=position))])

    def _title(self, clause: str, masked: Masked) -> Interpretation | None:
        m = TITLE.match(clause)
        if m is None:
            return None
        raw = m.group("t").strip()
        title = quote_of(raw, masked)
        if title is None:
            if "«" in raw:
                return None
            title = clean_words(raw).strip('"')
        if not title or len(title.split()) > 2 * MAX_UNQUOTED_WORDS:
            return None
        view = self.view
        if view is None or "title" in read_frontmatter(view.text):
            return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"title": title}})
        top = [(t, s) for t, s in view.headings
               if view.text.startswith("# ", view.text.rfind("\n", 0, s.start) + 1)]
        if top:
            return edit_request([op_slots(ReplaceOp(anchor=top[0][1].text, text=title))],
                                headings=True)
        first = view.paragraphs[0] if view.paragraphs else None
        if first is None:
            return None
        insert = InsertOp(anchor=view.unique_anchor(first).text, text=f"# {title}",
                          position="before")
        return edit_request([op_slots(insert)], headings=True)

    def _heading(self, clause: str, masked: Masked) -> Interpretation | None:
        gone = HEADING_DELETE.match(clause)
        if gone is not None and self.view is not None:
            name = quote_of(gone.group("x"), masked) or clean_words(gone.group("x"))
            heading = self.view.heading(name)
            if heading is None:
                return None
            text = self.view.text
            start = text.rfind("\n", 0, heading.start) + 1
            end = text.find("\n", heading.end)
            line = text[start:end if end >= 0 else len(text)]
            return edit_request([op_slots(DeleteOp(anchor=line))], headings=True)
        m = HEADING.match(clause)
        if m is None or self.view is None:
            return None
        x = m.group("x") or m.group("x2")
        name = quote_of(x, masked) or clean_words(x)
        new = quote_of(m.group("y"), masked) or clean_words(unmask(m.group("y"), masked))
        heading = self.view.heading(name)
        if heading is None or not new:
            return None
        return edit_request([op_slots(ReplaceOp(anchor=heading.text, text=new))], headings=True)

    def _metadata(self, clause: str, masked: Masked) -> Interpretation | None:
        m = META_SET.match(clause)
        if m is not None:
            value = quote_of(m.group("v"), masked) or clean_words(unmask(m.group("v"), masked))
            key = (m.group("k") or m.group("k2")).lower()
            return Interpretation(intent=Intent.EDIT,
                                  slots={"set_fields": {key: value.strip('"')}})
        m = META_REMOVE.match(clause)
        if m is not None:
            return Interpretation(intent=Intent.EDIT,
                                  slots={"remove_fields": [m.group("k").lower()]})
        m = TAGS.match(clause)
        if m is not None:
            raw = m.group("v0") or m.group("v")
            tags = [clean_words(t).strip('"').lower() for t in
                    re.split(r",\s*(?:and\s+)?|\s+and\s+", unmask(raw, masked))]
            tags = [t for t in tags if t]
            if not tags:
                return None
            verb = (m.group("verb") or m.group("verb2") or m.group("verb3") or "add").lower()
            adding = verb == "add" or clause.lower().startswith("tag")
            if adding and self.view is not None:
                old = read_frontmatter(self.view.text).get("tags")
                if isinstance(old, list):
                    tags = [*map(str, old), *(t for t in tags if t not in old)]
            return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"tags": tags}})
        return None




def _carry(anchor: str, found: str, new: str) -> str:
    """The new text for an anchor grown to be unique: the extra words stay around it."""
    at = straighten_quotes(anchor).casefold().find(straighten_quotes(found).casefold())
    if at < 0 or len(anchor) == len(found):
        return new
    return anchor[:at] + new + anchor[at + len(found):]


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


def _sentence_of(view: PostView, span: Span) -> str:
    for s in view.sentences:
        if s.start <= span.start and span.end <= s.end:
            return s.text
    return span.text
