"""Text handling shared by the index, the queries and the rule extractor."""
