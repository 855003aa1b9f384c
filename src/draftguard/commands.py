"""Chat commands, recognised by code before any model sees the message.

A command is a message that starts with `/name`; its arguments, on that first line, are words,
quoted strings and `key=value` options (`/split draft=post.md outline="Intro; Method"`), so
everything fits on the one line `adk run` lets a person type; any lines below are the
command's text. Reading plain words is each app's business (the blogger's reader lives in
`blogger/reading.py`); this module knows commands only, so it imports no reader.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field

from draftguard.errors import CommandError
from draftguard.text import straighten_quotes

__all__ = [
    "Command",
    "CommandSpec",
    "parse_command",
]

_OPTION = re.compile(r"^([a-z][a-z_]*)=(.*)\Z", re.S)
_NAME = re.compile(r"^/([a-z][a-z_-]*)(?=\s|\Z)", re.I)


class CommandSpec(BaseModel):
    """What a command accepts, for parsing and for `/help`."""

    model_config = ConfigDict(frozen=True)

    name: str
    usage: str
    summary: str
    options: tuple[str, ...] = ()
    #: The rest of the line is one free-text argument (`/edit replace "a" with "b"`).
    free_text: bool = False
    #: A free-text command that may also be given with no text (`/check`).
    text_optional: bool = False
    max_args: int = 0


class Command(BaseModel):
    """A recognised command: its name, positional arguments, options and the free text."""

    name: str
    args: list[str] = Field(default_factory=list)
    options: dict[str, str] = Field(default_factory=dict)
    text: str = ""


def parse_command(message: str, specs: Mapping[str, CommandSpec]) -> Command | None:
    """The command `message` starts with, or None when it is not a command at all.

    Raises `CommandError` for an unknown command or arguments it does not take.
    """
    stripped = message.strip()
    head = stripped.partition("\n")[0]
    match = _NAME.match(head)
    if match is None:
        return None
    name = match.group(1).lower()
    spec = specs.get(name)
    if spec is None:
        known = ", ".join(f"/{n}" for n in specs)
        raise CommandError(f"Unknown command /{name}. Commands: {known}")
    after = stripped[match.end():].strip()
    if spec.free_text:
        if not after and not spec.text_optional:
            raise CommandError(f"/{name} needs text: {spec.usage}")
        return Command(name=name, text=after)
    body = after
    # Arguments are on the command's own line; the lines after it are its text (a pasted
    # draft, say), which need not be shell-quotable.
    line = head[match.end():].strip()
    try:
        words = shlex.split(straighten_quotes(line), posix=True)
    except ValueError as err:  # an unclosed quote
        raise CommandError(f"/{name}: {err} ({spec.usage})") from None
    args: list[str] = []
    options: dict[str, str] = {}
    for word in words:
        option = _OPTION.match(word)
        if option is not None:
            key, value = option.groups()
            if key not in spec.options:
                allowed = ", ".join(f"{o}=" for o in spec.options) or "no options"
                raise CommandError(f"/{name} takes {allowed}, not {key}= ({spec.usage})")
            options[key] = value
        else:
            args.append(word)
    if len(args) > spec.max_args:
        raise CommandError(f"/{name}: unexpected {args[spec.max_args]!r} ({spec.usage})")
    return Command(name=name, args=args, options=options, text=body)


def help_text(specs: Sequence[CommandSpec]) -> str:
    """The `/help` answer: one line per command."""
    width = max(len(s.usage) for s in specs)
    return "\n".join(f"{s.usage.ljust(width)}  {s.summary}" for s in specs)


__all__ += ["help_text"]
