"""Edit requests read against the post: replace, delete, insert, titles, headings, metadata.

Each rule returns an edit plan located in the post (anchors copied from it, grown until
unique), a question listing the candidates, or None when the clause is not that kind of edit.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from draftguard.edits._frontmatter import read_frontmatter
from draftguard.edits._plan import DeleteOp, InsertOp, ReplaceOp, describe_validation_error
from draftguard.errors import CommandError
from draftguard.text import straighten_quotes
from draftguard.understanding._blogger_locate import (
    EditLocator,
    ask,
    clean_words,
    edit_request,
    op_slots,
)
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
    REPLACE,
    TAGS,
    TITLE,
    WORD_PREFIX,
)
from draftguard.understanding._edit_words import parse_edit_request
from draftguard.understanding._locate import (
    Span,
)
from draftguard.understanding._slots import (
    Masked,
    quote_of,
    unmask,
)
from draftguard.understanding._types import Intent, Interpretation

#: New words longer than this must be quoted: a longer unquoted tail is usually a clause.
MAX_UNQUOTED_WORDS = 8


class EditReader(EditLocator):
    """Edit requests read against the post: the rules `BloggerConversation` inherits."""
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
            return self._replace_quoted(x_quote, y_text, scope, region)
        if "«" in x_raw or not y_text:
            return None
        return self._replace_words(WORD_PREFIX.sub("", clean_words(unmask(x_raw, masked))),
                                   y_text, y_quote, scope, region)

    def _replace_quoted(self, x_quote: str, y_text: str, scope: str | None,
                        region: Span | None) -> Interpretation:
        """Replace the words the author quoted, located in the post (or its named part)."""
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

    def _replace_words(self, x_text: str, y_text: str, y_quote: str | None,
                       scope: str | None, region: Span | None) -> Interpretation | None:
        """Replace unquoted words, or a described sentence or paragraph."""
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
