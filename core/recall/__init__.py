"""Recall: keyword query construction, hybrid (keyword + vector) search and ranking."""
