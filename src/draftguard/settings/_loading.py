"""Finding agents.yaml and reading it into `ProjectSettings`, once per version of the file."""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from draftguard.errors import ConfigError
from draftguard.settings._sections import ProjectSettings
from draftguard.textio._structured_input import yaml_problem

__all__ = ["CONFIG_ENV", "find_settings_file", "load_settings"]

CONFIG_ENV = "DRAFTGUARD_CONFIG"
#: The default shipped with the package (in a checkout, a link to the repository's file).
_PACKAGED = Path(__file__).with_name("agents.yaml")
_BUILT_IN = ProjectSettings()
#: agents.yaml is a page of settings; a file this big was named by mistake.
MAX_SETTINGS_BYTES = 1024 * 1024


def find_settings_file(env: Mapping[str, str] | None = None) -> Path | None:
    """$DRAFTGUARD_CONFIG, else ./agents.yaml, else the agents.yaml shipped with the package."""
    env = os.environ if env is None else env
    if explicit := env.get(CONFIG_ENV):
        p = Path(explicit)
        if not p.is_file():
            raise ConfigError(f"{CONFIG_ENV}={explicit}: no such file")
        return p
    for candidate in (Path.cwd() / "agents.yaml", _PACKAGED):
        if candidate.is_file():
            return candidate
    return None


def load_settings(path: str | Path | None = None) -> ProjectSettings:
    """agents.yaml as typed settings; with no file anywhere, the built-in defaults.

    The file is parsed once per version of it (path, size and modification time), so every
    agent builder may call this freely. Raises `ConfigError` naming the file and the key.
    """
    p = Path(path) if path is not None else find_settings_file()
    if p is None:
        return _BUILT_IN
    try:
        p = p.resolve()
        st = p.stat()
    except OSError as err:
        raise ConfigError(f"{p}: cannot read settings ({err.strerror or err})") from None
    return _load_file(str(p), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=16)
def _load_file(path: str, mtime_ns: int, size: int) -> ProjectSettings:
    # mtime_ns and size only key the cache: an edited file is read again.
    try:
        with open(path, "rb") as fh:
            text = fh.read(MAX_SETTINGS_BYTES + 1).decode("utf-8")
        if len(text.encode("utf-8")) > MAX_SETTINGS_BYTES:
            raise ConfigError(f"{path}: over {MAX_SETTINGS_BYTES:,} bytes; not a settings file")
        # Deep nesting crashes the YAML loader and aliases can expand without end: both are
        # measured before anything is built.
        if (shape := yaml_problem(text)) is not None:
            raise ConfigError(f"{path}: cannot read settings (the YAML is {shape})")
        raw = yaml.safe_load(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError, RecursionError) as err:
        reason = " ".join(str(err).split())[:300] or type(err).__name__
        raise ConfigError(f"{path}: cannot read settings ({reason})") from None
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: expected a mapping at the top level")
    if "source" in raw:  # a field of the model, but not a key of the file
        raise ConfigError(f"{path}: source: {_unknown('source', ProjectSettings)}")
    try:
        settings = ProjectSettings.model_validate(raw)
    except ValidationError as err:
        raise ConfigError(f"{path}: {describe_error(err)}") from None
    return settings.model_copy(update={"source": path})


def describe_error(
    err: ValidationError, model: type[BaseModel] = ProjectSettings, *, prefix: str = ""
) -> str:
    """The first problem as "dotted.key: what is wrong", plus how many more there are.

    `model` is the one validated (it names the known keys); `prefix` is where it sits.
    """
    errors = err.errors()
    first = errors[0]
    where = ".".join([p for p in (prefix, *map(str, first["loc"])) if p]) or "(top level)"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {_message(first, model)}{more}"


def _message(error: ErrorDetails, model: type[BaseModel]) -> str:
    loc = [str(x) for x in error["loc"]]
    if error["type"] == "extra_forbidden":
        return _unknown(loc[-1], _model_at(model, loc[:-1]))
    msg = error["msg"].removeprefix("Value error, ")
    if error["type"] == "model_type":
        msg = "expected a mapping of keys"
    if error["type"].endswith(("_type", "_parsing", "enum", "finite_number")):
        shown = repr(error["input"])
        msg += f", got {shown if len(shown) <= 60 else shown[:57] + '...'}"
    return msg


def _unknown(key: str, model: type[BaseModel] | None) -> str:
    if model is None:
        return "unknown key"
    known = [k for k, f in model.model_fields.items() if not f.exclude]
    close = difflib.get_close_matches(key, known, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return f"unknown key (known: {', '.join(known)}){hint}"


def _model_at(model: type[BaseModel], path: list[str]) -> type[BaseModel] | None:
    """The section model that `path` names inside `model`, if it is one."""
    current: type[BaseModel] = model
    for part in path:
        field = current.model_fields.get(part)
        ann = field.annotation if field is not None else None
        if not (isinstance(ann, type) and issubclass(ann, BaseModel)):
            return None
        current = ann
    return current
