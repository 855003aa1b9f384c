"""The post's tags read from the parse: "add the tag X", "tag it X and Y", "change the tag X
to Y", "take the X tag off", and several lists of tags in one message composed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.reading_turn import Turn
from draftguard.edits._frontmatter import read_frontmatter
from draftguard.understanding._asking import ask, choose_between
from draftguard.understanding._frames import Clause
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["TagFrames", "in_turn", "judged"]


def judged(field: Token) -> bool:
    """Whether the field's noun phrase is the subject of "be" with a judgement ("tag
    kitchen is not good", "the tags are a mess"): said of it, not its new value."""
    top = field
    while top.dep_ in ("compound", "amod", "nmod", "appos") and top.head is not top:
        top = top.head
    be = top.head
    return top.dep_ == "nsubj" and be.lemma_ == "be" and any(
        c.dep_ in ("acomp", "neg") for c in be.children)


#: What a list of tags is made of: a part after a comma with any other word ("ur a
#: star": a verb, a determiner) is a sentence of its own.
_LISTED = ("NOUN", "PROPN", "ADJ", "X", "CCONJ", "PUNCT")


class TagFrames:
    """The tag frames of one message (`turn`)."""

    def __init__(self, turn: Turn) -> None:
        self.t = turn

    def is_tag(self, word: Token) -> bool:
        """Whether `word` is one of the post's tags, however the parser tagged it ("the tag
        hobbies" with "hobbies" read as a verb)."""
        old = read_frontmatter(self.t.view.text).get("tags") if self.t.view else None
        return isinstance(old, list) and word.lower_ in {str(o).casefold() for o in old}

    def chosen_verb(self, clause: Clause) -> Token | None:
        """The clause's root verb when it is a word of English the lexicon lacks (not a
        typo of its words): a verb the author chose, whose meaning code does not know."""
        for t in clause.tokens:
            if t.dep_ == "ROOT" and t.pos_ == "VERB" and t.is_alpha and \
                    self.t.concept(t) is None and self.t.lexicon.correct(t.lower_) is None \
                    and self.t.lexicon.knows(t.lower_):
                return t
        return None

    def add_or_remove(self, adding: Interpretation, gone: Interpretation | None,
                      verb: Token) -> Interpretation:
        """One question for tags named after a verb code does not know (`verb`): take
        them off (`gone`), or add them (`adding`); when adding would change nothing (they
        are tags already), only whether to take them off; when none is a tag yet, they are
        added ("chuck a couple of tags on"). Never taken off unasked."""
        view = self.t.view
        old = read_frontmatter(view.text).get("tags") if view is not None else None
        left = gone.slots.get("set_fields", {}).get("tags") if gone is not None else None
        named = [str(t) for t in old if isinstance(left, list) and t not in left] \
            if isinstance(old, list) else []
        if gone is None or gone.question is not None or not named:
            return adding  # none of them is a tag yet: adding is the only reading
        said = ", ".join(f"“{n}”" for n in named)
        off = f"take the tag{'s' if len(named) > 1 else ''} {said} off"
        if adding.slots.get("set_fields", {}).get("tags") == old:
            return ask(f"I don't know what “{verb.text}” asks here, so I haven't done "
                       f"anything yet. Do you want me to {off}? Say yes if so.", (gone,))
        return choose_between((off, gone), (f"add them ({verb.text})", adding),
                              confidence=0.0)

    def swap_said(self, clause: Clause, field: Token, rest: list[Token], value: Token,
                  text: str) -> Interpretation | None:
        """"change the tag scotland to scottish", "the scotland tag to scottish": the tags
        named beside the field's word (`field`; `rest`, the words after it) are the ones
        that change, to the words after "to" (else `text`, the value read from `value`
        on); None when they name none of the post's tags."""
        joint = next((i for i, t in enumerate(rest) if self.t.is_(t, "relation.new") and
                      t.dep_ != "advmod" and 0 < i < len(rest) - 1), None)
        if joint is not None:  # "change the tag games to tabletop": old, then new
            text = self.t.lone_quote(rest[joint + 1:], clause) or self.t.clean(
                self.t.own_words(rest[joint + 1:]), clause)
        end = rest[joint].i if joint is not None else value.i
        named = [t for t in (*field.subtree, *rest) if t.i != field.i and t.i < end and
                 not self.t.is_(t, "relation.") and t.pos_ not in ("DET", "ADP", "PRON") and
                 not self.t.is_(t, "action.")]
        return self.swapped_tags(named, text) if text else None

    def swapped_tags(self, named: list[Token], text: str) -> Interpretation | None:
        """The post's tags with those `named` (tags it has) put as `text` in their place,
        else None."""
        old = read_frontmatter(self.t.view.text).get("tags") if self.t.view else None
        names = {p.strip(" .\"'").casefold() for chunk in self.t.words(named).split(",")
                 for p in chunk.split(" and ")} - {""}
        new = self.tag_list(text, adding=False)
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

    def tags(self, clause: Clause, body: list[Token], *, adding: bool,
             value: str | None = None) -> list[Interpretation] | None:
        at = next((i for i, t in enumerate(body) if self.t.is_(t, "part.tags")), None)
        if at is None:
            return None
        rest = body[at + 1:]
        if clause.head is not None and any(t.i == clause.head.i for t in rest):
            # "tags also, add 'x'": the field named first, the verb and its tags after
            rest = [t for t in rest if t.i >= clause.head_end]
        link = self.link(rest)
        if link:  # "tags should be x", "I'd like the tags to read x": the tags are x
            adding = adding and any(self.t.is_(t, "discourse.also") for t in rest[:link])
            rest = rest[link:]
        if adding and any(self.t.is_(t, "relation.off") for t in rest):
            # "take the beginner tag off": the words in front of "tag" name it
            return self.without_tags([t for t in body[at].subtree if t.i < body[at].i])
        joint = next((i for i, t in enumerate(rest) if t.lower_ in ("with", "as", "to")
                      and t.dep_ != "advmod"), None)  # not "as well"
        named = next((i for i, t in enumerate(rest[:3]) if t.lower_ in ("it", "this") or
                      self.t.is_(t, "part.post")), None)
        if joint is not None and joint <= 3:
            # "tag the post with x", "set tags to x"; with no verb of its own ("..., and the
            # tags to x") the tags are set as the verb before set the other field
            adding = adding and not (clause.head is None and rest[joint].lower_ == "to")
            rest = rest[joint + 1:]
        elif named is not None and body[at].pos_ != "NOUN":
            rest = rest[named + 1:]  # "tag it x", "tag the post x": the post is tagged
        while rest and not rest[0].is_alpha and rest[0].pos_ in ("CCONJ", "SYM"):
            rest = rest[1:]  # "tags + leeds", "tags & x": the sign that adds, not a tag
        # "... x and y instead of what's there": the list ends where the old one is named
        rest = rest[:next((i for i, t in enumerate(rest) if i and (term := clause.term_at(
            t)) is not None and term.concept == "relation.old"), len(rest))]
        raw = value if value is not None else self.t.words(
            self.t.trim(self.named_tags(self.t.the_quotation(rest), clause), clause))
        found = self.tag_list(raw, adding=adding, verbatim=value is not None)
        return [found] if found is not None else None

    def link(self, rest: list[Token]) -> int:
        """How many words open `rest` (the words after "tags") that only link the tags to
        their list, as a copula or a wish does ("should be", "ought to be", "to read",
        "must say", "should also be"): auxiliaries, "to", adverbs and one word of being or
        saying (`relation.be`); 0 when no such word links them."""
        n = 0
        while n < len(rest) and self.t.quote(rest[n]) is None and (
                rest[n].pos_ in ("AUX", "PART", "ADV") or self.t.is_(rest[n], "relation.be")):
            n += 1
        return n if n < len(rest) and any(self.t.is_(t, "relation.be") for t in rest[:n]) \
            else 0

    def named_tags(self, rest: list[Token], clause: Clause) -> list[Token]:
        """The words of `rest` that name tags, without an aside after them: they end at a
        word of the conversation's own ("cats as well, sweet as", "hobbies, cheers"), and
        a part after a comma that ends on a word that names nothing ("..., sweet as") is
        an aside too."""
        aside = {i for term in clause.terms if term.concept in ("discourse.polite",
                                                               "discourse.also")
                 for i in range(term.start, term.end)}
        # ... or at a phrase of place after them ("put the tag hobbies in its place")
        named = next((i for i, t in enumerate(rest) if i > 0 and (t.i in aside or (
            t.dep_ == "prep" and t.pos_ == "ADP" and not self.t.quote(rest[i - 1]) and
            any(c.dep_ == "pobj" and c.pos_ == "NOUN" for c in t.children)))), len(rest))
        kept = list(rest[:named])
        commas = [i for i, t in enumerate(kept) if t.text == ","]
        for i in reversed(commas):
            part = [t for t in kept[i + 1:] if not t.is_punct]
            if part and part[-1].pos_ in ("ADP", "SCONJ", "CCONJ", "DET", "AUX", "PART"):
                kept = kept[:i]  # "..., sweet as": a part that names nothing
        return kept

    def taken_off_after(self, clause: Clause,
                        previous: Clause | None) -> Interpretation | None:
        """"add 'x' to the tags, and take 'y' off": after a clause about the tags, one
        quotation that is one of the post's tags, said to go (a verb of deleting, or "off",
        "out"), with no other part of the post named: that tag taken off; else None."""
        quotes = [q for t in clause.tokens if (q := self.t.quote(t)) is not None]
        going = clause.head_concept == "action.delete" or any(
            self.t.is_(t, "relation.off") for t in clause.tokens)
        old = read_frontmatter(self.t.view.text).get("tags") if self.t.view else None
        if previous is None or not previous.has("part.tags") or clause.has("part.") or \
                len(quotes) != 1 or not going or not isinstance(old, list):
            return None
        there = [str(o) for o in old]
        if quotes[0].strip().casefold() not in {o.casefold() for o in there}:
            return None
        kept = [o for o in there if o.casefold() != quotes[0].strip().casefold()]
        return Interpretation(intent=Intent.EDIT, slots={"set_fields": {"tags": kept}})

    def tags_named(self, words: list[Token]) -> list[Interpretation] | None:
        """The post's tags less those named around the word "tags" ("the tags X and Y",
        "X and Y from the tags"), else None."""
        if len(words) > 1 and self.t.is_(words[0], "part.tags"):
            return self.without_tags(self.before_aside(words[1:]))
        named = words[:-1]
        while named and named[-1].pos_ in ("DET", "ADP"):
            named = named[:-1]  # "cooking and ramen from the tags": the tags named
        if not named or not self.t.is_(words[-1], "part.tags") or len(named) == len(
                words) - 1:
            return None  # "the bread tag" is read by the caller as before
        return self.without_tags(named)

    def before_aside(self, named: list[Token]) -> list[Token]:
        """The words of `named` that name tags, an aside after them left out: they end at
        politeness ("hobbies pls, ur a star"), and a part after a comma that holds none of
        the post's tags, after one that does, and says more than a name is an aside ("hobbies,
        you're a star"; "hobbies, kiln" names a tag the post lacks)."""
        end = next((i for i, t in enumerate(named) if i > 0 and (
            self.t.is_(t, "discourse.polite") or self.t.is_(t, "discourse.close"))),
                   len(named))
        kept = named[:end]
        commas = [i for i, t in enumerate(kept) if t.text == ","]
        for i in reversed(commas):
            part = kept[i + 1:]
            if not any(self.is_tag(t) for t in part) and any(
                    self.is_tag(t) for t in kept[:i]) and any(
                    t.pos_ not in _LISTED for t in part):
                kept = kept[:i]
        return kept or named

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

    def tag_list(self, raw: str, *, adding: bool, verbatim: bool = False
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
