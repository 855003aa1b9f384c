"""The target as the subject of a verb a modal asks for: "the bit about the ducks can go",
"that last sentence should be removed", "the paragraph on kit is to be deleted", "the title
ought to be changed to X", "the versions should be listed". The dependency parse gives the
subject (`obliged_subject`) and the verb; the request is the verb's, with the subject as
its object."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from blogger.reading_edits import EditFrames, refers_back
from blogger.reading_places import find_place
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import Clause, obliged_subject
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["SaidOf", "made_gone", "said_of_target"]

_NOT_FOUND = "I could not find that part of the post. Which section do you mean?"


@dataclass(frozen=True)
class SaidOf:
    """A request said of its target: the lexicon's concept of the verb, and what the edit
    frames read (None for a concept read elsewhere, such as an undo)."""

    concept: str
    found: list[Interpretation] | None


def said_of_target(edits: EditFrames, clause: Clause,
                   previous: Clause | None) -> SaidOf | None:
    """The request when `clause` says it of its target as subject, else None."""
    t = edits.t
    verb = clause.head if (clause.head_concept or "").startswith("action.") else next(
        (w for w in clause.tokens if w.pos_ == "VERB" and t.is_(w, "outcome.gone")), None)
    if verb is not None and obliged_subject(verb, pronoun=True) is None:
        # "the heron sentence has to go": the verb after "has to" is the one asked for
        verb = next((c for c in verb.children if c.dep_ == "xcomp" and (
            t.is_(c, "outcome.gone") or (t.concept(c) or "").startswith("action."))), verb)
    subject = obliged_subject(verb, pronoun=True) if verb is not None else None
    mine = {w.i for w in clause.tokens}
    if subject is None:
        # "make it so X is gone", "the first paragraph needs deleting" (a part the trim
        # leaves no words of, "the conclusion", is not read as "that")
        gone = made_gone(edits, clause) or needs_removing(edits, clause) or \
            topic_removed(edits, clause) or marked_gone(edits, clause)
        if gone and t.trim(gone, clause, determiners=True):
            return SaidOf("action.delete", edits.delete(clause, gone, previous))
    if verb is None or subject is None or subject.i not in mine:
        return None
    target = [w for w in subject.subtree if w.i in mine]
    if subject.pos_ == "PRON" and not (subject.lower_ == "one" and refers_back([subject])):
        # "that bit about my dad crying, could it go?": the words before the comma ("that
        # one can go" points back by itself)
        comma = next((w.i for w in clause.tokens if w.text == "," and w.i < subject.i), None)
        target = [w for w in clause.tokens if comma is not None and w.i < comma and
                  not w.is_punct]
        if not target or not _names_a_part(edits, target):
            return None
    concept = "action.delete" if t.is_(verb, "outcome.gone") else clause.head_concept or ""
    if concept == "action.delete":
        lead = [w for w in clause.tokens if w.i < target[0].i]
        colon = next((i for i, w in enumerate(lead) if w.text == ":"), None)
        place = find_place(t, clause, lead[:colon]) if colon else None  # "Kit section: ..."
        if place is not None and place.missing:
            return SaidOf(concept, [ask(_NOT_FOUND)])
        return SaidOf(concept, edits.delete(clause, target, previous, place=place))
    if concept == "action.list" and any(t.is_(w, "version.noun") for w in target):
        return SaidOf(concept, [Interpretation(intent=Intent.VERSIONS)])
    if concept in ("action.replace", "action.rename"):
        value = edits.fields.value(clause)
        if value is None and concept == "action.rename":
            # "the Weather section should be called Rain": the subject, named anew
            called = next((c for c in verb.children if c.dep_ in ("oprd", "attr", "dobj")),
                          None)
            after = t.own_words([w for w in clause.tokens if w.i > verb.i])
            if called is not None and t.quote(called) is None:
                # "the vet shall be called Oonagh Byrne, with her full name": the name
                after = [w for w in called.subtree if w.i in mine]
                cut = next((i for i, w in enumerate(after) if w.is_punct), len(after))
                after = after[:cut]  # "..., her surname too": an aside after the name
            new = [w for w in after if not w.is_punct and
                   not t.is_(w, "relation.new") and not t.is_(w, "discourse.")]
            value = edits.fields.renamed(clause, target, new) if new else None
        return SaidOf(concept, [value] if value is not None else None)
    return SaidOf(concept, None)


def _names_a_part(edits: EditFrames, target: list[Token]) -> bool:
    """Whether the words `target` name a part of the post ("the sentence where the results
    say X"): a part's word, and no verb of their own before it ("I love the bit about X"
    tells of it)."""
    part = next((i for i, w in enumerate(target) if edits.t.is_(w, "part.")), None)
    return part is not None and not any(
        w.pos_ in ("VERB", "AUX") and w.dep_ in ("ROOT", "ccomp") for w in target[:part])


def topic_removed(edits: EditFrames, clause: Clause) -> list[Token] | None:
    """"The paragraph about the DNA test, this I want to remove", "the bit about X, my
    husband finds that hilarious, so out it goes": the part named first, then a pronoun
    standing for it beside a removing verb (or "go" said with "out" or a modal); the words
    naming the part, else None."""
    t = edits.t
    tokens = clause.tokens
    comma = next((i for i, w in enumerate(tokens[:-1]) if w.text == ","), None)
    if comma is None:
        return None
    # ("the compost bit, out it goes": the parser may hang "out" on the part's noun; it
    # stands before the verb, after the comma)
    verbs = [w for w in tokens if w.pos_ == "VERB" and t.is_(w, "outcome.gone") and (any(
        t.is_(c, "relation.off") or (c.dep_ == "aux" and c.tag_ == "MD")
        for c in w.children) or any(t.is_(o, "relation.off") and tokens[comma].i < o.i < w.i
                                    for o in tokens))]
    if clause.head_concept == "action.delete" and clause.head is not None:
        verbs.append(clause.head)
    pronouns = [c for v in verbs for c in v.children if c.dep_ in ("nsubj", "dobj") and
                c.lower_ in _STANDS_FOR]
    after = tokens[comma + 1]
    if not pronouns and not (verbs and after.pos_ == "PRON" and after.lower_ in _STANDS_FOR):
        return None
    target = [w for w in tokens[:comma] if not w.is_punct]
    return target if target and _names_a_part(edits, target) else None


#: The pronouns that stand for a part named before them.
_STANDS_FOR = ("this", "it", "that")


def marked_gone(edits: EditFrames, clause: Clause) -> list[Token] | None:
    """"dentist sentence: gone", "cyril line: cut": a part named, a colon, and only the
    outcome of removing after it; the words naming the part, else None."""
    t = edits.t
    tokens = [w for w in clause.tokens if not (w.is_punct and w.text != ":")]
    colon = next((i for i, w in enumerate(tokens) if w.text == ":"), None)
    if colon is None or len(tokens) != colon + 2:
        return None
    outcome = tokens[-1]
    if not (t.is_(outcome, "outcome.gone") or t.is_(outcome, "action.delete")):
        return None
    target = tokens[:colon]
    return target if target and _names_a_part(edits, target) else None


#: The verbs that bring an outcome about or wish for it ("make it so X is gone", "I want
#: X gone"), by their lemma.
_BRINGING = ("make", "want", "need", "like", "get")


def made_gone(edits: EditFrames, clause: Clause) -> list[Token] | None:
    """"make it so the sentence starting 'X' is gone", "make sure the bit about Y is gone",
    "I want the worms line gone": the words naming a part of the post (or a quotation)
    between a verb that brings an outcome about and the outcome "gone", by word order (the
    parser is unsure of such clauses); else None."""
    t = edits.t
    head = clause.head
    outcome = [w for w in clause.tokens if t.is_(w, "outcome.gone") and w.tag_ == "VBN"]
    if head is None or head.lemma_ not in _BRINGING or not outcome or \
            outcome[-1].i < head.i or any(c.dep_ == "neg" for c in head.children):
        return None
    target = [w for w in clause.tokens if head.i < w.i < outcome[-1].i and
              not t.is_(w, "relation.be")]
    while target and (target[0].pos_ in ("PRON", "ADV", "ADJ", "SCONJ") or
                      t.is_(target[0], "discourse.")):
        target = target[1:]  # "it so ...", "sure ..."
    if not any(t.is_(w, "part.") or t.quote(w) for w in target):
        return None
    return target


def needs_removing(edits: EditFrames, clause: Clause) -> list[Token] | None:
    """"the first paragraph needs deleting", "the teapot line needs cut": a part of the
    post, "need", and a removing verb's "-ing" or past form right after it (a passive put
    as a need), by word order, as the tagger may call "needs" a plural noun; the words
    naming the part, else None."""
    t = edits.t
    tokens = clause.tokens
    at = next((i for i, w in enumerate(tokens[1:-1], 1) if w.lemma_ == "need" and
               w.lower_ != "need" and tokens[i + 1].tag_ in ("VBG", "VBN", "VBD") and
               t.is_(tokens[i + 1], "action.delete")), None)
    if at is None or any(w.dep_ == "neg" for w in tokens[at:at + 2]):
        return None  # "the intro doesn't need cutting" has no "needs"
    target = [w for w in tokens[:at] if not w.is_punct and not t.is_(w, "discourse.")]
    named = target and any(t.is_(w, "part.") or t.quote(w) for w in target)
    return target if named else None
