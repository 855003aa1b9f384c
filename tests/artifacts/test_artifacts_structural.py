"""Structural rules of seed 001: exact wording, every violation, normalised duplicates."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.artifacts._parsing import check_text
from draftguard.artifacts._registry import artifact_types, get_spec, validate_structure
from draftguard.artifacts._schema_export import json_schema, schema_files
from draftguard.errors import UnknownArtifactTypeError

DATA = Path(__file__).parent.parent / "data" / "artifacts"
ROOT = Path(__file__).resolve().parents[2]


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def quiz(*questions: dict[str, Any]) -> dict[str, Any]:
    return {"questions": list(questions)}


def question(**overrides: Any) -> dict[str, Any]:
    q = {"question": "Where?", "options": ["A", "B", "C", "D"], "correct_answer": "B",
         "explanation": "Because."}
    q.update(overrides)
    return q


# -- seed 001 examples ----------------------------------------------------------------------

def test_seed_photosynthesis_quiz_reports_its_three_violations_in_seed_wording() -> None:
    report = validate_structure("quiz", load("photosynthesis_quiz.json"))
    assert not report.valid
    assert report.messages == [
        "Question 1: Must have at least 4 options (has 3)",
        "Question 2: Options must be unique (found duplicates)",
        "Question 2: correct_answer 'Chloroplasts' must be one of the options",
    ]
    assert [v.item for v in report.violations] == [1, 2, 2]
    assert report.item_count == 2


def test_seed_repaired_quiz_passes() -> None:
    report = validate_structure("quiz", load("photosynthesis_quiz_repaired.json"))
    assert report.valid and report.messages == [] and report.artifact is not None


def test_seed_atp_flashcards_report_real_length_and_duplicate_term() -> None:
    report = validate_structure("flashcards", load("atp_flashcards.json"))
    # The seed prints "312 chars"; the text it shows is 354 characters long.
    assert report.messages == [
        "Flashcard 1: Back too long (354 chars, max 300)",
        "Duplicate term found: 'ATP'",
    ]


@pytest.mark.parametrize("name", ["atp_flashcards_repair1.json", "atp_flashcards_repair2.json"])
def test_seed_flashcard_repairs_are_structurally_valid(name: str) -> None:
    assert validate_structure("flashcards", load(name)).valid


# -- quiz -----------------------------------------------------------------------------------

def test_quiz_empty_and_missing_fields_are_all_reported() -> None:
    report = validate_structure("quiz", quiz(
        question(question="  ", explanation=""),
        {"options": ["A", "B", "C", "D"], "correct_answer": "A"},
        question(options=["A", "", "C", "D"], correct_answer="A"),
    ))
    assert report.messages == [
        "Question 1: question must not be empty",
        "Question 1: explanation must not be empty",
        "Question 2: missing field 'question'",
        "Question 2: missing field 'explanation'",
        "Question 3: option 2 must not be empty",
    ]


def test_quiz_duplicates_are_compared_after_normalisation() -> None:
    report = validate_structure("quiz", quiz(
        question(options=["Chloroplasts", " chloroplasts ", "Nucleus", "Wall"],
                 correct_answer="Nucleus"),
    ))
    assert report.messages == ["Question 1: Options must be unique (found duplicates)"]


def test_quiz_asking_one_question_twice_is_a_violation() -> None:
    report = validate_structure("quiz", quiz(
        question(question="What do plants make?"), question(question="Where?"),
        question(question="  what do PLANTS make? "),
    ))
    assert report.messages == [
        "Duplicate question found: 'What do plants make?' (questions 1 and 3)"]


def test_quiz_options_holding_leftover_json_are_violations_but_code_is_not() -> None:
    # What the embedded model wrote in a quiz under adk web: a string that swallowed the
    # JSON around it.
    junk = question(options=["yes", "no", "more options...']},", "maybe"], correct_answer="no")
    keyed = question(question="Which?", options=['"title": "x"', "b", "c", "d"],
                     correct_answer="b")
    report = validate_structure("quiz", quiz(junk, keyed))
    assert report.messages == [
        "Question 1: option 3 holds leftover JSON ('more options...']},')",
        """Question 2: option 1 holds leftover JSON ('"title": "x"')""",
    ]
    code = question(options=["list[int]", "dict[str, int]", "{1, 2}", "tuple()"],
                    correct_answer="list[int]")
    assert validate_structure("quiz", quiz(code)).valid


def test_quiz_answer_must_match_an_option_exactly_and_says_when_only_case_differs() -> None:
    report = validate_structure("quiz", quiz(question(correct_answer="b")))
    assert report.messages == [
        "Question 1: correct_answer 'b' must be one of the options "
        "(closest: 'B' differs only in case or spacing)"
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "Quiz must be a JSON object with a 'questions' list"),
        ({}, "Missing field 'questions'"),
        ({"questions": {}}, "'questions' must be a list"),
        ({"questions": []}, "Quiz must have at least 1 item ('questions' is empty)"),
        ({"questions": ["x"]}, "Question 1: must be an object"),
        ({"questions": [question(options="A,B")]}, "Question 1: options must be a list of strings"),
        ({"questions": [question(question=7)]}, "Question 1: question must be a string"),
    ],
)
def test_quiz_shape_problems_are_violations(data: Any, message: str) -> None:
    report = validate_structure("quiz", data)
    assert message in report.messages and not report.valid


# -- flashcards -----------------------------------------------------------------------------

def test_flashcards_front_length_and_emptiness() -> None:
    report = validate_structure("flashcards", {"flashcards": [
        {"front": " A ", "back": "x"},
        {"front": "Ok", "back": "   "},
        {"back": "y"},
    ]})
    assert report.messages == [
        "Flashcard 1: Front too short (1 chars, min 2)",
        "Flashcard 2: back must not be empty",
        "Flashcard 3: missing field 'front'",
    ]


def test_flashcards_count_characters_not_bytes() -> None:
    back = "é" * 300  # 600 UTF-8 bytes, 300 characters: allowed
    decomposed = unicodedata.normalize("NFD", "é") * 300  # NFC makes it 300 again
    report = validate_structure("flashcards", {"flashcards": [
        {"front": "Accent", "back": back}, {"front": "Other", "back": decomposed},
        {"front": "Long", "back": "é" * 301},
    ]})
    assert report.messages == ["Flashcard 3: Back too long (301 chars, max 300)"]


def test_flashcards_duplicate_terms_reported_once_each_in_first_spelling() -> None:
    report = validate_structure("flashcards", {"flashcards": [
        {"front": "ATP", "back": "a"}, {"front": " atp", "back": "b"},
        {"front": "ATP  ", "back": "c"}, {"front": "DNA", "back": "d"},
        {"front": "dna", "back": "e"},
    ]})
    assert report.messages == ["Duplicate term found: 'ATP'", "Duplicate term found: 'DNA'"]


# -- mindmap --------------------------------------------------------------------------------

def node(id: str, label: str, *children: str) -> dict[str, Any]:
    return {"id": id, "label": label, "children": list(children)}


def test_mindmap_valid_tree_passes_and_nested_form_is_converted() -> None:
    canonical = {"nodes": [node("r", "Root", "a", "b"), node("a", "A"), node("b", "B")]}
    assert validate_structure("mindmap", canonical).valid
    report = validate_structure("mindmap", load("mindmap_nested.json"))
    assert report.valid
    assert report.artifact == {"nodes": [
        node("n1", "Photosynthesis", "n2", "n4"),
        node("n2", "Chloroplasts", "n3"),
        node("n3", "Chlorophyll"),
        node("n4", "Glucose"),
    ]}


def test_mindmap_reports_every_broken_rule() -> None:
    report = validate_structure("mindmap", {"nodes": [
        node("r", "Root", "a", "ghost"),
        node("a", "Idea", "b"),
        node("b", "idea ", "a"),          # cycle a -> b -> a, duplicate label
        node("s", "Second root"),
        {"id": "x", "label": "No kids"},
        node("r", "Again"),
    ]})
    assert report.messages == [
        "Node 'x': missing children",
        "Duplicate node id found: 'r'",
        "Node 'r': child 'ghost' does not exist",
        "Node 'a': has more than one parent ('r', 'b')",
        "Mindmap must have a single root (found 3: 'r', 's', 'x')",
        "Cycle found: 'a' → 'b' → 'a'",
        "Duplicate label found: 'Idea'",
    ]


def test_mindmap_pure_cycle_has_no_root() -> None:
    report = validate_structure("mindmap", {"nodes": [node("a", "A", "b"), node("b", "B", "a")]})
    assert report.messages == [
        "Mindmap must have a single root (found 0)",
        "Cycle found: 'a' → 'b' → 'a'",
    ]


def test_mindmap_self_loop_and_missing_label() -> None:
    report = validate_structure("mindmap", {"nodes": [
        node("r", "Root", "c"), {"id": "c", "children": ["c"]},
    ]})
    assert "Node 'c': missing field 'label'" in report.messages
    assert "Cycle found: 'c' → 'c'" in report.messages


def test_mindmap_deep_nesting_does_not_recurse() -> None:
    root: dict[str, Any] = {"label": "L0", "children": []}
    cur = root
    for i in range(1, 5000):
        nxt: dict[str, Any] = {"label": f"L{i}", "children": []}
        cur["children"].append(nxt)
        cur = nxt
    report = validate_structure("mindmap", {"root": root})
    assert report.valid and report.item_count == 5000


# -- parsing, registry, schema ---------------------------------------------------------------

def test_model_text_in_a_code_fence_is_accepted_and_garbage_is_a_violation() -> None:
    fenced = "```json\n" + json.dumps(load("photosynthesis_quiz_repaired.json")) + "\n```"
    assert check_text("quiz", fenced)[0].valid
    report, data = check_text("quiz", '{"questions": [')
    assert data is None and report.item_count == 0
    assert report.messages[0].startswith("Artifact is not valid JSON (")


def test_registry_lists_types_and_refuses_unknown_ones() -> None:
    assert artifact_types() == ["flashcards", "mindmap", "quiz"]
    with pytest.raises(UnknownArtifactTypeError, match="unknown artifact type 'poem'"):
        get_spec("poem")


def test_published_json_schemas_match_the_models() -> None:
    for name, text in schema_files().items():
        published = ROOT / "docs" / "schemas" / name
        assert published.is_file(), "run python -m draftguard.artifacts._schema_export"
        assert published.read_text(encoding="utf-8") == text, f"{name} is stale"
    assert json_schema("quiz")["properties"]["questions"]["items"]["$ref"].endswith("QuizQuestion")


@pytest.mark.parametrize("name", ["photosynthesis_quiz_repaired.json"])
def test_valid_artifacts_also_satisfy_the_pydantic_contract(name: str) -> None:
    get_spec("quiz").model.model_validate(load(name))


# -- properties against a slow, obvious reference ------------------------------------------

def slow_quiz_messages(data: dict[str, Any]) -> list[str]:
    out = []

    def key(text: str) -> str:
        return " ".join(unicodedata.normalize("NFC", text).casefold().split())

    for i, q in enumerate(data["questions"], 1):
        for field in ("question", "correct_answer", "explanation"):
            if not q[field].strip():
                out.append(f"Question {i}: {field} must not be empty")
        earlier = [n for n, p in enumerate(data["questions"][: i - 1], 1)
                   if p["question"].strip() and key(p["question"]) == key(q["question"])]
        if q["question"].strip() and earlier:
            first = data["questions"][earlier[0] - 1]["question"]
            out.append(f"Duplicate question found: '{first}' (questions {earlier[0]} and {i})")
        opts = q["options"]
        if len(opts) < 4:
            out.append(f"Question {i}: Must have at least 4 options (has {len(opts)})")
        out.extend(f"Question {i}: option {k + 1} must not be empty"
                   for k in range(len(opts)) if opts[k].strip() == "")
        normal = [" ".join(unicodedata.normalize("NFC", o).casefold().split()) for o in opts]
        if any(normal.count(n) > 1 for n in normal):
            out.append(f"Question {i}: Options must be unique (found duplicates)")
        if q["correct_answer"].strip() and q["correct_answer"] not in opts:
            out.append(f"Question {i}: correct_answer")
    return out


words = st.sampled_from(["A", "a", " A ", "B", "b", "C", "", " ", "Dé", "de\u0301", "E"])
question_st = st.fixed_dictionaries({
    "question": words, "options": st.lists(words, max_size=6), "correct_answer": words,
    "explanation": words,
})


@settings(max_examples=300, deadline=None)
@given(st.lists(question_st, min_size=1, max_size=5))
def test_quiz_rules_match_slow_reference(questions: list[dict[str, Any]]) -> None:
    got = validate_structure("quiz", {"questions": questions}).messages
    # The fast version adds a hint to answer messages; compare up to that prefix.
    got = [m.split(" '")[0] if "correct_answer '" in m else m for m in got]
    assert got == slow_quiz_messages({"questions": questions})


fronts = st.sampled_from(["ATP", "atp", " ATP ", "DNA", "X", "Ü", "u\u0308x", "ux"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(fronts, st.integers(0, 320)), min_size=1, max_size=8))
def test_flashcard_rules_match_slow_reference(cards: list[tuple[str, int]]) -> None:
    data = {"flashcards": [{"front": f, "back": "y" * n} for f, n in cards]}
    expected = []
    for i, (f, n) in enumerate(cards, 1):
        length = len(unicodedata.normalize("NFC", f.strip()))
        if length < 2:
            expected.append(f"Flashcard {i}: Front too short ({length} chars, min 2)")
        if n == 0:
            expected.append(f"Flashcard {i}: back must not be empty")
        elif n > 300:
            expected.append(f"Flashcard {i}: Back too long ({n} chars, max 300)")
    keys = [" ".join(unicodedata.normalize("NFC", f).casefold().split()) for f, _ in cards]
    for k in dict.fromkeys(keys):
        if keys.count(k) > 1:
            first = cards[keys.index(k)][0].strip()
            expected.append(f"Duplicate term found: '{first}'")
    assert validate_structure("flashcards", data).messages == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 5), max_size=3), min_size=1, max_size=6))
def test_mindmap_is_valid_exactly_when_it_is_a_tree(edges: list[list[int]]) -> None:
    n = len(edges)
    nodes = [node(f"k{i}", f"Label {i}", *[f"k{c}" for c in kids if c < n])
             for i, kids in enumerate(edges)]
    report = validate_structure("mindmap", {"nodes": nodes})
    parents: dict[int, list[int]] = {}
    for i, kids in enumerate(edges):
        for c in dict.fromkeys(c for c in kids if c < n):
            parents.setdefault(c, []).append(i)
    roots = [i for i in range(n) if i not in parents]
    is_tree = len(roots) == 1 and all(len(p) == 1 for p in parents.values())
    if is_tree:  # every node reaches the root by parents without repeating
        for i in range(n):
            seen, cur = set(), i
            while cur in parents:
                if cur in seen:
                    is_tree = False
                    break
                seen.add(cur)
                cur = parents[cur][0]
    kept = [[c for c in k if c < n] for k in edges]
    no_repeats = all(len(k) == len(set(k)) for k in kept)
    assert report.valid == (is_tree and no_repeats)


# -- copied format example (deterministic semantic issue) ------------------------------------


def test_copied_format_example_is_flagged_only_when_the_source_lacks_it() -> None:
    from draftguard.artifacts._grounding import copied_example_issues
    from draftguard.artifacts._registry import get_spec

    card = dict(get_spec("flashcards").example["flashcards"][0])
    swapped = {"front": card["back"], "back": card["front"].upper()}  # order and case differ
    source = "ATP is the energy currency of cells."
    assert copied_example_issues("flashcards", {"flashcards": [
        {"front": "ATP", "back": "Energy currency of cells"}, swapped]}, source) == [
        "Flashcard 2: Contains hallucinated facts (copied from the format example, not the "
        f"source: '{card['back']}')"]
    # A source that really says it grounds it.
    grounded = f"{card['front']}: {card['back']}."
    assert copied_example_issues("flashcards", {"flashcards": [card]}, grounded) == []

    q = get_spec("quiz").read_draft(dict(get_spec("quiz").example))["questions"][0]
    mine = {**q, "question": "What is ATP?", "explanation": "ATP is the energy currency."}
    # One field in common (an answer such as "100 °C") can be chance; the whole item cannot.
    assert copied_example_issues("quiz", {"questions": [mine]}, source) == []
    assert len(copied_example_issues("quiz", {"questions": [q]}, source)) == 1

    # Nested mindmaps are converted first; a one-field item counts when its label is copied.
    leaf = get_spec("mindmap").example["root"]["children"][0]["children"][0]["label"]
    nested = {"root": {"label": "ATP", "children": [
        {"label": "Energy", "children": [{"label": leaf}]}]}}
    assert copied_example_issues("mindmap", nested, source) == [
        f"Node '{leaf}': Contains hallucinated facts (copied from the format example, not the "
        f"source: '{leaf}')"]


def test_raw_newlines_inside_strings_are_accepted_from_a_model() -> None:
    # llama.cpp's JSON grammar lets a raw newline/tab into a string; strict json.loads refused
    # it and the embedded model's quiz failed on "Invalid control character at at ...".
    from draftguard.artifacts._parsing import check_text

    text = ('{"flashcards": [{"front": "ATP", "back": "Energy\\tmolecule\\nof cells"}]}'
            .replace("\\t", "\t").replace("\\n", "\n"))
    report, _ = check_text("flashcards", text)
    assert report.valid, report.messages
    back = "Energy\tmolecule\nof cells"
    assert report.artifact == {"flashcards": [{"front": "ATP", "back": back}]}
    bad, _ = check_text("flashcards", '{"flashcards": [')
    assert bad.messages[0].startswith("Artifact is not valid JSON (Expecting value at line 1")


def test_quiz_drafts_name_the_answer_by_option_number_files_do_not() -> None:
    from draftguard.artifacts._parsing import check_text

    draft = {"questions": [
        {"question": "Where?", "options": ["a", "b", "c", "d"], "correct_option": 3,
         "explanation": "source"},
        {"question": "What?", "options": ["a", "b", "c", "d"], "correct_option": 9,
         "explanation": "source"},
    ]}
    report, data = check_text("quiz", json.dumps(draft), draft=True)
    assert data["questions"][0]["correct_answer"] == "c"
    assert "correct_option" not in data["questions"][0]
    assert report.messages == ["Question 2: missing field 'correct_answer'"]
    # A file is held to the contract: an option number is not a correct_answer.
    as_file, _ = check_text("quiz", json.dumps(draft))
    assert "Question 1: missing field 'correct_answer'" in as_file.messages


# -- deterministic answer grounding (the semantic step when no model judge runs) -----------

def _one_question(answer: str) -> dict[str, Any]:
    return quiz(question(options=["w", "x", "y", answer], correct_answer=answer))


def test_a_quiz_answer_the_source_does_not_hold_is_not_answerable() -> None:
    from draftguard.artifacts._grounding import ungrounded_answer_issues

    source = "Photosynthesis happens in chloroplasts. Plants store energy as glucose."
    assert ungrounded_answer_issues("quiz", _one_question("  Chloroplasts "), source) == []
    assert ungrounded_answer_issues("quiz", _one_question("the mitochondria"), source) == [
        "Question 1: Not answerable from source (the answer 'the mitochondria' is not in the "
        "source)"]
    # Only quiz answers must be quoted from the source.
    assert ungrounded_answer_issues("flashcards", {"flashcards": []}, source) == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="abcdefgh ", min_size=1, max_size=12), min_size=1, max_size=6),
       st.data())
def test_an_answer_quoted_from_the_source_is_always_grounded(
    sentences: list[str], data: st.DataObject
) -> None:
    from draftguard.artifacts._grounding import ungrounded_answer_issues

    source = ". ".join(sentences)
    start = data.draw(st.integers(0, len(source) - 1))
    end = data.draw(st.integers(start + 1, len(source)))
    answer = source[start:end]
    if answer.strip():
        assert ungrounded_answer_issues("quiz", _one_question(answer), source) == []
