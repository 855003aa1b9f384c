"""Edit requests read from the parse: replace, delete, insert, rename, fields.

Each frame takes a clause whose verb (or copula, or pair of quotations) asks for a change,
finds the old words, the new words and the place in the post, and returns an edit plan
located in the post, a question quoting the candidates, or None when it cannot read it.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from blogger.reading_asides import before_own_sentence
from blogger.reading_counterparts import counterpart, fitted_new, shared_unit
from blogger.reading_fields import FieldFrames
from blogger.reading_headings import heading_renamed
from blogger.reading_picks import discussed
from blogger.reading_places import (
    Place,
    UnitRef,
    antecedent,
    find_place,
    split_place,
    topic_goes_on,
    unit_ref,
    units_for,
)
from blogger.reading_turn import Turn
from draftguard.edits._plan import DeleteOp, ReplaceOp
from draftguard.language import similarities
from draftguard.text import straighten_quotes
from draftguard.understanding._asking import ask, choose_between, snippet
from draftguard.understanding._frames import Clause
from draftguard.understanding._placing import (
    Make,
    edit_request,
    op_slots,
    place_phrase,
    place_unit,
    place_units,
)
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

    from draftguard.understanding._locate import PostView

__all__ = ["MAX_UNQUOTED_WORDS", "EditFrames", "refers_back"]

#: The mean cosine the other sentences of a paragraph must have with "the bit about X" for
#: the whole paragraph to be a reading of it too.
SAME_TOPIC = 0.25
_BACK_REFERENCES = ("it", "this", "that", "they", "these", "those", "he", "she", "mine")
#: New words longer than this must be quoted: a longer unquoted tail is usually a clause.
MAX_UNQUOTED_WORDS = 8
_NOT_FOUND = "I could not find that part of the post. Which section do you mean?"


def _a_pronoun(said: str) -> Interpretation | None:
    """The question for old words said as a pronoun with nothing named before ("change that
    to X": not the post's word "that"), else None."""
    return ask(f"Which words do you mean by “{said}”? Quote them, as in: change 'X' to "
               "'Y'.") if said.casefold() in _BACK_REFERENCES else None


def refers_back(words: list[Token]) -> bool:
    """Whether `words` (determiners trimmed) are a pronoun for what was named before: "it",
    "that", "them", a learner's "him" or "her" for a sentence ("the sentence where I say X,
    please remove him"), or "that one" / "this one" (never the post's word "one")."""
    words = [w for w in words if w.pos_ != "ADV"] or words  # "remove it only", "it too"
    if len(words) != 1:
        return False
    word = words[0]
    if word.lower_ in ("it", "that", "this", "them", "him", "her"):
        return True
    before = word.nbor(-1) if word.i > 0 else None
    return word.lower_ == "one" and before is not None and before.lower_ in ("that", "this")


def _opens(view: PostView | None, anchor: str, at: int) -> bool:
    """Whether the words at `at` in `anchor` are capitalised because they open a sentence
    of the post (not a name's capital: "a Dutch oven")."""
    if not anchor[at:at + 1].isupper():
        return False
    if at > 0:
        before = anchor[:at].rstrip(" ")
    else:
        found = view.occurrences(anchor) if view is not None else []
        before = view.text[:found[0].start].rstrip(" ") if view is not None and found else ""
    return not before or before[-1] in ".!?\n\"'“‘(#*-"


def _carry(anchor: str, found: str, new: str) -> str:
    """The new text for an anchor grown to be unique: the extra words stay around it."""
    at = straighten_quotes(anchor).casefold().find(straighten_quotes(found).casefold())
    if at < 0 or len(anchor) == len(found):
        return new
    return anchor[:at] + new + anchor[at + len(found):]


class EditFrames:
    """The edit frames of one message (`turn`)."""

    def __init__(self, turn: Turn) -> None:
        self.t = turn
        self.fields = FieldFrames(turn)

    # -- shared pieces ---------------------------------------------------------------------
    def rel(self, clause: Clause, tokens: list[Token], concept: str) -> int | None:
        """The index in `tokens` of the first token of a `concept` term (a placeholder's
        own neighbour first: "Xq0 to Xq1")."""
        for i, tok in enumerate(tokens):
            term = clause.term_at(tok)
            if term is not None and term.concept == concept and term.start == tok.i:
                return i
        return None

    def new_words(self, clause: Clause, tokens: list[Token]) -> tuple[str | None, bool]:
        """The new words (quoted, or a few unquoted ones), and whether they were quoted."""
        quote = self.t.lone_quote(tokens, clause)
        if quote is not None:
            return quote, True
        if tokens and tokens[0].text == ":" and len(tokens) > 1:
            # "replace the sentence about X with: <the new sentence>": as typed, whole
            return self.t.words([t for t in clause.tokens if t.i >= tokens[1].i]).strip(), True
        kept = self.t.trim(before_own_sentence(tokens), clause)  # "..., it was never X"
        if any(self.t.quote(t) for t in kept) or not kept:
            return None, False
        if len(kept) == 1 and kept[0].lower_ in _BACK_REFERENCES:
            return self.said_before(clause), False  # "it was forty-two. fix it to that"
        if len(kept) > MAX_UNQUOTED_WORDS or any(
                self.t.is_(t, "relation.new") and t.i != kept[0].i for t in kept[1:]):
            return None, False  # a clause, not new words: too easy to misread
        return self.t.words(kept).strip(), False

    def said_before(self, clause: Clause) -> str | None:
        """The value a pronoun as new words points back to: the last number said before the
        clause ("it was forty-two. fix it to that"), else None (never the pronoun itself as
        the post's new words)."""
        spans: list[list[Token]] = []
        for t in self.t.doc[:clause.tokens[0].i]:
            if t.like_num or (t.text == "-" and spans and spans[-1][-1].i == t.i - 1):
                if spans and spans[-1][-1].i == t.i - 1:
                    spans[-1].append(t)
                else:
                    spans.append([t])
        value = [t for t in spans[-1] if t.like_num or t.i < spans[-1][-1].i] if spans else []
        return self.t.doc[value[0].i: value[-1].i + 1].text if value else None

    def target(self, clause: Clause, tokens: list[Token],
                make: Make, place: Place | None, *, unit_ok: bool = True,
                everywhere: bool = False) -> Interpretation | None:
        """The edit `make` builds, at what `tokens` name: a quotation, a described unit, or
        words of the post."""
        view = self.t.view
        region = place.region if place else None
        scope = place.scope if place else None
        quote = self.t.lone_quote(tokens, clause)
        if view is None:
            words = quote or self.t.clean(tokens, clause, determiners=True)
            if any(unicodedata.category(c) == "Cc" for c in words):
                return None  # a control character is no words of a post
            return edit_request(make(words)) if words else None
        if quote is not None:
            if not view.occurrences(quote, region) and region is not None:
                return edit_request(make(quote), scope=scope)
            return place_phrase(view, quote, make, region=region, scope=scope,
                                everywhere=everywhere)
        ref = unit_ref(self.t, clause, tokens)
        if ref is not None:
            return self._unit(clause, ref, make, region) if unit_ok else None
        kept = [t for t in self.t.trim(tokens, clause) if not self.t.is_(t, "part.word")]
        if not kept or len(kept) > MAX_UNQUOTED_WORDS or any(self.t.quote(t) for t in kept):
            return None
        phrase = self.t.words(kept).strip()
        bare = self.t.clean(kept, clause, determiners=True)
        for words in (phrase, bare) if phrase != bare else (phrase,):
            if view.occurrences(words, region):
                return place_phrase(view, words, make, region=region, scope=scope,
                                    everywhere=everywhere)
        return None

    def _unit(self, clause: Clause, ref: UnitRef, make: Make,
              region: Any) -> Interpretation:
        view = self.t.view
        assert view is not None
        if ref.missing_region:
            return ask(_NOT_FOUND)
        picked = units_for(self.t, ref, region)
        if picked is not None:
            return place_units(view, picked, make, ref.kind)
        found = place_unit(view, ref.description, ref.kind, make, region=ref.region or region)
        if ref.vague and found.question is None:
            return self._sentence_or_paragraph(ref, found, make, region) or found
        if ref.vague and any(op.get("type") == "insert" for c in found.candidates
                             for op in c.slots.get("ops", [])):
            # "after the bit on X, add ...": sentences alike in one paragraph are its bit
            para = place_unit(view, ref.description, "paragraph", make,
                              region=ref.region or region)
            held = str(para.slots.get("ops", [{}])[0].get("anchor", ""))
            return para if para.question is None and all(  # the alike ones are all in it
                op["anchor"] in held for c in found.candidates for op in c.slots["ops"]) \
                else found
        return found

    def _sentence_or_paragraph(self, ref: UnitRef, found: Interpretation, make: Make,
                               region: Any) -> Interpretation | None:
        """"the bit about X" found as the opening sentence of a paragraph about X too:
        one question, the sentence or the whole paragraph."""
        view = self.t.view
        assert view is not None
        anchor = found.slots["ops"][0]["anchor"]
        para = view.describe(ref.description, "paragraph", ref.region or region)
        if para.span is None or not para.span.text.startswith(anchor):
            return None
        others = [u.text for u in view.units("sentence", para.span) if u.text != anchor]
        if not others:
            return None
        cosines = similarities(ref.description, others)
        # A sentence that opens with a pronoun ("Take it out ...") goes on about the same.
        continues = [float(c) >= SAME_TOPIC or o.split()[0].lower() in _BACK_REFERENCES
                     or " it " in f" {o.lower()} " or len(o.split()) <= 4
                     for c, o in zip(cosines, others, strict=True)]
        if not all(continues) and float(cosines.mean()) < SAME_TOPIC:
            return None  # the rest of the paragraph is about something else
        whole = place_units(view, [para.span], make, "paragraph")
        op = found.slots["ops"][0]
        if op["type"] == "insert" and topic_goes_on(ref.description, others):
            return whole  # "after the bit on wick sizes, add ...": the paragraph goes on about it
        # what is done, in words: "cut just X", "put it after just X", "change just X"
        done = {"delete": "cut just", "replace": "change just"}.get(
            op["type"], f"put it {op.get('position', 'after')} just")
        return choose_between((f"{done} “{snippet(anchor)}”", found),
                              (f"the whole paragraph “{snippet(para.span.text)}”", whole),
                              confidence=0.5)

    def unless_needless(self, clause: Clause, body: list[Token],
                         place: Place | None) -> Place | None:
        """A place that names no part of the post does not matter when the first quotation
        stands once in the whole post: the edit is done there."""
        if place is None or not place.missing or self.t.view is None:
            return place
        quote = next((self.t.quote(t) for t in body if self.t.quote(t)), None)
        if quote is not None and len(self.t.view.occurrences(quote)) == 1:
            return None
        return place

    def replace(self, clause: Clause, body: list[Token], *,
                place: Place | None = None, previous: Clause | None = None,
                lead: list[Token] | None = None) -> list[Interpretation] | None:
        """"X to Y" after a replace verb (several pairs: one edit each); "it" is the unit or
        quotation named just before ("the ending sentence is weak. replace it with 'Y'")."""
        colon = next((i for i, t in enumerate(body) if t.text == ":"), None)
        if colon is not None and colon > 0 and not self.t.is_(body[colon - 1], "relation.new"):
            # "tare paragraph: 60 ml -> 50 ml" (not "X with: Y", whose colon opens the new)
            named = find_place(self.t, clause, body[:colon])
            if named is not None:
                place, body = named, body[colon + 1:]
        body, found = split_place(self.t, clause, self.t.own_words(body))
        place = self.unless_needless(clause, body, found or place)
        if place is not None and place.missing:
            return [ask(_NOT_FOUND)]
        pairs = self._pairs(clause, body)
        if len(pairs) == 1 and not pairs[0][0] and lead and self.t.lone_quote(lead, clause):
            pairs = [(lead, pairs[0][1])]  # "'X' change to 'Y'": the old words named first
        out: list[Interpretation] = []
        for old, new in pairs:
            said = self.t.trim(old, clause, determiners=True)
            if refers_back(said) and said[0].lower_ != "them" and len(pairs) == 1:
                before = Clause(lead or [], [t for t in clause.terms
                                             if lead and t.start < lead[-1].i + 1])
                old = (self.antecedent(before) if lead else []) or (
                    self.antecedent(previous) if previous is not None else []) or old
            one = self.replace_one(clause, old, new, place)
            if one is None:
                return None
            out.append(one)
        return out or None

    def _pairs(self, clause: Clause, body: list[Token]) -> list[tuple[list[Token], list[Token]]]:
        """"a to b and c to d": the pairs; one pair when the body holds one relation."""
        starts = {t.start for t in clause.terms if t.concept == "relation.new"}
        rels = [i for i, t in enumerate(body) if t.i in starts]
        quotes = [i for i, t in enumerate(body) if self.t.quote(t)]
        if not rels and len(quotes) == 2 and quotes[1] - quotes[0] == 2 and \
                self.t.lexicon.near(body[quotes[0] + 1].text, "relation.new") is not None:
            # "chnage 'paraffin' too 'diesel'": between the old words and the new, a word
            # one edit from the relation is that relation, real word or not
            return [(body[:quotes[0] + 1], body[quotes[1]:])]
        if not rels:
            # "change the 2007 in 2008": "in" where no place follows it
            rels = [i for i, t in enumerate(body) if t.lower_ == "in" and 0 < i < len(body) - 1
                    and split_place(self.t, clause, body[i:])[1] is None]
            if len(rels) != 1:
                return []
            return [(body[:rels[0]], body[rels[0] + 1:])]
        cuts = [i for i, t in enumerate(body) if t.lower_ in ("and", ",", ";", "&")
                and rels[0] < i and any(r > i for r in rels)]
        segments, start = [], 0
        for cut in cuts:
            segment = body[start:cut]
            if any(t.i in starts for t in segment):
                segments.append(segment)
                start = cut + 1
        segments.append(body[start:])
        out = []
        for segment in segments:
            at = next((i for i, t in enumerate(segment) if t.i in starts), None)
            if at is None:
                return []
            term = clause.term_at(segment[at])
            after = [t for t in segment if term is not None and t.i >= term.end]
            old = segment[:at]
            origin = next((i for i, t in enumerate(old) if t.lower_ == "from"), None)
            if origin is not None and origin + 1 < len(old):
                old = old[origin + 1:]  # "change the price from 6.80 to 7.20 euros"
            out.append((old, after))
        return out

    def replace_one(self, clause: Clause, old: list[Token], new: list[Token],
                     place: Place | None, *, everywhere: bool = False
                     ) -> Interpretation | None:
        new = counterpart(self.t, clause, old, new)  # "the wheel colour blue" for "green"
        text, quoted = self.new_words(clause, new)
        if text is None:
            return None
        everywhere = everywhere or clause.has("relation.everywhere") or any(
            t.lower_ in ("every", "all", "each") for t in old)
        field = self.fields.field(clause, old, text)
        if field is not None:
            return field
        heading = heading_renamed(self.t, clause, old, text)
        if heading is not None:
            return heading
        ref = unit_ref(self.t, clause, old)
        if ref is not None and not quoted:
            return None  # "the last sentence with something about cocoa" describes words
        found = self.t.lone_quote(old, clause) or self.t.clean(
            [t for t in old if not self.t.is_(t, "part.word")], clause, determiners=True)
        asked = _a_pronoun(found) if self.t.lone_quote(old, clause) is None else None
        if asked is not None or any(unicodedata.category(c) == "Cc" for c in found + text):
            return asked  # "change that to X": no words; a control character neither
        text, bare_new = (text, text) if quoted else fitted_new(self.t.view, old, found, text)

        def make(anchor: str) -> list[dict[str, Any]]:
            value = bare_new
            at = straighten_quotes(anchor).casefold().find(straighten_quotes(found).casefold())
            if not quoted and at >= 0 and _opens(self.t.view, anchor, at) and value[:1].islower():
                value = value[0].upper() + value[1:]
            return [op_slots(ReplaceOp(anchor=anchor, text=_carry(anchor, found, value)))]

        if ref is not None:
            return self._unit(clause, ref, lambda a: [op_slots(ReplaceOp(anchor=a, text=text))],
                              place.region if place else None)
        if self.t.view is not None and found:
            region = place.region if place else None
            if not self.t.view.occurrences(found, region):
                respelt = self.t.view.respell(found)
                if respelt is not None and self.t.view.occurrences(respelt, region):
                    found = respelt  # "63 speceis": the post's own spelling
            found, bare_new = shared_unit(self.t.view.text, found, bare_new)
            if not self.t.view.occurrences(found, region):
                if self.t.lone_quote(old, clause) is not None and place is not None:
                    return edit_request(make(found), scope=place.scope)
                return ask(f"I could not find “{found}” in the post. Which words do you "
                           "mean? Quote them exactly.") if self.t.lone_quote(
                               old, clause) is not None or len(found.split()) <= 3 else None
            return place_phrase(self.t.view, found, make, region=region,
                                scope=place.scope if place else None, everywhere=everywhere)
        return self.target(clause, old, make, place, everywhere=everywhere)

    def delete(self, clause: Clause, body: list[Token], previous: Clause | None, *,
               place: Place | None = None, lead: list[Token] | None = None
               ) -> list[Interpretation] | None:
        body, found = split_place(self.t, clause, self.t.own_words(body))
        place = self.unless_needless(clause, body, found or place)
        if place is not None and place.missing:
            return [ask(_NOT_FOUND)]
        words = self.t.trim(body, clause, determiners=True)
        said = self.t.trim(body, clause)  # "lose that sentence": the one named before
        unit = len(said) == 2 and said[0].lower_ in ("that", "this") and self.t.is_(
            said[1], "part.sentence")
        # (not the verb's own subject: "the friends tag you can drop", "tag" parsed a verb)
        named = [t for t in lead or [] if not t.is_punct and not (
            (t.dep_ == "aux" or (t.dep_ == "nsubj" and t.pos_ == "PRON")) and
            t.head == clause.head)]  # ("the tag bread, remove": "bread" is no subject)
        if not words and any(self.t.is_(t, "part.tags") for t in named):
            # "the tag friends you can remove": the tags named before the verb
            field = self.fields.removed(clause, self.t.trim(named, clause, determiners=True))
            return [field] if field is not None else None
        if refers_back(words) or not words or unit:  # "the bit about X where I moan - delete"
            before = Clause(lead or [], [t for t in clause.terms
                                         if lead and t.start < lead[-1].i + 1])
            if lead and self.antecedent(before):  # "The paragraph about X - delete it."
                return self.delete(before, self.antecedent(before), None, place=place)
            if previous is not None and self.antecedent(previous):
                return self.delete(previous, self.antecedent(previous), None, place=place)
            if previous is not None and any(self.t.is_(t, "part.") for t in previous.tokens):
                # "the tag league we don't need it, remove it": what the message named
                # before, never the last change undone
                return self.fields.named_before(previous)
            if (talked := discussed(self.t, place)) or (self.t.memory.intent in (
                    "edit", "save_post", "new_post") and not unit and place is None and not any(
                        self.t.is_(t, "part.") for t in named)):  # "bin it", "nah, scrap that"
                return talked or [Interpretation(intent=Intent.UNDO)]
            if unit and self.t.memory.written and self.t.memory.intent == "edit":
                # "delete that sentence" just after an edit: the sentence it wrote in
                one = self.target(clause, said, lambda a: [op_slots(DeleteOp(anchor=a))],
                                  place)
                return [one] if one is not None else None
            return None
        field = self.fields.removed(clause, words)
        if field is not None:
            return [field]
        if any(t.lower_ in ("everything", "whole", "all") for t in words[:2]):
            return None
        groups = self._items(words)
        out: list[Interpretation] = []

        def make(anchor: str) -> list[dict[str, Any]]:
            return [op_slots(DeleteOp(anchor=anchor))]

        for group in groups:
            one = self.target(clause, group, make, place)
            if one is None:
                return None
            out.append(one)
        return out or None

    def antecedent(self, clause: Clause) -> list[Token]:
        """What "it" stands for: the unit or quotation the clause before named."""
        return antecedent(self.t, clause)

    def _items(self, words: list[Token]) -> list[list[Token]]:
        """"'a' and 'b'", "the sentence about x and the one about y": one group each."""
        cuts = [i for i, t in enumerate(words) if t.lower_ in ("and", ",", "&") and i > 0
                and i + 1 < len(words) and (self.t.quote(words[i + 1]) is not None or (
                    words[i + 1].lower_ in ("the", "that") and i + 2 < len(words)
                    and (words[i + 2].lower_ in ("one", "other") or
                         self.t.is_(words[i + 2], "part.")))) and (
                    self.t.quote(words[i - 1]) is not None or words[i + 1].lower_ != "and")]
        if not cuts:
            return [words]
        out, start = [], 0
        for cut in cuts:
            out.append(words[start:cut])
            start = cut + 1
        out.append(words[start:])
        return [g for g in out if self.t.trim(g)]
