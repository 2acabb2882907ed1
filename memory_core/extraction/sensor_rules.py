"""Claims from plugin observations: the activity code and provenance say what happened.

A sensor event's content is a template rendering ("Listened to … by …"), so reading it with
first-person statement patterns would be reading our own prose. The structured fields are the
evidence instead: ``activity.action_code`` picks the rule, ``raw.provenance`` gives the names,
and ``structured_entity_hints`` may retype them (a hint is a plugin's guess: it sets a type,
never a relation). These edges are behavioural (LISTENED_TO, VISITED, WORKS_ON, USES) and the
L2 evidence policy keeps them out of assertions and ToM.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from .inputs import ExtractionInput
from .mentions import Mention, normalize_name, valid_type
from .schema import USER_SUBJECT, ExtractedEntity, FactClaim

CONF_OBSERVED = 0.8

Rule = Callable[[dict[str, Any]], Iterable[tuple[str, str, str, str, str, str]]]
# each rule yields (subject, subject_type, predicate, object, object_type, directness); the
# subject "user" has subject_type "".


def _listen(p: dict[str, Any]):
    track, artist = p.get("track_name"), p.get("artist_name")
    if track:
        yield USER_SUBJECT, "", "LISTENED_TO", track, "media", "explicit"
        if artist:
            yield track, "media", "CREATED_BY", artist, "creator", "explicit"


def _play(p: dict[str, Any]):
    title, creator = p.get("title"), p.get("creator")
    if title:
        yield USER_SUBJECT, "", "PLAYED", title, "media", "explicit"
        if creator:
            yield title, "media", "CREATED_BY", creator, "creator", "explicit"


def _visit_page(p: dict[str, Any]):
    if p.get("title"):
        yield USER_SUBJECT, "", "VISITED", p["title"], "media", "explicit"


def _search(p: dict[str, Any]):
    if p.get("query"):
        yield USER_SUBJECT, "", "SEARCHED_FOR", p["query"], "topic", "explicit"


def _git(p: dict[str, Any]):
    if p.get("repo"):
        yield USER_SUBJECT, "", "WORKS_ON", p["repo"], "project", "explicit"


def _app(p: dict[str, Any]):
    if p.get("app_name"):
        yield USER_SUBJECT, "", "USES", p["app_name"], "software", "explicit"


def _photo(p: dict[str, Any]):
    if p.get("location"):
        yield USER_SUBJECT, "", "VISITED", p["location"], "place", "implied"


RULES: dict[str, Rule] = {
    "listen_music": _listen, "play_media": _play, "visit_page": _visit_page, "search": _search,
    "commit": _git, "push": _git, "merge": _git, "pull": _git, "checkout": _git,
    "app_usage": _app, "take_photo": _photo,
}


def sensor_claims(event: ExtractionInput,
                  mentions: list[Mention]) -> list[tuple[FactClaim, list[ExtractedEntity]]]:
    """(claim, entities it introduces) for each behavioural edge the observation supports."""
    action = (event.activity or {}).get("action_code", "")
    rule = RULES.get(action)
    provenance = event.raw.get("provenance") if isinstance(event.raw, dict) else None
    if rule is None or not isinstance(provenance, dict):
        return []
    hinted = {m.surface.lower(): m for m in mentions if m.source in ("hint", "catalog")}
    evidence = event.content[:240]
    out: list[tuple[FactClaim, list[ExtractedEntity]]] = []
    for subject, subject_type, predicate, obj, obj_type, directness in rule(provenance):
        entities: list[ExtractedEntity] = []
        names: list[tuple[str, str]] = []
        for surface, etype in ((subject, subject_type), (obj, obj_type)):
            if surface == USER_SUBJECT and not etype:
                names.append((USER_SUBJECT, ""))
                continue
            m = hinted.get(str(surface).lower())
            name = m.name if m else normalize_name(str(surface))
            etype = m.entity_type if m else valid_type(etype)
            names.append((name, etype))
            entities.append(ExtractedEntity(mention=str(surface), name=name, entity_type=etype,
                                            event_id=event.event_id,
                                            confidence=0.8 if m is None else m.confidence,
                                            resolved_id=m.resolved_id if m else None))
        (s_name, s_type), (o_name, o_type) = names
        out.append((FactClaim(subject=s_name, predicate=predicate, object=o_name,
                              evidence_text=evidence, event_id=event.event_id,
                              subject_type=s_type or None, object_type=o_type,
                              confidence=CONF_OBSERVED, directness=directness), entities))
    return out
