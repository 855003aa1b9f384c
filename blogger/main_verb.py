"""What a message's main verb says of a request the reader read by its object: a tool named
as the object of a verb the app cannot do ("mail the quiz to my students", "can you check
online if the bridge opened in 1985") is not run, and a statement of what the person did
("I posted the last one on facebook", "we made a quiz from it last week") asks nothing.

The reader (`blogger.reading`) finds a tool by the noun that names it (a quiz, a check, a
post); this looks at the verb over it, by the parse: its tense, its subject, and whether it
is one of the app's own actions (the lexicon's `action` words) with no way out of the app
(its `beyond` words) said with it. Which capability is missing is then found by meaning
(`blogger.beyond`), with the tool's noun left out ("mail it to my students").
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from blogger.beyond import DEFAULT_MIN_LEAD, DEFAULT_MIN_SCORE, is_way_out, nearest_lack
from blogger.reading_turn import blogger_lexicon
from draftguard.language import ExemplarIndex, parse

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["WRITE_BEYOND", "asks_new_words", "lacking_verb", "only_told"]

_MODALS = frozenset({"can", "could", "would", "will", "shall", "should", "may", "might",
                     "must"})
_CLAUSE_DEPS = frozenset({"ROOT", "conj", "dep", "parataxis", "ccomp"})


def _concept(token: Token) -> str:
    return blogger_lexicon().concept(token.lemma_.lower()) or \
        blogger_lexicon().concept(token.lower_) or ""


def _heads(doc: Doc) -> list[Token]:
    """The verbs that head the message's clauses (each sentence's root and the verbs joined
    to it)."""
    return [t for t in doc if t.dep_ in _CLAUSE_DEPS and t.pos_ in ("VERB", "AUX")]


def _told(verb: Token) -> bool:
    """Whether `verb` tells what the speaker did: past tense ("posted", "had made"), with
    "I" or "we" as its subject, no modal and no question."""
    past = verb.tag_ == "VBD" or (verb.tag_ == "VBN" and any(
        c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children))
    first = any(c.dep_ in ("nsubj", "nsubjpass") and "1" in c.morph.get("Person", [])
                for c in verb.children)
    modal = any(c.dep_ == "aux" and c.lower_ in _MODALS for c in verb.children)
    return past and first and not modal


def only_told(message: str) -> bool:
    """Whether every clause of `message` tells what the speaker did ("I posted the last one
    on facebook", "we checked it last week and I split it after"): no request in it."""
    if "?" in message:
        return False
    heads = _heads(parse(message, entities=False))
    return bool(heads) and all(_told(h) for h in heads)


def _asked(verb: Token) -> bool:
    """Whether `verb` is asked of the reader: no subject but "you", not past."""
    if verb.tag_ in ("VBD", "VBN"):
        return False
    return all(c.lower_ in ("you", "u", "ya", "ye") for c in verb.children
               if c.dep_ in ("nsubj", "nsubjpass"))


def lacking_verb(message: str, *, min_score: float = DEFAULT_MIN_SCORE,
                 min_lead: float = DEFAULT_MIN_LEAD) -> str | None:
    """The missing capability (a key of `blogger.beyond.LACKING`) that the main verb of
    `message` asks for over a tool it names ("email my class the flashcards": "send"), else
    None. A verb of the app's own ("make", "check") asks for none unless a way out of the
    app is said with it ("check online if ...", "check on google whether ..."); which one is
    found by meaning, the tool's own words left out (for a verb said with a way out, the
    nearest)."""
    doc = parse(message, entities=False)
    for verb in _heads(doc):
        if not _asked(verb):
            continue
        way_out = any(is_way_out(_concept(t)) and t.pos_ not in ("VERB", "AUX")
                      for t in verb.subtree if t.head.i == verb.i or (t.head.dep_ == "prep" and
                                                t.head.head.i == verb.i))
        if _concept(verb).startswith("action.") and not way_out:
            continue
        words = [("it" if _concept(t).startswith("artifact.") else t.text)
                 for t in verb.subtree if not (t.dep_ == "det" and
                                               _concept(t.head).startswith("artifact."))]
        # said with a way out, the verb is beyond the app by the parse: the nearest missing
        # capability names it, however near what the app does
        found = nearest_lack(" ".join(words), min_score=0.0 if way_out else min_score,
                             min_lead=-1.0 if way_out else min_lead)
        if found is not None:
            return found
    return None


#: The reply to new words asked for a part of the post on a small model.
WRITE_BEYOND = (
    "I can't write new text for the post: the small model I run on can't write any worth "
    "keeping, so nothing was done. Write the new words yourself and tell me where they go, "
    "like: change “old words” to “new words”, or: add a line at the end: ..., and I'll put "
    "them in. I can also make a quiz, flashcards or a mind map of it, or check it against a "
    "brief.")

#: The parts of a post new words may be asked for, by the lexicon's concepts.
_PARTS = ("part.intro", "part.conclusion", "part.paragraph", "part.sentence", "part.title",
          "position.first", "position.last")
_QUOTES = frozenset("\"“”‘’'`:")


def asks_new_words(message: str, *, unread: bool) -> bool:
    """Whether `message` asks the app to write new words for a part of the post ("write me
    a new intro", "make the ending punchier", "redo the last section"), giving none of its
    own (no quotation, nothing after a colon): a part of the post named as the object of
    the message's words, and a verb asked of the reader; when the reader read no edit
    (`unread` False: nothing at all), only a verb of the app's own actions ("make")."""
    if _QUOTES & set(message) or ("?" in message and not unread):
        return False
    doc = parse(message, entities=False)
    if _gives_a_name(doc):  # "put a title on it, something like Flat Loaf Diaries"
        return False
    named = any(_concept(t).startswith(_PARTS) and (t.pos_ in ("NOUN", "PROPN", "ADJ") or (
        t.tag_ == "VBG" and t.i > 0 and t.nbor(-1).pos_ == "DET")) and  # "the ending"
        t.dep_ in ("dobj", "pobj", "nsubj", "attr", "compound", "amod") for t in doc)
    if not named:
        return False
    asked = [h for h in _heads(doc) if _asked(h) and h.tag_ == "VB" and
             not _concept(h).startswith("action.delete")]
    if not asked or not (unread or any(_concept(h).startswith("action.") for h in asked)):
        return False
    return _writing().rank(message)[0].label == "write"  # not "move the gear section up"


def _gives_a_name(doc: Doc) -> bool:
    """Whether the message gives words of its own as a name: two or more capitalised words
    in a row after its first word ("something like Flat Loaf Diaries")."""
    run = 0
    for t in doc[1:]:
        run = run + 1 if t.is_alpha and t.text[:1].isupper() and t.text != "I" else 0
        if run >= 2:
            return True
    return False


@cache
def _writing() -> ExemplarIndex:
    """New words asked for a part, beside a part moved or taken out (no new words)."""
    return ExemplarIndex({
        "write": ["write a new intro", "make the ending punchier", "rewrite the second "
                  "paragraph", "improve the conclusion", "add a closing line",
                  "make the title shorter", "polish the wording of the opening"],
        "arrange": ["move the gear section up", "put the last paragraph first",
                    "swap the two sections round", "delete everything after the second "
                    "section", "move the recipe to the end", "put the intro after the list"],
    })
