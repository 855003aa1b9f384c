"""`draftguard dedupe`, driven in-process."""

from __future__ import annotations

import io
import json

import pytest

from draftguard_adk.cli import main

ANSWER = [
    "Trattoria San Marzano on E Passyunk Ave. serves handmade pasta. ",
    "Cucina Lucia has wood-fired pizza. Trattoria San Marzano on ",
    "E Passyunk Ave. serves handmade pasta! Book ahead.",
]


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
         stdin: str, *argv: str) -> tuple[int, list[dict[str, object]], str]:
    raw = io.BytesIO(stdin.encode("utf-8", "surrogatepass"))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(raw))
    code = main(["dedupe", *argv])
    out, err = capsys.readouterr()
    lines = [json.loads(x) for x in out.splitlines() if x.strip()] if "--json" not in argv else [
        json.loads(out)]
    return code, lines, err


def _jsonl(chunks: list[str]) -> str:
    return "".join(json.dumps({"text": c}) + "\n" for c in chunks)


def test_text_lines_concatenate_to_the_filtered_answer(monkeypatch, capsys) -> None:
    code, lines, _ = _run(monkeypatch, capsys, _jsonl(ANSWER))
    assert code == 0
    assert all(x["type"] == "text" for x in lines)
    text = "".join(str(x["content"]) for x in lines)
    assert text == ("Trattoria San Marzano on E Passyunk Ave. serves handmade pasta. "
                    "Cucina Lucia has wood-fired pizza. Book ahead.")


def test_events_report_each_duplicate(monkeypatch, capsys) -> None:
    code, lines, _ = _run(monkeypatch, capsys, _jsonl(ANSWER), "--events")
    dups = [x for x in lines if x["type"] == "duplicate"]
    assert code == 0 and len(dups) == 1
    assert dups[0]["sentence"] == "Trattoria San Marzano on E Passyunk Ave. serves handmade pasta!"
    first = "Trattoria San Marzano on E Passyunk Ave. serves handmade pasta."
    assert dups[0]["similar_to"] == first
    assert 0.95 < float(dups[0]["score"]) < 1.0  # type: ignore[arg-type]


def test_threshold_one_keeps_near_duplicates(monkeypatch, capsys) -> None:
    _, lines, _ = _run(monkeypatch, capsys, _jsonl(ANSWER), "--threshold", "1.0")
    assert "".join(str(x["content"]) for x in lines) == "".join(ANSWER)


def test_json_document(monkeypatch, capsys) -> None:
    code, (doc,), _ = _run(monkeypatch, capsys, _jsonl(ANSWER), "--json")
    assert code == 0 and doc["ok"] is True and len(doc["duplicates"]) == 1
    assert doc["text"].endswith("Book ahead.")


@pytest.mark.parametrize(("stdin", "needle"), [
    ('{"text": "fine"}\nnot json\n', "line 2: not JSON"),
    ('{"text": "fine"}\n\n{"chunk": "x"}\n', 'line 3: expected an object with a string "text"'),
    ('[1, 2]\n', "line 1"),
    ('', "line 1: no input"),
    ('\n  \n', "line 1: no input"),
])
def test_bad_input_exits_2_naming_the_line(monkeypatch, capsys, stdin, needle) -> None:
    code, lines, err = _run(monkeypatch, capsys, stdin)
    assert code == 2 and lines == []
    assert needle in err and "Traceback" not in err


# --- issue 25 #11: a repeat in look-alike characters is still a repeat --------------------

_SENTENCE = "Trattoria San Marzano on Passyunk serves handmade pasta every evening."


def _disguised(kind: str) -> str:
    if kind == "zero-width":
        return "\u200b".join(_SENTENCE.split(" ", 3)[:3]) + " " + _SENTENCE.split(" ", 3)[3]
    if kind == "soft hyphens":
        return _SENTENCE.replace("Trattoria", "Trat\u00adto\u00adria").replace(
            "handmade", "hand\u00admade")
    if kind == "homoglyphs":  # Cyrillic a, e, o, p
        return _SENTENCE.translate(str.maketrans("aeop", "\u0430\u0435\u043e\u0440"))
    return "".join(chr(ord(c) + 0xFEE0) if c.isalnum() else c for c in _SENTENCE)  # fullwidth


@pytest.mark.parametrize("kind", ["zero-width", "soft hyphens", "homoglyphs", "fullwidth"])
def test_a_repeat_in_look_alike_characters_is_dropped(monkeypatch, capsys, kind: str) -> None:
    chunks = [_SENTENCE + " ", "Cucina Lucia has wood-fired pizza. ", _disguised(kind) + " ",
              "Book ahead."]
    code, lines, _ = _run(monkeypatch, capsys, _jsonl(chunks))
    text = "".join(str(x["content"]) for x in lines)
    assert code == 0
    assert text == _SENTENCE + " Cucina Lucia has wood-fired pizza. Book ahead."


def test_text_in_other_scripts_is_kept_as_written(monkeypatch, capsys) -> None:
    chunks = ["\u041f\u0430\u0441\u0442\u0430 \u0445\u043e\u0440\u043e\u0448\u0430\u044f. ",
              "Pasta is good here, they say."]
    _code, lines, _ = _run(monkeypatch, capsys, _jsonl(chunks))
    assert "".join(str(x["content"]) for x in lines) == "".join(chunks)
