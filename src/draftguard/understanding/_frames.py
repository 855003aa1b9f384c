"""Clause frames: a parsed message cut into requests, each with its verb and its words.

Generic reading machinery on the dependency parse, driven by an app's `Lexicon`:

- `correct_typos` rewrites words one edit away from a lexicon word ("replce", "wiht");
- `clauses` cuts a message where one request ends and the next begins: sentences, verbs
  joined by "and"/"then", a semicolon;
- a `Clause` knows its tokens, its head (the lexicon's action verb, if any), whether that
  verb is said to the reader (an imperative, "can you ...", "I'd like you to ...") or is a
  statement or a question about something else, and the lexicon terms it holds.

Nothing here knows an app's intents: the concepts are whatever the lexicon names.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

from draftguard.language import Lexicon, Term, parse
from draftguard.language._dictionary import english_word, function_words
from draftguard.understanding._joins import joined_anew

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["YOU", "Clause", "clauses", "correct_typos", "obliged_subject", "suggested", "text_of"]

_SUBJECTS = ("nsubj", "nsubjpass", "expl")
#: The lexicon's table of spoken and dialect forms, keyed by the standard words.
_SPOKEN = "spoken."
#: The reader, addressed: "you" and its chat and dialect forms ("can u", "can ye split it").
YOU = ("you", "u", "ya", "ye")
_ASKING_AUX = ("can", "could", "would", "will", "may", "might", "shall")
#: A verb hanging on a preposition or a noun is not a request ("tips for writing").
_EMBEDDED = ("pcomp", "acl", "relcl", "amod", "pobj", "nmod", "advcl", "csubj")


def _under(concept: str, name: str) -> bool:
    return not name or concept == name or (name.endswith(".") and concept.startswith(name))


def correct_typos(text: str, lexicon: Lexicon, *, skip_prefix: str = "",
                  keep: Collection[str] = ()) -> str:
    """`text` with each word English does not know, that the lexicon reads as a typo of one
    of its words or of a function word ("replce", "wiht", "taht"), spelt right before the
    parse reads it (words starting with `skip_prefix`, the quote placeholders, and the
    words of `keep`, lower case, are left alone: the post's own words)."""
    doc = parse(text, entities=False)
    vocabulary = lexicon.vocabulary | function_words()
    out: list[str] = []
    changed = False
    for token in doc:
        word = token.text
        standard = _standard_form(token, lexicon) if token.lower_ not in keep else None
        if standard is not None:
            word, changed = _cased(standard, word), True
        elif not (skip_prefix and word.startswith(skip_prefix)) and \
                token.lower_ not in keep and not english_word(token.lemma_) and \
                lexicon.concept(token.lemma_) is None and lexicon.concept(word) is None:
            fixed = _g_dropped(word) or lexicon.correct(word, vocabulary=vocabulary)
            if fixed is not None:
                word, changed = _cased(fixed, word), True
        out.append(word + token.whitespace_)
    return "".join(out) if changed else text


def _standard_form(token: Token, lexicon: Lexicon) -> str | None:
    """The standard words a spoken or dialect form of the lexicon's `spoken` table stands
    for ("ye": "you", "gonnae": "will you"), else None."""
    concept = lexicon.concept(token.lower_) or ""
    if not concept.startswith(_SPOKEN) or not (token.text.islower() or token.is_sent_start):
        return None  # ("a U-turn": a capital inside a sentence is no spoken "you")
    return concept.removeprefix(_SPOKEN)


def _g_dropped(word: str) -> str | None:
    """The "-ing" word `word` says with its "g" dropped, as many speak it ("startin",
    "mentionin'": "starting"), when that is a word and `word` is none; else None."""
    stem = word.rstrip("'’")
    if len(stem) < 5 or not stem.lower().endswith("in") or english_word(stem.lower()):
        return None
    full = f"{stem}g"
    return full if english_word(full.lower()) else None


def _cased(word: str, typed: str) -> str:
    """`word` capitalised as `typed` was ("Taht" -> "That")."""
    return word[:1].upper() + word[1:] if typed[:1].isupper() else word


def text_of(tokens: list[Token]) -> str:
    """The words of `tokens` as typed (spacing kept between them)."""
    if not tokens:
        return ""
    return "".join(t.text_with_ws for t in tokens[:-1]) + tokens[-1].text


@dataclass
class Clause:
    """One request's words: `tokens` of the parsed message, its action verb `head`."""

    tokens: list[Token]
    terms: list[Term]
    head: Token | None = None
    head_concept: str | None = None
    #: The index after the head's last word ("get rid of": after "of").
    head_end: int = 0
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return text_of(self.tokens)

    def concepts(self, prefix: str = "") -> list[str]:
        return [t.concept for t in self.terms if _under(t.concept, prefix)]

    def has(self, name: str) -> bool:
        """Whether the clause holds a word of concept `name`, or of one under it when
        `name` ends with a dot ("artifact.")."""
        return any(_under(t.concept, name) for t in self.terms)

    def term_at(self, token: Token) -> Term | None:
        return next((t for t in self.terms if t.start <= token.i < t.end), None)

    def after(self, token: Token) -> list[Token]:
        return [t for t in self.tokens if t.i > token.i]

    def before(self, token: Token) -> list[Token]:
        return [t for t in self.tokens if t.i < token.i]

    def is_question(self) -> bool:
        return any(t.text == "?" for t in self.tokens)

    def said_to_reader(self) -> bool:
        """Whether the head verb asks the reader to act: an imperative ("cut it"), or a
        request with "you" ("can you cut it", "I'd like you to cut it", "let's cut it"),
        not a statement ("I cut it") or a question about doing it ("how do I cut it?")."""
        verb = self.head
        if verb is None:
            return True
        before = [t for t in self.tokens if t.i < verb.i]
        marks = [i for i, t in enumerate(before) if t.text in (",", "-", "—", ":", ";")]
        aside = {i for a, b in pairwise(marks) if b > a + 1 and all(
            t.pos_ == "INTJ" for t in before[a + 1:b]) for i in (a, b)}
        marks = [i for i in marks if i not in aside]  # "how do I, um, make ...?": one clause
        if marks:  # "the paragraph that starts 'X' - shorten it": the words after the mark
            before = before[marks[-1] + 1:]
        if verb.tag_ == "VBG" and verb.dep_ in _EMBEDDED:
            return False  # "any tips for writing an intro?"
        if verb.tag_ == "VBZ":
            return False  # "the buzzard story still makes me cringe": said of something
        if verb.tag_ == "VBG" and not any(c.dep_ in _SUBJECTS or c.dep_ == "aux"
                                          for c in verb.children) and any(
                c.dep_ == "advmod" and c.lower_ == "just" for c in verb.children):
            return False  # "just checking what I wrote": "I'm" left out, said of oneself
        if not any(t.pos_ in ("PRON", "VERB", "AUX") or t.tag_ in ("WP", "WRB", "WDT")
                   for t in before if t.lower_ not in ("let", "'s", "please", "pls", "just")):
            return True  # an imperative opening the clause ("cut the bit ...", "in the
            # conclusion, change ..."), whatever the parser made of the verb itself
        mine = {t.i for t in self.tokens}
        if any(t.lower_ in YOU and t.dep_ in _SUBJECTS and t.i < verb.i and any(
                a.lower_ in _ASKING_AUX for a in t.head.children) for t in self.tokens):
            return True  # "would you be so kind as to remove ...", "could you please ..."
        subjects = [c for c in verb.children if c.dep_ in _SUBJECTS and c.i in mine]
        if not subjects:
            if verb.dep_ in _EMBEDDED:
                return False  # "tips for writing an intro", "thinking about adding one"
            # "I want you to cut it": the verb's subject is the object of "want".
            return not any(c.tag_ in ("WP", "WRB") for c in verb.children) or \
                verb.dep_ in ("xcomp", "ccomp")
        if verb.dep_ == "relcl" and _object_put_first(verb, subjects[0]):
            return True  # "please the title you change to 'X'": the object said first
        if verb.dep_ in _EMBEDDED:
            return False  # "tips for writing an intro", "thinking about adding a section"
        subject = subjects[0].lower_
        if subject in (*YOU, "us", "'s") or (subject == "we" and suggested(
                [t for t in self.tokens if t.i < verb.i])):
            return True  # "could you ...", "how about we make a quiz"
        if subject in ("i", "we") and any(c.lower_ in _ASKING_AUX for c in verb.children):
            return not any(c.tag_ in ("WP", "WRB") for c in verb.children)
        return False


def _object_put_first(verb: Token, subject: Token) -> bool:
    """"Please the title you change to 'X'", "the tag kitchen you remove": a learner's
    word order, the object first and "you" with a plain present verb after it, hanging on
    the noun as a relative clause would. It asks when the noun stands alone as its
    sentence's root, no relative word joins them and the verb has no object of its own."""
    noun = verb.head
    return subject.lower_ in YOU and verb.tag_ in ("VB", "VBP") and noun.dep_ == "ROOT" and \
        noun.pos_ in ("NOUN", "PROPN") and not any(
            c.tag_ in ("WDT", "WP", "WRB") or c.dep_ in ("dobj", "aux", "neg")
            for c in verb.children)


def suggested(tokens: list[Token]) -> bool:
    """Whether `tokens` hold a suggestion made of a question word and the preposition it
    hangs on, next to it ("how about some flashcards", "what about a mind map of it", "how
    about we make a quiz"): a request put as a question, not a question about the thing."""
    for t in tokens:
        if t.tag_ not in ("WRB", "WP") or t.i + 1 >= len(t.doc) or t.nbor().pos_ != "ADP":
            continue
        if t.head == t.nbor() or (t.nbor().head == t.head and t.head.pos_ == "VERB"):
            return True
    return False


def obliged_subject(verb: Token, *, pronoun: bool = False) -> Token | None:
    """The subject `verb` is asked of, when a modal or "is to" / "needs to" puts it as
    something to be done to that subject: "the bit about X can go", "that sentence should
    be removed", "the paragraph is to be deleted", "the title ought to be changed to X";
    else None ("the bit about X went well", "you can go"). With `pronoun`, a pronoun
    subject too ("that bit about X, could it go?": "it" stands for the words before)."""
    governor = verb
    if verb.dep_ == "xcomp" and any(c.dep_ == "aux" and c.tag_ == "TO"
                                    for c in verb.children):
        governor = verb.head  # "is to be deleted", "ought to be changed", "has to go"
        obliged = _obliging(governor) or governor.lemma_ in ("be", "need", "have")
    else:
        obliged = any(c.dep_ == "aux" and _obliging(c) for c in verb.children)
    subjects = [c for c in governor.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not obliged or not subjects or (subjects[0].pos_ == "PRON" and not pronoun) or any(
            c.dep_ == "dobj" for c in verb.children):
        return None  # "my brother would kill me": the subject acts, it is not acted on
    return subjects[0]


def _obliging(token: Token) -> bool:
    """A modal of obligation or ability ("can", "should", "ought", "must"), not one that
    tells what would happen ("would", "will")."""
    return token.tag_ == "MD" and token.lower_ not in ("will", "would", "'ll", "'d", "wo")


def _argument_colon(doc: Doc, lexicon: Lexicon) -> int:
    """The colon after which the words are one request's argument ("add this: X", "new
    title: X"), or the end. A colon after words that ask nothing and name nothing of the
    lexicon's ("ok:", "right, three things:") only announces what follows: the requests
    after it are cut as any others."""
    for token in doc:
        if token.text != ":":
            continue
        if any(t.pos_ in ("VERB", "AUX") or not (
                t.is_punct or t.like_num or t.pos_ in ("DET", "INTJ", "ADP") or (
                    lexicon.concept(t.lower_) or "discourse.").startswith("discourse."))
               for t in doc[token.sent.start:token.i]):
            return token.i
    return len(doc)


def _cut_points(doc: Doc, lexicon: Lexicon, action: str,
                requests: tuple[str, ...]) -> set[int]:
    """Token indexes where a new request starts: a sentence start, a verb of the lexicon's
    `action` concepts joined to an earlier one ("replace X and delete Y"), a noun of the
    `requests` concepts joined to a verb ("add the tag X, plus a quiz"), "then", ";"."""
    colon = _argument_colon(doc, lexicon)
    cuts = {s.start for s in doc.sents if s.start <= colon} | joined_anew(doc, lexicon, action,
                                                                           colon)
    separable = _separable(doc, lexicon)
    for token in doc:
        if token.i > colon:
            break  # what follows a colon is the request's argument, read whole
        if requests and _requested_alongside(token, lexicon, requests):
            joints = [t.i for t in doc[token.head.i + 1:token.i] if t.dep_ == "cc"]
            cuts.add(joints[-1] if joints else token.left_edge.i)
        if token.text == ";" and token.i + 1 < len(doc):
            cuts.add(token.i + 1)
        if token.lower_ == "then" and token.i > 0:
            cuts.add(token.i)
        cuts.add(_subject_anew(token, lexicon) or 0)  # "... 'X' — and can the tags be a, b"
        if (topic := _topicalised(token)) is not None:  # "add the tag X, and the tag Y you ..."
            joints = [c.i for c in topic.head.children if c.dep_ == "cc" and c.i < topic.i]
            cuts.add(joints[-1] if joints else topic.left_edge.i)
        concept = lexicon.concept(token.lemma_) or lexicon.concept(token.lower_) or \
            separable.get(token.i, "")
        if not concept.startswith(action) or token.pos_ not in ("VERB", "AUX", "NOUN", "PROPN"):
            continue
        head_concept = lexicon.concept(token.head.lemma_) or lexicon.concept(
            token.head.lower_) or ""
        if token.dep_ == "conj" and token.head.i < token.i and (
                token.head.pos_ in ("VERB", "AUX") or head_concept.startswith(action)):
            if not head_concept.startswith(action) and _gist_of_a_part(token.head, lexicon):
                continue  # "before the sentence about I failed first time, add: X"
            start = min([token.i, *(c.i for c in token.lefts if c.dep_ in ("aux", "nsubj"))])
            cc = [c for c in token.head.children if c.dep_ == "cc" and c.i < token.i]
            cuts.add(min([start, *(c.i for c in cc)]) if cc else start)
        else:
            # "the bit about socks is boring, remove it", "... — could you swap it": a mark,
            # then (asking words aside) the verb
            mark = token.i - 1
            while mark > 0 and (lexicon.concept(doc[mark].lower_) or "").startswith(
                    "discourse.") and doc[mark].dep_ != "ROOT":
                mark -= 1
            # (an auxiliary alone is no clause: "how do I, um, make a quiz?" is one)
            if mark > 1 and doc[mark].text in (",", "-", "—") and any(
                    # ("the glazing paragraph": a verb's form naming a noun is no verb;
                    # "after the sentence about I carry tea, add": nor one in a part's gist)
                    t.pos_ in ("VERB", "AUX") and t.dep_ not in (*_EMBEDDED, "aux", "auxpass",
                                                                 "compound")
                    and not _gist_of_a_part(t, lexicon)
                    for t in doc[token.sent.start:mark]):
                cuts.add(mark + 1)
    return cuts


def _subject_anew(noun: Token, lexicon: Lexicon) -> int | None:
    """After a dash or comma (and joining words), a part as the subject of its own verb."""
    doc, start, mark = noun.doc, noun.sent.start, noun.i - 1
    while mark > start and doc[mark].pos_ in ("DET", "CCONJ", "AUX", "ADV"):
        mark -= 1
    anew = noun.dep_ in _SUBJECTS and noun.head.i > noun.i and doc[mark].text in (
        ",", "-", "—", "–") and (lexicon.concept(noun.lemma_) or "").startswith("part.")
    return mark + 1 if anew and any(t.pos_ in ("VERB", "AUX") for t in doc[start:mark]) else None


def _topicalised(verb: Token) -> Token | None:
    """The object put first and joined to an earlier verb ("put the tags X and Y, and the
    tag Z you can remove"): the noun a relative clause with no relative word, said by "you"
    with a modal, hangs on, when that noun is a conjunct of an earlier verb; else None."""
    noun = verb.head
    if verb.dep_ != "relcl" or noun.dep_ != "conj" or noun.head.i >= noun.i or \
            noun.head.pos_ not in ("VERB", "AUX") or any(
                c.tag_ in ("WDT", "WP") for c in verb.children):
        return None
    you = any(c.dep_ == "nsubj" and c.lower_ in YOU for c in verb.children)
    return noun if you and any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children) \
        else None


def _gist_of_a_part(verb: Token, lexicon: Lexicon) -> bool:
    """Whether `verb` stands in the words that describe a part of the post ("before the
    sentence about I failed first time, add: ..."): after an "about" word that hangs on a
    part's noun, in the same sentence."""
    return any((lexicon.concept(t.lower_) or "") == "relation.about" and (
        lexicon.concept(t.head.lemma_) or "").startswith("part.")
        for t in verb.doc[verb.sent.start:verb.i])


def _requested_alongside(token: Token, lexicon: Lexicon, requests: tuple[str, ...]) -> bool:
    """Whether `token` is a noun asked for by itself, joined to an earlier verb as a second
    request ("add the tag X, plus a quiz": "quiz" a conjunct of "add", not of "X"), or such a
    noun used as a verb ("call it 'A' and tag it B")."""
    concept = lexicon.concept(token.lemma_) or lexicon.concept(token.lower_) or ""
    only_particle = token.pos_ == "VERB" and all(  # "take the X and Y tags out": a noun
        c.dep_ in ("prt", "punct") for c in token.rights)
    return token.dep_ == "conj" and token.pos_ in ("NOUN", "PROPN", "VERB") and \
        token.head.pos_ in ("VERB", "AUX") and token.head.i < token.i and \
        concept.startswith(requests) and not only_particle


def _separable(doc: Doc, lexicon: Lexicon) -> dict[int, str]:
    """Verbs whose particle stands apart ("take it out", "cut that bit out"): the concept
    of the verb and its particle together, by the verb's index."""
    out: dict[int, str] = {}
    for token in doc:
        # "take the ramen tag out": the parser may make the object's noun a verb of its own,
        # with no subject, and hang the particle on it
        misread = [g for c in token.children if c.dep_ in ("ccomp", "conj") and not any(
            s.dep_ in _SUBJECTS for s in c.children) for g in c.children]
        for child in [*token.children, *misread]:
            # ("pop 'X' in right after ...": a preposition with no noun of its own is the
            # verb's particle, whatever the parser called it)
            loose = child.dep_ == "prep" and not any(c.dep_ == "pobj" for c in child.children)
            if (child.dep_ == "prt" or loose) and child.i > token.i + 1:
                concept = lexicon.concept(f"{token.lemma_} {child.lower_}")
                if concept is not None:
                    out[token.i] = concept
    return out


def _in_value(verb: Token, lexicon: Lexicon, since: int) -> bool:
    """Whether `verb` stands in the value a part of the post is said to be ("can the title
    be Nora Turns Ninety", "the title should be Bread That Changes Everything"): under a
    "be" or "become" whose subject is a part, with nothing between that starts a clause."""
    said = next((a for a in verb.ancestors if a.lemma_ in ("be", "become") and since <= a.i
                 < verb.i), None)  # (in the clause that starts at `since`)
    if said is None or not any(c.dep_ == "nsubj" and (lexicon.concept(c.lemma_) or lexicon.concept(
            c.lower_) or "").startswith("part.") for c in said.children):
        return False
    return not any(t.is_punct or t.pos_ in ("CCONJ", "SCONJ")
                   for t in verb.doc[said.i + 1:verb.i])


def _asks_what_is(tokens: list[Token]) -> bool:
    """Whether the clause asks what something is, opening on "is" ("is a drop bag ...?")."""
    first = next((t for t in tokens if not t.is_punct and t.pos_ != "INTJ"), None)
    return first is not None and first.lemma_ == "be" and first.dep_ in ("ROOT", "ccomp")


def _first_word(tokens: list[Token]) -> int:
    """The first token that is not punctuation, a filler, politeness, an infinitive's "to"
    ("Please to add ...") or an adverb on the word after it ("actually undo ...") (by
    their parse)."""
    for t in tokens:
        if t.is_punct or t.pos_ in ("INTJ", "CCONJ") or t.tag_ == "TO" or (
                t.pos_ == "ADV" and t.dep_ == "advmod" and t.head.i == t.i + 1) or t.lower_ in (
                "please", "pls", "plz", "then", "now", "also", "just", "so", "ok", "okay"):
            continue
        return t.i
    return -1


def clauses(doc: Doc, lexicon: Lexicon, *, action: str = "action.",
            requests: tuple[str, ...] = ()) -> list[Clause]:
    """`doc` cut into clauses, each with the lexicon's terms and its action verb
    (`requests`: the concepts of nouns that ask for something by themselves, "a quiz")."""
    cuts = sorted(_cut_points(doc, lexicon, action, requests) | {0})
    terms = lexicon.terms(doc, typos=False)
    covered = {i for t in terms for i in range(t.start, t.end)}
    apart = [Term(c, i, i + 1, doc[i].text) for i, c in _separable(doc, lexicon).items()
             if i not in covered]
    if apart:
        terms = sorted([*terms, *apart], key=lambda t: t.start)
    out: list[Clause] = []
    for start, end in zip(cuts, [*cuts[1:], len(doc)], strict=True):
        tokens = [t for t in doc[start:end] if not t.is_space]
        mine = [t for t in terms if start <= t.start < end]
        if not mine and not any(t.is_alpha or t.like_num or t.text.startswith("Xq") or (
                t.text.isalnum() and not t.is_punct) for t in tokens):  # "v0"
            continue
        clause = Clause(tokens, mine)
        heads = [t for t in mine if t.concept.startswith(action)]
        colon = next((t.i for t in tokens if t.text == ":"), end)
        if any(t.pos_ == "VERB" and (t.tag_ == "VB" or t.dep_ == "ROOT") for t in doc[start:colon]):
            # "pop a line in after X: Dad called it Y": after the colon, the words asked for
            heads = [t for t in heads if t.start < colon]
        if heads:
            heads = [t for t in heads if (t.end - t.start > 1 or doc[t.start].dep_ not in (
                "aux", "auxpass")) and not _in_value(doc[t.start], lexicon, start)]
            if not heads:
                out.append(clause)
                continue
            # The verb the others hang on: an imperative opening the clause, else the first
            # term tagged as a verb, else the first.
            opening = [t for t in heads if t.start == _first_word(tokens)]
            verbs = [t for t in heads if doc[t.start].pos_ in ("VERB", "AUX")]
            if not verbs and _asks_what_is(tokens):
                out.append(clause)  # "is a drop bag just a kit bag?": a noun, no request
                continue
            # A verb inside a description ("the bit about checking my bank app") is not
            # the request's verb when another one is there.
            main = [t for t in verbs if doc[t.start].dep_ not in _EMBEDDED]
            best = (opening or main or verbs or heads)[0]
            clause.head = doc[best.start]
            clause.head_concept = best.concept
            clause.head_end = best.end
        out.append(clause)
    return out
