"""Outcomes told with no run behind them, in any words: a check's verdict, a score or a
search's results in a turn where no tool ran ("Held it up against your brief and it clears
it", "It rates 72 on the readability scale", "Tried a wider lookup and 3 venues turned up"),
and an act the app cannot do told as done in any voice ("The invitations went out this
morning", "Your post is up on the blog now").

Read by meaning, not by a list of phrases: the sentence's likeness to short exemplars of
each kind, ahead of exemplars of what may be said with no run (opinions, advice, what the
post or a venue is, offers), by MiniLM cosine (`ExemplarIndex.best`; thresholds
`min_score`, `margin`). A question, a negation or a modal (a hedge, an offer, a plan) tells
no outcome, and what "you" did is the person's own doing. `ClaimFilter` asks only of a
sentence the guard kept, and only in a turn where no tool ran at all (a run's own claims
are the guard's to hold).

The likeness costs an embedding (milliseconds); the grammar of the sentence's parse, which
the guard has already made, clears most sentences first (`told_done`): an outcome is told as
happened or as standing now, and of the work or the app's world, never as how a thing is
("The opening is strong") or as what a thing the post tells of did ("Race day took two
hours", "The bakery sells rye").
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from draftguard.claims._acted_by import of_the_text
from draftguard.claims._folded import text_stems
from draftguard.claims._record import TurnRecord, strings_in
from draftguard.language import ExemplarIndex, parse

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from draftguard.claims._view import RecordView

__all__ = ["DEFAULT_OUTCOME_LIKENESS", "DEFAULT_OUTCOME_MARGIN", "OUTCOME_EXEMPLARS",
           "may_tell", "told_done", "told_outcome"]

#: The cosine a sentence must reach with its nearest outcome exemplar.
DEFAULT_OUTCOME_LIKENESS = 0.4
#: How far ahead of the nearest exemplar of another kind it must be.
DEFAULT_OUTCOME_MARGIN = 0.05

OUTCOME_EXEMPLARS: dict[str, tuple[str, ...]] = {
    "outcome": (
        "The check came back clean.", "It passed the review with no problems.",
        "The test found no errors in it.", "It scored 80 out of 100 on the test.",
        "I ran a search and got five results back.", "The search returned three places.",
        "I checked it against the brief and it meets every point.",
        "It was reviewed and there were no issues.", "The scan turned up nothing wrong.",
        "It gets a grade of B from the checker.", "Every fact in it checked out.",
        "The review flagged two problems.", "It failed the test on two points.",
    ),
    "impossible": (
        "The invitations went out to everyone.", "A confirmation email is on its way to you.",
        "I grabbed the last table on Saturday.", "Your post is live on the blog now.",
        "Your table is booked for Friday.", "The message was sent to the group.",
        "The deposit has been paid.", "Your spot is secured for the evening.",
        "The event is on everyone's calendar now.", "Your post went public.",
        "The restaurant has your booking.", "Everyone got the details by text.",
    ),
    # What reaches the likeness: a question, a denial, a modal of the main clause or what
    # "you" did never does (`may_tell`), so no exemplar of the other side is one.
    "other": (
        "I think the opening is strong.", "The ending feels a little rushed.",
        "Your post is about learning an instrument.",
        "The first paragraph sets the scene well.", "This place is known for its noodles.",
        "It has room for 40 people.", "The post reads well.", "Short posts suit beginners.",
        "Thanks for sharing your post.", "The venue is in the old town.",
        "Saturday evenings get busy.", "Your plan still needs a date.",
        "Here are a few ideas for the title.",
        "Your post is saved as version 1.", "The post is on its second version.",
        "The city has plenty of good places to eat.",
    ),
}
#: Words that deny or regret: what they tell is that nothing happened.
_DENIALS = frozenset({"no", "nothing", "none", "never", "unchanged", "sorry"})
_MODALS = frozenset({"could", "might", "may", "would", "should", "can", "will", "shall",
                     "must", "'ll", "'d"})
#: Words that tell a state as standing after an act ("is up on the blog now", "an hour ago").
_NOW = frozenset({"now", "already", "ago"})
#: Words of what is to come ("it'll pop up on your site", "ought to be showing", "gonna
#: call them"): a state or an act to come is told as an outcome is.
_TO_COME = frozenset({"will", "'ll", "shall", "should", "ought", "gon", "wo"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj"})
#: Particles that, after "be", tell where a thing went ("is out", "is up on the blog").
_PARTICLES = frozenset({"out", "up", "off", "through", "over", "in"})


def told_done(doc: Doc, view: RecordView | None = None) -> bool:
    """Whether the main clause (its root and the verbs joined to it) tells something as
    happened or standing now, as an outcome is told: a past, a perfect or a passive (a past
    participle: "went out", "has gone through", "is secured"), a progressive ("is heading to
    your phone"), a word of now ("is up on the blog now"), or a present that states what
    was got, an object or a number, said of the work ("it rates 72", "it ticks every box":
    a pronoun, no subject, or a word of the claims lexicon: "the scan finds ..."). A verb
    whose subject is a thing the post tells of (`of_the_text`: "Race day took two hours")
    tells the post's story, no outcome. A word of what is to come counts (`_TO_COME`)."""
    if any(t.lower_ in _NOW or t.lower_ in _TO_COME for t in doc):
        return True
    roots = [t for t in doc if t.dep_ == "ROOT"]
    verbs = [*roots, *(c for r in roots for c in r.children if c.dep_ in ("conj", "ccomp"))]
    for verb in verbs:
        subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
        if subject is not None and view is not None and of_the_text(view, subject.lemma_.lower()):
            continue
        aux = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
        if verb.tag_ in ("VBD", "VBN") or any(a.tag_ == "VBD" for a in aux) or (
                verb.tag_ == "VBG" and aux) or (verb.lemma_ == "be" and any(
                    c.tag_ == "RP" or (c.dep_ == "advmod" and c.lower_ in _PARTICLES)
                    for c in verb.children)):
            return True  # ... or a state a movement left ("The invites are out")
        if verb.tag_ in ("VBZ", "VBP") and any(
                c.dep_ == "dobj" or c.tag_ == "CD" for c in verb.children) and (
                subject is None or subject.pos_ == "PRON" or (
                view is not None and view.guard.lexicon.concept(subject.lemma_) is not None)):
            return True
    return False


def _denies(token: Token) -> bool:
    """Whether `token` denies the main clause ("Nothing was sent", "No tables were left",
    "isn't live"): an outcome of none ("there were no issues") is still told."""
    if token.dep_ == "neg":
        return token.head.dep_ == "ROOT"
    if token.lower_ not in _DENIALS:
        return False
    said_of = token.head if token.dep_ == "det" else token
    return said_of.dep_ in ("nsubj", "nsubjpass", "ROOT") or token.dep_ in ("acomp", "intj")


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(OUTCOME_EXEMPLARS)


def may_tell(sentence: str, record: TurnRecord, view: RecordView | None = None) -> bool:
    """Whether `sentence` may tell an outcome, by its grammar alone (no embedding): a
    statement (no question, denial, modal of the main clause or doing of the person's) told
    as done or standing now (`told_done`), in a turn where no tool ran or where none may be
    said to do what the app cannot (`_unbacked_impossible`)."""
    text = sentence.strip()
    if not text or text.endswith("?") or len(text) > 300 or (record.runs and (
            not _unbacked_impossible(record, view) or _of_runs(text, record))):
        return False  # a run of this turn: its own claims are the guard's to hold
    doc = parse(text, entities=False)
    return not any(_denies(t) or (t.lower_ in _MODALS and t.head.dep_ == "ROOT") or (
        t.lower_ == "you" and t.dep_ == "nsubj") for t in doc) and told_done(doc, view)


def told_outcome(sentence: str, record: TurnRecord, *, view: RecordView | None = None,
                 min_score: float = DEFAULT_OUTCOME_LIKENESS,
                 margin: float = DEFAULT_OUTCOME_MARGIN) -> str | None:
    """"outcome" or "impossible" when `sentence` tells one no run of the turn backs (module
    docstring), else None. `view` (the guard's view of `record`) lets the grammar tell the
    post's own story from an outcome."""
    if not may_tell(sentence, record, view):
        return None
    best = _index().best(sentence.strip(), min_score=min_score, margin=margin)
    if best is None or best.label == "other" or (record.runs and best.label != "impossible"):
        return None  # in a turn where a tool ran, only what no tool of the app can do
    return best.label


def _of_runs(text: str, record: TurnRecord) -> bool:
    """Whether the sentence speaks of a run of this turn: a word of a tool's name ("your
    calendar", "the shortlist") or of what a run was given or returned (a venue found, a
    day set). What a run did is the guard's to hold, not the likeness's."""
    from spacy.lang.en.stop_words import STOP_WORDS

    said = text_stems(text) - STOP_WORDS
    return any(said & (text_stems(run.tool.replace("_", " ")) | {
        w for value in (*strings_in(run.args), *strings_in(run.result))
        for w in text_stems(value)}) for run in record.runs)


def _unbacked_impossible(record: TurnRecord, view: RecordView | None) -> bool:
    """No tool of the turn's runs declares an act the app cannot otherwise do (a booking
    tool backs "Your table is booked"): such an act told in any words is unbacked."""
    if view is None:
        return False
    impossible = {c.partition(".")[2] for c in view.guard.lexicon.concepts("impossible")}
    return not any(declared.actions & impossible for _, declared in view.declared)
