"""Mindmap, canonical form `{"nodes": [{"id", "label", "children": [ids]}]}`.

A nested `{"root": {"label", "children": [...]}}` is accepted too and converted (ids `n1`,
`n2`, ... in pre-order unless a node brings its own `id`). Only id references can express a
cycle or a second parent, so the rules run on the canonical form. In the nested form a node
without `children` is a leaf; in the canonical form `children` is required on every node.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from draftguard.artifacts._fields import item_list, text_field
from draftguard.artifacts._spec import ArtifactSpec, Violation, normalize_key

__all__ = [
    "SPEC", "Mindmap", "MindmapDraft", "MindmapNode", "draft", "nested_to_canonical",
]


class MindmapNode(BaseModel):
    model_config = ConfigDict(title="MindmapNode")

    id: str = Field(min_length=1)
    label: str = Field(min_length=1)
    children: list[str] = Field(description="ids of this node's children ([] for a leaf)")


class Mindmap(BaseModel):
    """A tree of labelled ideas: one root, no cycles, no repeated labels."""

    model_config = ConfigDict(title="Mindmap")

    nodes: list[MindmapNode] = Field(min_length=1)


# The generator writes a nested tree three levels deep: a small model can nest labels far
# more reliably than it can keep id references consistent.
class _Leaf(BaseModel):
    label: str = Field(min_length=1)


class _Branch(BaseModel):
    label: str = Field(min_length=1)
    children: list[_Leaf]


class _Root(BaseModel):
    label: str = Field(min_length=1)
    children: list[_Branch] = Field(min_length=1)


class MindmapDraft(BaseModel):
    """The nested shape the generator and repairer produce."""

    model_config = ConfigDict(title="MindmapDraft")

    root: _Root


_LABEL_CHARS = 80
_MAX_LEAVES = 4


class _DraftLeaf(BaseModel):
    model_config = ConfigDict(title="Leaf")

    label: str = Field(min_length=1, max_length=_LABEL_CHARS)


class _DraftBranch(BaseModel):
    model_config = ConfigDict(title="Branch")

    label: str = Field(min_length=1, max_length=_LABEL_CHARS)
    children: list[_DraftLeaf] = Field(max_length=_MAX_LEAVES)


@cache
def draft(count: int) -> type[BaseModel]:
    """The generation schema for a root with exactly `count` branches (one per key fact)."""
    root = create_model(
        f"MindmapDraftRoot{count}", __config__=ConfigDict(title="Root"),
        label=(str, Field(min_length=1, max_length=_LABEL_CHARS)),
        children=(list[_DraftBranch], Field(min_length=count, max_length=count)),
    )
    model: type[BaseModel] = create_model(
        f"MindmapDraft{count}", __config__=ConfigDict(title="MindmapDraft"), root=(root, ...),
    )
    return model


def nested_to_canonical(root: Any, out: list[Violation]) -> list[dict[str, Any]] | None:
    """Flatten a nested tree into canonical nodes, recording shape problems in `out`."""
    if not isinstance(root, Mapping):
        out.append(Violation(message="'root' must be an object", code="wrong_type"))
        return None
    nodes: list[dict[str, Any]] = []
    stack: list[tuple[Any, dict[str, Any] | None]] = [(root, None)]
    while stack:
        raw, parent = stack.pop()
        number = len(nodes) + 1
        own_id = raw.get("id") if isinstance(raw, Mapping) else None
        node_id = own_id if isinstance(own_id, str) and own_id.strip() else f"n{number}"
        if parent is not None:
            parent["children"].append(node_id)
        if not isinstance(raw, Mapping):
            out.append(Violation(message=f"Node {number}: must be an object", code="wrong_type",
                                 item=number))
            nodes.append({"id": node_id, "label": "", "children": []})
            continue
        node: dict[str, Any] = {"id": node_id, "label": raw.get("label"), "children": []}
        if "label" not in raw:
            node.pop("label")
        nodes.append(node)
        kids = raw.get("children", [])
        if not isinstance(kids, list):
            out.append(Violation(message=f"Node '{node_id}': children must be a list",
                                 code="wrong_type", item=number))
            continue
        stack.extend((kid, node) for kid in reversed(kids))
    return nodes


def _find_cycles(children: dict[str, list[str]]) -> list[list[str]]:
    """Every distinct cycle reachable by a back edge, each as a closed path."""
    white, grey, black = 0, 1, 2
    colour = dict.fromkeys(children, white)
    cycles: list[list[str]] = []
    seen: set[frozenset[str]] = set()
    for start in children:
        if colour[start] != white:
            continue
        path = [start]
        colour[start] = grey
        iters = [iter(children[start])]
        while iters:
            nxt = next(iters[-1], None)
            if nxt is None:
                colour[path.pop()] = black
                iters.pop()
                continue
            if colour[nxt] == grey:
                loop = [*path[path.index(nxt):], nxt]
                key = frozenset(loop)
                if key not in seen:
                    seen.add(key)
                    cycles.append(loop)
            elif colour[nxt] == white:
                colour[nxt] = grey
                path.append(nxt)
                iters.append(iter(children[nxt]))
    return cycles


def check(data: Any) -> tuple[list[Violation], int, dict[str, Any] | None]:
    out: list[Violation] = []
    nodes: list[Any] | None
    if isinstance(data, Mapping) and "nodes" not in data and "root" in data:
        nodes = nested_to_canonical(data["root"], out)
    else:
        nodes = item_list(data, "nodes", "Mindmap", out)
    if nodes is None:
        return out, 0, None
    children, labels = _read_nodes(nodes, out)
    order = list(children)
    parents = _link_children(children, out)
    _check_shape(children, parents, out)
    _check_labels(order, labels, out)
    canonical = None
    if not out:
        canonical = {"nodes": [
            {"id": n, "label": labels[n], "children": children[n]} for n in order
        ]}
    return out, len(nodes), canonical


def _read_nodes(
    nodes: list[Any], out: list[Violation]
) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Each well-formed node's listed children and label, by id, in the nodes' order."""
    children: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    for i, node in enumerate(nodes, 1):
        if not isinstance(node, Mapping):
            out.append(Violation(message=f"Node {i}: must be an object", code="wrong_type",
                                 item=i))
            continue
        node_id = node.get("id")
        if not isinstance(node_id, str) or not node_id.strip():
            out.append(Violation(message=f"Node {i}: id must be a non-empty string",
                                 code="missing_id", item=i))
            continue
        where = f"Node '{node_id}'"
        if node_id in children:
            out.append(Violation(message=f"Duplicate node id found: '{node_id}'",
                                 code="duplicate_id", item=i))
            continue
        label = text_field(node, "label", where, i, out)
        if label is not None:
            labels[node_id] = label
        kids = node.get("children")
        if "children" not in node:
            out.append(Violation(message=f"{where}: missing children", code="missing_field",
                                 item=i))
            kids = []
        elif not isinstance(kids, list) or not all(isinstance(k, str) for k in kids):
            out.append(Violation(message=f"{where}: children must be a list of node ids",
                                 code="wrong_type", item=i))
            kids = []
        children[node_id] = list(kids)
    return children, labels


def _link_children(children: dict[str, list[str]], out: list[Violation]) -> dict[str, list[str]]:
    """Drop repeated and unknown children from `children` (in place); each node's parents."""
    parents: dict[str, list[str]] = {}
    for node_id in children:
        listed: set[str] = set()
        kept: list[str] = []
        for kid in children[node_id]:
            if kid in listed:
                out.append(Violation(message=f"Node '{node_id}': lists child '{kid}' twice",
                                     code="duplicate_child"))
                continue
            listed.add(kid)
            if kid not in children:
                out.append(Violation(message=f"Node '{node_id}': child '{kid}' does not exist",
                                     code="unknown_child"))
                continue
            kept.append(kid)
            parents.setdefault(kid, []).append(node_id)
        children[node_id] = kept
    return parents


def _check_shape(children: dict[str, list[str]], parents: dict[str, list[str]],
                 out: list[Violation]) -> None:
    """A tree: one parent per node, a single root, no cycle."""
    for node_id in children:
        ps = parents.get(node_id, [])
        if len(ps) > 1:
            named = ", ".join(f"'{p}'" for p in ps)
            out.append(Violation(message=f"Node '{node_id}': has more than one parent ({named})",
                                 code="multiple_parents"))
    roots = [n for n in children if n not in parents]
    if children and len(roots) != 1:
        named = (": " + ", ".join(f"'{r}'" for r in roots)) if roots else ""
        out.append(Violation(
            message=f"Mindmap must have a single root (found {len(roots)}{named})",
            code="root_count",
        ))
    for loop in _find_cycles(children):
        out.append(Violation(message="Cycle found: " + " → ".join(f"'{n}'" for n in loop),
                             code="cycle"))


def _check_labels(order: list[str], labels: dict[str, str], out: list[Violation]) -> None:
    first_label: dict[str, str] = {}
    reported: set[str] = set()
    for node_id in order:
        if node_id not in labels:
            continue
        key = normalize_key(labels[node_id])
        if key in first_label and key not in reported:
            reported.add(key)
            out.append(Violation(message=f"Duplicate label found: '{first_label[key]}'",
                                 code="duplicate_label"))
        first_label.setdefault(key, labels[node_id].strip())


def render_items(artifact: Mapping[str, Any]) -> list[str]:
    nodes = artifact.get("nodes", [])
    label_of = {n.get("id"): n.get("label") for n in nodes if isinstance(n, Mapping)}
    parent_of = {
        kid: n.get("label") for n in nodes if isinstance(n, Mapping)
        for kid in n.get("children", []) or []
    }
    lines = []
    for i, n in enumerate(nodes, 1):
        under = parent_of.get(n.get("id"))
        where = f" (under '{under}')" if under else " (root)"
        lines.append(f"Node {i}: {label_of.get(n.get('id'))}{where}")
    return lines


def item_name(artifact: Mapping[str, Any], index: int) -> str:
    nodes = artifact.get("nodes", [])
    if 1 <= index <= len(nodes) and isinstance(nodes[index - 1], Mapping):
        return f"Node '{nodes[index - 1].get('label')}'"
    return f"Node {index}"


SPEC = ArtifactSpec(
    name="mindmap",
    title="mindmap",
    item_label="Node",
    item_plural="nodes",
    model=Mindmap,
    generation_model=MindmapDraft,
    check=check,
    render_items=render_items,
    item_name=item_name,
    repair_rules=(
        "Exactly one root node",
        "Every node has a label and a children list",
        "No cycles: a node never appears below itself",
        "No duplicate labels allowed",
        "Every label must come from the provided content",
    ),
    generation_rules=(
        "The root label names the main topic",
        "Each key fact becomes a branch with a short label; details become its children",
        "Labels are short phrases from the source, and no label appears twice",
    ),
    judge_kinds=("hallucinated", "not answerable from source"),
    default_count=6,
    draft=draft,
    draft_unit="branches",
    items_key="nodes",
    content_fields=("label",),
    example={"root": {"label": "Water cycle", "children": [  # off-topic on purpose
        {"label": "Evaporation", "children": [{"label": "Water vapour"}]},
    ]}},
)
