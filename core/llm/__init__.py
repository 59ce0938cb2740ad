"""Handling what a chat model writes: structured output, grounding, model reconciliation."""
