"""Insert requests read from the parse: new words (quoted, or after a colon) put after or
before a place, under a heading, at the start or end of a part, or at the end of the post."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from blogger.reading_counterparts import number_word
from blogger.reading_edits import EditFrames, refers_back
from blogger.reading_items import item_insert, named_list, names_a_list
from blogger.reading_places import Place, find_place, split_place
from blogger.reading_turn import told
from draftguard.edits._plan import InsertOp
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import YOU, Clause
from draftguard.understanding._placing import edit_request, op_slots
from draftguard.understanding._types import Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["InsertFrames"]

#: Words that stand for a noun left out ("put two new ones: ...").
_ELIDED = ("new", "ones", "one", "more", "some", "few", "couple", "other", "others")
#: Nouns of one more line or item, besides the lexicon's sentence words ("one more item: X").
_LINES = ("paragraph", "para", "item", "entry", "bullet")
_NOT_FOUND = "I could not find that part of the post. Which section do you mean?"
_WHERE = ("Which sentence should it go next to? Name it (\"after the sentence about X\") or "
          "quote its words.")


class InsertFrames:
    """The insert frames of one message (they place through `EditFrames`)."""

    def __init__(self, edits: EditFrames) -> None:
        self.e = edits
        self.t = edits.t

    def insert(self, clause: Clause, body: list[Token], *, place: Place | None = None,
               lead: list[Token] | None = None,
               previous: Clause | None = None) -> list[Interpretation] | None:
        """New words (quoted, or after a colon) put by a place, a part's edge or the end."""
        view = self.t.view
        said, body = self._new_words(clause, body)
        if said is None:
            return self.e.fields.tagging.tags(clause, body, adding=True)
        text = said
        if not text:
            return None
        starts = {t.start for t in clause.terms if t.concept in ("relation.after",
                                                                  "relation.before")}
        at_lead = next((i for i, t in enumerate(lead or []) if t.i in starts or
                        self._edge_said(lead or [], i)), None)
        if lead and at_lead is not None:
            # "after the bit about X, add: ...", "at the end of the tools list add 'X'"
            body = [*body, *lead[at_lead:]]
        if (tagged := self._tagged(clause, body, text)) is not None:
            return tagged
        if (under := self._under_title(clause, body, text)) is not None:
            return under  # "under the title, before the first paragraph"
        # "stick a line in after X": "in" is the verb's, the place is after X
        body = [t for n, t in enumerate(body) if not (
            self.t.is_(t, "relation.scope") and n + 1 < len(body) and (
                self.t.is_(body[n + 1], "relation.after") or
                self.t.is_(body[n + 1], "relation.before")))]
        body, found = split_place(self.t, clause, body)
        place = found or place
        if place is not None and place.missing:
            return [ask(_NOT_FOUND)]
        if view is None:
            return None
        after = self.e.rel(clause, body, "relation.after")
        before = self.e.rel(clause, body, "relation.before")
        at = after if after is not None else before
        position: Literal["after", "before"] = "after" if after is not None else "before"
        if at is not None:
            def make(anchor: str) -> list[dict[str, Any]]:
                return [op_slots(InsertOp(anchor=anchor, text=text, position=position))]
            term = clause.term_at(body[at])  # "right after": the place follows the phrase
            target = [t for t in body[at + 1:] if term is None or t.i >= term.end]
            if any(t.lower_ in ("everything", "all") for t in target[:2]):
                first = position == "before"  # "before everything else", "after all of it"
                return self._insert_at_edge(clause, [*body[:at], *(
                    [t for t in body if self.t.is_(t, "position.first")] if first else [])],
                    text, place, first=first)
            named, target = self._it(clause, target, lead, previous)
            if not target:
                return [ask(_WHERE)]
            heading = self._heading_line(named, target)
            if heading is not None:
                return [edit_request(make(heading), headings=True)]
            located = self.e.target(named, target, make, place)
            return [located] if located is not None else None
        return self._at_edge_unless_cut_off(clause, body, text, place, previous)

    def _new_words(self, clause: Clause, body: list[Token]) -> tuple[str | None, list[Token]]:
        """The new words (after a colon, else the first quotation) and the rest of `body`;
        None for the words when there are none (the words may be tags)."""
        colon = next((i for i, t in enumerate(body) if t.text == ":"), None)
        if colon is not None:
            after_colon = self.t.lone_quote(body[colon + 1:], clause)
            if after_colon is None:
                return self.t.words(body[colon + 1:]).strip(), body[:colon]
            if colon > 0:
                return after_colon, body[:colon]  # "beneath the heading 'X': 'Y'"
        quotes = [i for i, t in enumerate(body) if self.t.quote(t)]
        if not quotes:
            return None, body
        # the colon that only led to the quotation ("just under the heading X: 'Y'")
        return self.t.quote(body[quotes[0]]) or "", [
            t for t in body[:quotes[0]] + body[quotes[0] + 1:] if t.text != ":"]

    def _edge_said(self, lead: list[Token], i: int) -> bool:
        """Whether `lead[i]` opens a part's edge said before the verb: "at" or "to" then a
        position word ("at the very end of the list", "to the top")."""
        if not self.t.is_(lead[i], "relation.scope") and lead[i].lower_ not in ("at", "to"):
            return False
        said = [t for t in lead[i + 1:] if t.pos_ != "DET" and t.lower_ != "very"]
        return bool(said) and self.t.is_(said[0], "position.")

    def _tagged(self, clause: Clause, body: list[Token],
                text: str) -> list[Interpretation] | None:
        """The words put into the tags ("add to the tags: x"; "..., remove. Then put two
        new: a and b"), else None (not the tags)."""
        if any(self.t.is_(t, "part.tags") for t in body[:3]):
            return self.e.fields.tagging.tags(clause, body, adding=True, value=text)
        if self._more_of_tags(body):
            return [t for t in [self.e.fields.tagging.tag_list(text, adding=True)] if t]
        return None

    def _more_of_tags(self, body: list[Token]) -> bool:
        """Whether `body` asks for more of the tags named earlier in the message, their noun
        left out ("the tag X, remove. Then put two new: a and b"): only a count or "new"
        ("ones") before the colon, and the tags named before this clause."""
        said = [t for t in body if not t.is_punct and not self.t.is_(t, "discourse.")]
        start = body[0].i if body else 0
        return bool(said) and all(
            number_word(t) or self.t.is_(t, "new.") or t.lower_ in _ELIDED for t in said) \
            and any(self.t.is_(t, "part.tags") for t in self.t.doc[:start])

    def _under_title(self, clause: Clause, body: list[Token],
                     text: str) -> list[Interpretation] | None:
        """New words placed by the post's structure under its title ("under the title",
        "just below the headline, before the first paragraph"): before the first paragraph,
        when that paragraph stands before any other heading; a second place said that is not
        that gap is asked about, never guessed."""
        view = self.t.view
        words = [t for t in body if not t.is_punct and t.pos_ != "DET"
                 and not self.t.is_(t, "discourse.") and t.lower_ not in ("very", "this")]
        title = next((n for n, t in enumerate(words) if n > 0 and (
            self.t.is_(t, "part.title") or (self.t.is_(t, "part.heading") and (
                n + 1 == len(words) or self.t.concept(words[n + 1]) is not None))) and
            self.t.is_(words[n - 1], "relation.after")), None)
        if title is None or view is None:
            return None
        others = words[:title - 1] + words[title + 1:]
        first_paragraph = any(self.t.is_(t, "position.first") for t in others) and any(
            self.t.is_(t, "part.paragraph") or self.t.is_(t, "part.intro") for t in others)
        agrees = not any(self.t.is_(t, "relation.after") for t in others) and (
            first_paragraph or not any(self.t.is_(t, "relation.before") for t in others))
        paragraphs = view.paragraphs
        heads = [span.start for _, span in view.headings]
        later = [h for h in heads if h > (heads[0] if heads else -1)]
        if not agrees or not paragraphs or (later and later[0] < paragraphs[0].start):
            return [ask(_WHERE)]
        op = InsertOp(anchor=view.unique_anchor(paragraphs[0]).text, text=text,
                      position="before")
        return [edit_request([op_slots(op)])]

    def _at_edge_unless_cut_off(self, clause: Clause, body: list[Token], text: str,
                                place: Place | None,
                                previous: Clause | None) -> list[Interpretation] | None:
        """At the edge named (or the end of the post), unless the clause before, cut off
        from this one, is only a place ("after the sentence about X, | add: Y"): asked
        which sentence, never put at the end."""
        if place is None and previous is not None and previous.head is None and (
                previous.has("relation.after") or previous.has("relation.before")):
            return [ask(_WHERE)]
        return self._insert_at_edge(clause, body, text, place)

    def _it(self, clause: Clause, target: list[Token], lead: list[Token] | None,
            previous: Clause | None) -> tuple[Clause, list[Token]]:
        """The place `target` names, and the clause it is named in: "after it" is after what
        "it" stands for ("the line about X is lovely, but can we add right after it: ..."),
        never the word (nothing, when nothing before names a part)."""
        if not refers_back(self.t.trim(target, clause, determiners=True)):
            return clause, target
        told = Clause(lead or [], [t for t in clause.terms if lead and t.start <= lead[-1].i])
        named = told if self.e.antecedent(told) else previous
        return (named, self.e.antecedent(named)) if named is not None else (clause, [])

    def unknown_verb(self, clause: Clause) -> Token | None:
        """A verb the lexicon does not know, said to the reader, with new words quoted right
        after it and a place after or before them ("pop 'X' right after the bit about Y"):
        the frame is an insert's whatever the verb."""
        quotes = [t for t in clause.tokens if self.t.quote(t)]
        colon = next((t for t in clause.tokens if t.text == ":"), None)
        if len(quotes) > 2 or not clause.said_to_reader() or not (quotes or colon):
            return None
        verb = next((t for t in clause.tokens if not t.is_punct and
                     not self.t.is_(t, "discourse.")), clause.tokens[0])
        if self.t.concept(verb) is not None or not verb.is_alpha or \
                told(verb) or any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ not in YOU
                for c in verb.children):
            return None
        if not quotes and colon is not None:
            # "pop a wee line in after X: <the words>": a place before the colon
            placed = any(self.t.is_(t, "relation.after") or self.t.is_(t, "relation.before")
                         for t in clause.tokens if verb.i < t.i < colon.i)
            return verb if placed and verb.pos_ == "VERB" else None
        between = [t for t in clause.tokens if verb.i < t.i < quotes[0].i]
        if verb.i >= quotes[0].i or any(not self.t.is_(t, "discourse.") for t in between):
            return None
        rest = [t for t in clause.tokens if t.i > quotes[0].i]
        place = next((t for t in rest if not t.is_punct and not self.t.is_(t, "discourse.")
                      and t.pos_ != "ADV"), None)
        if place is None or not (self.t.is_(place, "relation.after") or
                                 self.t.is_(place, "relation.before")):
            return None
        return verb

    def _heading_line(self, clause: Clause, tokens: list[Token]) -> str | None:
        """The line of the heading `tokens` name ("the Tram 28 heading"), else None."""
        view = self.t.view
        words = self.t.trim(tokens, clause, determiners=True)
        if view is None or not any(self.t.is_(t, "part.heading") for t in words):
            return None
        name = self.t.lone_quote([t for t in words if not self.t.is_(t, "part.heading")],
                                 clause) or self.t.clean(
            [t for t in words if not self.t.is_(t, "part.heading")], clause)
        heading = view.heading(name) if name else None
        if heading is None:
            return None
        start = view.text.rfind("\n", 0, heading.start) + 1
        return view.text[start:heading.end]

    def _insert_at_edge(self, clause: Clause, body: list[Token], text: str,
                        place: Place | None, *, first: bool | None = None
                        ) -> list[Interpretation] | None:
        """"at the end of the conclusion", "to the start of the second paragraph", or no
        place at all (the end of the post)."""
        view = self.t.view
        assert view is not None
        region = place.region if place else None
        of = next((i for i, t in enumerate(body) if t.lower_ == "of" and i > 0
                   and (self.t.is_(body[i - 1], "position.") or body[i - 1].lower_ in (
                       "end", "start", "beginning", "top", "bottom") or (
                       # "as the last line of the second paragraph": its edge, by a unit
                       i > 1 and (self.t.is_(body[i - 1], "part.sentence") or
                                  body[i - 1].lower_ in _LINES) and
                       self.t.is_(body[i - 2], "position.")))), None)
        if first is None:
            # "at the end of the first paragraph": the edge is the word before "of"; the
            # ordinal after it names the unit
            edge = body[:of] if of is not None else body
            first = any(self.t.is_(t, "position.first") for t in edge)
        if of is not None:
            named = find_place(self.t, clause, body[of + 1:])
            if named is None or named.missing:
                return [ask(_NOT_FOUND)]
            region = named.region
        elif len([t for t in self.t.trim(body, clause, determiners=True)
                  if not self.t.is_(t, "position.") and not self.t.is_(t, "part.sentence")
                  and not self.t.is_(t, "relation.be") and not self.t.is_(t, "new.")
                  and t.lower_ not in ("at", "to", "very", "of", "on", "in", "that", "which",
                                       "new", "a", "an", "the")]) > 1:
            return None  # words that are no place this reader knows
        # "a paragraph at the end", "a final line": a paragraph of its own after the last
        # one; "a line at the very end" and words alone join the last sentence.
        own = region is None and any(self._own_paragraph(t) for t in body)
        units = view.units("paragraph" if own else "sentence", region)
        if not units:
            return None
        unit = units[0] if first else units[-1]
        op = InsertOp(anchor=view.unique_anchor(unit).text, text=text,
                      position="before" if first else "after")
        listed = named_list(self.t, body, region) if region is not None and names_a_list(
            self.t, body) else None
        if listed is not None:  # "at the end of the list of tools": an item of its own
            op = item_insert(view, listed, text, first=bool(first))
        return [edit_request([op_slots(op)])]

    def verbless(self, clause: Clause) -> list[Interpretation] | None:
        """New words put somewhere with no verb of adding the lexicon knows: after a verb
        nobody listed ("pop 'X' right after the bit about Y"), at a part's edge ("open the
        last paragraph with 'X'"), or a line wanted at a place ("a line at the end: X")."""
        verb = self.unknown_verb(clause)
        if verb is not None:
            found = self.insert(clause, clause.after(verb))
            if found is not None:
                return found
        return self.opened_with(clause) or self.wished_line(clause)

    def wished_line(self, clause: Clause) -> list[Interpretation] | None:
        """"might I ask for a sentence at the very end: X", "it lacks a line after the one
        about Y: X": no verb of adding, but a line wanted (a sentence or line, indefinite),
        a place said after it and the words after a colon: those words go there."""
        colon = next((t.i for t in clause.tokens if t.text == ":"), None)
        line = next((t for t in clause.tokens if colon is not None and t.i < colon and (
            self.t.is_(t, "part.sentence") or t.lower_ in _LINES) and any(
            c.dep_ in ("det", "nummod") and c.lower_ in ("a", "an", "another", "one")
            for c in t.children)), None)
        if colon is None or colon + 1 >= len(self.t.doc):
            return None
        if line is None:  # "at the very start, before everything: X": a place, then X
            if self._place_first(clause, colon) is None:
                return None
            line = clause.tokens[0]
        body = [t for t in clause.tokens if t.i >= line.i]
        place = [t for t in body if t.i < colon]
        if not any(self.t.is_(t, "relation.after") or self.t.is_(t, "relation.before") or
                   self.t.is_(t, "position.") for t in place):
            return None
        return self.insert(clause, body)

    def _place_first(self, clause: Clause, colon: int) -> Token | None:
        """The word of place that opens the clause when all it says before `colon` is a
        place ("at the very start, before everything", "just under the heading X"): no
        verb, and a word of order or position in it; else None."""
        said = [t for t in clause.tokens if t.i < colon and not t.is_punct and
                not self.t.is_(t, "discourse.") and t.pos_ not in ("ADV", "DET")]
        if not said or said[0].pos_ != "ADP" or any(
                t.pos_ in ("VERB", "AUX") and not self.t.is_(t, "part.") for t in said):
            return None
        if not any(self.t.is_(t, "relation.after") or self.t.is_(t, "relation.before") or
                   self.t.is_(t, "position.") for t in said):
            return None
        return said[0]

    def opened_with(self, clause: Clause) -> list[Interpretation] | None:
        """"open the final paragraph with the sentence 'X'", "end the post with 'X'": a
        verb of opening or closing (the lexicon's `edge` words, or a position word said as
        a verb: "start", "end") with a part of the post as its object and one quotation
        after "with": the words go before the part's first sentence, or after its last."""
        verb = next((t for t in clause.tokens if t.pos_ == "VERB" and (
            self.t.is_(t, "edge.") or self.t.is_(t, "position.first") or
            self.t.is_(t, "position.last"))), None)
        if verb is None or self.t.view is None:
            return None
        part = next((c for c in verb.children if c.dep_ == "dobj"), None)
        quotes = [t for t in clause.tokens if self.t.quote(t) and t.i > verb.i]
        if part is None or len(quotes) != 1 or not any(
                t.lower_ == "with" and part.i < t.i < quotes[0].i for t in clause.tokens):
            return None
        words = [t for t in part.subtree if t.i < quotes[0].i and t.lower_ != "with"]
        if not any(self.t.is_(t, "part.") for t in words) and not refers_back(words):
            return None
        place = find_place(self.t, clause, words)
        if place is not None and place.missing:
            return [ask(_NOT_FOUND)]
        first = self.t.is_(verb, "edge.open") or self.t.is_(verb, "position.first")
        units = self.t.view.units("sentence", place.region if place else None)
        if not units:
            return None
        unit = units[0] if first else units[-1]
        op = InsertOp(anchor=self.t.view.unique_anchor(unit).text,
                      text=self.t.quote(quotes[0]) or "",
                      position="before" if first else "after")
        return [edit_request([op_slots(op)])]

    def _own_paragraph(self, word: Token) -> bool:
        """Whether `word` asks for a paragraph of its own: "a paragraph", or a line that is
        itself the last ("a final line", "a closing line"); a line put at the end ("a line
        at the very end") is a sentence after the last one."""
        if word.lower_ in ("paragraph", "para"):
            return True
        return word.lower_ == "line" and any(
            c.i < word.i and self.t.is_(c, "position.last") for c in word.children)
