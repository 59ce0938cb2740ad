"""The benchmarks measure what they claim: metrics, the LoCoMo protocol, synthetic data.

A benchmark that miscounts is worse than none, so its arithmetic is checked on
hand-made rankings, and both scripts are run as a user runs them (a subprocess) on a
tiny held-out file and a tiny size.
"""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys

from bench.locomo import ndcg_at, read_conversation, recall_at, score
from bench.synthetic import facts
from core.models import SaveStatus
from tests.processes import ROOT

E = frozenset({"D1:1", "D1:2"})


def test_recall_at_k_is_the_share_of_evidence_turns_in_the_top_k():
    ranked = [{"D9:9"}, {"D1:2"}, {"D3:3"}, {"D1:1"}]
    assert recall_at(ranked, E, 1) == 0.0
    assert recall_at(ranked, E, 2) == 0.5
    assert recall_at(ranked, E, 4) == 1.0
    assert recall_at([], E, 10) == 0.0


def test_a_memory_standing_for_several_turns_covers_each_of_them():
    assert recall_at([{"D1:1", "D1:2"}], E, 1) == 1.0


def test_ndcg_is_one_for_a_perfect_ranking_and_discounts_late_hits():
    assert ndcg_at([{"D1:1"}, {"D1:2"}, {"x"}], E, 10) == 1.0
    late = ndcg_at([{"x"}, {"y"}, {"D1:1"}], E, 10)
    assert math.isclose(late, (1 / math.log2(4)) / (1 + 1 / math.log2(3)))
    assert ndcg_at([{"x"}] * 10 + [{"D1:1"}], E, 10) == 0.0


def test_scores_average_over_queries():
    scores = score([([{"D1:1"}], E), ([{"D1:1"}, {"D1:2"}], E)])
    assert scores.queries == 2
    assert scores.recall5 == 0.75 and scores.recall10 == 0.75


def locomo_item() -> dict:
    return {
        "sample_id": "conv-t",
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Ben",
            "session_2_date_time": "9:00 am on 2 June, 2023",
            "session_2": [
                {"speaker": "Ana", "dia_id": "D2:1", "text": "Thanks!"},
                {"speaker": "Ben", "dia_id": "D2:2", "text": "I adopted a beagle named Pixel."},
            ],
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ana", "dia_id": "D1:1", "text": "Thanks!"},
                {"speaker": "Ben", "dia_id": "D1:2", "text": "I ran a marathon in Lisbon."},
                {"speaker": "Ana", "dia_id": "D1:3", "text": "My AWS key is AKIAZ7QK3XB5M2TRW9PL"},
                {"speaker": "Ana", "dia_id": "D1:4", "text": "I paint sunrises on Sundays."},
                {"speaker": "Ana", "dia_id": "D1:5", "text": "Thanks!"},
            ],
        },
        "qa": [
            {"question": "Where did Ben run a marathon?", "evidence": ["D1:2"], "category": 4},
            {"question": "What is the dog called?", "evidence": ["D2:2; D1:2"], "category": 1},
            {"question": "Who is Carl?", "evidence": [], "category": 4},
            {"question": "What did Ben paint?", "evidence": ["D1:4"], "category": 5},
        ],
    }


def test_turns_carry_their_session_date_and_speaker_in_session_order():
    conv = read_conversation(locomo_item())
    assert [t.dia_id for t in conv.turns] == [
        "D1:1",
        "D1:2",
        "D1:3",
        "D1:4",
        "D1:5",
        "D2:1",
        "D2:2",
    ]
    assert conv.turns[1].text == "[1:56 pm on 8 May, 2023] Ben: I ran a marathon in Lisbon."
    assert conv.turns[0].when is not None and conv.turns[0].when < conv.turns[5].when


def test_only_categories_1_to_4_with_evidence_are_queries_and_joined_ids_are_split():
    conv = read_conversation(locomo_item())
    assert [(q.category, sorted(q.evidence)) for q in conv.queries] == [
        (4, ["D1:2"]),
        (1, ["D1:2", "D2:2"]),
    ]
    assert conv.unknown_evidence == []


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=300,
        check=False,
    )


def test_the_recall_benchmark_runs_the_protocol_on_a_held_out_file(tmp_path):
    data = tmp_path / "held-out.json"
    data.write_text(json.dumps([locomo_item()]), encoding="utf-8")
    done = run_script("bench/recall_quality.py", "--data", str(data), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["queries"] == 2 and report["conversations"] == 1
    ingest = report["ingest"]
    assert ingest["turns"] == 7
    assert ingest["statuses"] == {"saved": 5, "duplicate": 1, "refused": 1}
    assert ingest["memories"] == 5  # the two "Thanks!" turns of session 1 are one memory
    assert ingest["refused"] == [{"sample": "conv-t", "dia_id": "D1:3", "reason": "secret"}]
    ours, base = report["memorybot"], report["bm25"]
    assert ours["4 single-hop"]["recall@10"] == 1.0 and ours["4 single-hop"]["queries"] == 1
    assert set(ours) == set(base) >= {"all", "1 multi-hop", "4 single-hop", "conv-t"}
    assert base["all"]["queries"] == 2


def test_the_recall_benchmark_prints_a_table_beside_the_baseline(tmp_path):
    data = tmp_path / "held-out.json"
    data.write_text(json.dumps([locomo_item()]), encoding="utf-8")
    done = run_script("bench/recall_quality.py", "--data", str(data), "--no-touch")
    assert done.returncode == 0, done.stderr
    assert "memorybot" in done.stdout and "BM25 baseline" in done.stdout
    assert "no touch" in done.stdout
    assert "refused turns: conv-t D1:3 (secret)" in done.stdout
    assert "AKIAZ7QK3XB5M2TRW9PL" not in done.stdout


def test_a_missing_data_file_is_a_clear_error(tmp_path):
    done = run_script("bench/recall_quality.py", "--data", str(tmp_path / "nope.json"))
    assert done.returncode != 0 and "no data file at" in done.stderr


def test_synthetic_facts_are_deterministic_and_distinct():
    first = [f.text for f in itertools.islice(facts(3), 500)]
    assert first == [f.text for f in itertools.islice(facts(3), 500)]
    assert len(set(first)) == 500
    assert first != [f.text for f in itertools.islice(facts(4), 500)]


async def test_synthetic_facts_are_not_folded_together_by_reconciliation(service):
    statuses = [
        (await service.remember("acme", "alice", f.text)).status
        for f in itertools.islice(facts(11), 300)
    ]
    assert statuses.count(SaveStatus.SAVED) == 300
    assert (await service.stats("acme", "alice")).memories == 300


def test_the_latency_benchmark_prints_a_row_per_size():
    done = run_script(
        "bench/recall_latency.py", "--sizes", "100,200", "--queries", "200", "--warmup", "5"
    )
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines() if line.strip()[:1].isdigit()]
    assert [row[0] for row in rows] == ["100", "200"]
    assert [row[1] for row in rows] == ["100", "200"]  # every fact stored
    assert all(float(row[3]) <= float(row[4]) for row in rows)  # p50 ≤ p95


def test_the_latency_benchmark_insists_on_at_least_200_timed_queries():
    done = run_script("bench/recall_latency.py", "--sizes", "100", "--queries", "50")
    assert done.returncode != 0 and "at least 200" in done.stderr


def test_the_reconciliation_benchmark_ingests_a_held_out_file_and_keeps_distinct_turns(
    tmp_path,
):
    data = tmp_path / "held-out.json"
    data.write_text(json.dumps([locomo_item()]), encoding="utf-8")
    done = run_script("bench/reconcile_quality.py", "--locomo", str(data), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["dev"]["pairs"] + report["test"]["pairs"] >= 300
    ingest = report["ingest"]
    assert ingest["turns"] == 7 and ingest["statuses"]["refused"] == 1
    # six accepted turns, two of them the same "Thanks!": five texts, five memories
    assert (ingest["non_identical_turns"], ingest["separate_memories"]) == (5, 5)
    assert "AKIAZ7QK3XB5M2TRW9PL" not in done.stdout


def test_the_reconciliation_benchmark_times_decide_paired_with_another_commit(tmp_path):
    from bench.reconcile_quality import PROBES, paired_cpu_us

    probes = tmp_path / "probes.jsonl"
    probes.write_text("".join(PROBES.read_text(encoding="utf-8").splitlines(True)[:40]))
    paired = paired_cpu_us("HEAD", probes, rounds=1)
    assert paired["against"] == "HEAD" and paired["rounds"] == 1
    assert paired["before_us"] > 0 and paired["after_us"] > 0  # type: ignore[operator]
    assert paired["ratio"] == round(paired["after_us"] / paired["before_us"], 3)  # type: ignore[operator]
