"""Does a line tell the user's state of a family? A linear model over the stored e5 vectors.

Why a model. A ``current_state`` answer is the user's newest line on the asked state, and the
word lists that recognise such a line (``state_statement``: change cues, family words,
in-passing words) had plateaued: fresh scenario sets written by people who saw no code passed
~70 % in English and ~50 % in Chinese, and the misses were wordings no list holds ("在上海奥美当
文案", "蔚来第一天，在安亭的设计中心", "Northern Quarter的新公寓"). The bundled multilingual e5
already embeds every line; a logistic regression per family over those vectors, trained on the
scenario sets' lines, recognises far more of them (docs/retrieval.md, "State lines").

Why linear and one-vs-rest. A family's score is then ``sigmoid(v · x + c)`` — monotone along one
direction ``v`` of the embedding space, so the vector index can *search* by it (the family's
lines, newest window first) as it searches by a question, at any store size; and the model is a
few kilobytes of numbers beside the embedder, tied to it by its model id (vectors of another
embedder mean nothing to it: no model, no score).

Trained by ``magi-memory eval train-state-lines`` (``eval/state_lines_fit.py``). Pure functions
and a frozen record here; the service reads the vectors.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Mapping

import numpy as np

#: the families the model scores, in its column order (``predicates`` names: "work" is the
#: employer family)
FAMILIES = ("work", "residence", "vehicle", "pet", "diet", "relationship", "school", "health")
#: the weights file shipped beside the code, per embedder model-id prefix
WEIGHTS = {"multilingual-e5-small": "state_lines_e5.npz"}


class StateLinesError(ValueError):
    """A weights file that does not hold a usable model."""


@dataclass(frozen=True, slots=True)
class StateLineModel:
    """One logistic regression per family over an embedder's unit vectors."""

    model_id: str
    families: tuple[str, ...]
    #: (dim, families): the direction of each family in the embedding space
    directions: np.ndarray
    #: (families,)
    biases: np.ndarray
    #: the same families read from a *question's* vector (the embedder's query side): which state
    #: a current_state question asks about, when the word rules name none ("whats my ride now")
    question_directions: np.ndarray | None = None
    question_biases: np.ndarray | None = None

    @property
    def dim(self) -> int:
        return int(self.directions.shape[0])

    def column(self, family: str | None) -> int | None:
        return self.families.index(family) if family in self.families else None

    def probabilities(self, vectors: np.ndarray, family: str) -> np.ndarray:
        """P(the line tells the user's ``family`` state) for each row of ``vectors``."""
        k = self.column(family)
        if k is None:
            raise KeyError(family)
        x = np.asarray(vectors, np.float32).reshape(-1, self.dim)
        return _sigmoid(x @ self.directions[:, k] + self.biases[k])

    def query_vector(self, family: str) -> np.ndarray:
        """The family's direction as a search vector: for unit vectors, cosine with it orders
        lines as the family's probability does."""
        k = self.column(family)
        if k is None:
            raise KeyError(family)
        v = self.directions[:, k].astype(np.float32)
        return v / float(np.linalg.norm(v))

    def probability_of_cosine(self, cosine: float, family: str) -> float:
        """P for a unit vector whose cosine with :meth:`query_vector` is ``cosine``."""
        k = self.column(family)
        if k is None:
            raise KeyError(family)
        norm = float(np.linalg.norm(self.directions[:, k]))
        return float(_sigmoid(np.float32(cosine * norm + float(self.biases[k]))))

    def question_family(self, query_vector: np.ndarray) -> tuple[str, float] | None:
        """The family a question's vector most likely asks about, with its probability (None
        without question weights)."""
        if self.question_directions is None or self.question_biases is None:
            return None
        q = np.asarray(query_vector, np.float32).reshape(-1)
        if q.shape != (self.dim,):
            return None
        p = _sigmoid(q @ self.question_directions + self.question_biases)
        k = int(np.argmax(p))
        return self.families[k], float(p[k])

    def to_arrays(self) -> Mapping[str, np.ndarray]:
        out = {"model_id": np.array(self.model_id), "families": np.array(self.families),
               "directions": self.directions.astype(np.float32), "biases": self.biases.astype(np.float32)}
        if self.question_directions is not None and self.question_biases is not None:
            out["question_directions"] = self.question_directions.astype(np.float32)
            out["question_biases"] = self.question_biases.astype(np.float32)
        return out


def _sigmoid(z: np.ndarray | np.floating) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))


def from_arrays(arrays: Mapping[str, np.ndarray]) -> StateLineModel:
    """A model from the arrays of a weights file, checked (a clear error names the field)."""
    for name in ("model_id", "families", "directions", "biases"):
        if name not in arrays:
            raise StateLinesError(f"state-line weights: missing {name!r}")
    directions = np.asarray(arrays["directions"], np.float32)
    biases = np.asarray(arrays["biases"], np.float32)
    families = tuple(str(f) for f in np.asarray(arrays["families"]).tolist())
    if directions.ndim != 2 or directions.shape[1] != len(families):
        raise StateLinesError(f"state-line weights: 'directions' shape {directions.shape} does not fit "
                              f"{len(families)} families")
    if biases.shape != (len(families),):
        raise StateLinesError(f"state-line weights: 'biases' shape {biases.shape}, expected ({len(families)},)")
    if not np.all(np.isfinite(directions)) or not np.all(np.isfinite(biases)):
        raise StateLinesError("state-line weights: non-finite numbers")
    qd = qb = None
    if "question_directions" in arrays or "question_biases" in arrays:
        qd = np.asarray(arrays.get("question_directions"), np.float32)
        qb = np.asarray(arrays.get("question_biases"), np.float32)
        if qd.shape != directions.shape or qb.shape != biases.shape:
            raise StateLinesError(f"state-line weights: 'question_directions' / 'question_biases' shapes "
                                  f"{qd.shape} / {qb.shape} do not match 'directions' / 'biases'")
        if not np.all(np.isfinite(qd)) or not np.all(np.isfinite(qb)):
            raise StateLinesError("state-line weights: non-finite numbers in the question weights")
    return StateLineModel(str(np.asarray(arrays["model_id"]).item()), families, directions, biases, qd, qb)


@lru_cache(maxsize=4)
def for_embedder(model_id: str) -> StateLineModel | None:
    """The shipped model for the embedder ``model_id`` (None: no model for it, e.g. hashing)."""
    name = next((f for prefix, f in WEIGHTS.items() if model_id.startswith(prefix)), None)
    if name is None:
        return None
    ref = resources.files("memory_core.resources").joinpath(name)
    if not ref.is_file():
        return None
    with ref.open("rb") as fh, np.load(fh, allow_pickle=False) as arrays:
        model = from_arrays(dict(arrays))
    return model if model_id.startswith(model.model_id.split(":")[0]) else None
