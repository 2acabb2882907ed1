"""The offline FAST_CLASSIFY tier for L2 Phase 1: rules instead of a model.

Same input and output as the LLM path (``Phase1Output``), so everything after Phase 1 is the
same whichever produced it. Sources of evidence, strongest first:

1. structured entity hints from plugins (typed, but hints: confidence below a catalog match);
2. gazetteer matches against the known entities of the catalog (names and aliases);
3. lexicon members (``lexicon/categories.py``: 高压锅 → appliance, jazz → topic);
4. statement patterns (see ``patterns.py``) that yield fact claims and, for their object
   phrase, an entity when no stronger source typed it.

Coreference ("it", 它, 那个) resolves to the last entity of the batch, earlier in the text, of
a type the predicate accepts; otherwise the reference is reported unresolved.
"""

from __future__ import annotations

from typing import Sequence

from .inputs import ExtractionInput, KnownEntity, LiveTrait
from .schema import Phase1Output
from .rule_engine import extract_batch


class RuleExtractor:
    """Stateless; one instance can serve every worker thread."""

    producer = "rule"

    def extract(self, events: list[ExtractionInput], known_entities: list[KnownEntity],
                live_traits: Sequence[LiveTrait] = ()) -> Phase1Output:
        out = extract_batch(list(events), list(known_entities), live_traits)
        out.producer = self.producer
        return out
