"""The `query` CLI and the LLM tool schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.cli.main import main
from memory_core.policy import QueryMode
from memory_core.retrieval.service import QueryInputError
from memory_core.retrieval.tool import call_tool, load_tool_schema, openai_tool, validate_arguments
from tests.retrieval import kitchen

NOW_ISO = "2024-05-12T00:00:00Z"  # after the kitchen story (T0 = 2024-05-06)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, capsys) -> str:
    f = tmp_path / "kitchen.jsonl"
    f.write_text("\n".join(json.dumps(p, ensure_ascii=False) for p in kitchen.payloads(kitchen.EN)) + "\n",
                 encoding="utf-8")
    path = str(tmp_path / "m.db")
    code, _, _ = run(capsys, "--db", path, "ingest", str(f))
    assert code == 0
    return path


def test_query_json_findings_carry_the_contract_fields(capsys, db):
    code, out, _ = run(capsys, "--db", db, "query", kitchen.EN_QUESTION, "--now", NOW_ISO, "--json")
    assert code == 0
    data = json.loads(out)
    top = data["findings"][0]
    assert {"event_id", "content", "occurred_at", "author_type"} <= set(top)
    assert "pressure cooker" in top["content"] and top["author_type"] == "user"
    assert data["query_mode"] == "temporal_compare" and "trace" not in data
    code, out, _ = run(capsys, "--db", db, "query", kitchen.EN_QUESTION, "--now", NOW_ISO, "--json", "--trace")
    traced = json.loads(out)
    assert traced["trace"]["paths"]["category"]["weight"] == 1.2
    assert traced["trace"]["anchor"]["text"] == "air fryer"


def test_query_text_output_trace_and_why_not(capsys, db):
    code, out, _ = run(capsys, "--db", db, "query", kitchen.EN_QUESTION, "--now", NOW_ISO, "--json")
    rice_id = None
    code, events, _ = run(capsys, "--db", db, "events", "--json", "--limit", "50")
    for e in json.loads(events):
        if "rice cooker" in e["content"] and e["author_type"] == "user":
            rice_id = e["event_id"]
    code, out, _ = run(capsys, "--db", db, "query", kitchen.EN_QUESTION, "--now", NOW_ISO, "--trace",
                       "--why-not", rice_id)
    assert code == 0
    assert "mode: temporal_compare (anchor)" in out and "[indirect]" in out
    assert "path category" in out and "rerank" in out
    assert f"why not {rice_id}: time_window" in out


def test_query_mode_flag_and_bad_input(capsys, db):
    code, out, _ = run(capsys, "--db", db, "query", "chicken wings and salmon", "--mode", "episode_recall", "--now", NOW_ISO,
                       "--json")
    data = json.loads(out)
    assert data["query_mode"] == "episode_recall"
    # the assistant's replies are no evidence for a question about the user's life ...
    assert not any(f["author_type"] == "assistant" for f in data["findings"])
    # ... but they are for a question about what the assistant said
    code, out, _ = run(capsys, "--db", db, "query", "What did you recommend for chicken wings and salmon?",
                       "--mode", "episode_recall", "--now", NOW_ISO, "--json")
    assert any(f["author_type"] == "assistant" for f in json.loads(out)["findings"])
    code, _, err = run(capsys, "--db", db, "query", "   ")
    assert code == 2 and "query" in err


def test_tool_schema_matches_the_implementation(capsys):
    schema = load_tool_schema()
    assert schema["name"] == "memory_query"
    props = schema["parameters"]["properties"]
    assert props["query_mode"]["enum"] == [m.value for m in QueryMode]
    assert schema["parameters"]["required"] == ["query"]
    assert openai_tool()["function"] == schema
    code, out, _ = run(capsys, "tool-schema", "--openai")
    assert json.loads(out)["type"] == "function"


def test_tool_call_validates_the_models_arguments(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads(kitchen.payloads(kitchen.EN))
    engine.run_until_idle()
    result = call_tool(engine.retrieval, json.dumps({"query": kitchen.EN_QUESTION, "now": NOW_ISO}))
    assert "pressure cooker" in result["findings"][0]["content"]
    for bad, field in (({"query": "x", "query_mode": "facts"}, "query_mode"),
                       ({"query": "x", "colour": 1}, "colour"),
                       ({"query": "x", "limit": 0}, "limit"),
                       ({"query": "x", "filters": {"author_type": "robot"}}, "filters.author_type"),
                       ({}, "query")):
        with pytest.raises(QueryInputError) as err:
            validate_arguments(bad)
        assert err.value.field == field
    with pytest.raises(QueryInputError):
        validate_arguments("{not json")
