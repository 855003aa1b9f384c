"""A correction inside a message: "delete the line about X — sorry, no, the one about Y",
"make 6 flashcards, actually no, 8", "call it 'A'. wait no, 'B'".

A denial ("no", "nope", or the lexicon's retractions such as "no wait") after a mark, with
no verb of its own after it, corrects the words before it: the later words take the place
of the earlier ones of their kind (a number for the last number, a quotation for the last
quotation, a noun phrase for the request's object), and the message is read as corrected.
A retraction after a request ("cut X, no wait, forget that. cut Y") drops what came before,
and so does a denial followed by a request or a statement of its own ("cut X, no, leave it"):
the message is what follows. A denial with nothing before it, or after a question ("is it
2,300? no, I think it was 2,450"), answers it and corrects nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.reading_turn import REQUESTED, Turn, told
from draftguard.understanding._frames import clauses

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["corrected"]

_MARKS = (",", "-", "—", "–", ".", ";", "!", "...")
_OBJECTS = ("dobj", "oprd", "attr", "pobj")


def _trimmed(turn: Turn, tokens: list[Token]) -> list[Token]:
    """`tokens` without the marks and discourse words at either end."""
    while tokens and (tokens[-1].is_punct or turn.is_(tokens[-1], "discourse.")):
        tokens.pop()
    while tokens and (tokens[0].is_punct or turn.is_(tokens[0], "discourse.")):
        tokens.pop(0)
    return tokens


def _instead(turn: Turn, earlier: list[Token], rest: list[Token]) -> str:
    """"cut X, no wait, forget that", "cut X, no, leave it": what follows the retraction is
    the message, its "the one about Y" the noun of the request it replaces."""
    objects = [t for t in earlier if t.dep_ in _OBJECTS and t.dep_ != "pobj" and
               t.pos_ in ("NOUN", "PROPN")]
    if len(rest) > 3 and rest[1].pos_ == "PRON" and rest[2].text in _MARKS and \
            rest[0].pos_ == "VERB" and turn.concept(rest[0]) in (None, "action.keep"):
        rest = rest[3:]  # "no, keep that, cut ...": leaving it is no request
    if objects:
        doc = turn.doc
        return turn.masked.restore(_fragment_words(rest, doc[objects[0].i:objects[0].i + 1]))
    return turn.masked.restore("".join(t.text_with_ws for t in rest)).strip()


def corrected(turn: Turn) -> str | None:
    """The message as its author corrected it, when a denial corrects the words before it;
    else None."""
    doc = turn.doc
    terms = turn.lexicon.terms(doc, typos=False)
    retract = {i for term in terms
               if term.concept == "discourse.retract" for i in range(term.start, term.end)}
    # "hang on", "or rather": amending words of more than one, by their first
    phrases = {term.start: term.end - 1 for term in terms
               if term.concept == "discourse.amend" and term.end - term.start > 1}
    for token in doc:
        amends = _amending(turn, token)
        if amends is None:
            amends = phrases.get(token.i)
        if not _denial(turn, token) and token.i not in retract and amends is None:
            continue
        start = _start_of_denial(turn, token)
        unmarked = start is None  # "make 10 flashcards no 12": only a lone value corrects
        if start is None:
            start = _first_of_denial(turn, token)
        end = _end_of_denial(turn, doc[amends] if amends is not None else token, retract)
        meant = _amending(turn, doc[end]) if end < len(doc) else None
        if meant is not None:  # "sorry, I mean 'Y'", "no, I meant 'Y'"
            end = _end_of_denial(turn, doc[meant], retract)
        sentence_end = _end_of_correction(turn, end)
        fragment = _trimmed(turn, [t for t in doc[end:sentence_end] if not t.is_space])
        earlier = [t for t in doc[:start] if not t.is_space]
        if not any(t.is_alpha and not turn.is_(t, "discourse.") for t in earlier) or (
                amends is not None and not _requests(turn, earlier)):
            continue
        if len(fragment) > 1 and all(t.pos_ in ("ADP", "PART") for t in fragment[:-1]) and (
                turn.quote(fragment[-1]) is not None or fragment[-1].like_num):
            fragment = fragment[-1:]  # "no, with 'Z'", "no, to 9": the quotation, the number
        fragment = _made_value(turn, fragment) or fragment  # "actually no, make it five"
        if unmarked and not (len(fragment) == 1 and (
                fragment[0].like_num or turn.quote(fragment[0]) is not None)):
            continue
        again = _same_act_again(turn, earlier, fragment)
        if again is not None:
            fragment = [again]  # "add 'x', no wait, just add 'y' only": 'y' for 'x'
        elif (not fragment and any(i in retract for i in range(token.i, end))) or (
                fragment and _has_own_verb(turn, fragment)):
            if amends is not None and any(turn.is_(t, "discourse.also")
                                          for t in doc[token.i:sentence_end]):
                continue  # "cut X, actually, can you also ...": nothing taken back
            return _instead(turn, earlier, list(doc[end:]))
        if not fragment:
            continue
        span = _replaced(turn, earlier, fragment)
        if span is None:
            continue
        first, last = span
        words = _fragment_words(fragment, doc[first:last + 1])
        masked = "".join(t.text_with_ws for t in doc[:first]) + words + \
            doc[last].whitespace_ + "".join(t.text_with_ws for t in doc[last + 1:start])
        after = "".join(t.text_with_ws for t in doc[sentence_end:])
        text = (masked.rstrip(" ,—-–") + (" " + after if after else "")).strip()
        return turn.masked.restore(text)
    return None


def _same_act_again(turn: Turn, earlier: list[Token],
                    fragment: list[Token]) -> Token | None:
    """The one quotation of a request said again with it in place of the earlier one's
    ("tags: add 'x', no no wait, just add 'y' only"): the same action, no place or part
    of the post named anew, one quotation before and one after; else None."""
    verbs = [t for t in fragment if turn.is_(t, "action.")]
    quotes = [t for t in fragment if turn.quote(t) is not None]
    said = [t for t in earlier if turn.quote(t) is not None]
    if len(verbs) != 1 or len(quotes) != 1 or len(said) != 1 or any(
            turn.is_(t, "part.") or turn.is_(t, "relation.") for t in fragment):
        return None
    acts = {turn.concept(t) for t in earlier if turn.is_(t, "action.")}
    return quotes[0] if acts == {turn.concept(verbs[0])} else None


def _end_of_correction(turn: Turn, end: int) -> int:
    """Where the corrected words end: the end of their sentence, or the start of the next
    request in it ("cut the bit about X, no wait, the bit about Y, and add a tag Z")."""
    doc = turn.doc
    sentence_end = doc[min(end, len(doc) - 1)].sent.end
    starts = [c.tokens[0].i for c in clauses(doc, turn.lexicon, requests=REQUESTED)
              if c.tokens]
    # "..., no wait, 7 questions, and flashcards too": a mark and a coordinator end it too
    starts += [t.i for t in doc[end:sentence_end - 1]
               if t.text in _MARKS and doc[t.i + 1].pos_ == "CCONJ"]
    # "..., make it 'Y', best be honest": after the value said, a mark and words quoting
    # nothing are an aside
    starts += [t.i for t in doc[end + 1:sentence_end - 1] if t.text in _MARKS and (
        turn.quote(doc[t.i - 1]) is not None or doc[t.i - 1].like_num) and not any(
        turn.quote(u) is not None or u.like_num for u in doc[t.i:sentence_end])]
    if end + 1 < sentence_end and doc[end + 1].pos_ == "CCONJ" and (
            doc[end].like_num or turn.quote(doc[end]) is not None):
        starts.append(end + 1)  # "..., actually 6 and a mindmap": a lone value, then "and"
    return min([s for s in starts if end < s < sentence_end], default=sentence_end)


def _amending(turn: Turn, token: Token) -> int | None:
    """The last index of words that amend what was just asked without denying it
    ("actually", "sorry", "I mean", "I meant"), else None."""
    if turn.is_(token, "discourse.amend"):
        return token.i
    following = token.nbor() if token.i + 1 < len(turn.doc) else None
    if token.lower_ == "i" and following is not None and \
            turn.is_(following, "relation.meant") and token.head == following:
        return following.i
    return None


def _requests(turn: Turn, words: list[Token]) -> bool:
    """Whether `words` ask for something: a verb of the lexicon's actions not telling of
    something done, or a noun that asks by itself ("a quiz with 5")."""
    return any((turn.is_(t, "action.") and not told(t)) or
               any(turn.is_(t, r) for r in REQUESTED) for t in words)


def _denial(turn: Turn, token: Token) -> bool:
    """"no", "nope" said as a word of its own (not "no changes")."""
    return turn.is_(token, "discourse.deny") and not (
        token.dep_ == "det" and token.head.i > token.i and token.head.pos_ != "NUM" and
        not turn.is_(token.head, "discourse.") and turn.quote(token.head) is None)


def _start_of_denial(turn: Turn, token: Token) -> int | None:
    """Where the denial's words begin: after a mark, fillers ("sorry", "wait") between."""
    i = token.i - 1
    while i >= 0 and (turn.is_(turn.doc[i], "discourse.") and not turn.doc[i].is_punct):
        i -= 1
    if i < 0 or turn.doc[i].text not in _MARKS:
        return None
    return i


def _made_value(turn: Turn, fragment: list[Token]) -> list[Token] | None:
    """The value of "make it five", "change that to 'Y'" after a denial: a value for the
    request just corrected (not the last turn's), else None."""
    # ("make that eleven": the tagger may take "that" for a conjunction)
    if len(fragment) < 3 or (fragment[1].pos_ not in ("PRON", "DET") and
                             fragment[1].lower_ != "that") or not (
            turn.is_(fragment[0], "action.create") or turn.is_(fragment[0], "action.replace")):
        return None
    rest = [t for t in fragment[2:] if not turn.is_(t, "relation.new")]
    if len(rest) == 1 and (rest[0].like_num or turn.quote(rest[0]) is not None):
        return rest
    return None


def _first_of_denial(turn: Turn, token: Token) -> int:
    """Where the denial's words begin when no mark comes before them."""
    i = token.i
    while i > 0 and turn.is_(turn.doc[i - 1], "discourse.") and not turn.doc[i - 1].is_punct:
        i -= 1
    return i


def _end_of_denial(turn: Turn, token: Token, retract: set[int]) -> int:
    """The first word after the denial and the fillers, marks and retractions after it."""
    i = token.i + 1
    while i < len(turn.doc) and (turn.doc[i].is_punct or i in retract or
                                 turn.is_(turn.doc[i], "discourse.")):
        i += 1
    return i


def _has_own_verb(turn: Turn, fragment: list[Token]) -> bool:
    """Whether the words after the denial say something of their own ("no, I think it was
    X", "no, don't"): a verb they hang on, not one inside a phrase ("the one about
    shivering")."""
    inside = {t.i for t in fragment}
    return any(t.pos_ in ("VERB", "AUX") and turn.quote(t) is None and (
        t.head.i not in inside or t.head == t or any(
            c.dep_ in ("nsubj", "nsubjpass", "neg") for c in t.children)) for t in fragment)


def _replaced(turn: Turn, earlier: list[Token],
              fragment: list[Token]) -> tuple[int, int] | None:
    """The first and last index of the earlier words the fragment takes the place of."""
    counted = len(fragment) > 1 and fragment[0].like_num and all(
        t.pos_ in ("NOUN", "PROPN") for t in fragment[1:])  # "no, 7 questions"
    if counted or (len(fragment) == 1 and (fragment[0].like_num or fragment[0].pos_ == "NUM")):
        numbers = [t for t in earlier if t.like_num and not turn.quote(t)]
        if not numbers:
            return None
        last = numbers[-1]
        unit = turn.doc[last.i + 1] if last.i + 1 < len(turn.doc) else None
        if counted and unit is not None and unit.i in {t.i for t in earlier} and \
                unit.lemma_ == fragment[-1].lemma_:
            return last.i, unit.i  # "5 questions" for "7 questions"
        return last.i, last.i
    if len(fragment) == 1 and turn.quote(fragment[0]) is not None:
        quotes = [t for t in earlier if turn.quote(t) is not None]
        if quotes:
            return quotes[-1].i, quotes[-1].i
    if fragment[0].pos_ == "ADP":  # "no, after the second line": the phrase of that word
        objects = [t for t in earlier if t.dep_ == "prep" and t.lower_ == fragment[0].lower_]
    else:
        objects = [t for t in earlier if t.dep_ in _OBJECTS and t.pos_ in (
            "NOUN", "PROPN", "NUM", "ADV") and t.head.dep_ != "prep"]
    said = [t for t in earlier if not t.is_punct]
    if len(fragment) == 1 and said and said[-1].is_alpha and fragment[0].is_alpha and \
            turn.concept(said[-1]) is None and said[-1].pos_ in ("NOUN", "PROPN", "VERB", "ADJ"):
        # "tag it travel, no, japan", "the sentence about the socks, no, moss": one word
        # for the word the request ended with
        return said[-1].i, said[-1].i
    if not objects:
        return None
    target = objects[-1]
    mine = {t.i for t in earlier}
    if target.pos_ in ("NOUN", "PROPN") and fragment[0].pos_ == "DET" and not any(
            t.pos_ in ("NOUN", "PROPN", "PRON", "VERB") or t.lower_ == "one" or
            t.dep_ == "prep" for t in fragment) and target.left_edge.i < target.i:
        # "no, the last" for "the first sentence of X": the words before the noun
        return target.left_edge.i, target.i - 1
    words = [t for t in target.subtree if t.i in mine]
    if any(t.dep_ == "prep" for t in fragment):
        # "the bit about Y" for "the bit about X", when the parser hung "about X" on the verb
        after = [t for t in target.head.children if t.dep_ == "prep" and t.i in mine and
                 words and t.i == words[-1].i + 1]
        words += [t for p in after for t in p.subtree if t.i in mine]
    while words and words[-1].is_punct:
        words.pop()
    return (words[0].i, words[-1].i) if words else None


def _fragment_words(fragment: list[Token], replaced: Span) -> str:
    """The fragment's words, "one" standing for the noun it replaces ("the one about Y" for
    "the sentence about X": "the sentence about Y")."""
    nouns = [t for t in replaced if t.pos_ in ("NOUN", "PROPN") and (
        t.dep_ in _OBJECTS or t == replaced.root)]
    noun = replaced.root if replaced.root.pos_ in ("NOUN", "PROPN") else (
        nouns[0] if nouns else None)
    out = []
    for t in fragment:
        word = t.text
        if t.lower_ == "one" and t.pos_ in ("NUM", "NOUN", "PRON") and noun is not None and \
                any(c.dep_ in ("det", "amod", "prep") for c in t.children):
            word = noun.text
        out.append(word + t.whitespace_)
    return "".join(out).strip()
