"""Embedders: the implementations of `core.ports.Embedder`, one module per provider.

Each module imports its own optional dependencies lazily, so importing this package
never needs an extra; a missing extra shows up as a ProviderError on first use.
"""
