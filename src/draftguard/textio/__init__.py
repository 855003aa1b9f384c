"""Reading, checking and atomically writing the user's text files, and showing text safely."""

from __future__ import annotations

from draftguard.textio._atomic_write import (
    STALE_TEMP_SECONDS,
    check_replaceable,
    check_writable_dir,
    replace_if_unchanged,
    write_atomic,
    write_many_atomic,
)
from draftguard.textio._display import dump_json, escape_controls
from draftguard.textio._file_access import (
    os_error_message,
    regular_file_problem,
)
from draftguard.textio._output_paths import (
    path_component,
    resolve_output_path,
)
from draftguard.textio._structured_input import (
    MAX_ALIAS_NODES,
    MAX_NESTING,
    load_json,
    yaml_problem,
)
from draftguard.textio._text_input import (
    DEFAULT_MAX_BYTES,
    decode_text,
    read_file_bytes,
    read_stream_bytes,
    read_text_file,
)
from draftguard.textio._workspace import POST_SUFFIXES, read_workspace_text, workspace_path

__all__ = [
    "DEFAULT_MAX_BYTES",
    "MAX_ALIAS_NODES",
    "MAX_NESTING",
    "POST_SUFFIXES",
    "STALE_TEMP_SECONDS",
    "check_replaceable",
    "check_writable_dir",
    "decode_text",
    "dump_json",
    "escape_controls",
    "load_json",
    "os_error_message",
    "path_component",
    "read_file_bytes",
    "read_stream_bytes",
    "read_text_file",
    "read_workspace_text",
    "regular_file_problem",
    "replace_if_unchanged",
    "resolve_output_path",
    "workspace_path",
    "write_atomic",
    "write_many_atomic",
    "yaml_problem",
]
