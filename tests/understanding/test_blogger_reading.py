"""The blogger's reader on the parse, pinned by class of phrasing (one sample each: the
classes, not the sentences, are what the reader knows), and its contracts: no replay, no
import circle, and at most 20 compiled regular expressions in the readers."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from blogger.reading import read_message, split_by_confidence
from draftguard.understanding import Intent

ROOT = Path(__file__).resolve().parents[2]
POSTS = ROOT / "tests" / "data" / "understanding" / "posts"
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
LISBON = (POSTS / "lisbon-trams.md").read_text(encoding="utf-8")
#: The modules that read messages: each app's readers (the blogger's, the planner's reader
#: by meaning) and the core's reading machinery (the planner's reader included).
READERS = [*sorted((ROOT / "blogger").glob("reading*.py")),
           ROOT / "event_planning" / "meaning.py",
           *sorted((ROOT / "src" / "draftguard" / "understanding").glob("*.py"))]


def _one(message: str, post: str | None = WINTER) -> tuple[str, dict[str, object], bool]:
    requests = read_message(message, post=post).reading.requests
    assert len(requests) == 1, requests
    return requests[0].intent.value, requests[0].slots, requests[0].question is not None


# One sample per class of phrasing; the expected reading in a few words.
CLASSES = [
    # typos spelt right by edit distance against the lexicon
    ("typos", "cna you replce 'hum' wiht 'buzz'", "edit",
     {"ops": [{"type": "replace", "anchor": "hum", "text": "buzz"}]}),
    # "I wrote X but I meant Y": the new words named by a verb of meaning
    ("meant", "I wrote 'easy part' but I meant 'simple part', can you fix that?", "edit",
     {"ops": [{"type": "replace", "anchor": "easy part", "text": "simple part"}]}),
    # a replace of every place, asked for
    ("everywhere", "swap 'tea' for 'cocoa' everywhere", "edit", None),
    # a pronoun whose antecedent is the described paragraph in the clause before
    ("antecedent", "the paragraph about the flask is boring, get rid of it", "edit", None),
    # new words after a colon, placed by position words
    ("position", "add a line at the very end: See you out there!", "edit", None),
    # a field named as the subject of "be"
    ("copula", "can the headline be Four winters on a bike instead?", "edit",
     {"ops": [{"type": "replace", "anchor": "Winter cycling",
               "text": "Four winters on a bike"}], "allow_heading_changes": True}),
    # a verb with the particle "back"
    ("back", "nope, I don't like that, put it back how it was", "undo", {}),
    # an artifact noun under a verb the lexicon knows as making
    ("artifact", "could you sketch a mindmap of the winter post", "mindmap", {}),
    # a question whose subject is the post, with the goal after "as"
    ("check goal", "would this work as a beginner's guide to winter riding?", "check",
     {"goal": "a beginner's guide to winter riding"}),
    # the words say "X, not Y"
    ("correction", "I rode through five Philadelphia winters, not four", "edit", None),
    # something the lexicon reads as a request but no frame can fill
    ("unclear", "make the intro punchier", "unclear", {"closest": ["edit"]}),
]


@pytest.mark.parametrize(("name", "message", "intent", "slots"), CLASSES,
                         ids=[c[0] for c in CLASSES])
def test_each_class_of_phrasing_is_read(name: str, message: str, intent: str,
                                        slots: dict[str, object] | None) -> None:
    got_intent, got_slots, asked = _one(message)
    assert got_intent == intent
    if slots is not None:
        assert got_slots == slots
    if intent != "unclear":
        assert not asked


def test_a_described_sentence_is_found_by_meaning_when_no_word_is_shared() -> None:
    # "moan about the hills": no word of it stands in the sentence meant.
    post = ("# Hills\n\nThe climb out of the valley nearly broke my legs.\n\n"
            "Lunch was a cheese sandwich on a bench.\n")
    intent, slots, asked = _one("delete the sentence where I moan about the steep hills",
                                post)
    assert (intent, asked) == ("edit", False)
    assert slots["ops"] == [{"type": "delete",
                             "anchor": "The climb out of the valley nearly broke my legs."}]


def test_a_place_no_unit_clearly_matches_is_asked_about_quoting_the_post() -> None:
    intent, _slots, asked = _one("delete the sentence about the tea")
    assert asked and intent == "edit"
    question = read_message("delete the sentence about the tea", post=WINTER).reading \
        .requests[0].question or ""
    assert "op " not in question and "anchor" not in question and "“" in question


def test_several_requests_are_cut_on_the_parse() -> None:
    requests = read_message("delete the sentence about my cousin and list the versions",
                            post=WINTER).reading.requests
    assert [r.intent for r in requests] == [Intent.EDIT, Intent.VERSIONS]


def test_two_close_readings_by_similarity_are_one_question_naming_both() -> None:
    reading = read_message("what has this app got", post=WINTER).reading
    for request in reading.requests:
        if request.question is not None and request.candidates:
            assert len(request.candidates) == 2 and " or " in request.question


def test_the_reader_returns_its_memory_and_never_changes_a_post() -> None:
    post = LISBON
    read = read_message("swap 'tram' for 'streetcar' everywhere", post=post)
    assert post == LISBON
    assert json.loads(json.dumps(read.memory.model_dump(mode="json")))["intent"] == "edit"


def test_the_core_imports_no_app_and_commands_import_no_reader() -> None:
    code = ("import sys, draftguard.commands, draftguard.understanding; "
            "print(sorted(m for m in sys.modules if m.startswith(('blogger', "
            "'draftguard.understanding._blogger'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.strip()
    assert out == "[]"
    source = (ROOT / "src" / "draftguard" / "commands.py").read_text(encoding="utf-8")
    assert "understanding" not in source.split('"""', 2)[2]


def _compiled(path: Path) -> int:
    """Compiled regular expressions in a module: `re.compile` calls, and patterns given as
    literals to `re.match`, `re.search` and kin."""
    count = 0
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and \
                node.func.attr in ("compile", "match", "search", "fullmatch", "sub", "split",
                                   "findall", "finditer"):
            count += 1
    return count


def test_the_readers_hold_at_most_twenty_regular_expressions() -> None:
    counts = {p.name: _compiled(p) for p in READERS}
    assert {"_planner.py", "_planner_slots.py", "meaning.py", "reading.py"} <= counts.keys()
    assert sum(counts.values()) <= 20, counts


@pytest.mark.parametrize("app", ["blogger", "event_planning"])
def test_the_lexicon_holds_words_and_short_phrases_never_patterns(app: str) -> None:
    import tomllib

    table = tomllib.loads((ROOT / app / "lexicon.toml").read_text(encoding="utf-8"))
    entries = [w for section in table.values() for words in section.values() for w in words]
    assert entries and all(len(w.split()) <= 4 for w in entries)
    assert not any(ch in w for w in entries for ch in "|()[]*?\\^$")


def test_a_capable_model_gets_the_unsure_readings_with_codes_candidates() -> None:
    reading = read_message("replace 'hum' with 'buzz' and delete the sentence about the tea",
                           post=WINTER).reading
    sure, unsure = split_by_confidence(reading)
    assert [r.slots["ops"][0]["type"] for r in sure] == ["replace"]
    assert len(unsure) == 1 and len(unsure[0].candidates) == 2
    assert all(c.question is None for c in unsure[0].candidates)


def test_hundreds_of_requests_in_one_paragraph_are_refused_in_words_not_guessed() -> None:
    """Issue 25 class 4: a message of hundreds of requests is not read into hundreds of
    actions, nor handed to the model whole: code says why nothing was done."""
    read = read_message("which versions do I have?\nwhat sources do I have?\n" * 200,
                        post=WINTER)
    [request] = read.reading.requests
    assert request.intent is Intent.UNCLEAR
    assert request.question is not None and "nothing was done" in request.question
    assert "“here is my post:”" in request.question


@pytest.mark.parametrize(("message", "title"), [
    ("could the title be Sleeper to Vienna instead?", "Sleeper to Vienna"),
    ("can the headline be Quiet Roads in Winter?", "Quiet Roads in Winter"),
])
def test_a_new_title_written_as_a_name_is_a_value_not_a_judgement(message: str,
                                                                  title: str) -> None:
    """The tagger may call a capitalised first word an adjective ("Sleeper"); a value
    written as a name is what the title should be, not how it reads."""
    [request] = read_message(message, post=WINTER).reading.requests
    # The post has no front matter: its title is its first heading.
    assert request.intent is Intent.EDIT and request.slots["ops"] == [
        {"type": "replace", "anchor": "Winter cycling", "text": title}]


@pytest.mark.parametrize("message", [
    "the title, I prefer it is 'Cold Roads'",
    "for the title I would like it to be 'Cold Roads'",
    "headline: I think it should be “Cold Roads”",
    "and the title, I'd prefer it is 'Cold Roads' thanks",
])
def test_a_quoted_title_after_a_pronoun_and_be_is_the_quotation(message: str) -> None:
    """"I prefer it is 'X'": the new title is the quotation, not "it is 'X"."""
    [request] = read_message(message, post=WINTER).reading.requests
    assert request.intent is Intent.EDIT and request.slots["ops"] == [
        {"type": "replace", "anchor": "Winter cycling", "text": "Cold Roads"}]


@pytest.mark.parametrize("message", ["the title is too long", "the title is a bit dull"])
def test_a_judgement_of_the_title_changes_nothing(message: str) -> None:
    assert all(r.intent is not Intent.EDIT
               for r in read_message(message, post=WINTER).reading.requests)


def test_a_correction_without_its_comma_is_a_word_for_a_word_of_its_kind() -> None:
    """"It's Saturday not Tuesday": the post's Tuesday becomes Saturday; a plain negation
    ("I do not like it") is no correction."""
    post = "# Club\n\nWe meet every Tuesday at the hall. I do like it here.\n"
    read = read_message("It's Saturday not Tuesday, then show me the versions", post=post)
    edit, versions = read.reading.requests
    assert edit.slots["ops"] == [{"type": "replace", "anchor": "Tuesday", "text": "Saturday"}]
    assert versions.intent is Intent.VERSIONS
    assert read_message("I do not like it here", post=post).reading.requests == ()


@pytest.mark.parametrize("redo", ["redo it", "redo it please", "redo"])
def test_redo_right_after_an_undo_is_asked_never_a_rewrite(redo: str) -> None:
    """After an undo, "redo it" may mean the change undone, which no rewrite brings back:
    code asks, and a "yes" is a rewrite; without an undo before it, it is a rewrite."""
    from draftguard.understanding import Memory

    undone = read_message("undo that", post=WINTER, memory=Memory())
    asked = read_message(redo, post=WINTER, memory=undone.memory)
    [request] = asked.reading.requests
    assert request.question is not None and "version" in request.question
    [yes] = read_message("yes", post=WINTER, memory=asked.memory).reading.requests
    assert (yes.intent, yes.slots, yes.question) == (Intent.NEW_POST, {"rewrite": True}, None)
    [fresh] = read_message(redo, post=WINTER, memory=Memory()).reading.requests
    assert (fresh.intent, fresh.question) == (Intent.NEW_POST, None)
