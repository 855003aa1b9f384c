"""Whether a clause asks, and for what, where its verb does not say it plainly: a help
question ("what can I ask you to do with a post like this?"), a verb asked not to be done
("not asking you to change it", "no need to edit anything"), a bare participle that tells
("done for today"), a wish ("a mind map would be handy", "it'd be lovely if the post were
split along these lines: ..."), a vague "do" beside a clear edit verb ("do the needful and
change 'X' to 'Y'"), an artifact's word inside a post's topic ("a post about my first
cricket Test"). All of it is read on the parse; no phrase is listed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.reading_turn import Turn, told
from draftguard.understanding._frames import YOU, Clause, obliged_subject
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_inserts import InsertFrames

__all__ = ["added", "asked_not_to", "before_a_purpose", "finished", "help_question",
           "in_topic", "pass_to_clear_verb", "placed_after", "tells", "wished", "wished_done"]

_EDITS = ("action.replace", "action.delete", "action.insert", "action.rename")


def pass_to_clear_verb(turn: Turn, clause: Clause) -> None:
    """"Kindly do the needful and change 'X' to 'Y'": a vague "do" whose object names
    nothing the lexicon knows, beside an edit verb in the same clause, is no request of its
    own; the edit verb becomes the clause's head."""
    head = clause.head
    if head is None or clause.head_concept != "action.create" or clause.has("artifact.") \
            or clause.has("part.post") or clause.has("version."):
        return
    for t in clause.tokens:
        term = clause.term_at(t)
        if t.i > head.i and (t.pos_ == "VERB" or t.dep_ == "conj") and term is not None and \
                term.concept in _EDITS and head in t.ancestors:
            clause.head, clause.head_concept, clause.head_end = t, term.concept, term.end
            return


def added(clause: Clause, verb: Token, turn: Turn,
          inserts: InsertFrames) -> list[Interpretation] | None:
    """"A line saying 'X' should be added after the bit about Y": the new words are the
    subject of the passive add, the place follows the verb."""
    subject = obliged_subject(verb)
    if subject is None or not any(turn.quote(w) for w in subject.subtree):
        return None
    return inserts.insert(clause, [*subject.subtree, *clause.after(verb)])


def asked_not_to(turn: Turn, verb: Token) -> bool:
    """Whether `verb` is asked not to be done: negated itself ("don't change it"; "no
    actually put it back" is a denial, not a negation), or wanted under a negated verb or a
    "no" ("not asking you to change it", "no need to edit anything")."""
    if any(c.dep_ == "neg" and c.i < verb.i and not turn.is_(c, "discourse.deny")
           for c in verb.children):
        return True
    governor = verb
    while governor.dep_ in ("xcomp", "acl", "ccomp") and governor.head is not governor:
        governor = governor.head
        if any(c.dep_ == "neg" or (c.dep_ == "det" and c.lemma_ == "no")
               for c in governor.children if c.i < verb.i):
            return True
    return False


def finished(verb: Token) -> bool:
    """"done for today", "finished with it": a bare past participle heading the sentence
    (no subject, auxiliary or object; a form unlike the verb's base) tells, it asks
    nothing; "cut the bit about X" may be tagged a participle but is its base form."""
    return verb.tag_ == "VBN" and verb.dep_ == "ROOT" and \
        verb.lower_ != verb.lemma_.lower() and not any(
            c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass", "dobj") for c in verb.children)


def tells(clause: Clause, *, wanting: tuple[str, ...]) -> bool:
    """Whether the clause's verb tells rather than asks ("just wanted to say the ramen was
    great", "I changed it", "done for today"); a verb of `wanting` tells only when what is
    wanted is another verb."""
    head = clause.head
    if head is None or clause.extra.get("wanted"):
        return False
    if head.lemma_ in wanting:
        # "I wanted to say X" tells; "I want the title become X" wishes a thing of its own
        # subject (the post's), which is asked
        return any(c.dep_ in ("xcomp", "ccomp") and c.pos_ == "VERB" and not any(
            g.dep_ in ("nsubj", "nsubjpass") and g.lower_ not in ("i", "we")
            for g in c.children) for c in head.children)
    return finished(head) or not (clause.said_to_reader() or wished_done(head))


def in_topic(turn: Turn, token: Token) -> bool:
    """Whether `token` stands in what a post is about ("a post about X", "a piece on X"):
    under an "about" word that hangs on the post's noun."""
    return any(turn.is_(above, "relation.about") and turn.is_(above.head, "part.post")
               for above in token.ancestors)


def help_question(turn: Turn, clause: Clause) -> list[Interpretation] | None:
    """"what can I ask you to do with a post like this?", "what are you able to help me
    with?": a question whose asked thing is what the reader does or helps with is a help
    question (it only shows), whatever else it names; else None."""
    head = next((t for t in clause.tokens if t.pos_ in ("VERB", "AUX") and t.dep_ not in (
        "aux", "auxpass") and (t.lemma_ == "do" or turn.concept(t) == "action.help")), None)
    if head is None:
        kinds = _kinds_you_take(turn, clause)
        if kinds is not None:
            return kinds
    if head is None or head.tag_ in ("VBD", "VBN") or any(
            c.dep_ == "aux" and c.tag_ == "VBD" for c in head.children):
        # "what did you do to my post?", "scratch what you just did", "what you've done":
        # a thing done, not what the reader can do
        return None
    if clause.has("artifact.") or clause.has("version."):
        return None  # "what can you do besides quizzes?" is read with the artifact
    asked = [t for t in clause.tokens if t.tag_ == "WP" and t.dep_ in ("dobj", "pobj", "attr")]
    you = [t for t in clause.tokens if t.lower_ in YOU and t.dep_ in ("nsubj", "dobj")]
    if not asked or not you or told(head) or any(
            c.dep_ == "nsubj" and c.lower_ not in YOU for c in head.children):
        return None  # "what should I do with the intro?" asks the author's own doing
    return [Interpretation(intent=Intent.HELP)]


def _kinds_you_take(turn: Turn, clause: Clause) -> list[Interpretation] | None:
    """"what sort of stuff do you handle?", "which kinds of things do you cover?": the
    kinds of thing the reader takes on, asked of "you" in the present, the object a noun
    asked about by "what" or "which" that names no part of the post: a help question."""
    for verb in clause.tokens:
        objects = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"]
        if verb.pos_ != "VERB" or verb.tag_ not in ("VB", "VBP") or not objects or \
                turn.concept(verb) is not None or turn.is_(objects[0], "part.") or \
                turn.is_(objects[0], "artifact."):
            continue
        you = any(c.dep_ == "nsubj" and c.lower_ in YOU for c in verb.children)
        which = any(c.tag_ in ("WDT", "WP") and c.dep_ == "det" for c in objects[0].children)
        if you and which:
            return [Interpretation(intent=Intent.HELP)]
    return None


def wished(noun: Token) -> bool:
    """"A mind map would be handy", "seven flashcards would be ace": the artifact is the
    subject of a wish (a modal "be" and how it would be), not asked about; "a quiz would be
    too much" and "a quiz wouldn't be useful" wish for none."""
    be = noun.head
    how = [c for c in be.rights if c.text.isalpha()]
    return noun.dep_ == "nsubj" and be.lemma_ == "be" and any(
        c.dep_ == "aux" and c.tag_ == "MD" for c in be.children) and bool(how) and not any(
        d.dep_ in ("advmod", "neg") and d.lower_ in ("too", "not", "n't", "never")
        for c in how for d in c.children) and not any(c.dep_ == "neg" for c in be.children)


def wished_done(verb: Token) -> bool:
    """"It'd be lovely if the post were split along these lines: ...", "I'd love it if the
    tags were cut": a thing done in the passive, under "if", to a wish put with a modal;
    or a thing wanted done ("I'd like the Gear section renamed to Kit", "I want the flask
    line removed", "I should like the post to be assessed against X": a participle on the
    object of a verb of wanting said by "I")."""
    # "I should like the post to be assessed ...": the parser may hang it as a relative
    # clause, but one with no subject of its own
    if verb.dep_ in ("acl", "relcl") and verb.tag_ == "VBN" and verb.head.dep_ == "dobj" and \
            not any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
        wanting = verb.head.head
        return wanting.lemma_ in ("want", "like", "need", "love") and any(
            c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in wanting.children) and \
            not any(c.dep_ == "neg" for c in wanting.children)
    return verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ == "if"
                                        for c in verb.children) and any(
        c.dep_ in ("auxpass", "nsubjpass") for c in verb.children) and any(
        c.dep_ == "aux" and c.tag_ == "MD" for c in verb.head.children) and not any(
        c.dep_ == "neg" for c in (*verb.children, *verb.head.children))


def placed_after(turn: Turn, clause: Clause) -> bool:
    """"..., but after it add: X": the parser made "after it" a clause of its own with
    "it" the verb's subject; "it" is the place, and the verb is said to the reader."""
    head = clause.head
    return head is not None and clause.head_concept == "action.insert" and any(
        c.dep_ == "mark" and (turn.is_(c, "relation.after") or
                              turn.is_(c, "relation.before"))
        for c in head.children) and any(
        c.dep_ == "nsubj" and c.lower_ in ("it", "this", "that") for c in head.children)


#: The marks of a clause of purpose ("so they can ...", "so that I can ...").
_PURPOSE = ("so", "that")


def before_a_purpose(clause: Clause) -> Clause | None:
    """The artifacts asked for before a clause that says what they are for, said of
    someone else ("... some flashcards so my sister sees what it covers"): that part of
    the clause, else None. The purpose asks nothing of the reader."""
    head = clause.head
    if head is None or head.dep_ != "advcl":
        # "make 6 flashcards so they can test themselves": the purpose inside the clause
        head = next((t for t in clause.tokens if t.dep_ == "advcl" and any(
            c.dep_ == "mark" and c.lower_ in _PURPOSE for c in t.children)), None)
    if head is None or any(
            c.dep_ == "nsubj" and c.lower_ in YOU for c in head.children) or not any(
            c.dep_ == "nsubj" for c in head.children):
        return None
    start = min(w.i for w in head.subtree)
    # what follows the purpose is the request's again ("..., 5 q")
    end = max(w.i for w in head.subtree) if head is not clause.head else len(head.doc)
    if not any(t.concept.startswith("artifact.") and t.concept != "artifact.unit"
               for t in clause.terms if t.end <= start):
        return None
    return Clause([t for t in clause.tokens if t.i < start or t.i > end],
                  [t for t in clause.terms if t.end <= start or t.start > end])
