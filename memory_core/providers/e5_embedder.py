"""multilingual-e5-small as the default offline embedder: numpy float32 forward pass.

Why this model: measured on LoCoMo (BM25 fused with dense, tuned on conversations 1–3) it adds
the most of every packaged model we could install (docs/providers.md), and it puts Chinese and
English in one space, so a question in one language finds a statement made in the other.

Why numpy rather than the package's C engine: float32 GEMMs over a whole length-sorted batch
reach the BLAS peak (~40 GFLOP/s on 2 cores here) while the engine's int4 kernels parallelise
per text; and numpy runs on every platform the app ships to. Transformer weights are
dequantised once at load (~85 MB); the 250k-row token table stays 4-bit and memory-mapped, and
only the rows a text uses are dequantised.

e5 asks for a ``query: `` / ``passage: `` prefix; the engine embeds stored text with
:meth:`embed` (passages) and questions with :meth:`embed_query`.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Sequence

import numpy as np

from .q4_model_file import QK, ModelFileError, Q4ModelFile, dequantise, packaged_model_path
from .transformer_ops import gelu_, layer_norm_
from .unigram_tokenizer import UnigramTokenizer

MODEL_ID = "multilingual-e5-small-q4:384"
#: tokens per passage window; longer text is cut here (the engine chunks long events before
#: they reach the embedder, so this bounds cost, it does not lose a chunk's meaning)
MAX_TOKENS = 256
#: tokens per forward pass: large enough for full-speed GEMMs, small enough to bound memory
BATCH_TOKENS = 4096
#: characters looked at before tokenising (a 100k-character input costs no more than this)
MAX_CHARS = 4 * MAX_TOKENS


class E5Embedder:
    """The Embedder protocol over the packaged multilingual-e5-small weights."""

    uses_network = False
    model_id = MODEL_ID

    def __init__(self, path: Path | None = None) -> None:
        f = Q4ModelFile(path or packaged_model_path())
        h = f.header
        self.dim = h.hidden
        self._heads, self._eps = h.heads, h.eps
        t = f.tokenizer
        self._bos, self._eos = t.bos, t.eos
        self.tokenizer = UnigramTokenizer(t.pieces, t.scores, unk=t.unk, normalise=t.normalise)
        self._word = f.tensor("emb.word")
        if self._word.shape[0] != h.vocab * h.hidden // QK:
            raise ModelFileError(f"{f.path}: token table has the wrong size")
        self._pos = f.vector("emb.pos", h.max_positions * h.hidden).reshape(h.max_positions,
                                                                             h.hidden)
        self._type = f.vector("emb.type", h.hidden)
        self._eln = (f.vector("emb.ln.w", h.hidden), f.vector("emb.ln.b", h.hidden))
        self._layers = []
        for i in range(h.layers):
            p = f"l{i}."
            # weights stay (out, in): ``x @ w.T`` hands BLAS a transposed view, no copy
            qkv_w = np.concatenate([f.dense(p + n, h.hidden, h.hidden) for n in ("q.w", "k.w",
                                                                                "v.w")])
            qkv_b = np.concatenate([f.vector(p + n, h.hidden) for n in ("q.b", "k.b", "v.b")])
            self._layers.append((
                qkv_w, qkv_b, f.dense(p + "ao.w", h.hidden, h.hidden),
                f.vector(p + "ao.b", h.hidden),
                f.vector(p + "aln.w", h.hidden), f.vector(p + "aln.b", h.hidden),
                f.dense(p + "fi.w", h.ffn, h.hidden), f.vector(p + "fi.b", h.ffn),
                f.dense(p + "fo.w", h.hidden, h.ffn),
                f.vector(p + "fo.b", h.hidden),
                f.vector(p + "oln.w", h.hidden), f.vector(p + "oln.b", h.hidden),
            ))
        self._file = f  # keeps the token table's mapping alive
        self._max_tokens = min(MAX_TOKENS, h.max_positions - 2)
        # numpy releases the GIL inside BLAS; one forward pass at a time keeps two callers
        # (embedding worker, a query) from each spawning a full set of BLAS threads at once
        self._lock = threading.Lock()

    # -- Embedder protocol --------------------------------------------------------------
    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Passages: stored events and chunks."""
        return self._embed(texts, "passage: ")

    def embed_query(self, texts: Sequence[str]) -> np.ndarray:
        """Questions (e5 was trained with an asymmetric prefix)."""
        return self._embed(texts, "query: ")

    # -- internals ----------------------------------------------------------------------
    def token_ids(self, text: str, prefix: str = "passage: ") -> list[int]:
        content = self.tokenizer.encode(prefix + (text or "")[:MAX_CHARS], self._max_tokens)
        return [self._bos, *content, self._eos]

    def _embed(self, texts: Sequence[str], prefix: str) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        seqs = [self.token_ids(t, prefix) for t in texts]
        # length-sorted batches: padding is waste, and attention grows with length squared
        order = sorted(range(len(seqs)), key=lambda i: len(seqs[i]))
        start = 0
        while start < len(order):
            longest = len(seqs[order[start]])
            end = start
            while end < len(order):
                longest = max(longest, len(seqs[order[end]]))
                if (end - start + 1) * longest > BATCH_TOKENS and end > start:
                    break
                end += 1
            batch = order[start:end]
            with self._lock:
                out[batch] = self._forward([seqs[i] for i in batch])
            start = end
        return out

    def _forward(self, seqs: list[list[int]]) -> np.ndarray:
        n, length, hidden = len(seqs), max(len(s) for s in seqs), self.dim
        ids = np.zeros((n, length), dtype=np.int64)
        mask = np.zeros((n, length), dtype=np.float32)
        for row, s in enumerate(seqs):
            ids[row, :len(s)] = s
            mask[row, :len(s)] = 1.0
        nb = hidden // QK
        rows = ids.reshape(-1)
        uniq, inverse = np.unique(rows, return_inverse=True)
        table = dequantise(self._word.reshape(-1, nb)[uniq].reshape(-1)).reshape(-1, hidden)
        x = table[inverse].reshape(n, length, hidden)
        x += self._pos[:length][None]
        x += self._type
        x = x.reshape(n * length, hidden)
        layer_norm_(x, *self._eln, self._eps)
        heads, head_dim = self._heads, hidden // self._heads
        scale = np.float32(1.0 / np.sqrt(head_dim))
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        for (qkv_w, qkv_b, ao_w, ao_b, aln_w, aln_b, fi_w, fi_b, fo_w, fo_b, oln_w,
             oln_b) in self._layers:
            qkv = x @ qkv_w.T
            qkv += qkv_b
            qkv = qkv.reshape(n, length, 3, heads, head_dim).transpose(2, 0, 3, 1, 4)
            q, k, v = qkv[0], qkv[1], qkv[2]
            scores = (q * scale) @ k.transpose(0, 1, 3, 2)
            scores += bias
            scores -= scores.max(-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(-1, keepdims=True)
            ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(n * length, hidden)
            attn = ctx @ ao_w.T
            attn += ao_b
            x += attn
            layer_norm_(x, aln_w, aln_b, self._eps)
            mid = x @ fi_w.T
            mid += fi_b
            gelu_(mid)
            ffn = mid @ fo_w.T
            ffn += fo_b
            x += ffn
            layer_norm_(x, oln_w, oln_b, self._eps)
        x = x.reshape(n, length, hidden)
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled / np.maximum(norms, np.float32(1e-12))
