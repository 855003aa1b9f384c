"""A verdict told in other words than the lexicon's ("a pass with flying colours", "came top
of the class", "didn't make the grade"), read by likeness, not by a list of phrases.

When a check ran this turn, a sentence whose subject is the work it judged ("it", "your tram
guide": a word of the check's arguments, a kind of thing a tool makes, a place a tool puts
things) says a verdict when its predicate (the sentence without its subject) is near enough
to one of the short pass or fail exemplars below (MiniLM cosine, `ExemplarIndex.best`, with a
margin over the other side). A negation of the predicate turns it round ("didn't make the
grade" is a fail). The guard holds that verdict against the check (`ClaimGuard.judge`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from draftguard.claims._folded import words_of
from draftguard.claims._record import strings_in
from draftguard.language import ExemplarIndex

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from draftguard.claims._reading import Reading
    from draftguard.claims._view import RecordView

__all__ = ["DEFAULT_VERDICT_LIKENESS", "DEFAULT_VERDICT_MARGIN", "VERDICT_EXEMPLARS",
           "told_verdict", "unlike_check"]

#: The cosine a predicate must reach with its nearest verdict exemplar.
DEFAULT_VERDICT_LIKENESS = 0.5
#: How far ahead of the other side's nearest exemplar it must be.
DEFAULT_VERDICT_MARGIN = 0.15

#: What is said of work that passed or failed, as predicates without a subject.
VERDICT_EXEMPLARS: dict[str, tuple[str, ...]] = {
    "pass": ("passed", "passed easily", "got a pass", "did well", "came through", "won",
             "made the grade", "got top marks", "was a success", "cleared the bar"),
    "fail": ("failed", "failed badly", "got a fail", "did badly", "fell short", "lost",
             "missed the mark", "got low marks", "was a failure"),
}
_PRONOUNS = frozenset({"it", "they", "this", "that"})


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(VERDICT_EXEMPLARS)


def told_verdict(doc: Doc, work: frozenset[str], *,
                 min_score: float = DEFAULT_VERDICT_LIKENESS,
                 margin: float = DEFAULT_VERDICT_MARGIN) -> bool | None:
    """True when `doc` says the work (a pronoun or one of the words `work`) passed, False
    when it says it failed, None when it says neither or speaks of something else."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ not in ("VERB", "AUX"):
        return None
    subject = next((k for k in root.children if k.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or not (subject.lower_ in _PRONOUNS or subject.lemma_.lower() in work):
        return None
    dropped = {t.i for t in subject.subtree}
    negations = [k for k in root.children if k.dep_ == "neg"]
    dropped |= {k.i for k in negations}
    predicate = " ".join(t.text for t in doc if t.i not in dropped and not t.is_punct)
    if not predicate:
        return None
    best = _index().best(predicate, min_score=min_score, margin=margin)
    if best is None:
        return None
    return (best.label == "pass") != bool(negations)


def unlike_check(doc: Doc, reading: Reading, view: RecordView, *,
                 min_score: float = DEFAULT_VERDICT_LIKENESS,
                 margin: float = DEFAULT_VERDICT_MARGIN) -> bool | None:
    """The verdict (True: a pass) `doc` tells in other words of the work a check of this
    turn judged, when every such check said otherwise; None when it tells none, the lexicon
    read one (the guard held that already), or a check agrees."""
    checks = view.checks()
    if not checks or any(c.kind == "verdict" for c in reading.claims):
        return None
    work = frozenset({"post"} | {
        w for run, _ in checks for t in strings_in(run.args) for w in words_of(t)} | {
        w for d in view.record.claims.values() for w in (*d.objects, *d.places_of())})
    said = told_verdict(doc, work, min_score=min_score, margin=margin)
    if said is None or any(bool(run.result.get(f)) == said for run, f in checks):
        return None
    return said
