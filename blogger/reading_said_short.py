"""Words said short beside the ones they stand for: a correction told without quotes that
leaves out what the post's phrase repeats ("a third cousin, not a second one": "second
cousin"; "Hannah's uncle, not her dad": "Hannah's dad"), the old words after the new ones
("make that four months rather than three"), and a name the tagger took for another word
("in Bradford not Leeds")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.edits._plan import ReplaceOp
from draftguard.understanding._placing import edit_request, op_slots

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_edits import EditFrames
    from blogger.reading_turn import Turn
    from draftguard.understanding._frames import Clause
    from draftguard.understanding._types import Interpretation

__all__ = ["kind_of", "least_written", "phrase_not_phrase", "rather_than"]


def rather_than(turn: Turn, clause: Clause, new: list[Token]) -> tuple[list[Token], str]:
    """`new` cut before the old words said after it ("four months rather than three",
    "four months, not three"), and those old words ("" when none are said)."""
    for n, tok in enumerate(new):
        term = clause.term_at(tok)
        if n and ((term is not None and term.concept == "relation.old") or
                  tok.lower_ == "not"):
            after = [t for t in new[n:] if term is None or t.i >= term.end]
            if tok.lower_ == "not":
                after = new[n + 1:]
            said = turn.clean(after, clause)
            return turn.trim(new[:n], clause), said
    return new, ""


def phrase_not_phrase(edits: EditFrames, clause: Clause) -> list[Interpretation] | None:
    """"he's actually a third cousin, not a second one", "Geoff is Hannah's uncle, not
    her dad": a noun phrase, then the post's phrase it replaces after ", not", said
    short ("one" for the noun, "her" for the owner named before); the phrase as the
    post has it (once) becomes the new one (which the post lacks)."""
    turn = edits.t
    tokens, view = clause.tokens, turn.view
    for i, tok in enumerate(tokens):
        if tok.lower_ != "not" or i < 2 or tokens[i - 1].text != "," or view is None:
            continue
        head = tokens[i - 2]
        end = next((j for j in range(i + 1, len(tokens)) if tokens[j].is_punct),
                   len(tokens))
        if head.pos_ not in ("NOUN", "PROPN") or end == i + 1:
            return None
        new = [t for t in head.subtree if t.i <= head.i and t.dep_ != "det"]
        old = [t for t in tokens[i + 1:end] if t.dep_ != "det" and t.pos_ != "DET"]
        if not new or not old or any(turn.quote(t) for t in (*new, *old)):
            return None
        old_words = [t.text_with_ws for t in old]
        owner = [t for t in new if t.dep_ == "poss" or t.tag_ == "POS"]
        if old[-1].lower_ == "one" and len(old) > 1:  # "a second one": the noun before
            old_words[-1] = head.text
        elif old[0].tag_ == "PRP$" and owner and len(old) > 1:
            old_words[0] = turn.words(owner) + " "  # "her dad": the owner named before
        else:
            return None  # said in full, the other frames read it
        said_old = "".join(old_words).strip()
        said_new = turn.words(new).strip()
        found = view.occurrences(said_old)
        if len(found) != 1 or view.occurrences(said_new):
            return None
        anchor = view.text[found[0].start:found[0].end]
        return [edit_request([op_slots(ReplaceOp(anchor=anchor, text=said_new))])]
    return None


def least_written(written: str, said_old: str, new: str) -> str | None:
    """The least words of `written` that the new words `new` replace, when the author said
    the old ones short ("four months rather than three" after "three months of evenings":
    "three months"): the old words said, and the words after them that the new ones repeat
    at their end; else None."""
    words, said, new_words = written.split(), said_old.casefold().split(), new.split()
    for start in range(len(words) - len(said) + 1):
        if [w.casefold() for w in words[start:start + len(said)]] != said:
            continue
        tail = new_words[len(said):]
        end = start + len(said)
        if [w.casefold() for w in words[end:end + len(tail)]] == [w.casefold() for w in tail]:
            return " ".join(words[start:end + len(tail)])
    return None


def kind_of(token: Token) -> str:
    """`token`'s part of speech, a capitalised word inside its sentence being a name
    whatever the tagger made of it ("Bradford not Leeds": "Leeds" tagged a verb)."""
    if token.is_title and token.i != token.sent.start and token.lower_ != "i":
        return "PROPN"
    return str(token.pos_)
