"""Saving: what a memory is (kind, entities, canonical text), reconciling it with what is
known, forgetting by description, and the profile's rules."""
