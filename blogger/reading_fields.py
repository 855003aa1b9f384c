"""The post's named fields read from the parse: its title ("rename the post to X", "can the
headline be X instead?", "new title: X"), a section heading ("rename the Gear section to
Kit"), the frontmatter (description, author, date, tags)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from blogger.reading_turn import Turn, told
from draftguard.edits._frontmatter import read_frontmatter
from draftguard.edits._plan import InsertOp, ReplaceOp
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import Clause
from draftguard.understanding._placing import edit_request, op_slots, place_phrase
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["FieldFrames", "in_turn"]

_MAX_TITLE_WORDS = 16


#: Parts of speech that only frame a quoted value ("to 'X'", "+ 'X'", "'X' only").
_AROUND_A_QUOTE = frozenset({"ADP", "ADV", "PART", "CCONJ", "SYM", "PUNCT", "DET", "X"})
_MAX_AFTER_A_QUOTE = 2  # words after a quoted value that are an aside, not part of it

class FieldFrames:
    """Title, heading and frontmatter changes of one message."""

    def __init__(self, turn: Turn) -> None:
        self.t = turn

    def title(self, title: str) -> Interpretation | None:
        """The post's title set to `title`: the frontmatter's, else the top heading's line,
        else a new top heading."""
        title = title.strip().strip('"')
        view = self.t.view
        if not title or len(title.split()) > _MAX_TITLE_WORDS:
            return None
        if view is None or "title" in read_frontmatter(view.text):
            return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"title": title}})
        top = [(t, s) for t, s in view.headings
               if view.text.startswith("# ", view.text.rfind("\n", 0, s.start) + 1)]
        if top:
            return edit_request([op_slots(ReplaceOp(anchor=top[0][1].text, text=title))],
                                headings=True)
        if not view.paragraphs:
            return None
        insert = InsertOp(anchor=view.unique_anchor(view.paragraphs[0]).text,
                          text=f"# {title}", position="before")
        return edit_request([op_slots(insert)], headings=True)

    def field(self, clause: Clause, old: list[Token], text: str) -> Interpretation | None:
        """`old` names a field of the post ("the title", "the author"): set it to `text`."""
        words = self.t.trim(old, clause, determiners=True)
        words = [w for w in words if w.lower_ not in ("post", "'s", "its", "post's")]
        if not words or len(words) > 3 or any(self.t.quote(w) for w in words):
            return None
        last = words[-1]
        owner = [c for c in last.children if c.dep_ == "poss" and c.pos_ != "PRON"
                 and not self.t.is_(c, "part.")]
        if owner:
            # "Deepa's name is to be changed to Divya": someone's name, its words renamed
            # when it is a name the post holds; never the post's own field ("my brother's
            # name should be Tom" names no words of the post)
            name = [t for t in owner[0].subtree if t.dep_ != "case"]
            if not all(t.pos_ == "PROPN" for t in name) or self.t.view is None:
                return None
            said = self.t.words(name).strip()

            def make(anchor: str) -> list[dict[str, object]]:
                at = anchor.casefold().find(said.casefold())
                return [op_slots(ReplaceOp(anchor=anchor, text=anchor[:at] + text +
                                           anchor[at + len(said):]))]

            # a person's name is changed wherever it stands
            return place_phrase(self.t.view, said, make, everywhere=True)
        if self.t.is_(last, "part.title") or (len(words) == 1 and self.t.is_(last,
                                                                            "part.post")):
            return self.title(text)
        if self.t.is_(last, "part.meta"):
            return Interpretation(intent=Intent.EDIT,
                                  slots={"set_fields": {last.lower_: text.strip('"')}})
        tags = next((w for w in words if self.t.is_(w, "part.tags")), None)
        if tags is not None and len(words) > 1:  # "the scotland tag", "the tag scotland"
            swapped = self.swapped_tags([w for w in words if w.i != tags.i], text)
            if swapped is not None:
                return swapped
        if self.t.is_(last, "part.tags"):
            return self._tag_list(text, adding=False)
        return None

    def heading(self, clause: Clause, old: list[Token], text: str) -> Interpretation | None:
        """`old` names a section heading ("the Tyres heading", "the section 'The bake'",
        "the Gear section"): its line changed to `text`."""
        view = self.t.view
        words = self.t.trim(old, clause, determiners=True)
        marked = [w for w in words if self.t.is_(w, "part.heading") or
                  (self.t.is_(w, "part.paragraph") and w.lower_ == "section")]
        if view is None or not marked:
            return None
        rest = [w for w in words if w not in marked]
        name = self.t.lone_quote(rest, clause) or self.t.clean(rest, clause)
        heading = view.heading(name) if name else None
        if heading is None:
            return None
        return edit_request([op_slots(ReplaceOp(anchor=heading.text, text=text))],
                            headings=True)

    def rename(self, clause: Clause, body: list[Token]) -> Interpretation | None:
        """"rename the post to X", "retitle it 'X'", "call it X", "rename the Gear section to
        Kit", "retitle the post: X"; "the vet shall be called Oonagh Byrne" (passive: the
        subject named, the name its complement, nothing said after it)."""
        head = clause.head
        subject = [c for c in head.children if c.dep_ == "nsubjpass"] if head else []
        called = [c for c in head.children if c.dep_ in ("oprd", "attr", "dobj")] if head \
            else []
        if subject and called and self.t.quote(called[0]) is None:
            mine = {t.i for t in clause.tokens}
            return self.renamed(clause, [t for t in subject[0].subtree if t.i in mine],
                                [t for t in called[0].subtree if t.i in mine])
        cut = next((i for i, t in enumerate(body)
                    if self.t.is_(t, "relation.new") or t.text == ":"), None)
        if cut is None:
            quotes = [i for i, t in enumerate(body) if self.t.quote(t)]
            if quotes:
                cut = quotes[-1] - 1
            else:
                lead = next((i for i, t in enumerate(body) if t.lower_ in ("it", "this")
                             or self.t.is_(t, "part.post")), None)
                if lead is None:
                    return None
                cut = lead
                old, new = body[:lead + 1], body[lead + 1:]
                return self.renamed(clause, old, new)
        return self.renamed(clause, body[:cut + 1] if body[cut].text not in (":",) and
                             not self.t.is_(body[cut], "relation.new") else body[:cut],
                             body[cut + 1:])

    def renamed(self, clause: Clause, old: list[Token],
                new: list[Token]) -> Interpretation | None:
        """`old` (the post, a heading, words of the post) named `new`."""
        text = self.t.lone_quote(new, clause) or self.t.clean(new, clause)
        if not text:
            return None
        heading = self.heading(clause, old, text)
        if heading is not None:
            return heading
        words = self.t.trim(old, clause, determiners=True)
        if not words and clause.head is not None:
            # "I'd like the Gear section renamed to Kit": the heading named before the verb
            heading = self._heading_before(clause, clause.head, text)
            if heading is not None:
                return heading
        if not words or all(w.lower_ in ("it", "this", "post", "'s") or self.t.is_(w, "part.")
                            for w in words):
            earlier = self._heading_before(clause, words[0], text) if words and all(
                w.lower_ in ("it", "this") for w in words) else None
            # "the heading 'X' sounds gloomy ... call it 'Y'", "the Gear heading, rename it"
            return earlier if earlier is not None else self.title(text)
        view = self.t.view
        name = self.t.lone_quote(words, clause) or self.t.clean(words, clause)
        heading_span = view.heading(name) if view is not None and name else None
        if heading_span is not None:
            return edit_request([op_slots(ReplaceOp(anchor=heading_span.text, text=text))],
                                headings=True)
        return self.renamed_words(name, text)

    def _heading_before(self, clause: Clause, it: Token, text: str) -> Interpretation | None:
        """The heading of the post named as one before `it` in the message ("the heading
        'X'", "the Gear heading", "the section 'X'"), the last such, renamed `text`."""
        view, doc = self.t.view, self.t.doc
        if view is None:
            return None
        for tok in reversed(doc[:it.i]):
            if self.t.is_(tok, "part.heading") or (
                    self.t.is_(tok, "part.paragraph") and tok.lower_ == "section"):
                # "the Gear heading", "the heading Gear" (the parser may make it the noun)
                phrases = [tok.subtree, *([tok.head.subtree] if tok.head.i != tok.i and
                                          tok.head.pos_ in ("NOUN", "PROPN") else [])]
                for phrase in phrases:
                    named = self.heading(clause, [w for w in phrase if w.i < it.i], text)
                    if named is not None:
                        return named
            quoted = self.t.quote(tok)
            near = doc[max(0, tok.i - 2):tok.i + 2]
            if quoted and any(self.t.is_(w, "part.heading") for w in near):
                heading = view.heading(quoted)
                if heading is not None:
                    return edit_request([op_slots(ReplaceOp(anchor=heading.text, text=text))],
                                        headings=True)
        return None

    def renamed_words(self, name: str, text: str) -> Interpretation | None:
        """"call the monstera 'Monstera deliciosa'": words of the post, named anew."""
        view = self.t.view
        if view is None or not name:
            return None
        hits = view.occurrences(name)
        if len(hits) != 1:
            return None
        named = self._its_name(hits[0].end)
        if named is not None:  # "a vet called Oonagh": the vet's name is what changes
            return self.renamed_words(named, text) if named.casefold() != text.casefold() \
                else None
        anchor = view.unique_anchor(hits[0]).text
        at = anchor.casefold().find(name.casefold())
        return edit_request([op_slots(ReplaceOp(anchor=anchor, text=anchor[:at] + text +
                                                anchor[at + len(name):]))])

    def _its_name(self, end: int) -> str | None:
        """The name the post gives the thing it names just before `end` ("a vet called
        Oonagh", "a dog named Biscuit"): the capitalised words after the naming verb."""
        view = self.t.view
        if view is None:
            return None
        words = view.text[end:end + 80].split()
        if len(words) < 2 or (self.t.lexicon.concept(words[0].lower()) != "action.rename" \
                and words[0].lower() not in ("called", "named")):
            return None
        name = list(itertools.takewhile(lambda w: w[:1].isupper(), words[1:]))
        return " ".join(name).strip(".,;:!?") or None

    def value(self, clause: Clause) -> Interpretation | None:
        """A field named, then its new value: "the title should be X", "can the headline be
        X instead?", "new title: X", "I want the description to be X", "make the title 'X'"."""
        tokens = clause.tokens
        at = next((i for i, t in enumerate(tokens) if self.t.is_(t, "part.title") or
                   self.t.is_(t, "part.meta") or self.t.is_(t, "part.tags") or
                   self._the_heading(tokens, i)), None)
        if at is None:
            return self._it_says(clause)
        if any(self.t.quote(t) for t in tokens[:at]):
            return self._added_to_tags(clause, tokens, at)
        if self.t.is_(tokens[at], "part.title") and any(
                c.dep_ == "compound" and c.pos_ in ("NOUN", "PROPN") and not
                self.t.is_(c, "part.") for c in tokens[at].children):
            # "the dog name is ...": a name in the post, not the post's title ("Deepa's
            # name", a possessive, is renamed where it stands: `field`)
            return None
        # "tags: a, b": the field's value as "title: X" is, set
        tags = self.t.is_(tokens[at], "part.tags") and not (
            at + 1 < len(tokens) and tokens[at + 1].text == ":" and not tokens[:at])
        if tags and (clause.head_concept == "action.insert" or all(
                t.is_punct or self.t.is_(t, "discourse.") for t in tokens[:at]) or (
                clause.head_concept is None and not any(t.text == ":" for t in tokens))):
            # a verb that sets nothing ("ad the tag 'x' plz", the verb mistyped) adds: the
            # tags there are stay unless the author says to set or replace them
            # "add the tag 'x'", "tag the post with x": added to the tags there are
            found = self.tags(clause, [tokens[at], *tokens[at + 1:]], adding=True)
            return found[0] if found else self._added_to_tags(clause, tokens, at)
        rest = tokens[at + 1:]
        value = self._after_relation(rest)
        wanted = [t for t in rest if self.t.quote(t) and t.dep_ in ("dobj", "oprd")]
        if value is not None and len(wanted) == 1 and not any(self.t.quote(t) for t in value):
            value = wanted  # "for the title I want 'X', is more funny": the words wanted
        if value is None and rest and (self.t.lone_quote(rest, clause) is not None or (
                clause.head_concept in ("action.create", "action.replace") and not
                self.t.is_(tokens[at], "part.title") and rest[0].pos_ not in (
                    "ADP", "SCONJ", "ADV", "PART", "PUNCT"))):
            value = rest  # "give the post the tags a, b and c"
        if value is None:
            return None
        said_words = [t for t in value if not t.is_punct]
        while said_words and self.t.is_(said_words[-1], "discourse."):
            said_words.pop()  # "... it is 'X' please"
        if len(said_words) > 1 and self.t.quote(said_words[-1]) and (
                said_words[-2].lemma_ == "be" or self.t.is_(said_words[-2], "relation.be")):
            # "I prefer it is 'X'", "I think it should be 'X'": the quotation it is to be
            value = said_words[-1:]
        value = self._the_quotation(value)
        if value and value[0].dep_ == "neg":
            return None  # "... is not Biscuit": what it is not is no value
        text = self.t.lone_quote(value, clause) or self.t.clean(value, clause)
        if not text or self._how_not_what(clause, value, tokens, at):
            return None
        if self._the_heading(tokens, at):
            return self.title(text)
        if self.t.is_(tokens[at], "part.tags"):
            # "change the tag scotland to scottish", "the scotland tag to scottish": the
            # tags named beside the field's word are the ones that change
            joint = next((i for i, t in enumerate(rest) if self.t.is_(t, "relation.new") and
                          t.dep_ != "advmod" and 0 < i < len(rest) - 1), None)
            new_text = text
            if joint is not None:  # "change the tag games to tabletop": old, then new
                new_text = self.t.lone_quote(rest[joint + 1:], clause) or self.t.clean(
                    self.t.own_words(rest[joint + 1:]), clause)
            end = rest[joint].i if joint is not None else value[0].i
            named = [t for t in (*tokens[at].subtree, *rest) if t.i != tokens[at].i and
                     t.i < end and not self.t.is_(t, "relation.") and
                     t.pos_ not in ("DET", "ADP", "PRON") and not self.t.is_(t, "action.")]
            swapped = self.swapped_tags(named, new_text) if new_text else None
            if swapped is not None:
                return swapped
        return self.field(clause, [tokens[at]], text)

    def swapped_tags(self, named: list[Token], text: str) -> Interpretation | None:
        """The post's tags with those `named` (tags it has) put as `text` in their place,
        else None."""
        old = read_frontmatter(self.t.view.text).get("tags") if self.t.view else None
        names = {p.strip(" .\"'").casefold() for chunk in self.t.words(named).split(",")
                 for p in chunk.split(" and ")} - {""}
        new = self._tag_list(text, adding=False)
        if not isinstance(old, list) or not names or new is None:
            return None
        there = [str(o) for o in old]
        if not names <= {o.casefold() for o in there}:
            return None
        put = [str(t) for t in new.slots["set_fields"]["tags"]]
        out: list[str] = []
        for tag in there:
            if tag.casefold() not in names:
                out.append(tag)
            elif put:
                out.extend(p for p in put if p.casefold() not in {o.casefold() for o in out})
                put = []
        return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"tags": out}})

    def _the_quotation(self, value: list[Token]) -> list[Token]:
        """The one quotation in `value` when the rest are only words of grammar around it
        ("to 'X'", "+ 'X'", "'X' only") or a word or two after it ("'X' lah"): the value is
        what the author quoted."""
        quoted = [t for t in value if self.t.quote(t)]
        at = value.index(quoted[0]) if len(quoted) == 1 else 0
        aside = len(value) - at - 1 <= _MAX_AFTER_A_QUOTE  # "'X' lah": the author's own
        grammar = [t.pos_ in _AROUND_A_QUOTE for t in value]
        return quoted if len(quoted) == 1 and all(grammar[:at]) and (
            aside or all(grammar[at + 1:])) else value

    def _added_to_tags(self, clause: Clause, tokens: list[Token], at: int
                       ) -> Interpretation | None:
        """"add 'sweets' and 'recipes' in the tags": the words between the verb and the
        place, added to the tags there are; None for any other quotation before a field."""
        if not self.t.is_(tokens[at], "part.tags") or clause.head is None or \
                clause.head_concept != "action.insert":
            return None
        named = [t for t in tokens[:at] if t.i >= clause.head_end]
        while named and named[-1].pos_ in ("DET", "ADP", "PRON"):
            named.pop()  # "... to the tags", "... to its tags"
        return self._tag_list(self.t.words(named), adding=True) if named else None

    def _after_relation(self, rest: list[Token]) -> list[Token] | None:
        """The words after the relation word ("be X", "changed to X"), never after an
        auxiliary ("ought to be changed to X": neither "to be" is the relation; "X's name
        is to be changed to Y": "is" leads to the verb that names Y); None: no relation."""
        # (a "to" before a quotation the parser took for a verb, "to 'X' and add ...", is
        # the relation, not an infinitive's auxiliary)
        cut = next((i for i, t in enumerate(rest) if t.text == ":" or (
            (t.dep_ not in ("aux", "auxpass") or self.t.quote(t.head)) and (
                self.t.is_(t, "relation.be") or self.t.is_(t, "relation.new")))), None)
        if cut is None or self._reported(rest[cut]):
            return None
        value = rest[cut + 1:]
        if value and self.t.is_(value[0], "relation.be"):
            value = value[1:]
        if value and value[0].dep_ in ("aux", "auxpass"):
            again = next((i for i, t in enumerate(value) if t.dep_ not in (
                "aux", "auxpass") and self.t.is_(t, "relation.new")), None)
            value = value[again + 1:] if again is not None else value
        return value

    def _it_says(self, clause: Clause) -> Interpretation | None:
        """"The description, ... Could you make it say 'Y'?": "it" is the field the message
        named before this clause, set to the quotation after the relation."""
        tokens = clause.tokens
        it = next((i for i, t in enumerate(tokens) if t.lower_ == "it"), None)
        if it is None or not clause.tokens:
            return None
        value = self._after_relation(tokens[it + 1:])
        quote = self.t.lone_quote(value, clause) if value else None
        earlier = [t for t in self.t.doc[:tokens[0].i]
                   if self.t.is_(t, "part.meta") or self.t.is_(t, "part.title")]
        if quote is None or not earlier:
            return None
        # "the description at the top, the little summary": the first name of the field
        # in the sentence that names it last (the others are said beside it)
        first = next(t for t in earlier if t.sent.start == earlier[-1].sent.start)
        return self.field(clause, [first], quote)

    def _reported(self, verb: Token) -> bool:
        """Whether `verb` tells what someone said ("my friend Maureen said it should
        mention X"): what follows is their view, not the new words."""
        return told(verb) and not any(
            c.dep_ == "nsubj" and (c.lower_ in ("it", "this") or self.t.is_(c, "part."))
            for c in verb.children)

    def _how_not_what(self, clause: Clause, value: list[Token], tokens: list[Token],
                      at: int) -> bool:
        """Whether `value` says how the field is, not its new words: "make the title
        shorter", "the title is a bit dull" (adjectives, adverbs), "the title's a bit of a
        mouthful" (an indefinite noun phrase, of the title: what kind it is, not a name)."""
        if self.t.lone_quote(value, clause) is not None:
            return False
        said = [t for t in value if not t.is_punct]
        inside = {t.i for t in said}
        roots = [t for t in said if t.head.i not in inside or t.head.i == t.i]
        # A value written as a name (a proper noun, or capitalised mid-sentence: "Sleeper to
        # Vienna", which the tagger may call an adjective) is what, not how.
        named = any(t.pos_ == "PROPN" or (t.is_title and t.lower_ != "i" and
                                          t.i != t.sent.start) for t in said)
        if named or not said:
            return False
        if roots and all(t.pos_ in ("ADJ", "ADV") for t in roots):
            return True
        return (self.t.is_(tokens[at], "part.title") or self._the_heading(tokens, at)) and \
            "Ind" in said[0].morph.get("Definite", [])

    def _the_heading(self, tokens: list[Token], at: int) -> bool:
        """"the heading" said of the post, with no name ("can the heading be X?"): its
        title; "the Gear heading" is a section's."""
        word = tokens[at]
        if not self.t.is_(word, "part.heading") or at + 1 >= len(tokens):
            return False
        named = [t for t in tokens[:at] if not t.is_punct and not self.t.is_(t, "discourse.")
                 and t.lower_ not in ("the", "main", "top", "post", "'s", "its")]
        return not named and (self.t.is_(tokens[at + 1], "relation.be") or any(
            self.t.is_(t, "relation.be") for t in tokens[at + 1:at + 3]))

    def tags(self, clause: Clause, body: list[Token], *, adding: bool,
             value: str | None = None) -> list[Interpretation] | None:
        at = next((i for i, t in enumerate(body) if self.t.is_(t, "part.tags")), None)
        if at is None:
            return None
        rest = body[at + 1:]
        if adding and any(self.t.is_(t, "relation.off") for t in rest):
            # "take the beginner tag off": the words in front of "tag" name it
            return self.without_tags([t for t in body[at].subtree if t.i < body[at].i])
        joint = next((i for i, t in enumerate(rest) if t.lower_ in ("with", "as", "to")
                      and t.dep_ != "advmod"), None)  # not "as well"
        named = next((i for i, t in enumerate(rest[:3]) if t.lower_ in ("it", "this") or
                      self.t.is_(t, "part.post")), None)
        if joint is not None and joint <= 3:
            rest = rest[joint + 1:]  # "tag the post with x", "set tags to x"
        elif named is not None and body[at].pos_ != "NOUN":
            rest = rest[named + 1:]  # "tag it x", "tag the post x": the post is tagged
        raw = value if value is not None else self.t.words(
            self.t.trim(self._named_tags(self._the_quotation(rest), clause), clause))
        found = self._tag_list(raw, adding=adding, verbatim=value is not None)
        return [found] if found is not None else None

    def _named_tags(self, rest: list[Token], clause: Clause) -> list[Token]:
        """The words of `rest` that name tags, without an aside after them: they end at a
        word of the conversation's own ("cats as well, sweet as", "hobbies, cheers"), and
        a part after a comma that ends on a word that names nothing ("..., sweet as") is
        an aside too."""
        aside = {i for term in clause.terms if term.concept in ("discourse.polite",
                                                               "discourse.also")
                 for i in range(term.start, term.end)}
        named = next((i for i, t in enumerate(rest) if t.i in aside and i > 0), len(rest))
        kept = list(rest[:named])
        commas = [i for i, t in enumerate(kept) if t.text == ","]
        for i in reversed(commas):
            part = [t for t in kept[i + 1:] if not t.is_punct]
            if part and part[-1].pos_ in ("ADP", "SCONJ", "CCONJ", "DET", "AUX", "PART"):
                kept = kept[:i]  # "..., sweet as": a part that names nothing
        return kept

    def tags_named(self, words: list[Token]) -> list[Interpretation] | None:
        """The post's tags less those named around the word "tags" ("the tags X and Y",
        "X and Y from the tags"), else None."""
        if len(words) > 1 and self.t.is_(words[0], "part.tags"):
            return self.without_tags(words[1:])
        named = words[:-1]
        while named and named[-1].pos_ in ("DET", "ADP"):
            named = named[:-1]  # "cooking and ramen from the tags": the tags named
        if not named or not self.t.is_(words[-1], "part.tags") or len(named) == len(
                words) - 1:
            return None  # "the bread tag" is read by the caller as before
        return self.without_tags(named)

    def without_tags(self, named: list[Token]) -> list[Interpretation] | None:
        """The post's tags less those `named` ("the beginner and bread"), else None; a tag
        the post does not have ("delete the rye tag") is asked about, never taken as all."""
        old = read_frontmatter(self.t.view.text).get("tags") if self.t.view else None
        trimmed = self.t.trim(named, determiners=True)
        names = {p.strip(" .\"'").casefold() for chunk in self.t.words(trimmed).split(",")
                 for p in chunk.split(" and ")} - {""}
        if not isinstance(old, list) or not names:
            return None
        there = {str(o).casefold() for o in old}
        if not names <= there:
            if names & there:  # "cooking and jam": never some of them on a guess
                names -= there
            elif not all(t.pos_ in ("NOUN", "PROPN", "ADJ", "X") or t.lower_ in (",", "and")
                         for t in trimmed):
                return None  # "remove all the tags", "drop both tags"
            have = ", ".join(f"“{o}”" for o in old) or "none"
            missing = " or ".join(f"“{n}”" for n in sorted(names))
            return [ask(f"The post has no tag {missing}; its tags are {have}. Which should "
                        "go?")]
        kept = [str(o) for o in old if str(o).casefold() not in names]
        return [Interpretation(intent=Intent.EDIT, slots={"set_fields": {"tags": kept}})]

    def _tag_list(self, raw: str, *, adding: bool, verbatim: bool = False
                  ) -> Interpretation | None:
        """The tags in `raw` (`verbatim`: a quotation, kept as typed)."""
        # a quoted tag stays as typed ("'Scotland'"); the rest in lower case
        parts = [p.strip(" .") for chunk in raw.split(",")
                 for p in chunk.replace(" and ", ",").split(",")]
        parts = [p.strip("\"'‘’“”") if verbatim or p[:1] in "\"'‘“"
                 else p.strip("\"'").lower() for p in parts]
        tags = [p for p in parts if p and len(p.split()) <= 3]
        if not tags:
            return None
        if adding and self.t.view is not None:
            old = read_frontmatter(self.t.view.text).get("tags")
            if isinstance(old, list):
                there = {str(o).casefold() for o in old}
                tags = [*map(str, old), *(t for t in tags if t.casefold() not in there)]
        return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"tags": tags}})


def in_turn(requests: list[Interpretation], post: str | None) -> list[Interpretation]:
    """`requests` with each new list of tags read as the change it makes to the tags before
    it ("put the tags a and b, and the tag c you can remove": the second keeps a and b),
    since every list is read against the post as the message found it."""
    old = read_frontmatter(post).get("tags") if post is not None else None
    lists = [r.slots["set_fields"]["tags"] for r in requests if r.intent is Intent.EDIT and
             r.question is None and isinstance(r.slots.get("set_fields", {}).get("tags"), list)]
    if not isinstance(old, list) or len(lists) < 2:
        return requests  # one list of tags is as read
    start = [str(o) for o in old]
    running = list(start)
    out: list[Interpretation] = []
    for request in requests:
        tags = request.slots.get("set_fields", {}).get("tags") if request.question is None \
            else None
        if isinstance(tags, list) and request.intent is Intent.EDIT and tags is lists[0]:
            running = [str(t) for t in tags]  # the first as read ("tags: b, a" keeps order)
        elif isinstance(tags, list) and request.intent is Intent.EDIT:
            said = {str(t).casefold() for t in tags}
            had = {t.casefold() for t in start}
            running = [t for t in running if t.casefold() in said or t.casefold() not in had]
            running += [str(t) for t in tags if str(t).casefold() not in had | {
                r.casefold() for r in running}]
            fields = {**request.slots["set_fields"], "tags": list(running)}
            request = request.model_copy(update={"slots": {**request.slots,
                                                           "set_fields": fields}})
        out.append(request)
    return out
