"""The agreed architecture: a framework-free core, ADK app folders `adk web` lists exactly."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "src" / "draftguard"
APPS = ["blogger", "event_planning"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_core_source_never_imports_adk() -> None:
    offenders = {
        str(p.relative_to(ROOT)): sorted(n for n in _imports(p) if n.startswith("google.adk"))
        for p in CORE.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}
    assert len(offenders) >= 5  # the scan really looked at the core


def test_importing_every_core_module_loads_no_adk() -> None:
    modules = sorted(
        ".".join(p.relative_to(ROOT / "src").with_suffix("").parts).removesuffix(".__init__")
        for p in CORE.rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.startswith('google.adk'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_adapters_never_import_the_apps() -> None:
    offenders = {
        str(p.relative_to(ROOT)): sorted(
            n for n in _imports(p) if n.split(".")[0] in APPS
        )
        for p in (ROOT / "src" / "draftguard_adk").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}
    assert len(offenders) >= 5


@pytest.mark.parametrize("system", ["split", "edits", "dedupe", "artifacts", "documents", "jobs"])
def test_each_system_has_one_core_and_one_adapter_package(system: str) -> None:
    import importlib

    core = importlib.import_module(f"draftguard.{system}")
    adapter = importlib.import_module(f"draftguard_adk.{system}")
    for package in (core, adapter):
        assert package.__all__, package.__name__
        for name in package.__all__:
            assert hasattr(package, name), (package.__name__, name)


@pytest.mark.parametrize(
    ("seed_module", "name", "home"),
    [
        ("blogger.validation_checkers", "ContentSplitValidationChecker", "draftguard_adk.split"),
        ("event_planning.duplicate_detector", "DuplicateDetector", "draftguard_adk.dedupe"),
        ("event_planning.agent_invoker", "AgentInvoker", "draftguard_adk.dedupe"),
    ],
)
def test_seed_named_modules_are_thin_over_the_adapters(
    seed_module: str, name: str, home: str
) -> None:
    import importlib

    seed = importlib.import_module(seed_module)
    assert getattr(seed, name) is getattr(importlib.import_module(home), name)
    tree = ast.parse(Path(seed.__file__ or "").read_text(encoding="utf-8"))
    defined = [n for n in tree.body if isinstance(n, ast.ClassDef | ast.FunctionDef)]
    assert defined == [], f"{seed_module} should only re-export"


def test_adk_web_lists_exactly_the_apps() -> None:
    from google.adk.cli.utils.agent_loader import AgentLoader

    assert AgentLoader(str(ROOT)).list_agents() == APPS


@pytest.mark.parametrize("app", APPS)
def test_app_folders_follow_the_adk_layout(app: str) -> None:
    assert (ROOT / app / "__init__.py").read_text().strip() == "from . import agent"
    last = [
        line
        for line in (ROOT / app / "agent.py").read_text().splitlines()
        if line and not line.startswith((" ", ")", "]", "#"))
    ][-1]
    assert last.startswith(("root_agent = ", "app = "))


@pytest.mark.parametrize("app", APPS)
def test_adk_loads_each_app(app: str) -> None:
    from google.adk.apps import App
    from google.adk.cli.utils.agent_loader import AgentLoader

    loaded = AgentLoader(str(ROOT)).load_agent(app)
    agent = loaded.root_agent if isinstance(loaded, App) else loaded
    assert agent.name == app


def test_prompts_are_upper_case_constants() -> None:
    for app in APPS:
        for path in (ROOT / app).rglob("prompt*.py"):
            tree = ast.parse(path.read_text())
            for node in tree.body:
                if isinstance(node, ast.Assign):
                    for target in node.targets:
                        assert isinstance(target, ast.Name) and target.id.isupper(), path


def test_no_import_time_side_effects() -> None:
    for path in [
        *CORE.rglob("*.py"),
        *(ROOT / "src" / "draftguard_adk").rglob("*.py"),
        *(ROOT / "blogger").rglob("*.py"),
        *(ROOT / "event_planning").rglob("*.py"),
    ]:
        text = path.read_text()
        assert "google.auth.default(" not in text, path
        # ./.env is read when the CLI starts (its main), never on import.
        if "load_dotenv(" in text:
            assert path == ROOT / "src" / "draftguard_adk" / "cli" / "__init__.py", path
            module_level = [n for n in ast.parse(text).body
                            if not isinstance(n, ast.FunctionDef | ast.ClassDef)]
            assert not [n for n in module_level if "load_dotenv" in ast.unparse(n)
                        and not isinstance(n, ast.ImportFrom)], path


def test_deprecation_warnings_are_silenced_in_one_place() -> None:
    users = [
        str(p.relative_to(ROOT))
        for base in ("src", *APPS)
        for p in (ROOT / base).rglob("*.py")
        if "LoopAgent(" in p.read_text() or "SequentialAgent(" in p.read_text()
    ]
    assert users == ["src/draftguard_adk/agents/_workflow.py"]
    # Building the graphs and running them (ADK clones agents at run time) stays silent.
    code = (
        "import asyncio, warnings; warnings.simplefilter('error', DeprecationWarning)\n"
        "from blogger.agent import build_blogger\n"
        "from google.adk.runners import InMemoryRunner\n"
        "from google.genai import types\n"
        "import sys; sys.path.insert(0, 'tests')\n"
        "from scripted_llm import ScriptedLlm\n"
        "model = ScriptedLlm([{'ok_ids': [1]}])\n"
        "async def main():\n"
        "    runner = InMemoryRunner(agent=build_blogger(model=model), app_name='blogger')\n"
        "    s = await runner.session_service.create_session(app_name='blogger', user_id='u')\n"
        "    text = 'OUTLINE:\\nA\\nDRAFT:\\nA'\n"
        "    msg = types.Content(role='user', parts=[types.Part(text=text)])\n"
        "    async for _ in runner.run_async(user_id='u', session_id=s.id, new_message=msg):\n"
        "        pass\n"
        "asyncio.run(main())\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_env_example_documents_every_variable_the_code_reads() -> None:
    import re

    documented = set(re.findall(r"#?([A-Z][A-Z0-9_]+)=", (ROOT / ".env.example").read_text()))
    read: set[str] = set()
    for base in ("src", *APPS):
        for path in (ROOT / base).rglob("*.py"):
            read |= set(
                re.findall(
                    r"[\"'](DRAFTGUARD_[A-Z0-9_]+|DATABASE_URL|GOOGLE_[A-Z_]+)"
                    r"[\"']",
                    path.read_text(),
                )
            )
    read = {v for v in read if not v.endswith("_")}
    assert read - documented == set()


def test_scripts_test_runs_ruff_then_strict_mypy_on_all_three_trees_then_pytest() -> None:
    import tomllib

    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    steps = [line.split()[0] for line in script.splitlines()
             if line.startswith(".venv/bin/")]
    # ruff, then mypy, then the deploy checks and evalsets, and pytest last.
    assert steps[:2] == [".venv/bin/ruff", ".venv/bin/mypy"]
    assert set(steps[2:]) == {".venv/bin/python"}
    assert ".venv/bin/mypy\n" in script  # no paths given: pyproject's `files` decide
    # CI reads pytest's summary as the run's closing line: nothing may print after it.
    assert script.rstrip().splitlines()[-1] == '.venv/bin/python -m pytest "$@"'
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["strict"] is True
    assert sorted(mypy["files"]) == ["blogger", "event_planning", "src"]


def test_readme_layout_table_names_real_places() -> None:
    """README's Layout table maps each system to packages and app files that exist."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Layout", 1)[1].split("\n\n", 2)[2].split("\n\n", 1)[0]
    rows = [r for r in table.splitlines() if r.startswith("| ") and "---" not in r][1:]
    assert len(rows) >= 7
    roots = [ROOT / "src" / "draftguard", ROOT / "src" / "draftguard_adk", ROOT]
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        for root, cell in zip(roots, cells[1:], strict=True):
            for place in re.findall(r"`([\w/.]+(?:/|\.py|\.yaml))`", cell):
                assert (root / place).exists(), f"{cells[0]}: {place} is not under {root}"


# "Seed" as the design documents are named: "seed 001", "the seed's", "seed-000", and inside
# names (`SeedFormatter`, `seed_line`). Not "seeded". The design documents belong in
# docs/design-notes.md; code speaks the domain.
_SEED_WORD = re.compile(r"(?<![A-Za-z])[Ss]eeds?(?![a-z])")
# A random-number generator's seed is a parameter, not a design document.
_RNG_SEED = re.compile(r"""\bseed\s*=|\.seed\b|["']seed["']""")

def _seed_mentions(text: str) -> list[str]:
    return [
        line.strip()
        for line in text.splitlines()
        if _SEED_WORD.search(_RNG_SEED.sub("", line))
    ]


@pytest.mark.parametrize(
    ("line", "mentions"),
    [
        ('"""Job statuses and the progress map (seed 001)."""', True),
        ("# The seed's markers", True),
        ("the seed-000 loop", True),
        ("class SeedFormatter(logging.Formatter):", True),
        ("def seed_line(message: str) -> str:", True),
        ("see the seeds", True),
        ("from a seeded random generator", False),
        ('seed=_env_int("DRAFTGUARD_LLAMA_SEED", 0),', False),
        ('"seed": cfg.seed if cfg.seed is not None else 0,', False),
        ("the progress map's percentage", False),
    ],
)
def test_seed_wording_is_recognised(line: str, mentions: bool) -> None:
    assert bool(_seed_mentions(line)) is mentions


def test_code_speaks_the_domain_not_the_seeds() -> None:
    mentions = {
        rel: found
        for base in ("src", *APPS)
        for p in sorted((ROOT / base).rglob("*.py"))
        if (found := _seed_mentions(p.read_text(encoding="utf-8")))
        and (rel := p.relative_to(ROOT).as_posix())
    }
    assert mentions == {}, "name the domain; design-document references go in docs/design-notes.md"

