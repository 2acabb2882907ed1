"""Training the state-line model (``retrieval/state_lines.py``) from state-change scenario sets.

Where the labels come from. A scenario (``eval/state_changes.py``) says which words the line
telling the new state holds (``expect``) and, often, which the old state's line holds
(``before.expect``); its family is the state asked. So every user line of a scenario is
labelled: one holding those words tells the family's state (unless it asks — "问界高速NCA怎么开
启" names the new car in a question); any other line — requests, small talk, other people's
news, plans, hypotheticals — tells none. Lines said by another chat speaker are left out (the
question is the user's state).

Why lines alone. The embedding worker embeds a chat message after the end of the message before
it in its session (``l1/embedding_worker.conversation_context``); a neighbour's words swamp a
short line's vector, and a model shown both renderings did worse on lines alone (on four sets
held apart, sets tm-tp: the newest line it read as the state was the new state in 124 / 160
scenarios when fit on lines alone, 114 when fit on both) and still poorly after a neighbour
(24 and 42 / 160). The service reads only the vectors of lines
embedded alone (``RetrievalService._embedded_alone``), so the model is fit on lines alone.

Why our own trainer. One-vs-rest logistic regression on ~14k rows × 384 features is a dozen
lines of numpy with full-batch gradient descent, deterministic (zero start, fixed steps), and
needs no new dependency. Features are standardised for the fit and the scaling is folded back
into each family's direction, so the shipped model works on the raw unit vectors.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from ..governance.cues import has_question_cue
from ..retrieval.state_lines import FAMILIES, StateLineModel
from .state_changes import Scenario, load

#: scenario family names -> the model's (``predicates``) names
SCENARIO_FAMILIES = {"employer": "work"}
#: L2 penalty of the fit (on standardised features); chosen by validation on held-apart sets
DEFAULT_L2 = 0.01
DEFAULT_STEPS = 600
DEFAULT_STEP_SIZE = 0.5
#: a family's positives weigh at most this many negatives (they are ~1 in 10 lines)
MAX_POSITIVE_WEIGHT = 8.0


@dataclass(frozen=True, slots=True)
class LabelledLine:
    scenario: str
    text: str
    #: the family whose state the line tells (model names), or None
    family: str | None


def _family(name: str) -> str | None:
    fam = SCENARIO_FAMILIES.get(name, name)
    return fam if fam in FAMILIES else None


def _telling_line(s: Scenario, words: Sequence[str], until: str | None) -> int | None:
    """The index of the user's newest line by ``until`` that holds one of ``words`` and does
    not ask: the line the scenario says tells that state."""
    found = None
    for i, line in enumerate(s.lines):
        text = str(line["text"])
        if (line.get("role") or "user") != "user" or line.get("speaker") or (until and str(line["at"]) > until):
            continue
        if any(w in text.lower() for w in words) and not has_question_cue(text):
            found = i
    return found


def scenario_lines(scenarios: Iterable[Scenario]) -> list[LabelledLine]:
    """The user lines of the scenarios, labelled.

    A scenario names two lines: the newest by its ``now`` that holds the new state's words and
    does not ask, and the newest by ``before.now`` that holds the old state's words. Those tell
    the family's state; a line with none of those words tells none. Other lines holding the
    words — the plan before the change, a question about the new car, a friend's news that
    names the same company — are left out rather than guessed."""
    out: list[LabelledLine] = []
    for s in scenarios:
        fam = _family(s.family)
        telling = {i for i in (_telling_line(s, s.expect, s.now),
                               _telling_line(s, s.before_expect, s.before_now) if s.before_expect else None)
                   if i is not None}
        words = (*s.expect, *s.before_expect)
        for i, line in enumerate(s.lines):
            if (line.get("role") or "user") != "user" or line.get("speaker"):
                continue
            text = str(line["text"])
            if i in telling:
                if fam is None:
                    continue
                label: str | None = fam
            elif any(w in text.lower() for w in words):
                continue
            else:
                label = None
            out.append(LabelledLine(s.id, text, label))
    return out


def load_scenarios(paths: Sequence[Path]) -> list[Scenario]:
    return [s for p in paths for s in load(p)]


def fit(x: np.ndarray, labels: Sequence[str | None], *, l2: float = DEFAULT_L2, steps: int = DEFAULT_STEPS,
        step_size: float = DEFAULT_STEP_SIZE) -> tuple[np.ndarray, np.ndarray]:
    """One logistic regression per family of ``FAMILIES`` (rows of another family or of none
    are its negatives); returns (directions (dim, F), biases (F,)) on the raw features."""
    x = np.asarray(x, np.float64)
    if x.ndim != 2 or x.shape[0] != len(labels) or not len(labels):
        raise ValueError("fit: x must be (rows, dim) with one label per row")
    mu = x.mean(0)
    sd = x.std(0) + 1e-6
    z = (x - mu) / sd
    directions = np.zeros((x.shape[1], len(FAMILIES)))
    biases = np.zeros(len(FAMILIES))
    for k, fam in enumerate(FAMILIES):
        y = np.array([lab == fam for lab in labels], np.float64)
        if not y.any():
            biases[k] = -30.0  # never seen: never said
            continue
        weight = np.where(y > 0, min(MAX_POSITIVE_WEIGHT, (1 - y).sum() / y.sum() / 2), 1.0)
        w = np.zeros(x.shape[1])
        b = 0.0
        for _ in range(steps):
            p = 1.0 / (1.0 + np.exp(-np.clip(z @ w + b, -30, 30)))
            g = (p - y) * weight / len(y)
            w -= step_size * (z.T @ g + l2 * w)
            b -= step_size * float(g.sum())
        directions[:, k] = w / sd
        biases[k] = b - float((mu / sd) @ w)
    return directions, biases


def scenario_questions(scenarios: Iterable[Scenario]) -> list[LabelledLine]:
    """Each scenario's question, labelled with the family it asks about."""
    return [LabelledLine(s.id, s.question, _family(s.family)) for s in scenarios if _family(s.family)]


def train(paths: Sequence[Path], embed: Callable[[list[str]], np.ndarray], model_id: str, *,
          embed_query: Callable[[list[str]], np.ndarray] | None = None,
          l2: float = DEFAULT_L2) -> tuple[StateLineModel, dict[str, int]]:
    """Label, embed (``embed``: the embedder's passage embedding) and fit; with ``embed_query``
    (its query side) the questions' families are fit too. Returns the model and how many rows of
    each label it saw."""
    scenarios = load_scenarios(paths)
    lines = scenario_lines(scenarios)
    if not lines:
        raise ValueError("no user lines in the scenario files")
    x = np.asarray(embed([ln.text for ln in lines]), np.float32)
    directions, biases = fit(x, [ln.family for ln in lines], l2=l2)
    counts: dict[str, int] = {}
    for ln in lines:
        counts[ln.family or "none"] = counts.get(ln.family or "none", 0) + 1
    qd = qb = None
    questions = scenario_questions(scenarios)
    if embed_query is not None and questions:
        q = np.asarray(embed_query([ln.text for ln in questions]), np.float32)
        qd, qb = fit(q, [ln.family for ln in questions], l2=l2)
        qd, qb = qd.astype(np.float32), qb.astype(np.float32)
        counts["questions"] = len(questions)
    return StateLineModel(model_id, FAMILIES, directions.astype(np.float32), biases.astype(np.float32), qd, qb), counts


def question_accuracy(model: StateLineModel, paths: Sequence[Path],
                      embed_query: Callable[[list[str]], np.ndarray]) -> dict[str, float]:
    """How many of the files' questions the model gives their family (its best guess)."""
    questions = scenario_questions(load_scenarios(paths))
    if not questions:
        return {"questions": 0, "right": 0.0}
    q = np.asarray(embed_query([ln.text for ln in questions]), np.float32)
    right = 0
    for ln, vec in zip(questions, q):
        found = model.question_family(vec)
        right += found is not None and found[0] == ln.family
    return {"questions": len(questions), "right": round(right / len(questions), 3)}


def evaluate(model: StateLineModel, paths: Sequence[Path], embed: Callable[[list[str]], np.ndarray],
             threshold: float) -> dict[str, dict[str, float]]:
    """Per language: recall of the lines that tell the asked family's state and the share of
    the other lines scored as telling it (alone, not after another line)."""
    out: dict[str, dict[str, float]] = {}
    for s_lang, scenarios in _by_language(load_scenarios(paths)).items():
        lines = scenario_lines(scenarios)
        fams = {s.id: _family(s.family) for s in scenarios}
        lines = [ln for ln in lines if fams.get(ln.scenario)]
        if not lines:
            continue
        x = np.asarray(embed([ln.text for ln in lines]), np.float32)
        pos = neg = tp = fp = 0
        for ln, vec in zip(lines, x):
            p = float(model.probabilities(vec, fams[ln.scenario])[0])
            if ln.family:
                pos += 1
                tp += p >= threshold
            else:
                neg += 1
                fp += p >= threshold
        out[s_lang] = {"lines_telling": pos, "recall": round(tp / pos, 3) if pos else 0.0,
                       "other_lines": neg, "flagged": round(fp / neg, 3) if neg else 0.0}
    return out


def _by_language(scenarios: Sequence[Scenario]) -> dict[str, list[Scenario]]:
    out: dict[str, list[Scenario]] = {}
    for s in scenarios:
        out.setdefault(s.lang, []).append(s)
    return out
