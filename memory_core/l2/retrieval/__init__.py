"""L2 retrieval: grounding plan → parallel subdomains (edges, assertions + snapshots, episodes)
→ fusion with mode weights; plus the "graph" event path (spreading activation → events)."""
