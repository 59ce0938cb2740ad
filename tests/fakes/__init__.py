"""Fakes shared by the test suite: a local OpenAI/Cohere-compatible HTTP server and a
deterministic embedder. Fixtures for them live in `tests.fakes.fixtures`."""
