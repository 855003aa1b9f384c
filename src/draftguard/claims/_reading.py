"""One reply sentence read through the parse: what it claims, and how.

`read_sentence(doc, lexicon)` finds the claims lexicon's words among the sentence's verbs and
adjectives, and for each the grammar around it (spaCy's dependency parse):

- negated ("not", "never", a subject such as "nothing");
- asserted, or only hedged, planned, conditional, infinitive or imperative ("you could cut",
  "I will save it when you say so", "if you like", "want me to add", "save it now"): only an
  asserted claim is held against the record;
- its subject (first person, second person, or a thing such as "the check") and its objects.

It also lists the sentence's quantities (each number, in digits or words, with the noun it
counts or names: "version 3", "3 lines", "five hundred"), its proper names, and its nouns.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from draftguard.claims._acted_on import (
    asked_of,
    clause_children,
    clause_head,
    named_objects_of,
    objects_of,
    places_of,
    targets_of,
    topics_of,
)
from draftguard.claims._arrived import arrived
from draftguard.claims._calendar import dates_in, times_in
from draftguard.claims._facts import Quantity, identifiers, names, quantities, rounding_words
from draftguard.claims._findings import findings, judged_by_check, partial, standard_verbs
from draftguard.claims._headings import heading_items
from draftguard.claims._hedges import DEFINITE as _DEFINITE
from draftguard.claims._hedges import PEOPLE as _PEOPLE
from draftguard.claims._hedges import hedged_at as _hedged_at
from draftguard.claims._hedges import presupposed as _presupposed
from draftguard.claims._hedges import said_by_self as _said_by_self
from draftguard.claims._hedges import shown as _shown
from draftguard.claims._lexicon_words import CLAIM_KINDS, claim_words, lone_participle
from draftguard.claims._sentence import Claim, Reading
from draftguard.claims._subjects import SUBJECTS as _SUBJECTS
from draftguard.claims._subjects import negated as _negated
from draftguard.claims._subjects import subject_of as _subject
from draftguard.claims._subjects import subject_word as _subject_word
from draftguard.claims._texts_said import denied as _denied
from draftguard.claims._texts_said import reported as _reported
from draftguard.claims._unlisted import (
    LIGHT,
    UNLISTED,
    act_objects,
    acted_on,
    by_name,
    dated,
    unlisted_acts,
)
from draftguard.claims._verb_forms import coined_stem
from draftguard.language import Lexicon

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["Claim", "Quantity", "Reading", "read_sentence"]

#: A question offering these acts on a thing does not take the thing as there already.
_OFFERS = frozenset({"action.make", "action.any", "action.check"})
#: A quoted span (straight or curly double quotes, curly single quotes).
QUOTE = re.compile(r'"([^"\n]{1,300})"|“([^”\n]{1,300})”|‘([^’\n]{1,300})’')
#: The words of what a text is said to say ("One card asks who designed the lighthouse").
_CONTENT = frozenset({"NOUN", "PROPN", "ADJ", "VERB"})
#: Words that make a present passive an event of this turn ("is now saved").
_EVENT_ADVERBS = frozenset({"now", "just", "also", "already", "successfully"})
#: Marks of a clause that tells what must come first ("before it'll pass").
_NOT_YET = frozenset({"before", "until", "till"})


def _imperative(token: Token) -> bool:
    head = clause_head(token)
    if head.dep_ != "ROOT" or head.tag_ != "VB":
        return False
    doc = head.doc
    if head.text[:1].isupper() and head.i + 1 < len(doc) and doc[head.i + 1].pos_ == "PROPN":
        return False  # a name read as a verb ("Bar Nonna Rosa seats 40.")
    return not any(k.dep_ in _SUBJECTS for k in clause_children(token))


def _voice(token: Token, subject: Token | None) -> str:
    kids = clause_children(token)
    passive = token.tag_ == "VBN" and (subject is None or subject.dep_ == "nsubjpass" or any(
        k.dep_ == "auxpass" for k in kids) or token.dep_ in ("acomp", "amod", "oprd"))
    if not passive:
        return "bare" if subject is None else "active"
    aux = [k for k in kids if k.dep_ in ("aux", "auxpass")]
    present = bool(aux) and all(k.tag_ in ("VBZ", "VBP") and k.lemma_ == "be" for k in aux)
    if present and not any(k.lower_ in _EVENT_ADVERBS for k in kids):
        return "state"
    return "passive" if subject is not None or aux else "bare"


def _named(subject: Token) -> bool:
    """A name as subject: a proper noun, or a bare capitalised noun ("Tomasz has ...")."""
    return subject.pos_ == "PROPN" or (
        subject.pos_ == "NOUN" and subject.text[:1].isupper()
        and not any(k.dep_ in ("det", "poss", "compound", "amod") for k in subject.children))


def _told(doc: Doc, lexicon: Lexicon) -> set[str]:
    """What a sentence retells of a named person's past, or of the person's own ("Dev lent
    you a rotavator", "Mrs Patel painted it blue", "Mrs Patel has read it and loved it",
    "You spotted puffins on the cliffs"): the nouns of what the verb acted on, the adjective
    it made it and, on a pronoun only, the verb itself (not the person's own: "You picked it
    up" retells "I found it"), which a text of the record must hold. A verb the lexicon
    lacks, in the past or perfect."""
    words: set[str] = set()
    for root in (t for t in doc if t.dep_ == "ROOT" and t.tag_ in ("VBD", "VBN")):
        subject = _subject(root)
        if subject is None or not (_named(subject) or subject.lower_ == "you") or \
                _negated(root, subject) or \
                _hedged_at(root) or (root.tag_ == "VBN" and not any(
                    k.lemma_ == "have" and k.dep_ == "aux" for k in root.children)):
            continue
        for verb in (root, *(c for c in root.conjuncts if c.pos_ == "VERB")):
            if lexicon.concept(verb.lemma_):
                continue
            nouns: set[str] = set()
            for kid in verb.children:
                if kid.dep_ in ("dobj", "dative"):  # a light verb's noun is its act ("a go")
                    nouns.update(t.lemma_.lower() for t in kid.subtree
                                 if t.pos_ == "NOUN" and t.is_alpha and (not t.is_stop or (
                                     t is kid and verb.lemma_.lower() in LIGHT)))
                if kid.dep_ in ("oprd", "acomp", "xcomp", "ccomp") and kid.pos_ == "ADJ":
                    words.add(kid.lemma_.lower())  # what it made the thing ("painted it blue")
            words |= nouns
            if not nouns and subject.lower_ != "you" and verb.lemma_.lower() not in LIGHT and any(
                    k.dep_ == "dobj" and k.pos_ == "PRON" for k in verb.children) and not any(
                    k.dep_ in ("ccomp", "xcomp") for k in verb.children):
                words.add(verb.lemma_.lower())  # "has read it", "loved it"
    return words


def _pending(doc: Doc, start: int) -> set[str]:
    """The nouns a "still need" / "missing" at token `start` says are still needed, when the
    sentence asserts it (not negated, hedged or asked)."""
    token = doc[start]
    for _ in range(3):  # "still" and "yet" hang from the verb they modify
        if token.pos_ in ("VERB", "AUX", "ADJ") or token.head is token:
            break
        token = token.head
    if _negated(token, _subject(token)) or _hedged_at(token, ability=False):
        return set()
    return {t.lemma_.lower() for t in token.subtree if t.pos_ in ("NOUN", "PROPN")}


def _claim_token(token: Token, kind: str) -> bool:
    if kind == "verdict":  # with a particle, another verb ("books had passed through")
        return token.pos_ not in ("NOUN", "PROPN") and not any(
            k.dep_ == "prt" for k in token.children)
    if token.pos_ == "VERB" or coined_stem(token.text) is not None:
        return True  # a verb, or one made from a noun that the parser read as one ("RSVP'd")
    # A participle read as an adjective ("Saved as version 2.", "Done!", "is confirmed").
    return token.pos_ in ("ADJ", "INTJ", "PROPN", "NOUN") and token.tag_ in ("VBN", "VBD", "JJ") \
        and (token.lower_.endswith(("ed", "one", "en")) or token.dep_ == "ROOT")


def _presented(doc: Doc) -> frozenset[str]:
    """What "Here is your quiz." / "Here are the flashcards:" hands over, and a new thing
    said to have come ("A quiz came along with them too": `arrived`)."""
    found: set[str] = set(arrived(doc, _hedged_at))
    for root in (t for t in doc if t.dep_ == "ROOT" and t.lemma_ == "be"):
        kids = list(root.children)
        if any(k.lower_ == "here" and k.dep_ == "advmod" for k in kids):
            for k in kids:
                if k.dep_ in ("nsubj", "attr") and k.pos_ == "NOUN":
                    found.add(k.lemma_.lower())
                    found.update(c.lemma_.lower() for c in k.conjuncts if c.pos_ == "NOUN")
    return frozenset(found)


def _claim(concept: str, token: Token, *, question: bool) -> Claim:
    subject = _subject(token)
    judged = concept.startswith("verdict.") and judged_by_check(token)
    asserted = not ((question and not _presupposed(token)) or
                    (_hedged_at(token) and not judged) or _imperative(token)
                    or (token.tag_ == "VBG" and not any(
                        k.lemma_ == "be" for k in clause_children(token))))
    # "It only met two of the three criteria": a verdict on part of them fails.
    negated = _negated(token, subject) != (concept.startswith("verdict.") and partial(token))
    return Claim(
        concept=concept, word=token.lower_, negated=negated,
        asserted=asserted, subject=_subject_word(subject),
        objects=act_objects(token) if concept == UNLISTED else objects_of(token),
        voice=_voice(token, subject), places=places_of(token, concept),
        named_objects=named_objects_of(token), targets=targets_of(token),
        topics=topics_of(token), past=token.tag_ == "VBD" or (token.tag_ == "VBN" and any(
            k.lemma_ == "have" and k.dep_ == "aux" for k in clause_children(token))),
        asked=asked_of(token) if concept == "impossible.request" else frozenset(),
        acted_on=acted_on(token) if concept == UNLISTED else frozenset(),
        by_name=by_name(token), dated=dated(clause_children(token), by_number=True),
        direct=any(k.dep_ == "dobj" and k.lower_ not in _PEOPLE and k.lower_ not in ("me", "us")
                   for k in token.children),
        light=token.lemma_.lower() in LIGHT and any(k.dep_ == "dobj" and k.pos_ == "NOUN"
                                                    for k in token.children))


def _presumed(found: list[tuple[str, Token]]) -> list[Claim]:
    """What a question takes as done when it asks what to do with it: the app's action
    named by a definite noun ("Shall I undo the removal of X?", "Would you like me to cancel
    the Sunday booking?"), unless the question offers to make it ("Shall I make the
    booking?")."""
    out: list[Claim] = []
    for concept, token in found:
        if concept.partition(".")[0] not in ("action", "impossible") or \
                token.pos_ != "NOUN" or token.dep_ != "dobj" or not any(
                k.dep_ in ("det", "poss") and k.lower_ in _DEFINITE for k in token.children):
            continue
        offered = {c for c, t in found if t.i == token.head.i}
        if offered & _OFFERS:
            continue  # "Shall I make the booking?", "Shall I check the changes?"
        out.append(replace(_claim(concept, token, question=False), asserted=True,
                           voice="bare", subject=None, negated=False))
    return out


def _naming_or_ringing(token: Token) -> bool:
    """A word of calling that names ("what the heaviest bell is called": a present passive)
    or sounds ("Hilary has rung there for forty years": "ring" with nothing rung and no "I"
    or "we"), not a phone call."""
    kids = list(token.children)
    if any(k.dep_ == "auxpass" and k.tag_ in ("VBZ", "VBP") for k in kids):
        return True
    return token.lemma_.lower() == "ring" and not any(
        k.dep_ in ("dobj", "dative", "prt", "nsubjpass") or k.lower_ in ("i", "we")
        for k in kids)


#: Report verbs whose object is the one addressed, not what is said ("I asked the manager"):
#: said by "I" or "we" to someone outside the conversation, they send a message.
_ADDRESSED = frozenset({"ask"})
#: The people of the conversation: telling them is the reply itself, no message sent.
_CONVERSATION = frozenset({"you", "me", "us", "yourself"})


def _telling_another(token: Token) -> bool:
    """"tell" as a message sent: said by "I" or "we" in the active voice, or in a passive
    perfect or past ("Your insurer has been told"), to someone who is not of the
    conversation ("I told Low & Slow to expect thirty", "we told the vicar"; not "As I told
    you", "Readers are told to ...")."""
    kids = list(clause_children(token))
    said_by = [k for k in kids if k.dep_ == "nsubj"]
    told = [k for k in kids if k.dep_ in ("dobj", "dative")]
    if not said_by:  # "Your insurer has been told", "was told": done, to whom it names
        told = [k for k in kids if k.dep_ == "nsubjpass"]
        done = any(k.dep_ == "aux" and k.lemma_ == "have" for k in kids) or any(
            k.dep_ == "auxpass" and k.tag_ == "VBD" for k in kids)
        return done and bool(told) and all(k.lower_ not in _CONVERSATION for k in told)
    return any(k.lower_ in ("i", "we") for k in said_by) and bool(told) and \
        all(k.lower_ not in _CONVERSATION for k in told)


def _word_claim(concept: str, token: Token, lone: str | None, *,
                question: bool) -> Claim | None:
    """The claim a lexicon word makes, if it makes one."""
    if concept.startswith("report.") and token.lemma_.lower() in _ADDRESSED and \
            _telling_another(token) and not any(  # "asked them for a cake": a request
                k.dep_ in ("prep", "prt") and k.lower_ == "for" for k in token.children):
        concept = "impossible.message"  # "I asked Low & Slow whether ...": a message sent
    kind = concept.partition(".")[0]
    light = kind == "action" and token.pos_ == "NOUN" and token.dep_ == "dobj" and \
        token.head.lemma_.lower() in LIGHT and token.head.pos_ == "VERB"
    if light:
        token = token.head  # "got a polish": the act is the noun's, told by the verb
    if kind not in CLAIM_KINDS or not (_claim_token(token, kind) or (
            token.i == 0 and concept == lone)):
        return None
    if any(k.dep_ == "oprd" for k in token.children) and kind == "impossible":
        return None  # a naming ("a source called interview"), not the act ("called them")
    if concept == "impossible.call" and _naming_or_ringing(token):
        return None
    if token.lemma_.lower() == "tell" and not _telling_another(token):
        return None
    if concept == "impossible.book" and token.lemma_.lower() == "hold" and \
            token.tag_ in ("VBZ", "VBP"):
        return None  # "Version 6 holds the new night", "The room holds 40": what it contains
    if any(k.dep_ == "mark" and k.lower_ == "as" for k in token.children) and \
            not _said_by_self(token):
        return None  # "as requested", "as you asked for": the person's doing, no claim
    claim = _claim(concept, token, question=question)
    if kind == "verdict" and not question and token.tag_ in ("VB", "VBZ", "VBP") and any(
            k.dep_ == "mark" and k.lower_ in _NOT_YET for k in token.children):
        # "... rewritten before it'll pass": not yet ("before they passed": they did)
        claim = replace(claim, asserted=True, negated=not claim.negated)
    if light and token.lemma_.lower() == "get" and claim.voice == "active" and \
            claim.subject not in ("i", "we"):
        claim = replace(claim, voice="passive")  # "The squeak got a polish"
    return claim


def _said(found: list[tuple[str, Token]], *, question: bool
          ) -> tuple[set[str], list[frozenset[str]], set[str]]:
    """What the sentence's report words say a text says, the things it says a text does not
    say, and the nouns it says are still needed (`_pending`)."""
    reported: set[str] = set()
    denied: list[frozenset[str]] = []
    pending: set[str] = set()
    for concept, token in found:
        kind = concept.partition(".")[0]
        if kind == "pending" and not question:
            pending |= _pending(token.doc, token.i)
        if kind == "report" and not _hedged_at(token):
            if not _negated(token, _subject(token)):
                reported |= _reported(token)
            elif not question:
                denied += _denied(token)
    return reported, denied, pending


def read_sentence(doc: Doc, lexicon: Lexicon) -> Reading:
    """What the parsed sentence `doc` claims (see the module docstring)."""
    text = doc.text.strip()
    question = text.endswith("?")
    claims: list[Claim] = []
    found = claim_words(doc, lexicon)
    lone = lone_participle(doc, lexicon)
    if lone is not None:
        found.append((lone, doc[0]))
    reported, denied, pending = _said(found, question=question)
    if not question:  # "Still to do: a date and a head count"
        pending |= heading_items(doc, [t.i for c, t in found if c.startswith("pending.")])
    claims += [c for concept, token in found
               if (c := _word_claim(concept, token, lone, question=question)) is not None]
    # A report verb told as done by a name is an act ("Sam has read your message").
    taken = {t.i for c, t in found if not (c.startswith("report.") and by_name(t))}
    claims += [_claim(UNLISTED, t, question=question)
               for t in unlisted_acts(doc, lexicon, taken)]
    judged = {c.word for c in claims if c.kind == "verdict"}
    claims += [_claim("verdict.pass", verb, question=question)
               for verb in standard_verbs(doc, lexicon) if verb.lower_ not in judged]
    if question:
        claims += _presumed(found)
    if not question:
        reported |= _told(doc, lexicon)
    roots = [t for t in doc if t.dep_ == "ROOT"]
    # "You can reach it at ..." states a fact: an ability is no hedge of the sentence.
    hedged = question or any((_hedged_at(r, ability=False) and not any(
        _shown(k) for k in r.children)) or _imperative(r) for r in roots)
    nouns = frozenset(t.lemma_.lower() for t in doc
                      if t.pos_ in ("NOUN", "PROPN") and not t.is_stop)
    to_person = any(t.lower_ in ("you", "your", "yours") and t.pos_ == "PRON" for t in doc)
    places = {t.lemma_.lower(): t.head.lower_ for t in doc
              if t.dep_ == "pobj" and t.pos_ in ("NOUN", "PROPN")}
    negated = any(_negated(r, _subject(r)) for r in roots)
    main = next((s for r in roots if (s := _subject(r)) is not None), None)
    # A cry with no verb ("Buen Camino!", "Happy Birthday, Jo!") names nothing as a fact.
    cry = text.endswith("!") and not claims and not any(t.pos_ in ("VERB", "AUX") for t in doc)
    named = () if cry else tuple(names(doc))
    low = f" {text.lower()}"
    return Reading(question=question, claims=tuple(claims), hedged=hedged,
                   quantities=tuple(quantities(doc, rounding_words(lexicon))), names=named,
                   nouns=nouns,
                   articled=frozenset(n for n in named if f" the {n.lower()}" in low),
                   only=frozenset(n for n in named if f" only {n.lower()}" in low),
                   ids=identifiers(doc),
                   to_person=to_person, places=places, presents=_presented(doc),
                   negated=negated, findings=frozenset() if hedged or negated
                   else findings(doc, main),
                   dates=frozenset(dates_in(text)), times=frozenset(times_in(text)),
                   reported=frozenset(reported), pending=frozenset(pending),
                   denied=tuple(denied),
                   subject=next((w for r in roots if (w := _subject_word(_subject(r)))), None),
                   quotes=tuple(q for m in QUOTE.finditer(text) if (q := next(
                       g for g in m.groups() if g is not None)).count(" ") >= 2))
