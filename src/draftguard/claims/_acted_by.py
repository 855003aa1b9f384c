"""Whether the runs behind a claimed action acted on what the claim says: where it put a
thing ("to your desktop"), the part of the document ("the conclusion", "the harvest line"),
the names it acted on ("I added Bistro Belle Époque") and what it asked for ("a window
seat"). No framework here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from draftguard.claims._folded import text_stems, words_of
from draftguard.claims._reading import Claim, Reading
from draftguard.claims._record import ToolRun, key_words, numbers_in, strings_in
from draftguard.claims._verb_forms import stems, verb_bases, verb_forms
from draftguard.claims._view import RecordView
from draftguard.text import split_sentences

__all__ = ["denied", "misplaced", "of_the_text", "others_act", "record_words",
           "said_in_document", "speaks_of_record", "unasked", "unfound", "unlisted",
           "unlisted_backing", "unnamed", "untouched"]

#: Actions whose object is a thing the run names (a venue added, a source imported).
_NAMED_ACTIONS = frozenset({"add", "shortlist", "remove", "import"})


def misplaced(view: RecordView, claim: Claim, runs: Iterable[ToolRun]) -> str | None:
    """The first place the claim names that none of its backing runs puts things in, nor a
    collection or a name of the record ("to your desktop" after a save of the post); None
    when every place is one of theirs."""
    if not claim.places:
        return None
    session = view.record.session
    allowed: set[str] = set(session.collections)
    for name in session.names:
        allowed.update(words_of(name))
    for run in runs:  # its places, and its own fields ("saved under the title Dentist")
        allowed |= view.record.declared(run.tool, view.guard.concept_of).places_of()
        allowed |= key_words(run.args) | key_words(run.result)
    for chain in claim.places:
        if any(word in allowed or word.removesuffix("s") in allowed for word in chain):
            continue
        return chain[0]
    return None

def untouched(view: RecordView, claim: Claim, runs: Iterable[ToolRun]) -> str | None:
    """The first part of the document the claim says it acted on ("the conclusion",
    "the first paragraph") that none of its backing runs touched; None when each named
    part was touched, or a run's parts are not known. A position inside a part ("the
    end of the second paragraph") is the part's."""
    names: set[str] = set()
    touched: set[str] = set()
    anywhere = False
    session = view.record.session
    for run in runs:
        declared = view.record.declared(run.tool, view.guard.concept_of)
        if declared.parts_of is None:
            continue
        parts = declared.parts_of(run, session)
        # it may have touched any part; a removal beside other changes, any part too
        anywhere |= parts is None or (claim.name == "remove" and "remove" in declared.did(run))
        names |= declared.part_names_of()
        touched |= parts or frozenset()
    if not names:
        return None
    for chain in () if anywhere else claim.targets:
        for level in reversed(chain):  # the innermost part named decides
            hit = level & names
            if not hit:
                continue
            phrases = {w for w in hit if " " in w or "-" in w}
            named = phrases or hit
            if not named <= touched:  # "the second paragraph": the second one
                return sorted(named - touched)[0]
            break
    return _off_topic(view, claim, runs, names)

def _off_topic(view: RecordView, claim: Claim, runs: Iterable[ToolRun],
               names: set[str]) -> str | None:
    """The first word a part is named by ("the harvest line") that the text the runs
    took out or put in does not hold; None when it holds each, or no run says."""
    wanted = [about - names for head, about in claim.topics if head in names]
    if not any(wanted):
        return None
    held: set[str] = set()
    for run in runs:
        declared = view.record.declared(run.tool, view.guard.concept_of)
        if declared.text_of is None:
            return None
        held |= text_stems(declared.text_of(run))
    return next((w for about in wanted for w in sorted(about)
                 if not stems(w) & held), None)

def unasked(claim: Claim, runs: Iterable[ToolRun]) -> str | None:
    """For a claim of asking for something ("asked for a window seat"): the first thing
    asked for that no backing run holds in its name, arguments or result; None when
    they hold all of it."""
    if claim.name != "request" or not claim.asked:
        return None
    held: set[str] = set()
    for run in runs:
        held.update(run.tool.lower().split("_"))
        for text in [*strings_in(run.args), *strings_in(run.result),
                     *(k for k, _ in numbers_in(run.args)),
                     *(k for k, _ in numbers_in(run.result))]:
            held.update(words_of(text.replace("_", " ")))
    return next((o for o in sorted(claim.asked) if o not in held and o + "s" not in held
                 and o.removesuffix("s") not in held), None)

def unnamed(view: RecordView, claim: Claim, runs: Iterable[ToolRun]) -> str | None:
    """The first name the claim says was acted on that none of its backing runs names, word
    for word in order, in its arguments or result (not in the lists it returns of what a
    collection now holds): "I added Bistro Belle Époque" after adding Le Mercier, "I swapped
    X for Y" after a removal of Z. A name the record holds whole ("Sichuan Lantern") is not
    a part of another ("Golden Sichuan Lantern"), and a name said with "The" that the record
    holds whole ("The Keystone Prime") is not the name without it ("Keystone Prime")."""
    runs = list(runs)
    if not claim.named_objects or not (claim.name in _NAMED_ACTIONS or all(
            view.record.declared(r.tool, view.guard.concept_of).did(r) & _NAMED_ACTIONS
            for r in runs)):
        return None
    session = view.record.session
    said = [words_of(text.replace("-", " ")) for run in runs
            for text in [*strings_in(run.args), *strings_in(
                {k: v for k, v in run.result.items() if k not in session.collections})]]
    whole = {words_of(name) for name in session.names}
    for name in claim.named_objects:
        wanted = words_of(name)
        if wanted[:1] == ("the",) and wanted not in whole:
            wanted = wanted[1:]  # "The" of no name of the record is the article
        n = len(wanted)
        if wanted and not any(
                words == wanted if wanted in whole else any(
                    words[i:i + n] == wanted for i in range(len(words) - n + 1))
                for words in said):
            return name
    return None


def record_words(view: RecordView) -> set[str]:
    """The words of the record's own make-up: its tools' fields, places, parts of the
    document and kinds of thing made ("post", "paragraph", "score", "quiz"). A sentence may
    name them without a text saying them ("The check only read the post")."""
    known: set[str] = set()
    for run in view.record.runs:
        known |= key_words(run.result) | key_words(run.args)
    for declared in [*view.record.claims.values(), *(d for _, d in view.declared)]:
        known |= declared.places_of() | declared.part_names_of() | declared.objects
    return known


def _text_field(result: Mapping[str, Any], noun: str) -> bool:
    """The result has a field of text named by `noun` ("suggestion":
    `improvement_suggestions`), not a count ("line": `lines_added`)."""
    return any((noun in words or noun + "s" in words) and not isinstance(value, int | float)
               for key, value in result.items() for words in [str(key).lower().split("_")])


def unfound(view: RecordView, subject: str | None, words: frozenset[str]) -> str:
    """When `subject` names a run of this turn ("the check") or a field of its result ("the
    suggestion"): the first of `words` (what the sentence says it found) that neither the
    record's texts nor that run's arguments hold, nor is a field, a place or a claim word of
    the record; "" when all are there."""
    if not words or subject is None or subject in view.record.session.collections:
        return ""  # what a list holds is counted and named, not found
    guard = view.guard
    concept = guard.concept_of(subject)
    runs = [run for run, declared in view.declared
            if (concept is not None and concept in declared.actions) or
            _text_field(run.result, subject)]
    if not runs:
        return ""
    # The kinds of thing other tools make are no words of this run's make-up: a check that
    # "wants a map" found a map wanting, which its result must say.
    made = {o for _, d in view.declared for o in d.objects} | {
        o for d in view.record.claims.values() for o in d.objects}
    known = record_words(view) - (made - {o for run in runs
                                          for o in view.record.declared(
                                              run.tool, guard.concept_of).objects})
    for run in runs:
        for text in strings_in(run.args):
            known |= text_stems(text)
    return view.unsaid(frozenset(
        w for w in words if not (stems(w) | {w.removesuffix("s")}) & known
        and guard.lexicon.concept(w) is None))


def _anothers(view: RecordView, claim: Claim) -> str | None:
    """Why an act told as done by someone a run of this turn was asked to reach ("Sam
    replied", "Sam has read your message" after a text to Sam) is not backed: no run's
    result and no text of the record tells it. The past of a person no run's arguments
    name is the texts' to tell (`unfound`)."""
    who = claim.subject or ""
    runs = list(view.record.runs)
    named = {w for run in runs for text in strings_in(run.args) for w in text_stems(text)}
    if who not in named:
        return None
    told = {w for run in runs for w in key_words(run.result) |
            {s for text in strings_in(run.result) for s in text_stems(text)}} | {
        s for text in view.record.session.texts for s in text_stems(text)}
    if stems(claim.word) & told:
        return None
    return f"no run this turn says {who} {claim.word} anything"


def by_other(view: RecordView, claim: Claim) -> bool:
    """The act is told of someone or something outside the app, in the active voice ("Your
    neighbours have all seen the new version", "Your bank has moved the money"): its subject
    is no thing of the record's make-up (`record_words`), no word of the claims lexicon
    ("the edit", "the check") and no kind of thing a tool makes."""
    who = claim.subject
    if claim.voice != "active" or who is None or who in ("i", "we", "you", "it", "they"):
        return False
    return view.guard.concept_of(who) is None and who not in record_words(view) and \
        who.removesuffix("s") not in record_words(view)


def others_told(view: RecordView, claim: Claim) -> str | None:
    """Why another's act (`_by_other`) is not backed: no run's result and no text of the
    record tells the verb ("has seen", "moved"); a run's arguments are what was asked, not
    what anyone did."""
    session = view.record.session
    told = {w for text in session.texts for w in words_of(text)} | {
        w for run in view.record.runs for text in strings_in(run.result) for w in words_of(text)}
    if verb_forms(claim.word) & told:
        return None
    return f"no run or text of the record says the {claim.subject} {claim.word} anything"


def others_act(view: RecordView, claim: Claim) -> str | None:
    """Why an act in a word of the lexicon, told in the past of someone outside the app
    on a thing ("Your bank has moved the money"; `by_other`), someone no text of the record
    speaks of, is not backed (`others_told`); None when it is no such act or is told."""
    if claim.kind != "action" or not claim.past or claim.negated or not claim.direct or \
            not by_other(view, claim) or not view.unsaid(frozenset({claim.subject or ""})):
        return None
    return others_told(view, claim)


def speaks_of_record(reading: Reading, view: RecordView) -> bool:
    """A sentence that says what a text says names a thing of the record's make-up ("The
    post now mentions ...", "One card asks ..."): it speaks of the record."""
    return bool(reading.nouns & record_words(view))


def unlisted_backing(view: RecordView, claim: Claim) -> list[ToolRun]:
    """The runs of this turn that changed something an act told with a verb the lexicon
    does not hold may be (its numbers are then theirs: "stashed the change as version 3"
    after a save as version 4)."""
    if claim.negated or claim.by_name or unlisted(view, claim) is not None:
        return []
    return [run for run, declared in view.succeeded_or_judged() if declared.changes]


def unlisted(view: RecordView, claim: Claim) -> str | None:
    """Why an act told with a verb the lexicon does not hold (`_unlisted`) is not backed: no
    run of this turn succeeded, or none names what it acted on (`Claim.acted_on` and its
    names) in its tool's name or declared kinds of thing, or, for a run that changes
    something, in its result or the parts it changes; None when one does."""
    runs = view.succeeded_or_judged()
    if claim.by_name:
        return _anothers(view, claim)
    if by_other(view, claim):
        return others_told(view, claim)
    if not runs:
        return "no run this turn did it"
    # The act a run's arguments name as a thing to do ("Renew car insurance" as a task's
    # title) is not done by the run that filed it: "I renewed your car insurance".
    bases = {claim.word.lower(), *verb_bases(claim.word.lower())}
    if any(bases.intersection(words_of(text)) for run, _ in runs for text in strings_in(run.args)):
        return f"no run this turn did the {claim.word}: a run only named it"
    wanted = set(claim.acted_on) | {w for n in claim.named_objects for w in words_of(n)
                                    if w != "the"}
    held: set[str] = set()
    said: set[str] = set(record_words(view))  # what any run named, or the record is made of
    for run, declared in runs:  # a run that changes nothing acts only on its own kind
        made = view.made_by(run, declared)  # the kind it made, not every kind it can
        unmade = set(declared.objects) - made
        held |= made | set(run.tool.lower().split("_"))
        named = key_words(run.result) | key_words(run.args) | {
            w for text in [*strings_in(run.result), *strings_in(run.args)]
            for w in text_stems(text)}
        said |= named
        if declared.changes:  # what it changed, and the parts of what it changes
            held |= named | declared.part_names_of() | (declared.places_of() - unmade)
            # the act it did, named as a thing ("stashed the change" after an edit)
            held |= {w for w in wanted if view.guard.concept_of(w) in declared.actions}
    if claim.light:  # "had a look through your version history" after list_versions
        held |= {w.removesuffix("s") for w in held}
    def among(words: set[str], word: str) -> bool:
        return bool((stems(word) | {word.removesuffix("s")}) & words)
    # What it acted on, when named, must be a run's (unnamed, "popped it", any run's may be).
    if wanted and not any(among(held, w) for w in wanted):
        return f"no run this turn named the {sorted(wanted)[0]}"
    # The rest it names (where, with what) must be the runs' too ("to the whole city"), and
    # so must the words that tell which one ("on your Work list" after one to Home).
    told = [*sorted(claim.objects - wanted), *(m for _, mods in claim.topics for m in sorted(mods))]
    extra = next((w for w in told if not among(said | held, w)), None)
    if extra is not None:
        return f"no run this turn named the {extra}"
    # Where it put the thing must be where a run puts things ("attached the cards to your
    # post" after cards were made beside the post, not in it).
    place = misplaced(view, claim, [run for run, _ in runs])
    return None if place is None else f"no run this turn put anything in the {place}"


#: Who a denial of the app's own is said by (a passive has no subject), and the words that
#: keep a part of what was done out of it ("nothing else was cancelled").
_SELF = frozenset({"i", "we", "nothing", None})
_EXCEPT = frozenset({"else", "other", "more", "again", "further", "apart", "except"})


def denied(view: RecordView, claim: Claim, runs: list[ToolRun], words: frozenset[str]) -> bool:
    """A negated claim of the app ("I didn't change anything in the post", "Nothing was
    changed") denies the whole of what `runs` (this turn's, of its action) did: it names
    no part, no name, nothing but what they act on, and keeps nothing "else" out of it."""
    places = {w for r, d in view.declared if r in runs for w in d.places_of()} - {
        w for _, d in view.declared for w in d.part_names_of()}
    return bool(runs) and claim.subject in _SELF and not claim.named_objects and \
        claim.objects <= places and not _EXCEPT & words


def of_the_text(view: RecordView, subject: str | None) -> bool:
    """`subject` is a thing the document tells of ("The radishes were ready", "why the
    leeks failed"), not the work a check judges: a word of the document (the post) that is
    no word of the record's make-up (`record_words`) and no word of the claims lexicon
    ("brief", "requirement")."""
    from spacy.lang.en.stop_words import STOP_WORDS  # "it", "they": the work, maybe

    document = view.record.session.document
    if not subject or subject in STOP_WORDS or document is None or \
            view.guard.lexicon.concept(subject) is not None:
        return False
    return bool(stems(subject) & text_stems(document)) and subject not in record_words(view)


def said_in_document(view: RecordView, reading: Reading) -> bool:
    """The document says what the sentence denies it says ("The post does not mention
    four kilos" of a post that does): the words of a thing denied are in one sentence of
    the document as it stands, and the subject names the whole document, not one of its
    parts ("The intro does not mention Tariq" is left alone) or another text."""
    document = view.record.session.document
    if not reading.denied or document is None or reading.subject is None:
        return False
    whole: set[str] = set()
    parts: set[str] = set()
    for declared in view.record.claims.values():
        if declared.parts_of is not None:
            whole |= declared.places_of()
            parts |= declared.part_names_of()
    if reading.subject not in whole - parts:
        return False
    for sentence in split_sentences(document):  # a thing denied, said in one sentence
        held = text_stems(sentence)
        if any(all(stems(w) & held or w.removesuffix("s") in held for w in group)
               for group in reading.denied):
            return True
    return False
