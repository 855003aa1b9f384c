"""What a sentence takes as so about the app's world when no run backs it: its stance read
from the grammar, not from a list of phrases.

A capable model that writes fluent, colloquial lies tells the app's acts and their results
in shapes the claim readings do not take for claims: with no subject ("Tracked down four
tapas bars with space for twenty"), as a promise ("I'll ring the caterer first thing
Monday"), as a state to come, hedged or timed ("Ought to be showing on your blog within the
hour"), as a grade no check gave ("a solid B+", "nine out of ten") or as a file nothing
saved ("It now lives at posts/uke_v2.txt"). Each reading below finds one stance in the
parse:

- an act told as done with no subject: a past verb or participle that opens its clause and
  acts on something (an object, a particle, a place), said in a turn where no tool ran;
- a promise: "I" or "we" with "will", "shall" or "going to" and a verb, with no condition
  ("if you like", "once you confirm", "Tell me ... and I'll ...") and a verb of acting;
- a state to come of something the app would have to act on: a modal or "will" of a
  third-person or missing subject, a place it is put (a preposition with a noun, "up",
  "out", "live", "online") and a time to come ("by lunchtime", "in a minute", "tonight");
- a grade, with no check this turn: a score "out of" a whole or written "9/10", a letter
  grade ("an easy A-"), or a noun of grading ("top marks", "five stars");
- a file or path a run or text of the record does not hold ("drafts/final-final.md"),
  whatever the turn.

What a sentence takes as so about the person or the conversation stays: a question, a verb
of thinking, feeling, waiting or keeping (`STANCE_VERBS`: "I'll keep it in mind", "Loved
the ending"), "you" as the subject, an offer with a condition, advice. The guard holds each
reading as a claim no run backs (`ClaimGuard.judge`).
"""

from __future__ import annotations

import mimetypes
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from draftguard.claims._folded import words_of
from draftguard.claims._places_said import unheld_place_fact, unheld_place_name
from draftguard.claims._prescreen import CALENDAR
from draftguard.claims._record import strings_in
from draftguard.claims._unlisted import LIGHT
from draftguard.claims._verb_forms import irregular_verbs, verb_bases
from draftguard.language import parse
from draftguard.text import NUMBER_WORDS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from draftguard.claims._view import RecordView
    from draftguard.language import Lexicon

__all__ = ["STANCE_VERBS", "Stance", "unbacked_stance"]


@dataclass(frozen=True)
class Stance:
    """A reading of what the sentence takes as so: `kind` ("act", "promise", "status",
    "grade", "file"), the lexicon concept of its verb when it has one, and why (for logs)."""

    kind: str
    concept: str
    reason: str


#: Verbs of thinking, feeling, perceiving, waiting and keeping: what the speaker does in the
#: conversation itself, never an act on the app's world ("I'll wait for your go-ahead",
#: "Loved the ending", "I'll keep that in mind", "I'll be here").
STANCE_VERBS = frozenset({
    "be", "think", "guess", "hope", "wait", "keep", "leave", "stay", "stick", "remember",
    "bear", "look", "read", "see", "help", "let", "love", "like", "enjoy", "adore", "want",
    "need", "mean", "know", "wonder", "bet", "assume", "say", "feel", "find", "notice",
    "agree", "understand", "appreciate", "miss", "imagine", "suppose", "reckon", "believe",
    "try", "talk", "explain", "answer", "note", "follow", "hear", "spot", "skim", "glance",
})
#: Words that make what follows a condition of the promise or the state.
_CONDITIONS = frozenset({"if", "when", "once", "whenever", "unless", "after", "as", "until",
                         "soon", "whether", "provided"})
_FUTURE = frozenset({"will", "'ll", "shall", "wo", "ll"})
_MODALS = frozenset({*_FUTURE, "should", "ought", "may", "might", "must", "'d", "would"})
_SELF = frozenset({"i", "we"})
_THE_TEXT = frozenset({"it", "this", "that"})
_PEOPLE = frozenset({"you", "i", "we"})
#: Where a thing is put: a particle or adverb of a state the app brings about.
_PLACED = frozenset({"up", "out", "live", "online", "through", "in", "over", "across"})
_PLACE_PREPS = frozenset({"in", "on", "into", "onto", "at", "to"})
#: Units and words of time to come ("by lunchtime", "in a minute", "tonight").
_TIMES = frozenset({
    "second", "minute", "hour", "moment", "day", "week", "month", "morning", "afternoon",
    "evening", "night", "tonight", "tomorrow", "today", "lunchtime", "lunch", "noon",
    "midnight", "weekend", "soon", "shortly", "later", "now", "bit", "while", "sec", "min",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "eod"})
#: Words of a time to come after this turn ("this afternoon", "later", "on Monday").
_LATER = frozenset(_TIMES - {"now", "bit", "while", "moment", "second", "sec", "min", "minute"})
#: Words pointing at the reply itself: what is promised "below" or "here" is its own course.
_HERE = frozenset({"below", "here", "next"})
#: Others the app cannot reach: a promise to reach them is made outside the reply.
_OTHERS = frozenset({"them", "him", "her", "everyone", "everybody", "people", "folks",
                     "guests", "someone", "somebody"})
#: Nouns that grade a piece of work ("top marks", "five stars", "a perfect score").
_GRADES = frozenset({"mark", "marks", "grade", "score", "star", "stars", "rating", "pass", "fail",
                     "distinction"})
#: Verbs that give a grade when a number comes with them ("I'd rate it a seven").
_GRADE_VERBS = frozenset({"score", "rate", "grade", "mark"})
#: Words a reading needs ("'ll", "going", "has"): modals, futures, finished auxiliaries.
_CUES = frozenset({*_MODALS, "will", "going", "gonna", "ought", "oughta", "have", "has",
                   "had", "'ve", "'s", "been", "gone", "out", "of", "id", "ill", "im"})
_PLACE_CUES = frozenset({"they", "it", "there", "its"})
#: A word, its dots and slashes inside it ("drafts/final.md", "v2.1"), not a closing stop.
_CUE_WORDS = re.compile(r"[\w'/+-]+(?:\.[\w'/+-]+)*")
_LETTER_GRADE = re.compile(r"^[A-F][+-]?$")
_SCORE = re.compile(r"^\d{1,3}/\d{1,3}$")
_FILE = re.compile(r"(?<![\w/@.])((?:[\w~-]+/)*[\w-]+(?:\.[\w-]+)*\.([A-Za-z0-9]{1,5}))"
                   r"(?![\w/@])")


def unbacked_stance(sentence: str, view: RecordView) -> Stance | None:
    """The first stance of `sentence` (module docstring) no run of `view`'s turn backs, or
    None; a sentence over the guard's `max_sentence_chars`, or the post said back (its
    `min_quoted_words` in a row), takes nothing as so."""
    text, guard = sentence.strip(), view.guard
    lexicon = guard.lexicon
    if not text or len(text) > guard.max_sentence_chars or view.record.session.says_back(
            text, min_words=guard.min_quoted_words):
        return None
    if text.endswith("?"):
        return None  # a question: "Shall I save it as race.md?"
    places = not view.record.runs and view.record.session.world_places
    if not _cued(text, places=places):
        return None  # no word any reading needs: nothing to parse
    doc = parse(text, entities=False)
    made_up = None if _offered(doc) else _unheld_file(text, view)
    if made_up is not None:
        return Stance("file", "action.save", f"no run or text of the record holds {made_up!r}")
    runs = view.record.runs
    unheld = unheld_place_name(doc, view) if places else None
    if unheld is not None:  # "Casa Verde on Elm Street has room for twelve"
        return Stance("name", "fact.name", f"{unheld!r} is no place the record holds")
    unheld = unheld_place_fact(doc, view) if places else None
    if unheld is not None:  # "They do a kids' menu"
        return Stance("place", "fact.place", f"no text of the record says {unheld!r}")
    if any(t.dep_ == "nsubj" and t.lower_ == "you" and t.head.dep_ == "ROOT" for t in doc):
        return None  # what the person does
    for root in (t for t in doc if t.dep_ == "ROOT" or (t.dep_ == "conj" and t.head.dep_ ==
                                                         "ROOT")):
        if _negated(root):
            continue
        if not runs and _fragment_act(root):
            return Stance("act", _concept(root, lexicon) or "action.unlisted",
                          f"{root.text!r} told as done with no subject; no tool ran")
        if _promise(root, lexicon):
            concept = _concept(root, lexicon) or "action.promise"
            if not runs or not _backed(concept, view):
                return Stance("promise", concept, f"{root.text!r} promised; the app acts "
                              "only when asked, and no run this turn did it")
        if not runs and _status_to_come(root):
            return Stance("status", _concept(root, lexicon) or "impossible.untold",
                          f"{root.text!r}: a state to come no run brings about")
    if not view.checks() and _graded(doc):
        return Stance("grade", "verdict.pass", "a grade, and no check ran this turn")
    return None


def _cued(text: str, *, places: bool) -> bool:
    """Whether the words of `text` hold a cue of any reading, a cheap test before the parse
    that may say yes too often, never no wrongly: a modal or a future, a number, a file's
    dot or a path's slash, a word of grading or a letter grade, a first word that may be a
    past form, a finished auxiliary; in a record of places, a capital or a word of a place
    ("they", "it", "there")."""
    words = _CUE_WORDS.findall(text)
    for i, word in enumerate(words):
        low = word.lower()
        stem, _, clitic = low.partition("'")
        parts = set(low.split("-"))  # "five-star"
        if stem in _CUES or f"'{clitic}" in _CUES or parts & _GRADES or low in _TIMES or \
                not parts.isdisjoint(NUMBER_WORDS) or any(c.isdigit() or c in "/." for c in word) \
                or _LETTER_GRADE.match(word) or (places and (
                    word[:1].isupper() or stem in _PLACE_CUES)):
            return True
        if i == 0 and (low.endswith("ed") or low in irregular_verbs()):
            return True  # "Dug up ...", "Sorted ...": a past form with no subject
    return False


def _offered(doc: Doc) -> bool:
    """An offer or a plan: "I" or "we" with a modal, or a condition ("I could save it as
    notes.md", "I'll save it as race.md once you say so")."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    return root is not None and any(
        k.dep_ == "nsubj" and k.lower_ in _SELF for k in root.children) and (
        _conditioned(root) or any(k.dep_ == "aux" and k.lower_ in _MODALS
                                  for k in root.children))


def _concept(verb: Token, lexicon: Lexicon) -> str | None:
    """The lexicon concept of `verb`, with its particle ("drop off") or alone."""
    lemma = verb.lemma_.lower()
    for word in (*(f"{lemma} {k.lower_}" for k in verb.children if k.dep_ == "prt"), lemma):
        concept = lexicon.concept(word)
        if concept is not None and concept.startswith(("action.", "impossible.")):
            return concept
    return None


def _backed(concept: str, view: RecordView) -> bool:
    """A run of this turn declares the act `concept` names."""
    kind, _, name = concept.partition(".")
    return kind in ("action", "impossible") and any(
        name in declared.actions for _, declared in view.declared)


def _negated(verb: Token) -> bool:
    return any(k.dep_ == "neg" or k.lower_ in ("never", "nothing", "no") for k in verb.children)


def _conditioned(verb: Token) -> bool:
    """A condition or time clause anywhere in the sentence ("as soon as you give me a date",
    "if you like"), or the verb joined to an imperative ("Tell me a date and I'll look")."""
    if any(t.dep_ == "advcl" and any(m.dep_ in ("mark", "advmod") and m.lower_ in _CONDITIONS
                                     for m in t.children) for t in verb.doc):
        return True
    if verb.dep_ == "conj" and verb.head.tag_ == "VB" and not any(
            k.dep_ in ("nsubj", "aux") for k in verb.head.children):
        return True  # "Tell me a cuisine and I will search"
    return any(t.lower_ == "if" for t in verb.doc)  # "..., if you like"


def _promise(verb: Token, lexicon: Lexicon) -> bool:
    """"I'll ring them first thing", "We're going to chase the venue": a future act of the
    app's, with no condition, in a verb of acting."""
    kids = list(verb.children)
    subject = next((k for k in kids if k.dep_ == "nsubj"), None)
    if verb.lemma_.lower() == "go" and verb.tag_ == "VBG":  # "going to chase"
        if any(k.dep_ == "aux" and k.tag_ == "VBD" for k in kids):
            return False  # "I was going to shorten it": a plan given up
        acted = next((k for k in kids if k.dep_ == "xcomp" and k.tag_ == "VB"), None)
        if acted is None or subject is None or subject.lower_ not in _SELF:
            return False
        verb, kids = acted, [*kids, *acted.children]
    elif not any(k.dep_ == "aux" and k.lower_ in _FUTURE for k in kids):
        return False
    if subject is None or subject.lower_ not in _SELF or verb.pos_ != "VERB":
        return False
    if verb.lemma_.lower() in STANCE_VERBS and _concept(verb, lexicon) is None:
        return False  # "I'll wait for your go-ahead", "I'll keep it short"
    return not _conditioned(verb) and _out_of_the_reply(verb, kids, lexicon)


def _out_of_the_reply(verb: Token, kids: list[Token], lexicon: Lexicon) -> bool:
    """A promised act the reply itself cannot be: an act of the lexicon ("I'll email you the
    quiz", "I'll tighten the intro now") not pointed to below or here, an act at a time to
    come ("this afternoon", "on Monday"), or one that reaches someone else ("ring them",
    "drop the caterer a line", "write to the venue"); not the reply's own course ("I'll
    give you my honest take", "I'll start with the opening", "I'll list a few ideas below")."""
    clause = [t for k in kids if k.dep_ not in ("nsubj", "aux") for t in k.subtree]
    if _concept(verb, lexicon) is not None and not any(
            t.lower_ in _HERE and t.dep_ == "advmod" for t in clause):
        return True
    if any(t.lemma_.lower() in _LATER or (t.lower_ in CALENDAR and t.pos_ == "PROPN")
           for t in clause):
        return True
    return any((t.dep_ in ("dobj", "dative", "pobj") and t.lower_ in _OTHERS) or (
        t.dep_ == "dative" and t.lower_ not in ("you", "me", "us")) or (
        t.dep_ == "pobj" and t.head.lower_ == "to" and t.head.head is verb and t.pos_ in (
            "NOUN", "PROPN")) for t in clause)


def _fragment_act(verb: Token) -> bool:
    """"Dug up four ramen joints", "Sorted the title out for you": a past verb or participle
    with no subject and nothing before it but an interjection or an adverb, acting on
    something (an object other than a bare "it", a particle, a place)."""
    # A past form the tagger took for an imperative ("Dug up ..."): its form is not its lemma.
    past = verb.tag_ in ("VBD", "VBN") or (verb.tag_ == "VB" and verb.i == 0 and (
        irregular_verbs().get(verb.lower_, verb.lower_) != verb.lower_
        or (verb.lower_.endswith("ed") and verb.lemma_.lower() != verb.lower_)))
    if not past or verb.pos_ != "VERB":
        return False
    if verb.lemma_.lower() in STANCE_VERBS or any(b in STANCE_VERBS
                                                  for b in verb_bases(verb.lower_)):
        return False
    kids = list(verb.children)
    if any(k.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass", "expl", "mark") for k in kids):
        return False
    before = [t for t in verb.doc[:verb.i] if not t.is_punct]
    if verb.dep_ == "ROOT" and any(t.dep_ not in ("intj", "advmod", "cc") for t in before):
        return False
    if verb.lemma_.lower() in LIGHT and any(
            k.dep_ == "dobj" and k.lemma_.lower() in STANCE_VERBS for k in kids):
        return False  # "Had a quick look", "Gave it a read": the reply's own reading
    objects = [k for k in kids if k.dep_ in ("dobj", "dative", "prt", "prep", "xcomp",
                                             "ccomp", "oprd")]
    return any(not _the_text(k) for k in objects)


def _the_text(kid: Token) -> bool:
    """The object is only "it", "this" or "that", or a preposition on one ("Went through it
    twice"): the person's own words, which the reply reads itself."""
    if kid.dep_ == "prep":
        return all(g.lower_ in _THE_TEXT for g in kid.children if g.dep_ == "pobj") and any(
            g.dep_ == "pobj" for g in kid.children)
    return kid.dep_ == "dobj" and kid.lower_ in _THE_TEXT


def _status_to_come(verb: Token) -> bool:
    """"Should be up on the site now", "It'll be in everyone's inbox by lunchtime": a modal
    or "will" of a subject that is not the person or the app, a place the thing is put and a
    time it will be there, with no condition; or told as finished ("it's gone through")."""
    kids = list(verb.children)
    finished = verb.tag_ == "VBN" and any(k.dep_ in ("aux", "auxpass") for k in kids)
    if not finished and not any(k.dep_ == "aux" and k.lower_ in _MODALS for k in kids):
        return False
    subject = next((k for k in kids if k.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is not None and subject.lower_ in _PEOPLE:
        return False
    if _conditioned(verb):
        return False
    clause = [t for k in kids if k.dep_ not in ("nsubj", "nsubjpass", "conj", "parataxis",
                                                "ccomp")
              for t in k.subtree]
    placed = any((t.lower_ in _PLACED and t.dep_ in ("prt", "advmod", "acomp", "amod"))
                 or (t.dep_ == "prep" and t.lower_ in _PLACE_PREPS and any(
                     g.dep_ == "pobj" and g.lemma_.lower() not in _TIMES for g in t.children))
                 for t in clause)
    # ... or reaches someone or something: "will reach all twelve of them tonight"
    reaches = placed or any(k.dep_ in ("dobj", "dative") and k.pos_ in ("NOUN", "PRON", "NUM")
                            for k in kids)
    timed = any(t.lemma_.lower() in _TIMES or (t.lower_.endswith("time") and t.pos_ == "NOUN")
                for t in clause)  # "by lunchtime", "round teatime"
    return (reaches and timed) or (
        placed and finished and subject is not None and subject.pos_ == "PRON")


def _graded(doc: Doc) -> bool:
    """A score out of a whole ("nine out of ten", "9/10"), a letter grade ("an easy A-") or
    a noun of grading ("top marks") in a sentence that is no question."""
    for token in doc:
        if _SCORE.match(token.text) and not token.text.startswith("0"):
            return True
        if token.like_num and token.i + 2 < len(doc) and \
                doc[token.i + 1].lower_ == "out" and doc[token.i + 2].lower_ == "of":
            return True
        if _LETTER_GRADE.match(token.text) and token.i > 0 and token.text != "I" and (
                doc[token.i - 1].pos_ in ("DET", "ADJ") or token.text.endswith(("+", "-"))):
            return True
        if token.lower_ in _GRADES and token.pos_ == "NOUN" and any(
                k.dep_ in ("amod", "nummod") for k in token.children):
            return True  # "top marks", "five stars"
        if token.lemma_.lower() in _GRADE_VERBS and token.pos_ == "VERB" and any(
                t.like_num for t in token.subtree):
            return True  # "I'd score it a seven"
    return False


def _unheld_file(text: str, view: RecordView) -> str | None:
    """A file or path in `text` ("drafts/final-final.md", "ukulele_v2.txt") whose name no run
    or text of the record holds; a web address is `_links`'s."""
    for match in _FILE.finditer(text):
        name, ext = match.group(1), match.group(2).lower()
        kind = mimetypes.guess_type(f"x.{ext}")[0] or ""
        if not kind or "msdos" in kind or name.lower().startswith("www."):
            continue
        if not _held(name, view):
            return name
    return None


def _held(name: str, view: RecordView) -> bool:
    wanted = name.lower()
    texts = [*view.texts(), *(s for r in view.record.runs
                              for s in (*strings_in(r.args), *strings_in(r.result)))]
    if any(wanted in t.lower() for t in texts):
        return True
    # A file named by the words of its base name is no made-up one ("draft.md" after "draft").
    base = words_of(name.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    return bool(base) and any(base == words_of(t) for t in texts)
