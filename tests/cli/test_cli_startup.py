"""`draftguard` imports only the subcommand it runs, and answers --version and --help."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from draftguard import __version__
from draftguard_adk.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[2]
_HEAVY = ("uvicorn", "fastapi", "google.adk", "sqlalchemy", "draftguard.jobs")


def _modules_after(argv: list[str], cwd: Path) -> set[str]:
    """The modules a fresh interpreter has loaded after running `draftguard argv`."""
    code = (
        "import sys, json\n"
        "from draftguard_adk.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.__stderr__.write(json.dumps(sorted(sys.modules)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True,
                          env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT}", "PATH": "/usr/bin:/bin"},
                          timeout=120)
    return set(json.loads(proc.stderr.splitlines()[-1]))


def _cli_modules(loaded: set[str]) -> set[str]:
    return {m.rsplit(".", 1)[1] for m in loaded
            if m.startswith("draftguard_adk.cli.") and not m.endswith("._output")}


def test_a_subcommand_imports_its_own_module_only(tmp_path: Path) -> None:
    for name in ("raw", "ok", "no"):
        (tmp_path / name).write_text("One paragraph.\n")
    loaded = _modules_after(
        ["check-split", "--raw", "raw", "--ok", "ok", "--not-ok", "no"], tmp_path)
    assert _cli_modules(loaded) == {"check_split"}
    assert not [m for m in loaded if m.startswith(_HEAVY)]
    # Reading agents.yaml for the size limit must not pull in the other systems.
    other_systems = ("numpy", "draftguard.dedupe", "draftguard.documents", "draftguard.edits")
    assert not [m for m in loaded if m.startswith(other_systems)]


def test_the_command_list_imports_no_subcommand(tmp_path: Path) -> None:
    loaded = _modules_after(["--help"], tmp_path)
    assert _cli_modules(loaded) == set()


def test_help_lists_every_command_with_its_summary(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert exc.value.code == 0
    for name, (_module, summary) in COMMANDS.items():
        assert f"{name} {summary}" in out


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_registers_under_its_listed_name(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main([name, "--help"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: draftguard {name} ")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f"draftguard {__version__}\n"
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert f'\nversion = "{__version__}"\n' in pyproject
