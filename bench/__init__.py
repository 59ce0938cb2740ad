"""Benchmarks: recall quality on LoCoMo-format data, recall latency and insert rate."""
