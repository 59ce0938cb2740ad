"""Governance: how users and admins keep the memory store useful and theirs (SPEC §9).

One module per concern — feedback (trust from 👍 / 👎), correction (edit in place),
pinning, consolidation (merge, retire, mark stale; a background job on a schedule),
MEMORY.md import and export, and erasure. Each works inside store sessions through
`core.ports.StoreSession` only, audits every change and leaves it undoable; the
service exposes them as thin methods.
"""
