"""`draftguard analyze-docs`, driven in-process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from doc_samples import docx_bytes, pdf_bytes, png_bytes

from draftguard_adk.cli import main


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {
        "post.md": b"# Post\n\nBody text.\n",
        "quiz.json": b'{"questions": []}',
        "chart.png": png_bytes(),
        "report.pdf": pdf_bytes(),
        "memo.docx": docx_bytes(),
        "empty.txt": b"",
        "cut.png": png_bytes()[:-8],
    }
    out = {}
    for name, data in paths.items():
        out[name] = tmp_path / name
        out[name].write_bytes(data)
    return out


def test_compatible_text_documents_exit_0(files: dict[str, Path],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyze-docs", str(files["post.md"]), "--expected-format", "txt"])
    out = capsys.readouterr().out
    assert code == 0
    assert "post.md: md (text, text/markdown), 19 B, readable" in out
    assert "Every document is compatible with txt" in out and "OK: 1 document(s)" in out


def test_several_expected_formats_and_json_output(files: dict[str, Path],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyze-docs", str(files["post.md"]), str(files["quiz.json"]),
                 str(files["chart.png"]), "--expected-format", "md",
                 "--expected-format", "json", "--expected-format", "image", "--json"])
    payload = json.loads(capsys.readouterr().out)
    assert code == 0 and payload["ok"] is True and payload["compatible"] is True
    assert payload["expectedFormat"] == ["md", "json", "image"]
    png = payload["documents"][2]
    assert (png["type"], png["format"], png["preview"], png["isAccessible"]) == (
        "binary", "png", None, False)
    assert png["size"] == {"bytes": len(png_bytes()), "readable": f"{len(png_bytes())} B"}


def test_pdf_is_not_a_docx(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyze-docs", str(files["report.pdf"]), str(files["memo.docx"]),
                 "--expected-format", "docx"])
    out = capsys.readouterr().out
    assert code == 1
    assert "report.pdf: pdf (binary, application/pdf)" in out
    assert "Expected docx: report.pdf is pdf" in out and "FAILED" in out


def test_pdf_and_docx_both_satisfy_document(files: dict[str, Path]) -> None:
    assert main(["analyze-docs", str(files["report.pdf"]), str(files["memo.docx"]),
                 "--expected-format", "document"]) == 0


def test_empty_and_truncated_files_exit_1_with_reasons(
        files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyze-docs", str(files["empty.txt"]), str(files["cut.png"])])
    out = capsys.readouterr().out
    assert code == 1
    assert "problem: empty document (0 bytes)" in out
    assert "problem: truncated or corrupt PNG: no IEND chunk at the end" in out


def test_declared_type_that_lies_exits_1(files: dict[str, Path],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    pdf = str(files["report.pdf"])
    code = main(["analyze-docs", pdf, "--mime", f"{pdf}=text/plain"])
    out = capsys.readouterr().out
    assert code == 1
    assert "format conflict: declared text/plain, extension .pdf, content is PDF" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["missing.md"], "no such file"),
     (["{post}", "--expected-format", "docz"], "unknown format 'docz'"),
     (["{post}", "--mime", "nonsense"], "--mime expects FILE=TYPE"),
     (["{post}", "--full-preview-max-bytes", "-1"], "bad preview settings")],
)
def test_bad_input_exits_2_with_one_line(files: dict[str, Path], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str],
                                         argv: list[str], message: str) -> None:
    argv = [a.format(post=files["post.md"]) for a in argv]
    argv = [str(tmp_path / a) if a == "missing.md" else a for a in argv]
    code = main(["analyze-docs", *argv])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert message in captured.err and "Traceback" not in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_unreadable_input_in_json_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    code = main(["analyze-docs", str(tmp_path), "--json"])
    payload = json.loads(capsys.readouterr().out)
    assert code == 2 and payload["ok"] is False and "is a directory" in payload["error"]


def test_preview_flag_prints_the_preview(files: dict[str, Path],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    main(["analyze-docs", str(files["post.md"]), "--preview"])
    assert "    Body text." in capsys.readouterr().out


def test_permission_denied_is_one_line_exit_2(files: dict[str, Path], monkeypatch: Any,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # Root reads anything, so the denial is simulated where the file is opened.
    real_open = Path.open

    def deny(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.name == "post.md":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", deny)
    code = main(["analyze-docs", str(files["post.md"])])
    err = capsys.readouterr().err
    assert code == 2 and err.strip() == f"draftguard: error: {files['post.md']}: permission denied"


def test_a_device_is_refused_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyze-docs", "/dev/null"])
    err = capsys.readouterr().err
    assert code == 2 and "/dev/null: not a regular file" in err and "Traceback" not in err


def test_require_accessible_fails_metadata_only_documents(
        files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    # The literal rule: exit 0 only when every document is accessible (isAccessible).
    pdf, post = str(files["report.pdf"]), str(files["post.md"])
    assert main(["analyze-docs", pdf, "--expected-format", "pdf"]) == 0
    capsys.readouterr()
    assert main(["analyze-docs", pdf, "--expected-format", "pdf", "--require-accessible"]) == 1
    assert "not accessible: the judge would see its metadata only" in capsys.readouterr().out
    assert main(["analyze-docs", post, "--require-accessible", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
