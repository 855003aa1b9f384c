"""Properties of the blogger's reader on messages it has never seen: the dev set's requests
with a typo in a word of the request, the verb swapped for a word nobody knows, or a filler
said before the request. The reference is the dev set's own expected reading of the
unchanged message (slow and obvious: a person wrote it down). Whatever the change, the
reader reads the request right, asks, or does nothing; it never acts otherwise (an edit of
something else, a quiz instead of a check, a new post written over the draft)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blogger.reading import read_message
from blogger.reading_turn import blogger_lexicon
from draftguard.language import parse, word_frequency
from draftguard.understanding._quotes import PLACEHOLDER, mask_quotes
from draftguard.understanding._types import Memory
from tests import understanding_devset as devset

#: Intents that hand over content: their words are the author's, carried as typed.
_CONTENT = ("save_post", "ingest_source", "split")
#: Readings that only show something: nothing is made or changed.
_SHOWING = ("versions", "sources", "help")
#: Words nobody knows, for a verb ("blorf 'hum' with 'buzz'").
_NONSENSE = ("blorf", "zindle", "frabble", "quonk", "splomp")
#: Fillers said before a request, and those said as an aside before its verb.
_FILLERS = ("um", "erm", "hmm", "ok so", "honestly", "right")
_ASIDES = ("um", "erm", "hmm", "honestly")


@dataclass(frozen=True)
class Seen:
    """One dev-set message with what it is read against and what it asks."""

    say: str
    post: str | None
    memory: Memory
    expected: tuple[dict[str, Any], ...]


@cache
def _turns() -> tuple[Seen, ...]:
    out: list[Seen] = []
    for dialogue in devset.dialogues("blogger.jsonl"):
        session = devset.conversation_for(dialogue)
        for turn in dialogue["turns"]:
            out.append(Seen(turn["say"], session.post, session.memory,
                            tuple(turn["expect"])))
            session.read(turn["say"])
            session.apply(turn["expect"])
    return tuple(out)


def _requests() -> list[Seen]:
    """Messages asking for no content to be kept, on one line (their words all request)."""
    return [s for s in _turns() if "\n" not in s.say and not s.say.startswith(("/", "s/"))
            and not any(e["intent"] in _CONTENT for e in s.expected)]


def _carried(expected: tuple[dict[str, Any], ...]) -> str:
    """Every value the expected readings carry as the author's words (not the post's)."""
    out: list[str] = []

    def walk(value: object, key: str | None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key not in ("anchor", "type", "position", "scope"):
            out.append(value.casefold())

    for request in expected:
        walk(request.get("slots", {}), None)
    return " ".join(out)


def _wrong_actions(seen: Seen, message: str) -> list[dict[str, Any]]:
    """What the reader does with `message` that the unchanged message does not ask for."""
    reading = read_message(message, post=seen.post, memory=seen.memory).reading
    got = devset._plain(reading)
    return [g for g in got if "question" not in g and g["intent"] not in _SHOWING
            and not any(devset._same(e, g, seen.post) for e in seen.expected)]


def _request_words(message: str) -> tuple[str, list[tuple[int, str]]]:
    """The message with its quotations masked, and its words outside them (offset, word)."""
    masked = mask_quotes(message).text
    words: list[tuple[int, str]] = []
    start = None
    for i, ch in enumerate(masked + " "):
        if ch.isalpha() and start is None:
            start = i
        elif not ch.isalpha() and start is not None:
            word = masked[start:i]
            if not word.startswith(PLACEHOLDER) and not masked[i:i + 1].isdigit():
                words.append((start, word))
            start = None
    return masked, words


def _slip(word: str, rng: random.Random) -> str:
    """`word` typed with one slip: two letters swapped, one dropped or one doubled."""
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == 1:
        return word[:i] + word[i + 1:]
    return word[:i] + word[i] + word[i:]


def _with_typo(seen: Seen, rng: random.Random) -> str | None:
    """A word of the request (not one the request carries) typed with a slip that makes
    no word: not English, not the post's."""
    masked, words = _request_words(seen.say)
    carried = _carried(seen.expected)
    post = (seen.post or "").casefold()
    chosen = [(at, w) for at, w in words if len(w) >= 5 and w.casefold() not in carried]
    rng.shuffle(chosen)
    for at, word in chosen:
        typed = _slip(word, rng)
        if typed.casefold() in post or word_frequency(typed.lower()) > 0:
            continue
        return mask_quotes(seen.say).restore(masked[:at] + typed + masked[at + len(word):])
    return None


def _with_unknown_verb(seen: Seen, rng: random.Random) -> str | None:
    """The request's action verb replaced by a word nobody knows."""
    masked, _words = _request_words(seen.say)
    lexicon = blogger_lexicon()
    verbs = [t for t in parse(masked) if t.pos_ == "VERB" and not t.text.startswith(
        PLACEHOLDER) and (lexicon.concept(t.lemma_) or "").startswith("action.")]
    if not verbs:
        return None
    verb = rng.choice(verbs)
    changed = masked[:verb.idx] + rng.choice(_NONSENSE) + masked[verb.idx + len(verb.text):]
    return mask_quotes(seen.say).restore(changed)


def _with_filler(seen: Seen, rng: random.Random) -> str | None:
    """A filler said at the start, or before the request's verb as an aside."""
    if rng.randrange(2) == 0:
        filler = rng.choice(_FILLERS)
        return f"{filler.capitalize()}, {seen.say[:1].lower()}{seen.say[1:]}"
    filler = rng.choice(_ASIDES)
    masked, _words = _request_words(seen.say)
    roots = [t for t in parse(masked) if t.dep_ == "ROOT" and t.pos_ == "VERB" and t.i > 0]
    if not roots:
        return None
    at = roots[0].idx
    return mask_quotes(seen.say).restore(f"{masked[:at]}{filler}, {masked[at:]}")


_SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.too_slow,
                                            HealthCheck.filter_too_much])


@_SETTINGS
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32))
def test_a_typo_in_a_word_of_the_request_never_makes_another_action(index: int,
                                                                     seed: int) -> None:
    pool = _requests()
    seen = pool[index % len(pool)]
    message = _with_typo(seen, random.Random(seed))
    if message is not None:
        assert _wrong_actions(seen, message) == [], message


@_SETTINGS
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32))
def test_a_verb_nobody_knows_never_makes_another_action(index: int, seed: int) -> None:
    pool = _requests()
    seen = pool[index % len(pool)]
    message = _with_unknown_verb(seen, random.Random(seed))
    if message is not None:
        assert _wrong_actions(seen, message) == [], message


@_SETTINGS
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32))
def test_a_filler_before_the_request_never_makes_another_action(index: int,
                                                                seed: int) -> None:
    pool = _requests()
    seen = pool[index % len(pool)]
    message = _with_filler(seen, random.Random(seed))
    if message is not None:
        assert _wrong_actions(seen, message) == [], message


def test_every_request_with_a_slip_or_a_verb_nobody_knows_is_read_right_or_asked() -> None:
    # a sweep: each dev-set request once with each change (hypothesis above explores more)
    wrong = []
    for n, seen in enumerate(_requests()):
        for make in (_with_typo, _with_unknown_verb):
            message = make(seen, random.Random(n))
            if message is not None and _wrong_actions(seen, message):
                wrong.append(message)
    assert wrong == []


def test_the_perturbations_change_the_message_and_keep_its_quotations() -> None:
    pool = _requests()
    seen = next(s for s in pool if s.say == "replace \"hum\" with \"buzz\"")
    rng = random.Random(3)
    for make in (_with_typo, _with_unknown_verb):
        changed = make(seen, rng)
        assert changed is not None and changed != seen.say and '"hum"' in changed \
            and '"buzz"' in changed
    verb = _with_unknown_verb(seen, rng)
    assert verb is not None and verb.split()[0] in _NONSENSE
    # a word nobody knows in place of the verb: asked or nothing, never an edit
    assert _wrong_actions(seen, verb) == []
    reading = read_message(verb, post=seen.post, memory=seen.memory).reading
    assert all(r.question is not None for r in reading.requests)
