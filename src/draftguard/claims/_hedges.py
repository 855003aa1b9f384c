"""How a reply's claim is said: hedged (a modal, an "if" clause, an infinitive: "you could
cut", "I will save it when you say so", "want me to add"), or stated as given ("since I saved
it", "the edit I made"), shown ("you'll find the post now says ..."), or taken as done by a
question ("Shall I undo the edit I just made?"). Only what is not hedged is asserted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.claims._acted_on import clause_children
from draftguard.claims._subjects import SUBJECTS as _SUBJECTS
from draftguard.claims._subjects import subject_of as _subject

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["DEFINITE", "PEOPLE", "given", "hedged_at", "presupposed", "said_by_self", "shown"]

_HEDGE_MARKS = frozenset({"if", "unless", "whether"})
#: Determiners of a thing that is there ("the edit I made").
DEFINITE = frozenset({"the", "this", "that", "these", "those", "my", "your", "our", "its"})
#: Marks of a clause stated as given ("since I saved it").
_GIVEN_MARKS = frozenset({"since", "because"})
_ABILITY = frozenset({"can", "ca"})
#: Modals that, said of a thing with no condition, state what it does or did ("The
#: reminder will go off at 17:30", "The lamp could be seen 18 miles out").
_PREDICTING = frozenset({"will", "could"})
PEOPLE = frozenset({"i", "we", "you"})


def states_fact(modal: Token, verb: Token) -> bool:
    """The modal states a fact: an ability ("You can reach it at ..."), or what a thing will
    do or could do, with no condition on it ("The reminder will go off at 17:30")."""
    if modal.lemma_ in _ABILITY:
        return True
    kids = clause_children(verb)
    subject = next((k for k in kids if k.dep_ in _SUBJECTS), None)
    return modal.lemma_ in _PREDICTING and subject is not None and \
        subject.lower_ not in PEOPLE and not any(k.dep_ == "advcl" for k in kids)


def hedged_at(token: Token, *, ability: bool = True) -> bool:
    """A modal, an `if` clause or an infinitive governs `token`, itself or an ancestor
    (a modal that states a fact, `states_fact`, only when `ability`)."""
    current: Token | None = token
    for _ in range(12):
        if current is None:
            break
        kids = clause_children(current)
        if any(k.tag_ == "MD" and (ability or not states_fact(k, current)) for k in kids):
            return True
        if any(k.dep_ == "mark" and k.lower_ in _HEDGE_MARKS for k in current.children):
            return True
        if any(k.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in _HEDGE_MARKS
                                         for m in k.children) for k in kids):
            return True
        if any(k.dep_ == "aux" and k.tag_ == "TO" for k in current.children):
            return True  # "to add", "going to save", "want me to check"
        if current.dep_ == "ROOT" or current.head is current or given(current) or \
                shown(current):
            break
        current = current.head
    return False


def shown(clause: Token) -> bool:
    """A finite clause the person "will find" or "will see" ("You'll find the post now says
    ..."): told as so, unless a condition governs it ("If you look, you'll see ...")."""
    head = clause.head
    if clause.dep_ not in ("ccomp", "dep") or clause.tag_ not in ("VBZ", "VBP", "VBD"):
        return False
    kids = list(head.children)
    return any(k.dep_ == "nsubj" and k.lower_ == "you" for k in kids) and any(
        k.tag_ == "MD" and k.lower_ in ("will", "'ll", "ll") for k in kids) and not any(
        k.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in _HEDGE_MARKS
                                  for m in k.children) for k in kids)


def said_by_self(token: Token) -> bool:
    """The verb's subject is the app ("I", "we")."""
    return any(k.dep_ in ("nsubj", "nsubjpass") and k.lower_ in ("i", "we")
               for k in clause_children(token))


def given(clause: Token) -> bool:
    """A clause stated as given, whatever the main clause's mood: "since I saved it", "now
    that you're booked in", "because I cut it" (a reason is asserted, unlike a condition
    or a time to come: "if", "once", "when"), or a relative clause ("the edit I made")."""
    if clause.dep_ == "relcl":  # "the edit I made" is one (not "a quiz that passed")
        return any(k.dep_ in ("det", "poss") and k.lower_ in DEFINITE
                   for k in clause.head.children)
    if clause.dep_ not in ("advcl", "ccomp"):  # "Now that ..." is parsed either way
        return False
    marks = [k for k in clause.children if k.dep_ == "mark"]
    # "as I've already reverted it": a reason the app gives of its own doing
    return any(((m.lower_ in _GIVEN_MARKS or (m.lower_ == "as" and said_by_self(clause)))
                and clause.dep_ == "advcl") or (
        m.lower_ == "that" and m.i > 0 and m.doc[m.i - 1].lower_ == "now") for m in marks)


def presupposed(token: Token) -> bool:
    """A claim a question takes as done: the app's past action in a relative clause ("Shall
    I undo the edit I just made?"), or a reason it gives ("Since I've cut it, shall we ...?")."""
    if token.dep_ in ("advcl", "ccomp") and given(token):
        return True
    if token.dep_ != "relcl":
        return False
    subject = _subject(token)
    past = token.tag_ == "VBD" or any(k.lemma_ == "have" and k.dep_ == "aux"
                                      for k in token.children)
    return past and subject is not None and subject.lower_ in ("i", "we")
