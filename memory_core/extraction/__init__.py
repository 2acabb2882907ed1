"""L2 Phase 1 extraction: the output schema shared by the LLM path and the offline rule extractor."""
