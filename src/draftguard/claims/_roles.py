"""Who did what to what, held against the document: a sentence whose words are all in the
post may still rearrange them into a claim it does not make.

"The salle only teaches foil" of a post that says "The salle teaches foil and épée", "Irena
lends you her jacket" where she lends the author her mask, "The left hand holds the weapon"
where the right one does: each names a verb the post uses, with the same doer, and gives it
a thing done to that the post does not (or narrows the things with "only"). A clause is read
on the parse as its verb's lemma, its subject (head noun and modifiers; "you" in the reply
is the author's "I" in the post; a verb joined to another shares its subject) and the head
nouns of its direct objects (with those joined to them). Only a post clause with the same
verb and the same doer judges a sentence's clause: a paraphrase in another verb, or with
another doer, is left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from draftguard.claims._verb_forms import verb_forms
from draftguard.language import parse

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["Deed", "deeds", "told_verbs", "unlike_document"]

#: Words that narrow what a verb acts on to the things named ("only", "just").
_ONLY = frozenset({"only", "just", "solely", "exclusively", "merely"})
#: The author, as the reply and the post say it.
_AUTHOR = "<author>"
#: A thing done to, named by a pronoun ("it", "them").
_IT = "<it>"
_FIELD = re.compile(r"^[A-Za-z_-]+:\s")  # a front matter line ("title: ...")
_PEOPLE = {"i": _AUTHOR, "you": _AUTHOR, "me": _AUTHOR, "my": _AUTHOR, "your": _AUTHOR,
           "ur": _AUTHOR, "yr": _AUTHOR, "u": _AUTHOR}  # as texted ("Ur sister")


@dataclass(frozen=True)
class Deed:
    """One clause: `doer` (its head noun) with `kind` (its modifiers) did `verb` to
    `objects` (head nouns), `narrowed` by "only"."""

    verb: str
    #: The doer's head noun, and any name beside it ("My coach, Irena": coach, irena).
    doer: frozenset[str]
    kind: frozenset[str]
    objects: frozenset[str]
    narrowed: bool = False
    negated: bool = False
    #: The nouns of where or with what it was done ("lock the bike outside the bakery").
    around: frozenset[str] = frozenset()


def _subject(verb: Token) -> Token | None:
    while True:
        found = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if found is not None or verb.dep_ != "conj" or verb.head is verb:
            return found
        verb = verb.head  # "fences sabre and lends me her mask": the first verb's subject


def _objects(verb: Token) -> list[Token]:
    out: list[Token] = []
    for c in verb.children:
        if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN") and out:
            out.append(c)  # "teaches foil and épée": the parser may join "épée" to the verb
        if c.dep_ == "dobj":
            out.append(c)
            out.extend(t for t in c.subtree if t.dep_ == "conj" and t.head.i in
                       {o.i for o in out})
    return out


def _joined(objects: list[Token]) -> list[Token]:
    """The nouns joined to the objects without a preposition ("leeks, chard and broad
    beans", which the parser may hang as "chard" on "beans"): the post's things in full."""
    out = list(objects)
    for token in out:
        out.extend(c for c in token.children if c.dep_ in ("conj", "nmod", "compound", "appos")
                   and c.pos_ in ("NOUN", "PROPN") and c not in out)
    return out


def deeds(doc: Doc, *, whole: bool = False) -> list[Deed]:
    """The clauses of `doc` with a subject and a direct object (`whole`: with every noun
    joined to the objects, as the post's are read)."""
    out: list[Deed] = []
    for verb in doc:
        if verb.pos_ != "VERB":
            continue
        subject, objects = _subject(verb), _objects(verb)
        objects = _joined(objects) if whole else objects
        if subject is None or not objects or any(c.tag_ == "MD" for c in verb.children):
            continue  # no doer or thing done to, or a modal ("you'll find the post ...")
        doer = frozenset(_PEOPLE.get(t.lower_, t.lemma_.lower()) for t in (subject, *(
            c for c in subject.children if c.dep_ == "appos")))
        kind = frozenset(c.lemma_.lower() for c in subject.children
                         if c.dep_ in ("amod", "compound") and c.pos_ != "PRON"
                         and c.lower_ not in _PEOPLE)
        around = frozenset(o.lemma_.lower() for t in (verb, *objects) for p in t.children
                           if p.dep_ == "prep" and p.lower_ != "of"  # "the key of the shed"
                           for o in p.children if o.dep_ == "pobj" and o.pos_ == "NOUN")
        narrowed = any(t.lower_ in _ONLY and t.dep_ == "advmod" for o in (verb, *objects)
                       for t in o.children)
        out.append(Deed(verb.lemma_.lower(), doer, kind,
                        frozenset(_IT if o.pos_ == "PRON" else o.lemma_.lower() for o in objects),
                        narrowed, any(c.dep_ == "neg" for c in verb.children), around))
    return out


@lru_cache(maxsize=64)
def told_verbs(document: str) -> frozenset[str]:
    """Every form of the verbs the document's deeds use (for the pre-screen)."""
    return frozenset(f for d in _told(document) for f in verb_forms(d.verb))


@lru_cache(maxsize=64)
def _told(document: str) -> tuple[Deed, ...]:
    """The deeds of the document's prose, line by line (no headings or front matter)."""
    out: list[Deed] = []
    for line in document.splitlines():
        text = line.strip()
        if text and not text.startswith(("#", "---", "|", "```")) and \
                not _FIELD.match(text):
            out.extend(d for d in deeds(parse(text, entities=False), whole=True)
                       if not d.negated)
    return tuple(out)


def unlike_document(sentence: Doc, document: str) -> str | None:
    """What `sentence` says someone did that the document tells otherwise, else None."""
    told = _told(document)
    for deed in deeds(sentence):
        if deed.negated or not deed.objects:
            continue
        same = [d for d in told if d.verb == deed.verb and d.doer & deed.doer]
        if not same:
            continue  # another verb or doer: a paraphrase, left alone
        if not any(deed.kind <= d.kind for d in same):
            if any(deed.objects <= d.objects for d in same):  # "the left hand holds ..."
                return f"the document says another {min(deed.doer)} does {deed.verb}"
            continue
        alike = [d for d in same if deed.kind <= d.kind]
        if _IT in deed.objects or any(_IT in d.objects for d in alike):
            continue  # "repainted it green": a pronoun may be any of the post's things
        fitting = [d for d in alike if deed.objects <= d.objects]
        if not fitting:
            return f"the document does not say the {min(deed.doer)} did {deed.verb} to that"
        if deed.narrowed and all(d.objects - deed.objects for d in fitting):
            return f"the document says the {min(deed.doer)} did {deed.verb} to more than that"
        if deed.around and all(d.around and not deed.around <= d.around for d in fitting):
            return f"the document says the {min(deed.doer)} did {deed.verb} elsewhere"
    return None
