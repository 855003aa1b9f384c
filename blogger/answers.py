"""Answers to questions about what the post says, in the post's own words.

"how long did the bucket sit in the dark?", "does the post mention garlic?": a question no
tool answers, asked of the author's own text. On a small model, code answers it: the one
sentence of the post the question is clearly about (by meaning: the cosine of sentence
embeddings, `draftguard.language.similarities`, high enough and clearly ahead of every other
sentence) is quoted back. A quotation cannot state what
the post does not say; a question no sentence clearly answers ("how do I grow shiitake?",
"what do you think of it?") is left to the model's words, which the claim guard holds to
the post.

A question about the post as it stands or what the app just did ("did you save that?",
"what r the tags rn") is answered from the store and the tools' results
(`blogger.state_answers.answer_about_post`).
"""

from __future__ import annotations

from blogger.reading_turn import view_of
from blogger.state_answers import answer_about_post
from draftguard.language import parse, similarities

__all__ = ["DEFAULT_MIN_COSINE", "DEFAULT_MIN_LEAD", "MAX_QUESTION_CHARS", "MIN_SENTENCE_WORDS",
           "answer_about_post", "answer_from_post", "quoting", "sentence_asked"]

#: How close in meaning (cosine) the question and the sentence quoted must be. Measured on
#: questions about short posts: the sentence asked about scores 0.6 to 0.7, the best sentence
#: for a question the post does not answer ("how do you make mead?") 0.2 to 0.35.
DEFAULT_MIN_COSINE = 0.45
#: How far ahead of every other sentence the one quoted must be.
DEFAULT_MIN_LEAD = 0.15
#: A sentence shorter than this ("Harbour swims.", a title run into the text) states
#: nothing a question could ask about, and is neither quoted nor a rival.
MIN_SENTENCE_WORDS = 4

#: A question longer than this is not read for an answer (a pasted text with a "?" in it).
MAX_QUESTION_CHARS = 400
#: The parser's tags of words that ask (what, who, which, how, where, when, why).
_ASKING_TAGS = frozenset({"WP", "WP$", "WRB", "WDT"})


def _asks(message: str) -> bool:
    """Whether `message` asks something: a question mark, or a word that asks."""
    if "?" in message:
        return True
    return any(t.tag_ in _ASKING_TAGS for t in parse(message, entities=False))


def answer_from_post(message: str, post: str, *, min_cosine: float = DEFAULT_MIN_COSINE,
                     min_lead: float = DEFAULT_MIN_LEAD) -> str | None:
    """The reply quoting the sentence of `post` that `message` asks about; None when it asks
    nothing, or when no one sentence is clearly what it asks about."""
    quoted = sentence_asked(message, post, min_cosine=min_cosine, min_lead=min_lead)
    return None if quoted is None else quoting(quoted)


def quoting(sentence: str) -> str:
    """The reply quoting `sentence` of the post."""
    return f"Your post says: “{' '.join(sentence.split())}”"


def sentence_asked(message: str, post: str, *, min_cosine: float = DEFAULT_MIN_COSINE,
                   min_lead: float = DEFAULT_MIN_LEAD) -> str | None:
    """The sentence of `post`, as it stands there, that `message` asks about, else None."""
    text = message.strip()
    if not text or len(text) > MAX_QUESTION_CHARS or not _asks(text):
        return None
    sentences = [s for s in view_of(post).sentences if len(s.text.split()) >= MIN_SENTENCE_WORDS]
    if not sentences:
        return None
    cosines = [float(c) for c in similarities(text, [s.text for s in sentences])]
    order = sorted(range(len(sentences)), key=lambda i: -cosines[i])
    best = cosines[order[0]]
    runner_up = cosines[order[1]] if len(order) > 1 else 0.0
    if best < min_cosine or best - runner_up < min_lead:
        return None
    return sentences[order[0]].text
