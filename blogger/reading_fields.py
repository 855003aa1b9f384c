"""The post's named fields read from the parse: its title ("rename the post to X", "can the
headline be X instead?", "new title: X"), a section heading ("rename the Gear section to
Kit"), the frontmatter (description, author, date, tags)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from blogger.reading_headings import (
    heading_before,
    heading_removed,
    heading_renamed,
    the_title_heading,
)
from blogger.reading_tags import TagFrames, judged
from blogger.reading_turn import Turn, blogger_lexicon
from blogger.reading_values import (
    FIELD_KEYS,
    after_relation,
    describes_a_value,
    like_quote,
    named_title,
    prose,
)
from draftguard.edits._frontmatter import read_frontmatter
from draftguard.edits._plan import InsertOp, ReplaceOp
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import Clause
from draftguard.understanding._placing import edit_request, op_slots, place_phrase
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["FieldFrames", "cleared_field"]

_MAX_TITLE_WORDS = 16



class FieldFrames:
    """Title, heading and frontmatter changes of one message."""

    def __init__(self, turn: Turn) -> None:
        self.t = turn
        self.tagging = TagFrames(turn)

    def title(self, title: str) -> Interpretation | None:
        """The post's title set to `title`: the frontmatter's, else the top heading's line,
        else a new top heading."""
        title = title.strip().strip('"')
        view = self.t.view
        if not title or len(title.split()) > _MAX_TITLE_WORDS:
            return None
        if describes_a_value(title):  # "I want the title become more interesting"
            return ask("What should the new title say? Give me its words, and I'll put "
                       "them in.")
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
            key = FIELD_KEYS.get(last.lower_, last.lower_)
            return Interpretation(intent=Intent.EDIT,
                                  slots={"set_fields": {key: text.strip('"')}})
        tags = next((w for w in words if self.t.is_(w, "part.tags")), None)
        if tags is not None and len(words) > 1:  # "the scotland tag", "the tag scotland"
            swapped = self.tagging.swapped_tags([w for w in words if w.i != tags.i], text)
            if swapped is not None:
                return swapped
        if self.t.is_(last, "part.tags"):
            return self.tagging.tag_list(text, adding=False)
        return None

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
        heading = heading_renamed(self.t, clause, old, text)
        if heading is not None:
            return heading
        words = self.t.trim(old, clause, determiners=True)
        if not words and clause.head is not None:
            # "I'd like the Gear section renamed to Kit": the heading named before the verb
            heading = heading_before(self.t, clause, clause.head, text)
            if heading is not None:
                return heading
        if not words or all(w.lower_ in ("it", "this", "post", "'s") or self.t.is_(w, "part.")
                            for w in words):
            earlier = heading_before(self.t, clause, words[0], text) if words and all(
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

    def _a_place(self, before: list[Token]) -> bool:
        """Whether the field named after `before` is a place ("under the title", "above the
        headline"), not the field given a value."""
        named = [t for t in before if t.pos_ != "DET"]
        return bool(named) and (self.t.is_(named[-1], "relation.after") or
                                self.t.is_(named[-1], "relation.before"))

    def value(self, clause: Clause) -> Interpretation | None:
        """A field named, then its new value: "the title should be X", "can the headline be
        X instead?", "new title: X", "I want the description to be X", "make the title 'X'"."""
        tokens = clause.tokens
        at = next((i for i, t in enumerate(tokens) if self.t.is_(t, "part.title") or
                   self.t.is_(t, "part.meta") or self.t.is_(t, "part.tags") or
                   the_title_heading(self.t, tokens, i)), None)
        if at is None:
            return self._it_says(clause)
        if any(c.tag_ in ("WDT", "WP") and c.dep_ == "det" for c in tokens[at].children) or \
                self._a_place(tokens[:at]):
            return None  # "what tags do you suggest?", "put this under the title: X": no value
        if any(self.t.quote(t) for t in tokens[:at]):
            return self._quoted_as(clause, tokens, at) or \
                self._added_to_tags(clause, tokens, at)
        if self.t.is_(tokens[at], "part.title") and any(
                c.dep_ == "compound" and c.pos_ in ("NOUN", "PROPN") and not
                self.t.is_(c, "part.") for c in tokens[at].children):
            # "the dog name is ...": a name in the post, not the post's title ("Deepa's
            # name", a possessive, is renamed where it stands: `field`)
            return None
        # "tags: a, b", "tags = a, b": the field's value as "title: X" is, set
        # ("tags: add 'x'" adds: the verb after the colon says what to do)
        tags = self.t.is_(tokens[at], "part.tags") and not (
            at + 1 < len(tokens) and tokens[at + 1].text in (":", "=") and not tokens[:at]
            and not (clause.head is not None and clause.head.i > tokens[at].i and
                     clause.head_concept == "action.insert"))
        if tags and (clause.head_concept == "action.insert" or all(
                t.is_punct or self.t.is_(t, "discourse.") for t in tokens[:at]) or (
                clause.head_concept is None and not any(t.text == ":" for t in tokens))):
            return self._tags_added(clause, tokens, at)
        rest = tokens[at + 1:]
        value = after_relation(self.t, rest)
        wanted = [t for t in rest if self.t.quote(t) and t.dep_ in ("dobj", "oprd")]
        if value is not None and len(wanted) == 1 and not any(self.t.quote(t) for t in value):
            value = wanted  # "for the title I want 'X', is more funny": the words wanted
        if value is None:
            value = like_quote(self.t, clause, rest) or named_title(self.t, clause, tokens, at)
        if value is None and rest and (self.t.lone_quote(rest, clause) is not None or (
                clause.head_concept in ("action.create", "action.replace") and not
                self.t.is_(tokens[at], "part.title") and rest[0].pos_ not in (
                    "ADP", "SCONJ", "ADV", "PART", "PUNCT"))):
            value = rest  # "give the post the tags a, b and c"
        if value is None:
            return None
        value = self._the_words_wanted(value, clause)
        if value and value[0].dep_ == "neg":
            return None  # "... is not Biscuit": what it is not is no value
        text = self.t.lone_quote(value, clause) or self.t.clean(value, clause)
        if not text or self._how_not_what(clause, value, tokens, at):
            return None
        if the_title_heading(self.t, tokens, at):
            return self.title(text)
        if self.t.is_(tokens[at], "part.tags"):
            swapped = self.tagging.swap_said(clause, tokens[at], rest, value[0], text)
            if swapped is not None:
                return swapped
        if prose(value) and self.t.is_(tokens[at], "part.meta"):
            text += "."  # "description to: Lambs, sleet and little sleep." keeps its stop
        return self.field(clause, [tokens[at]], text)

    def _tags_added(self, clause: Clause, tokens: list[Token], at: int
                    ) -> Interpretation | None:
        """Tags named to add: a verb that sets nothing ("ad the tag 'x' plz", the verb
        mistyped) adds, the tags there are stay unless the author says to set or replace
        them ("add the tag 'x'", "tag the post with x"). A tag judged ("tag kitchen is not
        good, delete it") is said of, not added; a verb of the author's own that code does
        not know ("can you quit the tag 'nerves'?") is asked about, never guessed."""
        if judged(tokens[at]):
            return None
        found = self.tagging.tags(clause, [tokens[at], *tokens[at + 1:]], adding=True)
        chosen = self.tagging.chosen_verb(clause)
        if found and chosen is not None and found[0].question is None:
            gone = self.removed(clause, [t for t in tokens[at:] if not t.is_punct])
            return self.tagging.add_or_remove(found[0], gone, chosen)
        return found[0] if found else self._added_to_tags(clause, tokens, at)

    def _quoted_as(self, clause: Clause, tokens: list[Token], at: int
                   ) -> Interpretation | None:
        """"put 'X' as the title", "use 'X' as the description": one quotation, then "as"
        and the field (its determiner aside): the field set to the quotation."""
        before = [t for t in tokens[:at] if t.pos_ != "DET"]
        if clause.head is None or len(before) < 2 or before[-1].lower_ != "as" or \
                self.t.is_(tokens[at], "part.tags"):
            return None
        quoted = [t for t in before if self.t.quote(t)]
        if len(quoted) != 1 or quoted[0].i + 1 != before[-1].i:
            return None
        text = self.t.quote(quoted[0]) or ""
        if the_title_heading(self.t, tokens, at) or self.t.is_(tokens[at], "part.title"):
            return self.title(text)
        return self.field(clause, [tokens[at]], text)

    def _the_words_wanted(self, value: list[Token], clause: Clause) -> list[Token]:
        """The words of `value` the field is to hold: the quotation it is said to be ("I
        prefer it is 'X'", "I think it should be 'X' please"), else the one quotation among
        words of grammar (`Turn.the_quotation`), else all of them, up to the old ones named
        ("... be A day out rather than the old one")."""
        instead = next((i for i, t in enumerate(value) if (term := clause.term_at(t)) is not None
                        and term.concept == "relation.old"), None)
        value = value[:instead] if instead else value
        said_words = [t for t in value if not t.is_punct]
        while said_words and self.t.is_(said_words[-1], "discourse."):
            said_words.pop()  # "... it is 'X' please"
        if len(said_words) > 1 and self.t.quote(said_words[-1]) and (
                said_words[-2].lemma_ == "be" or self.t.is_(said_words[-2], "relation.be")):
            value = said_words[-1:]
        return self.t.the_quotation(value)

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
        added = self.tagging.tag_list(self.t.words(named), adding=True) if named else None
        after = tokens[at + 1:]
        if added is None or not any(self.t.is_(t, "relation.off") for t in after):
            return added
        # "add 'x' to the tags, and take 'y' off": a tag of the post's said to come off
        off = {q.strip().casefold() for t in after if (q := self.t.quote(t)) is not None}
        tags = [t for t in added.slots["set_fields"]["tags"] if str(t).casefold() not in off]
        return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"tags": tags}})

    def _it_says(self, clause: Clause) -> Interpretation | None:
        """"The description, ... Could you make it say 'Y'?": "it" is the field the message
        named before this clause, set to the quotation after the relation."""
        tokens = clause.tokens
        it = next((i for i, t in enumerate(tokens) if t.lower_ == "it"), None)
        if it is None or not clause.tokens:
            return None
        value = after_relation(self.t, tokens[it + 1:])
        quote = self.t.lone_quote(value, clause) if value else None
        earlier = [t for t in self.t.doc[:tokens[0].i]
                   if self.t.is_(t, "part.meta") or self.t.is_(t, "part.title")]
        if quote is None or not earlier:
            return None
        # "the description at the top, the little summary": the first name of the field
        # in the sentence that names it last (the others are said beside it)
        first = next(t for t in earlier if t.sent.start == earlier[-1].sent.start)
        return self.field(clause, [first], quote)

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
        titled = self.t.is_(tokens[at], "part.title") or the_title_heading(self.t, tokens, at)
        return titled and "Ind" in said[0].morph.get("Definite", [])

    def named_before(self, clause: Clause) -> list[Interpretation] | None:
        """A field or tag the clause before named ("the tag league we don't need it"),
        taken out; else None (asked of no one, done to nothing)."""
        tag = next((t for t in clause.tokens if self.t.is_(t, "part.tags") or
                    self.t.is_(t, "part.meta")), None)
        if tag is None:
            return None
        chunk = next((list(c) for c in self.t.doc.noun_chunks if c.start <= tag.i < c.end),
                     [tag])
        after = self.t.doc[tag.i + 1] if tag.i + 1 < len(self.t.doc) else None
        if after is not None and (after.pos_ in ("NOUN", "PROPN") or self.tagging.is_tag(after)
                                  or (after.is_alpha and not after.is_stop
                                      and after not in chunk)):
            # "the tag league", "tag baking": the parser may leave the tag's name out of the
            # chunk, or read it as a verb
            chunk = [*chunk, after]
        words = self.t.trim(list(dict.fromkeys(chunk)), clause, determiners=True)
        field = self.removed(clause, words)
        return [field] if field is not None else None

    def removed(self, clause: Clause, words: list[Token]) -> Interpretation | None:
        """A field, tags or a heading `words` name, taken out ("the tags X and Y", "the
        beginner tag", "the description", "the heading 'X'"), else None."""
        named = self.tagging.tags_named(words)  # "the tags X and Y", "X from the tags"
        if named is None and len(words) > 2 and self.t.is_(words[0], "part.tags"):
            named = self.tagging.without_tags(words[1:2])  # "the tag X we not need": X
            named = named if named is not None and named[0].question is None else None
        if named is not None:
            return named[0]
        if words and (self.t.is_(words[0], "part.meta") or self.t.is_(words[0], "part.tags")) \
                and not any(self.t.quote(t) for t in words):
            words = [words[0]]  # "the description field from the front matter"
        fewer = self.tagging.without_tags(words[:-1]) if len(words) > 1 and self.t.is_(
            words[-1], "part.tags") else None
        if fewer is not None:
            return fewer[0]  # "remove the beginner tag": that tag, not all
        if not words or len(words) > 3:
            return None
        last = words[-1]
        if self.t.is_(last, "part.tags"):
            return Interpretation(intent=Intent.EDIT, slots={"remove_fields": ["tags"]})
        if self.t.is_(last, "part.meta"):
            return Interpretation(intent=Intent.EDIT, slots={"remove_fields": [last.lower_]})
        if self.t.is_(words[0], "part.heading"):
            return heading_removed(self.t, clause, words[1:])
        return None


def cleared_field(text: str) -> Interpretation | None:
    """"-tags", "- desc": a minus sign, then a field of the post's front matter and
    nothing else, the terse way to clear it (its key removed); else None."""
    if not text.startswith("-") or text.startswith("--"):
        return None
    word = text[1:].strip().rstrip(".!").strip().lower()
    concept = blogger_lexicon().concept(word) if word and " " not in word else None
    if concept == "part.tags":
        return Interpretation(intent=Intent.EDIT, slots={"remove_fields": ["tags"]})
    if concept == "part.meta":
        return Interpretation(intent=Intent.EDIT,
                              slots={"remove_fields": [FIELD_KEYS.get(word, word)]})
    return None
