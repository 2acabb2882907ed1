"""Precision / recall of a Phase 1 extractor against a labelled set (the rule extractor's gate).

The labelled file (``tests/extraction/labelled_sentences.json``) holds items with the text,
optional sensor fields, and the gold entities and claims. Matching is exact after name
normalisation (lower case, trimmed):

* an entity is ``(item, name, entity_type)``;
* a relation claim is ``(item, subject, predicate, object, negated)``;
* a trait claim is ``(item, subject, trait, value, negated)``.

Items may carry ``split`` (``dev`` when absent, ``heldout``), ``lang`` (``en`` / ``zh``; guessed from
the text when absent), ``batch``, ``speaker``, ``author_type``, ``hints`` and sensor fields; the
harness passes them to the extractor as L2 would. Scores are reported per split and per
language, for the splits and languages the file has.

Run: ``python -m memory_core.extraction.evaluation tests/extraction/labelled_sentences.json``
or ``… tests/extraction/heldout_sentences.json`` (``-v`` lists every miss and false positive,
grouped by item with its text).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..text.segment import has_cjk
from .inputs import EntityHintInput, ExtractionInput, KnownEntity
from .schema import Phase1Output

SPLITS = ("dev", "heldout")
LANGS = ("en", "zh")


def _n(text: Any) -> str:
    return str(text).strip().lower() if text is not None else ""


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    false_positives: list[tuple] = field(default_factory=list)
    misses: list[tuple] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, gold: set[tuple], pred: set[tuple]) -> None:
        self.tp += len(gold & pred)
        self.fp += len(pred - gold)
        self.fn += len(gold - pred)
        self.false_positives.extend(sorted(pred - gold))
        self.misses.extend(sorted(gold - pred))


@dataclass
class Report:
    entities: Score
    claims: Score
    items: int
    refs_correct: int = 0
    refs_total: int = 0

    def to_json(self) -> dict[str, Any]:
        def s(x: Score) -> dict[str, Any]:
            return {"precision": round(x.precision, 3), "recall": round(x.recall, 3),
                    "f1": round(x.f1, 3), "tp": x.tp, "fp": x.fp, "fn": x.fn}
        return {"items": self.items, "entities": s(self.entities), "claims": s(self.claims),
                "coreference": f"{self.refs_correct}/{self.refs_total}"}


def load(path: str | Path) -> dict[str, Any]:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def known_entities(data: dict[str, Any]) -> list[KnownEntity]:
    return [KnownEntity(k["entity_id"], k["name"], k["entity_type"], tuple(k.get("aliases", ())))
            for k in data.get("known_entities", [])]


def scheduled_are_claims(data: dict[str, Any]) -> bool:
    """Whether the file's labels put a dated future start ("下周一去网易报到", "moving to Tucson
    next month") among its ``claims``. The held-out file's convention is that a future start is
    no claim, and so it is not: the extractor sets such starts apart as ``scheduled_claims``, and
    only ``fact_claims`` are scored. The dev files labelled since the round-5 revision (the state
    from its date) say ``"future_starts": "claims"``, and there both are scored."""
    return data.get("future_starts") == "claims"


def to_input(item: dict[str, Any]) -> ExtractionInput:
    raw = {"provenance": item["provenance"]} if "provenance" in item else {}
    return ExtractionInput(
        event_id=item["id"], content=item["text"], author_type=item.get("author_type", "user"),
        structured_entity_hints=tuple(EntityHintInput(m, t) for m, t in item.get("hints", [])),
        source=item.get("source", "chat"), event_type=item.get("event_type", "CHAT_MESSAGE"),
        activity=item.get("activity"), raw=raw, speaker=item.get("speaker"))


def lang_of(item: dict[str, Any]) -> str:
    """``lang`` when the item says; else ``zh`` for text with CJK characters, ``en`` otherwise."""
    return item.get("lang") or ("zh" if has_cjk(item["text"]) else "en")


def batches(items: list[dict[str, Any]]) -> Iterable[list[dict[str, Any]]]:
    """Items with the same ``batch`` key form one micro-batch; the others are alone."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        key = item.get("batch") or f"single:{item['id']}"
        groups.setdefault(key, []).append(item)
    return groups.values()


def _gold_claim(item_id: str, c: dict[str, Any]) -> tuple:
    subject = _n(c.get("s", "user"))
    if "trait" in c:
        return (item_id, "trait", subject, _n(c["trait"]), _n(c["value"]), bool(c.get("neg")))
    return (item_id, "relation", subject, c["p"], _n(c["o"]), bool(c.get("neg")))


def _pred_claim(c: Any) -> tuple:
    if c.kind == "trait":
        return (c.event_id, "trait", _n(c.subject), _n(c.trait), _n(c.value), bool(c.negated))
    return (c.event_id, "relation", _n(c.subject), c.predicate, _n(c.object), bool(c.negated))


def evaluate(extractor: Any, data: dict[str, Any], split: str | None = None,
             lang: str | None = None) -> Report:
    """``split``: ``dev`` (items without a split), ``heldout``, or None for all items.

    ``lang`` scores only the items of that language; every item of the split is still extracted
    in its batch, so a batch's coreference is the same whichever language is scored.
    """
    known = known_entities(data)
    scheduled = scheduled_are_claims(data)
    items = [i for i in data["items"]
             if split is None or i.get("split", "dev") == split]
    scored = [i for i in items if lang is None or lang_of(i) == lang]
    report = Report(Score(), Score(), items=len(scored))
    for group in batches(items):
        out: Phase1Output = extractor.extract([to_input(i) for i in group], known)
        for item in group:
            if lang is not None and lang_of(item) != lang:
                continue
            iid = item["id"]
            gold_e = {(iid, _n(name), etype) for name, etype in item.get("entities", [])}
            pred_e = {(iid, _n(e.name), e.entity_type) for e in out.entities if e.event_id == iid}
            report.entities.add(gold_e, pred_e)
            gold_c = {_gold_claim(iid, c) for c in item.get("claims", [])}
            pred_c = {_pred_claim(c) for c in (out.all_claims if scheduled else out.fact_claims)
                      if c.event_id == iid}
            report.claims.add(gold_c, pred_c)
            for mention, target in item.get("refs", []):
                report.refs_total += 1
                got = [r for r in out.resolved_refs if r.event_id == iid and r.mention == mention]
                if got and _n(got[0].resolved_to) == _n(target):
                    report.refs_correct += 1
    return report


def breakdown(extractor: Any, data: dict[str, Any]) -> dict[str, Report]:
    """Reports for ``all``, each language, and — when the file mixes splits — each split and
    split/language: a held-out-only file shows its rows once, not a ``dev`` row of zero items
    scored as perfect nor a ``heldout`` copy of ``all``."""
    items = data["items"]
    splits = [s for s in SPLITS if any(i.get("split", "dev") == s for i in items)]
    langs = [g for g in LANGS if any(lang_of(i) == g for i in items)]
    results = {"all": evaluate(extractor, data)}
    for lang in langs:
        results[lang] = evaluate(extractor, data, None, lang)
    if len(splits) > 1:
        for split in splits:
            results[split] = evaluate(extractor, data, split)
            for lang in langs:
                if any(i.get("split", "dev") == split and lang_of(i) == lang for i in items):
                    results[f"{split}/{lang}"] = evaluate(extractor, data, split, lang)
    return results


def misses_by_item(data: dict[str, Any], report: Report) -> list[str]:
    """The verbose listing: each item with a miss or false positive, its text, then the lines."""
    found: dict[str, list[str]] = {}
    for label, score in (("entity", report.entities), ("claim", report.claims)):
        for x in score.misses:
            found.setdefault(x[0], []).append(f"  MISS {label}: {x[1:]}")
        for x in score.false_positives:
            found.setdefault(x[0], []).append(f"  FP   {label}: {x[1:]}")
    lines: list[str] = []
    for item in data["items"]:
        if item["id"] in found:
            who = f" speaker={item['speaker']}" if item.get("speaker") else ""
            who += f" author={item['author_type']}" if item.get("author_type") else ""
            lines.append(f"{item['id']}{who}: {item['text']}")
            lines.extend(found[item["id"]])
    return lines


def main(argv: list[str] | None = None) -> int:
    from .rule_extractor import RuleExtractor

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default="tests/extraction/labelled_sentences.json")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    data = load(args.path)
    results = breakdown(RuleExtractor(), data)
    # one breakdown per line (still one JSON object): the rows compare at a glance
    rows = [f"  {json.dumps(k)}: {json.dumps(v.to_json(), ensure_ascii=False)}" for k, v in results.items()]
    print("{\n" + ",\n".join(rows) + "\n}")
    if args.verbose:
        print("\n".join(misses_by_item(data, results["all"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
