"""New words said beside the old ones, whatever the verb: "'Y' instead of 'X'", "I meant
'Y'", "'X' should be 'Y'", "X, not Y", "'Y' not 'X'", "the Red Lion should be the Black
Horse", "make it Y" after the words just named or written."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from blogger.reading_clefts import cleft_focus
from blogger.reading_counterparts import number_word, shared_unit
from blogger.reading_denied import denied_pair
from blogger.reading_edits import EditFrames, _carry, refers_back
from blogger.reading_facts import with_fact
from blogger.reading_places import find_place, said_there, where_it_says
from blogger.reading_said_short import kind_of, least_written, phrase_not_phrase, rather_than
from draftguard.edits._plan import ReplaceOp
from draftguard.language import similarity
from draftguard.understanding._asking import ask
from draftguard.understanding._frames import Clause
from draftguard.understanding._placing import edit_request, op_slots, place_phrase
from draftguard.understanding._types import Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._locate import PostView

__all__ = ["SaidPairs"]

#: The cosine at which the new words of an unquoted correction are of the old words' kind
#: ("Saturday" for "Tuesday", "V3" for "V2"), so they may stand elsewhere in the post too.
DEFAULT_KIN_SIMILARITY = 0.6
#: Below this cosine the old and new words of an unquoted correction are too unlike to be
#: sure it is one ("it's about the biscuits, not the back room"): asked, never done.
DEFAULT_PAIR_SIMILARITY = 0.35
#: Words that only lead into the new words ("it was in March", "it's about X") when the
#: old words do not start with one of their kind.
_LEADING = ("ADP", "AUX", "SCONJ", "PART")
#: Words meant at most, ending in a number, taken whole as the new words ("half past six").
_MEANT = 4
#: The most words after a corrected number that may say which of its places is meant.
_MAX_WIDENED = 5


class SaidPairs:
    """The said-pair frames of one message (they edit through `EditFrames`)."""

    def __init__(self, edits: EditFrames) -> None:
        self.e = edits
        self.t = edits.t

    def again(self, clause: Clause, body: list[Token], previous: Clause | None
              ) -> list[Interpretation] | None:
        """"make it 600", "make that 'for 45 minutes'", "change it to X": the words just
        named (a quotation in the clause before) or just written (the last edit) become
        the new ones."""
        words = self.t.trim(body, clause)
        said = previous is not None and previous.has("relation.be") and \
            self.t.lone_quote(words, clause) is not None
        if said:  # "Everywhere it says 'X', write 'Y' instead"
            words = [words[0], *words]
        if len(words) < 2 or (words[0].lower_ not in ("it", "that", "this") and not said):
            return None
        new = words[1:]
        if new and self.t.is_(new[0], "relation.new"):
            new = new[1:]
        old: list[Token] = []
        place = None
        if previous is None:  # "where it says forty minutes, change that to ...": one clause
            old = said_there(self.t, [t for t in clause.tokens if t.i < words[0].i])
        else:
            old = [t for t in previous.tokens if self.t.quote(t)][:1] or \
                said_there(self.t, previous.tokens)
            subject = [t for t in previous.tokens if self.t.is_(t, "part.")]
            if old and subject:
                place = find_place(self.t, previous, [t for t in previous.tokens
                                                      if t.i < old[0].i and t.pos_ != "VERB"
                                                      and not self.t.is_(t, "relation.be")])
        if old:
            one = self.e.replace_one(clause, old, new, self.e.unless_needless(clause, old,
                                                                            place),
                                    everywhere=previous is not None and previous.has(
                                        "relation.everywhere"))
            return [one] if one is not None else None
        named = self._field_named(previous)
        if named is not None and previous is not None:
            # "the title is too long. make it just: Home coffee": the field just named
            text, _quoted = self.e.new_words(clause, new)
            one = self.e.fields.field(previous, [named], text) if text else None
            return [one] if one is not None else None
        written = self.t.memory.written
        if written is None or self.t.view is None or self.t.memory.intent != "edit":
            return None
        new, said_old = rather_than(self.t, clause, new)
        text, _quoted = self.e.new_words(clause, new)
        if text is None:
            return None
        found, text = shared_unit(self.t.view.text, written, text)
        if said_old:  # "four months rather than three": the old words said in the last
            within = least_written(found, said_old, text)
            if within is None:
                return None  # old words said that were not just written: not this frame
            found = within
        places = self.t.memory.written_places  # "all the way through", then "make that Y"
        return [place_phrase(self.t.view, found,
                             lambda a: [op_slots(ReplaceOp(anchor=a, text=_carry(a, found,
                                                                                   text)))],
                             everywhere=places > 1 and len(self.t.view.occurrences(
                                 found)) == places)]

    def _field_named(self, previous: Clause | None) -> Token | None:
        """The post's field the clause before names with no quotation ("the title is too
        long"), else None."""
        if previous is None or any(self.t.quote(t) for t in previous.tokens):
            return None
        return next((t for t in previous.tokens if self.t.is_(t, "part.title") or
                     self.t.is_(t, "part.meta")), None)

    def _present_value(self, new_side: list[Token], old_side: list[Token]) -> bool:
        """Whether the old words are only the field's present value, named by nothing of
        their own ("the tags should be a, b instead of what's there now", "... rather than
        the old ones"): the field's new value is said, no words of the post are swapped."""
        return any(self.t.is_(t, "part.tags") or self.t.is_(t, "part.title") or
                   self.t.is_(t, "part.meta") for t in new_side) and all(
            t.is_punct or t.is_stop or t.lemma_ == "one" or t.pos_ in (
                "PRON", "DET", "ADP", "AUX", "ADV", "ADJ") or self.t.is_(t, "part.")
            for t in old_side)

    # -- the frames --------------------------------------------------------------------------

    def said_pair(self, clause: Clause) -> list[Interpretation] | None:
        """The new words said beside the old ones, whatever the verb: "'Y' instead of 'X'",
        "I'd rather it said 'Y' than 'X'", "I wrote 'X' but I meant 'Y'", "'X' should be
        'Y'", "the conclusion should mention cocoa instead of tea"."""
        tokens = clause.tokens
        quotes = [i for i, t in enumerate(tokens) if self.t.quote(t)]
        at = self.e.rel(clause, tokens, "relation.old")
        if at is not None and (_compared(clause, tokens, at) or self._present_value(
                tokens[:at], tokens[at + 1:])):
            at = None  # "he'd know better than me": a comparison, no old words
        if at is not None and (clause.head_concept not in ("action.delete", "action.insert") or (
                clause.head_concept == "action.insert" and self._quotes_around(clause, at))):
            # ("put 'Y' in the place of 'X'": words put where others were replace them)
            term = clause.term_at(tokens[at])
            end = at + (term.end - term.start if term else 1)
            new_side, old_side = tokens[:at], tokens[end:]
            # "than 'X' because ...": the old words end where a clause of its own begins
            cut = next((i for i, t in enumerate(old_side) if t.dep_ == "mark" or (
                t.text in (",", ";") and i > 0)), len(old_side))
            old_side = old_side[:cut]
            if old_side and self.t.quote(old_side[0]) is not None:
                old_side = old_side[:1]
            verbs = [i for i, t in enumerate(new_side) if self.t.is_(t, "relation.be")
                     or (t.pos_ == "VERB" and self.t.concept(t) is not None)]
            later = [i for i in quotes if i > end]
            if any(i < at for i in quotes):
                new = [new_side[max(i for i in quotes if i < at)]]
            elif later and old_side and self.t.quote(old_side[0]) is not None:
                # "instead of 'X' can it say 'Y'": the old words first, the new ones quoted
                # after them (the words before "instead" are the author's aside)
                new = [tokens[later[0]]]
            elif verbs:
                new = _after_pronoun(self.t, new_side[verbs[-1] + 1:])
            else:
                return None
            place = None
            subject = [t for t in new_side[:verbs[0]]] if verbs else []
            if subject and any(self.t.is_(t, "part.") for t in subject):
                place = find_place(self.t, clause, subject)
            one = self.e.replace_one(clause, old_side, new, place)
            return [one] if one is not None else None
        if len(quotes) != 2:
            return with_fact(self.t, self._correction(clause) or self._denied(clause) or
                             self._numbers_said(clause) or self._named_as(clause) or
                             phrase_not_phrase(self.e, clause), tokens)  # "X, not Y": a fact
        return self._two_quotes(clause, tokens[quotes[0]], tokens[quotes[1]])

    def _quotes_around(self, clause: Clause, at: int) -> bool:
        """Whether a quotation stands right before the relation word at `at` and right
        after it ("'Y' in the place of 'X'")."""
        tokens = clause.tokens
        term = clause.term_at(tokens[at])
        end = at + (term.end - term.start if term else 1)
        return at > 0 and end < len(tokens) and self.t.quote(tokens[at - 1]) is not None \
            and self.t.quote(tokens[end]) is not None

    def _two_quotes(self, clause: Clause, first: Token, second: Token
                    ) -> list[Interpretation] | None:
        """Two quotations and the words between them: "'Y' not 'X'", "'X' should be 'Y'",
        "I wrote 'X' but I meant 'Y'", "put 'Y' where it says 'X'"."""
        tokens = clause.tokens
        quotes = [tokens.index(first), tokens.index(second)]
        between = tokens[quotes[0] + 1:quotes[1]]
        said = [t for t in between if not t.is_punct]
        if len(said) == 1 and (said[0].dep_ == "neg" or said[0].lower_ == "not"):
            # "'Y' not 'X'", "'Y', not 'X'": the new words, then the old ones
            one = self.e.replace_one(clause, [tokens[quotes[1]]], [tokens[quotes[0]]], None)
            return [one] if one is not None else None
        if any(where_it_says(self.t, t) for t in between):
            # "chuck 'Y' in where it says 'X'": the place is named by the old words, so the
            # words put there are the new ones
            one = self.e.replace_one(clause, [tokens[quotes[1]]], [tokens[quotes[0]]], None)
            return [one] if one is not None else None
        writes = [t for t in between if t.pos_ == "VERB" and (self.t.is_(t, "action.create") or
                                                              self.t.is_(t, "action.replace"))]
        made = clause.head_concept == "action.create" and len(said) == 1 and self.t.is_(
            said[0], "relation.new")
        if made or any(self.t.is_(t, "relation.meant") for t in between) or any(  # "make X into Y"
                self.t.is_(t, "relation.be") for t in between[-3:]) or (
                (writes and clause.head_concept is None) or clause.head in writes):
            one = self.e.replace_one(clause, [tokens[quotes[0]]], [tokens[quotes[1]]], None)
            return [one] if one is not None else None
        return None

    def _named_as(self, clause: Clause) -> list[Interpretation] | None:
        """"the Red Lion should be the Black Horse": the subject of "be" is words of the
        post (standing once) and its complement words the post does not hold."""
        view = self.t.view
        verb = next((t for t in clause.tokens if t.lemma_ == "be"), None)
        if verb is None or view is None:
            return None
        mine = {t.i for t in clause.tokens}
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        complement = next((c for c in verb.children if c.dep_ == "attr"), None)
        if subject is None or complement is None or self.t.is_(subject, "part.") or \
                subject.pos_ == "PRON":
            return None
        old = [t for t in subject.subtree if t.i in mine]
        new = [t for t in complement.subtree if t.i in mine]
        if not any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children) and not all(
                t.pos_ == "PROPN" for t in (*old, *new)):
            return None  # without "should", only a name that is another name: "X is really Y"
        if any(self.t.quote(t) for t in (*old, *new)):
            return None
        return self._once(clause, old, new, view)

    def _once(self, clause: Clause, old: list[Token], new: list[Token], view: PostView, *,
              kin_similarity: float = DEFAULT_KIN_SIMILARITY,
              pair_similarity: float = DEFAULT_PAIR_SIMILARITY,
              denied: bool = False) -> list[Interpretation] | None:
        """`old` replaced by `new` when the old words stand once in the post and the new ones
        nowhere (a correction said without quotes names the post's own words), or only
        outside the old words' sentence when the two are of one kind ("it's Saturday not
        Tuesday" where the title says Saturday); two words much unlike are asked about,
        unless `denied`: the author said the one is not, the other is ("... is not
        Biscuit, is Pepper")."""
        old_words, new_words = self.t.words(old), self.t.words(new)
        found = view.occurrences(old_words)
        # "it was Pete not Dave, fix every one": every place, when the message says so
        if not found or (len(found) > 1 and not any(
                term.concept == "relation.everywhere" for term in self.t.lexicon.terms(
                    self.t.doc))):
            return None
        alike = similarity(old_words, new_words)
        if view.occurrences(new_words):
            sentence = next((s for s in view.sentences
                             if s.start <= found[0].start < s.end), found[0])
            if view.occurrences(new_words, sentence) or alike < kin_similarity:
                return None
        one = self.e.replace_one(clause, old, new, None, everywhere=len(found) > 1)
        if one is None:
            return None
        if one.question is None and alike < pair_similarity and not denied:
            return [ask(f"Do you want me to change “{old_words}” to “{new_words}”? Say yes if "
                        "so.", (one,))]
        return [one]

    def _numbers_said(self, clause: Clause) -> list[Interpretation] | None:
        """"the rent figure, 1,450, should be 1,550": a number of the post, then what it
        should be."""
        tokens = clause.tokens
        numbers = [i for i, t in enumerate(tokens) if t.like_num and any(c.isdigit()
                                                                        for c in t.text)]
        view = self.t.view
        if len(numbers) != 2 or view is None:
            return None
        between = tokens[numbers[0] + 1:numbers[1]]
        if not any(self.t.is_(t, "relation.be") for t in between):
            return None
        if len(view.occurrences(tokens[numbers[0]].text)) != 1:
            return None
        one = self.e.replace_one(clause, [tokens[numbers[0]]], [tokens[numbers[1]]], None)
        return [one] if one is not None else None

    def _denied(self, clause: Clause) -> list[Interpretation] | None:
        """"it isn't St Anne's at all, it's St Agnes's", "the cake wasn't from Mill Lane, it
        was the place on Station Road": the old words and the new (`denied_pair`), when
        the old stand once in the post and the new nowhere."""
        view = self.t.view
        pair = denied_pair(self.t, clause) if view is not None else None
        if pair is None or view is None:
            return None
        return self._once(clause, pair[0], pair[1], view, denied=True)

    def _correction(self, clause: Clause) -> list[Interpretation] | None:
        """"Priya won 21, not 19", "the sign said Almost done, not Nearly there": the
        post's words after "not" become the words before it (as many of them), when they
        stand once in the post and the new ones nowhere."""
        tokens = clause.tokens
        view = self.t.view
        for i in range(len(tokens)):
            if not _not(tokens, i) or i < 2 or view is None:
                continue
            end = next((j for j in range(i + 1, len(tokens)) if tokens[j].is_punct and not
                        _joined(tokens[j - 1], tokens[j])), len(tokens))
            old = tokens[i + 1:end]
            but = next((j for j, t in enumerate(old) if t.pos_ == "CCONJ" and
                        t.lower_ == "but"), None)
            if but is not None and 0 < but < len(old) - 1:
                # "not dark green but dark blue": the old words, then the new ones
                return self._once(clause, old[:but], old[but + 1:], view)
            is_ = self._then_is(tokens[end + 1:])
            if old and is_ and tokens[i - 1].lemma_ == "be" and end < len(tokens):
                # "The dog name is not Biscuit, is Pepper": what it is not, then what it is
                return self._once(clause, old, is_, view, denied=True)
            # Without the comma ("it's Saturday not Tuesday") only a word against a word of
            # its kind: a name, a number, a noun or an adjective.
            # A count against a count may have its noun between ("thirty catches not twenty").
            if tokens[i - 1].text != "," and not (
                    len(old) == 1 and kind_of(tokens[i - 1]) == kind_of(old[0])
                    and kind_of(old[0]) in ("PROPN", "NOUN", "NUM", "ADJ")) and not (
                    _last_number(tokens[:i]) and all(t.like_num for t in old)):
                continue
            before = tokens[:i - 1] if tokens[i - 1].text == "," else tokens[:i]
            said = [t for t in before if not self.t.is_(t, "discourse.filler")
                    and not self.t.is_(t, "discourse.deny")]
            new = said[-len(old):] if old and len(said) >= len(old) else []
            while len(new) > 1 and new[0].pos_ in _LEADING and new[0].pos_ != old[0].pos_:
                new = new[1:]  # "it's about the biscuits, not ...": the words after "about"
            kind = [t for t in said if len(old) == 1 and kind_of(t) == kind_of(old[0])]
            meant = next((j for j in range(len(said) - 1, -1, -1)
                          if self.t.is_(said[j], "relation.meant")), None)
            if meant is not None and said[-1].like_num and len(said) - meant - 1 <= _MEANT:
                new = said[meant + 1:]  # "I meant half six, not seven": all it meant
            elif all(t.like_num or t.pos_ == "NUM" or t.text in ("-", "–") for t in old):
                new = _last_number(said)  # "twenty-five years, not twenty-two"
            elif kind:
                new = kind[-1:]  # "five Philadelphia winters, not four": the number
            focus = cleft_focus(before, old)
            new = focus or new  # "it was Patsy Cline she wanted, not Dusty Springfield"
            if not old or not new or any(self.t.quote(t) for t in (*old, *new)):
                return None
            asked = any(self.t.is_(t, "action.replace") or self.t.is_(t, "action.arrange")
                        for t in self.t.doc[tokens[end - 1].i + 1:])  # "..., sort that"
            denied = asked or (bool(focus) and kind_of(focus[-1]) == kind_of(old[-1]))
            bare = _bare_phrase(said[-1]) if old[0].pos_ == "DET" and len(old) > 1 and \
                said else []
            # "next to the boiler room, not the laundry": noun for noun, articles kept
            return (self._once(clause, old[1:], bare, view, denied=denied) if bare else
                    None) or self._widened(old, new, said, view) or self._once(
                clause, old, new, view, denied=denied)
        return None

    def _then_is(self, rest: list[Token]) -> list[Token]:
        """The words said to be after a denial ("..., is Pepper", "..., it's Pepper"): the
        complement of "be" up to the next stop, else []."""
        words = [t for t in rest if not self.t.is_(t, "discourse.")]
        if words and words[0].pos_ == "PRON":
            words = words[1:]
        if not words or words[0].lemma_ != "be":
            return []
        said = list(itertools.takewhile(lambda t: not t.is_punct, words[1:]))
        return said if said and all(t.pos_ in ("PROPN", "NOUN", "NUM", "ADJ", "DET", "ADP")
                                    for t in said) else []

    def _widened(self, old: list[Token], new: list[Token], said: list[Token],
                 view: PostView) -> list[Interpretation] | None:
        """"five days on the counter, not three" where "three" stands twice in the post: the
        words said after the new ones are of both ("three days on the counter" stands
        once), so those change; None when the old words stand once or no such words do."""
        old_words, new_words = self.t.words(old), self.t.words(new)
        if len(view.occurrences(old_words)) < 2 or new[-1] not in said:
            return None
        end = said.index(new[-1]) + 1
        for n in range(1, _MAX_WIDENED + 1):
            tail = said[end:end + n]
            if len(tail) < n or tail[-1].is_punct or tail[-1].i - tail[0].i != n - 1:
                return None
            more = self.t.words(tail)
            if len(view.occurrences(f"{old_words} {more}")) == 1:
                if view.occurrences(f"{new_words} {more}"):
                    return None
                return [edit_request([op_slots(ReplaceOp(anchor=f"{old_words} {more}",
                                                         text=f"{new_words} {more}"))])]
        return None


def _after_pronoun(turn: Turn, new: list[Token]) -> list[Token]:
    """The new words of "make it Y instead of X", "change that to Y rather than X": without
    the pronoun for the old words and the relation word after it."""
    if len(new) > 1 and refers_back(new[:1]):
        new = new[1:]
        if len(new) > 1 and turn.is_(new[0], "relation.new"):
            new = new[1:]
    return new


def _not(tokens: list[Token], i: int) -> bool:
    """Whether tokens[i] denies what follows: "not", or the Scots and Irish "no" after a
    comma and before an article ("next tae the boiler room, no the laundry")."""
    tok = tokens[i]
    return tok.lower_ == "not" or (tok.lower_ == "no" and 0 < i < len(tokens) - 1 and
                                   tokens[i - 1].text == "," and tokens[i + 1].pos_ == "DET")


def _bare_phrase(last: Token) -> list[Token]:
    """The noun phrase ending on `last`, without its articles, else []."""
    chunk = next((c for c in last.doc.noun_chunks if c.end - 1 == last.i), None)
    return [t for t in chunk if t.pos_ != "DET"] if chunk is not None else []


def _joined(before: Token, mark: Token) -> bool:
    """Whether `mark` joins two parts of one word ("twenty-two": no space either side)."""
    return mark.text in ("-", "–") and not before.whitespace_ and not mark.whitespace_


def _last_number(tokens: list[Token]) -> list[Token]:
    """The last number said in `tokens`, with the parts a hyphen joins ("twenty-five")."""
    end = max((i for i, t in enumerate(tokens) if t.like_num or t.pos_ == "NUM"), default=None)
    if end is None:
        return []
    start = end
    while start >= 2 and _joined(tokens[start - 2], tokens[start - 1]) and (
            tokens[start - 2].like_num or tokens[start - 2].pos_ == "NUM"):
        start -= 2
    return tokens[start:end + 1]


def _compared(clause: Clause, tokens: list[Token], at: int) -> bool:
    """Whether the relation word compares: "than" after a comparative ("more hard than it
    sounds"), or before only function words or pronouns ("better than me", "more than
    that"); no old words."""
    term = clause.term_at(tokens[at])
    end = at + (term.end - term.start if term else 1)
    if end == at + 1 and at > 0 and _comparative(tokens[at - 1]):
        return True  # "is more hard than it sounds", "longer than the rest"
    after = [t for t in tokens[end:] if not t.is_punct]
    stop = next((i for i, t in enumerate(after) if t.dep_ == "mark"), len(after))
    # (a number is no function word, though the parser lists "two" among its stop words)
    return bool(after) and all((t.is_stop and not number_word(t)) or t.pos_ == "PRON"
                               for t in after[:stop] or after)


def _comparative(word: Token) -> bool:
    """Whether `word` compares: "longer", "better", or "hard" in "more hard"."""
    return word.tag_ in ("JJR", "RBR") or any(
        c.tag_ == "RBR" and c.dep_ == "advmod" for c in word.children)
