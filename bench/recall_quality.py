"""Recall quality on LoCoMo-format conversations, through the public API only.

Runs the protocol of shared/data/README.md: every turn is saved with
`remember(workspace, user, "[<date>] <speaker>: <text>")` (one workspace per
conversation, one user), every QA of categories 1–4 with evidence is asked with
`recall(..., limit=10)`, and Recall@5/@10 and NDCG@10 are reported overall, per
category and per conversation, beside a plain BM25 baseline over the same turns
computed in the same run. Going through `open_memory` (not the store) is the point:
guards, reconciliation, ranking and reinforcement all take part, as for a user.

    python bench/recall_quality.py                       # the dev split, SQLite
    python bench/recall_quality.py --no-touch --json     # without reinforcement
    python bench/recall_quality.py --data held-out.json --embedder local
    python bench/recall_quality.py --postgres postgresql://localhost/memorybot
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: make the worktree's packages importable
    sys.path.insert(0, str(ROOT))

import bm25s  # noqa: E402

import core  # noqa: E402
from bench.footer import Honesty, footer_honesty  # noqa: E402
from bench.footer import total as honesty_total  # noqa: E402
from bench.locomo import CATEGORIES, Conversation, Scores, load, score  # noqa: E402
from core.ports import Embedder  # noqa: E402

DEV_SPLIT = Path("shared", "data", "locomo", "locomo-dev.json")
# ../shared relative to the repo root; a worktree one level deeper (wt/<branch>) looks one up.
DEFAULT_DATA = next(
    (
        base / DEV_SPLIT
        for base in (ROOT.parent, ROOT.parent.parent)
        if (base / DEV_SPLIT).is_file()
    ),
    ROOT.parent / DEV_SPLIT,
)
USER = "bench"
LIMIT = 10
DAY = 86_400.0


@dataclass(frozen=True)
class Ranked:
    """One query's results: each result is the set of turns it stands for."""

    sample_id: str
    category: int
    evidence: frozenset[str]
    results: list[frozenset[str]]


@dataclass
class RunStats:
    """What happened to the turns on the way in, and how long saving and recall took."""

    turns: int = 0
    statuses: Counter = field(default_factory=Counter)
    refused: list[tuple[str, str, str]] = field(default_factory=list)  # sample, dia_id, reason
    memories: int = 0
    ingest_seconds: float = 0.0
    recall_seconds: float = 0.0
    honesty: list[Honesty] = field(default_factory=list)  # with --footer


class BenchClock:
    """Wall time, unless pinned: `--session-clock` saves each turn at its session's date."""

    def __init__(self) -> None:
        self.pinned: float | None = None

    def __call__(self) -> float:
        return time.time() if self.pinned is None else self.pinned


# -- memorybot -------------------------------------------------------------------------


async def run_memorybot(
    conversations: Sequence[Conversation],
    url: str,
    embedder: Embedder | None,
    touch: bool,
    session_clock: bool,
    footer: bool = False,
) -> tuple[list[Ranked], RunStats]:
    ingest, ranked = RunStats(), []
    clock = BenchClock()
    run = uuid.uuid4().hex[:8]  # a fresh workspace per run, so a shared database is fine
    workspaces: dict[str, str] = {}
    every_turn: dict[str, set[str]] = {}
    async with core.open_memory(url, embedder=embedder, clock=clock) as memory:
        for conv in conversations:
            workspace = workspaces[conv.sample_id] = f"locomo-{conv.sample_id}-{run}"
            turns_of: dict[str, set[str]] = defaultdict(set)
            started = time.perf_counter()
            for turn in conv.turns:
                clock.pinned = turn.when if session_clock else None
                result = await memory.remember(workspace, USER, turn.text)
                ingest.turns += 1
                ingest.statuses[result.status.value] += 1
                if result.memory is None:
                    reason = result.reason.value if result.reason else result.status.value
                    ingest.refused.append((conv.sample_id, turn.dia_id, reason))
                else:
                    turns_of[result.memory.id].add(turn.dia_id)
            ingest.ingest_seconds += time.perf_counter() - started
            ingest.memories += len(turns_of)
            last = max((t.when for t in conv.turns if t.when), default=None)
            clock.pinned = last + DAY if session_clock and last else None
            started = time.perf_counter()
            for query in conv.queries:
                hits = await memory.recall(workspace, USER, query.question, LIMIT, touch=touch)
                results = [frozenset(turns_of.get(hit.id, ())) for hit in hits]
                ranked.append(Ranked(conv.sample_id, query.category, query.evidence, results))
            ingest.recall_seconds += time.perf_counter() - started
            every_turn.update(turns_of)
        if footer:
            ingest.honesty = await footer_honesty(
                memory, conversations, workspaces, every_turn, USER
            )
    return ranked, ingest


# -- the BM25 baseline -------------------------------------------------------------------


def run_bm25(conversations: Sequence[Conversation]) -> list[Ranked]:
    """Plain BM25 (bm25s defaults: lower-cased, English stopwords, no stemming)."""
    ranked = []
    for conv in conversations:
        corpus = bm25s.tokenize([t.text for t in conv.turns], stopwords="en", show_progress=False)
        retriever = bm25s.BM25()
        retriever.index(corpus, show_progress=False)
        questions = [q.question for q in conv.queries]
        tokens = bm25s.tokenize(questions, stopwords="en", return_ids=False, show_progress=False)
        k = min(LIMIT, len(conv.turns))
        docs, _ = retriever.retrieve(tokens, k=k, show_progress=False)
        for query, row in zip(conv.queries, docs, strict=True):
            results = [frozenset({conv.turns[int(i)].dia_id}) for i in row]
            ranked.append(Ranked(conv.sample_id, query.category, query.evidence, results))
    return ranked


# -- report ------------------------------------------------------------------------------


def breakdown(ranked: Iterable[Ranked]) -> dict[str, Scores]:
    """Scores overall, per category and per conversation (ordered as printed)."""
    ranked = list(ranked)
    groups: dict[str, list[Ranked]] = {"all": ranked}
    for number, name in CATEGORIES.items():
        groups[f"{number} {name}"] = [r for r in ranked if r.category == number]
    for sample in dict.fromkeys(r.sample_id for r in ranked):
        groups[sample] = [r for r in ranked if r.sample_id == sample]
    return {
        name: score([(r.results, r.evidence) for r in rows])
        for name, rows in groups.items()
        if rows
    }


def ingest_summary(ingest: RunStats) -> str:
    statuses = ", ".join(f"{n} {s}" for s, n in ingest.statuses.most_common())
    reasons = Counter(reason for _, _, reason in ingest.refused)
    refused = ", ".join(f"{n} {r}" for r, n in reasons.most_common()) or "none"
    return f"{ingest.turns} turns → {ingest.memories} memories ({statuses}); refused: {refused}"


def table(title: str, ours: dict[str, Scores], base: dict[str, Scores]) -> str:
    block = f"{'R@5':>6} {'R@10':>6} {'NDCG@10':>8}"
    head = f"{'':<16}{'':>5}  {'memorybot':^22}  {'BM25 baseline':^22}  {'Δ':>6}"
    sub = f"{'':<16}{'n':>5}  {block}  {block}  {'R@10':>6}"
    lines = [title, "", head, sub, "-" * len(sub)]
    for name, mine in ours.items():
        other = base[name]
        lines.append(
            f"{name:<16}{mine.queries:>5}  "
            f"{mine.recall5:>6.3f} {mine.recall10:>6.3f} {mine.ndcg10:>8.3f}  "
            f"{other.recall5:>6.3f} {other.recall10:>6.3f} {other.ndcg10:>8.3f}  "
            f"{mine.recall10 - other.recall10:>+6.3f}"
        )
        if name == "all" or name.startswith("4 "):
            lines.append("")
    return "\n".join(lines).rstrip()


# -- command line ------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="LoCoMo-format JSON")
    parser.add_argument(
        "--embedder",
        choices=("none", "local", "local-fp32"),
        default="none",
        help="local-fp32: the local embedder's fp32 path (as before issue 14)",
    )
    parser.add_argument("--postgres", metavar="URL", help="a postgresql:// URL (connected mode)")
    parser.add_argument(
        "--no-touch", action="store_true", help="recall without reinforcing what it returns"
    )
    parser.add_argument(
        "--session-clock",
        action="store_true",
        help="save each turn at its session's date and ask a day after the last session",
    )
    parser.add_argument(
        "--footer",
        action="store_true",
        help="also measure footer honesty: prompt_context in the right and another workspace",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    return parser.parse_args(argv)


def build_embedder(name: str) -> Embedder | None:
    """The local MiniLM embedder, or None; a missing model is a clear exit, not a trace."""
    if name == "none":
        return None
    if name == "local-fp32":
        from core.providers.embedders.local import LocalMiniLMEmbedder

        return LocalMiniLMEmbedder(precision="fp32")
    from core.providers.presets import EmbedConfig, ProviderConfigError
    from core.providers.presets import build_embedder as build

    try:
        return build(EmbedConfig(preset=name))
    except ProviderConfigError as exc:
        sys.exit(f"recall_quality: --embedder {name}: {exc}")


@dataclass
class Report:
    args: argparse.Namespace
    conversations: list[Conversation]
    ours: dict[str, Scores]
    base: dict[str, Scores]
    ingest: RunStats
    bm25_seconds: float

    @property
    def queries(self) -> int:
        return self.ours["all"].queries if "all" in self.ours else 0

    def mode(self) -> str:
        a = self.args
        return ", ".join(
            [
                "postgresql" if a.postgres else "sqlite",
                f"{a.embedder} embedder" if a.embedder != "none" else "keywords only",
                "no touch" if a.no_touch else "touch on",
                *(["session clock"] if a.session_clock else []),
            ]
        )

    def as_json(self) -> dict:
        i = self.ingest
        return {
            "data": str(self.args.data),
            "mode": self.mode(),
            "conversations": len(self.conversations),
            "queries": self.queries,
            "ingest": {
                "turns": i.turns,
                "memories": i.memories,
                "statuses": dict(i.statuses),
                "refused": [{"sample": s, "dia_id": d, "reason": r} for s, d, r in i.refused],
                "ingest_seconds": round(i.ingest_seconds, 2),
                "recall_seconds": round(i.recall_seconds, 2),
            },
            "unknown_evidence": {c.sample_id: c.unknown_evidence for c in self.conversations},
            "footer": [vars(row) for row in i.honesty],
            "memorybot": {k: v.as_dict() for k, v in self.ours.items()},
            "bm25": {k: v.as_dict() for k, v in self.base.items()},
        }

    def render(self) -> str:
        i = self.ingest
        title = (
            f"Recall on {self.args.data.name}: {len(self.conversations)} conversations, "
            f"{self.queries} queries (categories 1–4 with evidence) — memorybot: {self.mode()}"
        )
        lines = [table(title, self.ours, self.base), "", f"memorybot: {ingest_summary(i)}"]
        if i.refused:
            lines.append("  refused turns: " + ", ".join(f"{s} {d} ({r})" for s, d, r in i.refused))
        unknown = {
            c.sample_id: c.unknown_evidence for c in self.conversations if c.unknown_evidence
        }
        if unknown:
            lines.append(f"  evidence ids naming no turn (counted as missed): {unknown}")
        lines.append(
            f"  ingest {i.ingest_seconds:.1f} s "
            f"({i.turns / max(i.ingest_seconds, 1e-9):.0f} turns/s), "
            f"recall {i.recall_seconds:.1f} s "
            f"({1000 * i.recall_seconds / max(self.queries, 1):.1f} ms/query); "
            f"BM25 {self.bm25_seconds:.2f} s"
        )
        if i.honesty:
            lines += ["", "footer honesty (prompt_context, what a reply uses):"]
            lines += [f"  {row.line()}" for row in [*i.honesty, honesty_total(i.honesty)]]
        return "\n".join(lines)


async def measure(args: argparse.Namespace) -> Report:
    if not args.data.is_file():
        sys.exit(f"recall_quality: no data file at {args.data} (pass --data PATH)")
    if args.postgres and not args.postgres.startswith(("postgresql://", "postgres://")):
        sys.exit("recall_quality: --postgres needs a postgresql:// URL")
    conversations = load(args.data)
    embedder = build_embedder(args.embedder)
    with tempfile.TemporaryDirectory(prefix="memorybot-bench-") as tmp:
        url = args.postgres or f"sqlite:///{tmp}/bench.db"
        ours, ingest = await run_memorybot(
            conversations, url, embedder, not args.no_touch, args.session_clock, args.footer
        )
    started = time.perf_counter()
    base = run_bm25(conversations)
    bm25_seconds = time.perf_counter() - started
    return Report(args, conversations, breakdown(ours), breakdown(base), ingest, bm25_seconds)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    report = asyncio.run(measure(args))
    print(json.dumps(report.as_json(), indent=2) if args.json else report.render())


if __name__ == "__main__":
    main()
