"""The target as the subject of a verb a modal asks for: "the bit about the ducks can go",
"that last sentence should be removed", "the paragraph on kit is to be deleted", "the title
ought to be changed to X", "the versions should be listed". The dependency parse gives the
subject (`obliged_subject`) and the verb; the request is the verb's, with the subject as
its object."""

from __future__ import annotations

from dataclasses import dataclass

from blogger.reading_edits import EditFrames
from blogger.reading_places import find_place
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import Clause, obliged_subject
from draftguard.understanding._types import Intent, Interpretation

__all__ = ["SaidOf", "said_of_target"]

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
    if verb is None or subject is None or subject.i not in mine:
        return None
    target = [w for w in subject.subtree if w.i in mine]
    if subject.pos_ == "PRON":
        # "that bit about my dad crying, could it go?": the words before the comma
        comma = next((w.i for w in clause.tokens if w.text == "," and w.i < subject.i), None)
        target = [w for w in clause.tokens if comma is not None and w.i < comma and
                  not w.is_punct]
        if not target or not any(t.is_(w, "part.") for w in target) or any(
                w.pos_ in ("VERB", "AUX") and w.dep_ in ("ROOT", "ccomp") for w in target):
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
            new = [w for w in clause.tokens if w.i > verb.i and not w.is_punct and
                   not t.is_(w, "relation.new") and not t.is_(w, "discourse.")]
            value = edits.fields.renamed(clause, target, new) if new else None
        return SaidOf(concept, [value] if value is not None else None)
    return SaidOf(concept, None)
