-- 0002: L2 structured cognition.
-- Entities (catalog, aliases, mentions), the event <-> entity inverted index read by L1
-- retrieval, SPO edges, trait assertions, facets, snapshots, episodes, the evidence table every
-- conclusion points back through, conflicts, merges, and the projection / snapshot job queues.
--
-- Tables whose rows get vectors have an explicit INTEGER PRIMARY KEY (entity_seq, edge_seq):
-- vec0 tables are keyed by integers and an implicit rowid may be renumbered by VACUUM.

-- The inverted index: which entities an event mentions (fixed cross-layer contract).
CREATE TABLE l1_event_entities (
    event_id     TEXT NOT NULL,
    event_seq    INTEGER NOT NULL,
    entity_id    TEXT NOT NULL,
    entity_type  TEXT NOT NULL,
    confidence   REAL NOT NULL,
    PRIMARY KEY (event_id, entity_id)
);
CREATE INDEX ix_l1_event_entities_entity ON l1_event_entities(entity_id, event_seq);
CREATE INDEX ix_l1_event_entities_seq ON l1_event_entities(event_seq);

-- The entity catalog: every entity the system knows, with a stable id.
CREATE TABLE entity_catalog (
    entity_seq       INTEGER PRIMARY KEY,
    entity_id        TEXT NOT NULL UNIQUE,
    canonical_name   TEXT NOT NULL,
    name_norm        TEXT NOT NULL,                 -- lower-cased, whitespace-folded
    entity_type      TEXT NOT NULL,                 -- policy.ENTITY_TYPES
    is_user          INTEGER NOT NULL DEFAULT 0,    -- the user's own entity (subject "user")
    status           TEXT NOT NULL DEFAULT 'active', -- active | merged | deleted
    merged_into      TEXT,                          -- entity_id when status = merged
    mention_count    INTEGER NOT NULL DEFAULT 0,
    first_seen_at    REAL,                          -- occurred_at of the first mentioning event
    last_seen_at     REAL,
    created_at       REAL NOT NULL,
    updated_at       REAL NOT NULL,
    embedding_state  TEXT NOT NULL DEFAULT 'pending', -- pending | done | failed
    reason           TEXT NOT NULL DEFAULT '',      -- why it was created (resolution step)
    metadata_json    TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX ix_entity_catalog_name ON entity_catalog(name_norm, entity_type);
CREATE INDEX ix_entity_catalog_type ON entity_catalog(entity_type, status);

-- Names an entity is known by (canonical name, mention names, user-added, merged-in names).
-- INSTR() pre-lookup scans alias_norm for substrings of the batch text.
CREATE TABLE entity_aliases (
    alias_norm   TEXT NOT NULL,
    entity_id    TEXT NOT NULL,
    alias        TEXT NOT NULL,
    source       TEXT NOT NULL,                     -- canonical | mention | user | merge
    created_at   REAL NOT NULL,
    PRIMARY KEY (alias_norm, entity_id)
);
CREATE INDEX ix_entity_aliases_entity ON entity_aliases(entity_id);

-- Every entity mention Phase 1 saw; unbound (entity_id NULL) when confidence was too low or no
-- type was given: the evidence waits here until it can be bound.
CREATE TABLE entity_mentions (
    mention_id    INTEGER PRIMARY KEY,
    event_id      TEXT NOT NULL,
    event_seq     INTEGER NOT NULL,
    mention_text  TEXT NOT NULL,
    name_norm     TEXT NOT NULL,
    entity_type   TEXT,
    entity_id     TEXT,
    confidence    REAL NOT NULL,
    resolution    TEXT NOT NULL,                    -- llm_id | session | alias | disambiguated | reuse | new | unbound
    reason        TEXT NOT NULL DEFAULT '',
    created_at    REAL NOT NULL
);
CREATE UNIQUE INDEX ux_entity_mentions ON entity_mentions(event_id, name_norm, coalesce(entity_type, ''));
CREATE INDEX ix_entity_mentions_event ON entity_mentions(event_id);
CREATE INDEX ix_entity_mentions_entity ON entity_mentions(entity_id);
CREATE INDEX ix_entity_mentions_unbound ON entity_mentions(name_norm) WHERE entity_id IS NULL;

-- SPO edges. triple_id = ids.stable_id(subject_id, predicate, object_id).
CREATE TABLE knowledge_graph (
    edge_seq           INTEGER PRIMARY KEY,
    triple_id          TEXT NOT NULL UNIQUE,
    subject_id         TEXT NOT NULL,
    predicate          TEXT NOT NULL,
    object_id          TEXT NOT NULL,
    predicate_family   TEXT,                        -- preference, possession, residence, ...
    is_core            INTEGER NOT NULL DEFAULT 1,  -- core registry predicate or open predicate
    status             TEXT NOT NULL DEFAULT 'active', -- active | invalidated | superseded | rejected | user_denied
    confidence         REAL NOT NULL,               -- saturating cumulative confidence
    observation_count  INTEGER NOT NULL DEFAULT 0,
    evidence_text      TEXT NOT NULL DEFAULT '',    -- representative span (embedded for edge search)
    directness         TEXT NOT NULL DEFAULT 'explicit', -- explicit | implied (best evidence)
    first_observed_at  REAL,
    last_observed_at   REAL,
    valid_from         REAL,
    valid_to           REAL,                        -- set when it leaves the current profile
    superseded_by      TEXT,                        -- triple_id
    relation_label     TEXT NOT NULL DEFAULT 'new', -- Phase 2: new | corroborates | refines | contradicts | evolves
    reason             TEXT NOT NULL DEFAULT '',
    created_at         REAL NOT NULL,
    updated_at         REAL NOT NULL,
    embedding_state    TEXT NOT NULL DEFAULT 'pending'
);
CREATE INDEX ix_kg_subject ON knowledge_graph(subject_id, predicate, status);
CREATE INDEX ix_kg_object ON knowledge_graph(object_id, predicate, status);
CREATE INDEX ix_kg_family ON knowledge_graph(predicate_family, status);

-- Trait assertions: an entity's own states, preferences and features.
-- merge_key = entity_id|trait|value_norm. Short-term traits carry expires_at (policy.TRAIT_TTL_S).
CREATE TABLE tom_trait_assertions (
    assertion_seq      INTEGER PRIMARY KEY,
    assertion_id       TEXT NOT NULL UNIQUE,
    entity_id          TEXT NOT NULL,
    trait              TEXT NOT NULL,
    value              TEXT NOT NULL,
    value_norm         TEXT NOT NULL,
    merge_key          TEXT NOT NULL,
    term               TEXT NOT NULL,               -- short | long
    polarity           INTEGER NOT NULL DEFAULT 1,  -- 1 asserted, 0 negated ("not X any more")
    status             TEXT NOT NULL,               -- tentative | corroborated | stable | overwritten | expired | user_denied | superseded | rejected
    confidence         REAL NOT NULL,
    evidence_count     INTEGER NOT NULL DEFAULT 0,
    first_observed_at  REAL,
    last_observed_at   REAL,
    valid_from         REAL,
    valid_to           REAL,
    expires_at         REAL,
    superseded_by      TEXT,                        -- assertion_id of the successor
    supersedes         TEXT,                        -- assertion_id of the predecessor
    user_confirmed     INTEGER NOT NULL DEFAULT 0,
    reason             TEXT NOT NULL DEFAULT '',
    created_at         REAL NOT NULL,
    updated_at         REAL NOT NULL
);
CREATE INDEX ix_assertions_entity ON tom_trait_assertions(entity_id, trait, status);
CREATE INDEX ix_assertions_merge ON tom_trait_assertions(merge_key);
CREATE INDEX ix_assertions_expiry ON tom_trait_assertions(expires_at) WHERE expires_at IS NOT NULL;

-- Side attributes of an entity (category from the lexicon, brand, colour ...).
CREATE TABLE entity_facets (
    entity_id    TEXT NOT NULL,
    facet        TEXT NOT NULL,
    value        TEXT NOT NULL,
    confidence   REAL NOT NULL,
    source       TEXT NOT NULL,                     -- lexicon | claim | hint
    reason       TEXT NOT NULL DEFAULT '',
    updated_at   REAL NOT NULL,
    PRIMARY KEY (entity_id, facet, value)
);
CREATE INDEX ix_entity_facets_value ON entity_facets(facet, value);

-- The evidence behind every structured conclusion: one row per (owner, event).
-- owner_kind: edge | assertion | episode | facet; owner_id: triple_id / assertion_id / ...
CREATE TABLE l2_evidence (
    owner_kind     TEXT NOT NULL,
    owner_id       TEXT NOT NULL,
    event_id       TEXT NOT NULL,
    event_seq      INTEGER NOT NULL,
    occurred_at    REAL NOT NULL,
    evidence_text  TEXT NOT NULL DEFAULT '',
    confidence     REAL NOT NULL,
    directness     TEXT NOT NULL DEFAULT 'explicit',
    reason         TEXT NOT NULL DEFAULT '',
    created_at     REAL NOT NULL,
    PRIMARY KEY (owner_kind, owner_id, event_id)
);
CREATE INDEX ix_l2_evidence_event ON l2_evidence(event_id);

-- Current profile per entity (aggregated from active assertions and edges; refreshed async).
CREATE TABLE tom_snapshots (
    entity_id           TEXT PRIMARY KEY,
    snapshot_json       TEXT NOT NULL,
    evidence_event_ids  TEXT NOT NULL DEFAULT '[]',
    reason              TEXT NOT NULL DEFAULT '',
    version             INTEGER NOT NULL DEFAULT 1,
    refreshed_at        REAL NOT NULL
);

-- Episodes: time-bounded stretches of experience.
CREATE TABLE episodes (
    episode_id     TEXT PRIMARY KEY,
    status         TEXT NOT NULL DEFAULT 'candidate', -- candidate | promoted | dropped | merged
    merged_into    TEXT,
    batch_key      TEXT,                              -- session_id / l2_batch_owner it grew from
    started_at     REAL NOT NULL,
    ended_at       REAL NOT NULL,
    event_count    INTEGER NOT NULL DEFAULT 0,
    entity_ids     TEXT NOT NULL DEFAULT '[]',
    topic_terms    TEXT NOT NULL DEFAULT '[]',
    title          TEXT NOT NULL DEFAULT '',
    reason         TEXT NOT NULL DEFAULT '',
    created_at     REAL NOT NULL,
    updated_at     REAL NOT NULL
);
CREATE INDEX ix_episodes_time ON episodes(status, ended_at);

-- Conflict arbitration outcomes (rule or reasoning-tier LLM), with both sides and evidence.
CREATE TABLE l2_conflicts (
    conflict_id         INTEGER PRIMARY KEY,
    conflict_type       TEXT NOT NULL,              -- antonym | state_reversal | preference_reversal | direct_negation
    severity            REAL NOT NULL,
    old_kind            TEXT NOT NULL,              -- edge | assertion
    old_id              TEXT NOT NULL,
    new_kind            TEXT NOT NULL,
    new_id              TEXT NOT NULL,
    decision            TEXT NOT NULL,              -- invalidate_old | keep_old | evolve
    decided_by          TEXT NOT NULL,              -- rule | offline_rule | llm:<model>
    confidence          REAL NOT NULL,
    reason              TEXT NOT NULL DEFAULT '',
    evidence_event_ids  TEXT NOT NULL DEFAULT '[]',
    created_at          REAL NOT NULL
);
CREATE INDEX ix_l2_conflicts_old ON l2_conflicts(old_kind, old_id);
CREATE INDEX ix_l2_conflicts_new ON l2_conflicts(new_kind, new_id);

-- Entity merges (maintenance or review), with what moved, so a merge can be split again.
CREATE TABLE entity_merges (
    merge_id      INTEGER PRIMARY KEY,
    from_entity   TEXT NOT NULL,
    into_entity   TEXT NOT NULL,
    confidence    REAL NOT NULL,
    reason        TEXT NOT NULL DEFAULT '',
    moved_json    TEXT NOT NULL DEFAULT '{}',
    created_at    REAL NOT NULL,
    reverted_at   REAL
);

-- Open predicates rewritten to core synonyms by maintenance (learned, auditable).
CREATE TABLE predicate_rewrites (
    open_predicate  TEXT PRIMARY KEY,
    core_predicate  TEXT NOT NULL,
    reason          TEXT NOT NULL DEFAULT '',
    created_at      REAL NOT NULL
);

-- What each projection batch produced (Phase 1/2 output, producer, timing): the reason chain.
CREATE TABLE l2_batch_log (
    batch_id      INTEGER PRIMARY KEY,
    batch_key     TEXT NOT NULL,
    event_ids     TEXT NOT NULL,                    -- JSON list
    producer      TEXT NOT NULL,                    -- rule | llm:<model>
    phase1_json   TEXT NOT NULL DEFAULT '{}',
    phase2_json   TEXT NOT NULL DEFAULT '{}',
    report_json   TEXT NOT NULL DEFAULT '{}',
    created_at    REAL NOT NULL
);
CREATE TABLE l2_batch_events (
    batch_id  INTEGER NOT NULL REFERENCES l2_batch_log(batch_id) ON DELETE CASCADE,
    event_id  TEXT NOT NULL,
    PRIMARY KEY (event_id, batch_id)
);

-- The projection queue: one job per eligible event, claimed in micro-batches per batch_key.
CREATE TABLE l2_projection_jobs (
    job_id           INTEGER PRIMARY KEY,
    event_id         TEXT NOT NULL UNIQUE,
    event_seq        INTEGER NOT NULL,
    batch_key        TEXT NOT NULL,                 -- session_id or l2_batch_owner
    occurred_at      REAL NOT NULL,
    state            TEXT NOT NULL DEFAULT 'pending',
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    next_attempt_at  REAL NOT NULL DEFAULT 0,
    locked_at        REAL,
    created_at       REAL NOT NULL,
    updated_at       REAL NOT NULL
);
CREATE INDEX ix_l2_projection_ready ON l2_projection_jobs(state, next_attempt_at);
CREATE INDEX ix_l2_projection_batch ON l2_projection_jobs(batch_key, state, occurred_at);

-- Snapshot refresh queue: one row per entity (re-pended on every touch).
CREATE TABLE l2_snapshot_jobs (
    job_id           INTEGER PRIMARY KEY,
    entity_id        TEXT NOT NULL UNIQUE,
    state            TEXT NOT NULL DEFAULT 'pending',
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    next_attempt_at  REAL NOT NULL DEFAULT 0,
    locked_at        REAL,
    created_at       REAL NOT NULL,
    updated_at       REAL NOT NULL
);
CREATE INDEX ix_l2_snapshot_ready ON l2_snapshot_jobs(state, next_attempt_at);

-- Vectors of entities and edges live in vec_l2_<kind>_<space_id> (created on first use);
-- this table records which items have one, so deletion can find them.
CREATE TABLE l2_vectors (
    kind       TEXT NOT NULL,                       -- entity | edge
    item_seq   INTEGER NOT NULL,                    -- entity_seq / edge_seq
    space_id   INTEGER NOT NULL,
    item_id    TEXT NOT NULL,                       -- entity_id / triple_id
    PRIMARY KEY (kind, space_id, item_seq)
);
CREATE INDEX ix_l2_vectors_item ON l2_vectors(kind, item_id);
