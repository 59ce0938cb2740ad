"""Compare the guards with presidio-analyzer and detect-secrets on the dev split.

Neither library is a project dependency: install them in a separate virtualenv and
run this with the project's, pointing --extra-site at the other one's site-packages
(appended to the path, so the project's own packages win). Presidio's pattern
recognizers and validators run without a spaCy model; its context boost needs one,
so two raw score thresholds are shown:

    python -m venv /tmp/cmp && /tmp/cmp/bin/pip install presidio-analyzer detect-secrets
    .venv/bin/python bench/guards_compare.py \
        --extra-site /tmp/cmp/lib/python3.11/site-packages [--split dev|test]

Prints recall on the split's secrets and identifiers and the share of clean rows each
tool would refuse, for our guards, each library, and our guards OR the library.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.guards_quality import SPLITS, load  # noqa: E402

Detector = Callable[[str], bool]

PRESIDIO = (
    "InAadhaarRecognizer", "UkPassportRecognizer", "UsPassportRecognizer", "InPassportRecognizer",
    "DePassportRecognizer", "UsLicenseRecognizer", "UkDrivingLicenceRecognizer",
    "DeFuehrerscheinRecognizer", "UsBankRecognizer", "AbaRoutingRecognizer", "UsItinRecognizer",
    "UkNinoRecognizer", "UsSsnRecognizer", "CreditCardRecognizer", "IbanRecognizer",
    "CaSinRecognizer",
)  # fmt: skip


def presidio(threshold: float) -> Detector:
    import presidio_analyzer.predefined_recognizers as recognizers

    active = [getattr(recognizers, name)() for name in PRESIDIO]

    def detect(text: str) -> bool:
        for recognizer in active:
            results = recognizer.analyze(text, recognizer.supported_entities, None)
            if any(r.score >= threshold for r in results or ()):
                return True
        return False

    return detect


def detect_secrets() -> Detector:
    """Its normal file scan (default plugins, filters and entropy limits), one file a row."""
    import tempfile

    from detect_secrets import SecretsCollection
    from detect_secrets.settings import default_settings

    def detect(text: str) -> bool:
        with tempfile.TemporaryDirectory() as tmp, default_settings():
            path = Path(tmp) / "note.txt"
            path.write_text(text, encoding="utf-8")
            found = SecretsCollection()
            found.scan_file(str(path))
            return bool(list(found))

    return detect


def ours(category: str) -> Detector:
    from core.guards import check

    def detect(text: str) -> bool:
        finding = check(text)
        return finding is not None and finding.category == category

    return detect


def score(rows: list[dict[str, str]], category: str, detect: Detector) -> tuple[float, float]:
    positives = [r["text"] for r in rows if r["expect"] == category]
    clean = [r["text"] for r in rows if r["expect"] == "clean"]
    recall = sum(map(detect, positives)) / len(positives)
    refused = sum(map(detect, clean)) / len(clean)
    return recall, refused


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=sorted(SPLITS), default="dev")
    parser.add_argument("--extra-site", help="site-packages holding the two libraries")
    args = parser.parse_args(argv)
    if args.extra_site:
        sys.path.append(args.extra_site)
    rows = load(*SPLITS[args.split])
    print(f"split: {args.split} ({len(rows)} rows)")
    tools: list[tuple[str, str, Detector]] = [
        ("pii", "memorybot guards", ours("pii")),
        ("pii", "presidio patterns, score ≥ 0.01", presidio(0.01)),
        ("pii", "presidio patterns, score ≥ 0.4", presidio(0.4)),
        ("secret", "memorybot guards", ours("secret")),
        ("secret", "detect-secrets (default plugins)", detect_secrets()),
    ]
    mine = {"pii": ours("pii"), "secret": ours("secret")}
    for category, name, detect in tools:
        recall, refused = score(rows, category, detect)
        print(f"  {category:<6} {name:<36} recall {recall:.3f}  clean refused {refused:.3f}")
        if not name.startswith("memorybot"):
            both = lambda t, d=detect, m=mine[category]: m(t) or d(t)  # noqa: E731
            recall, refused = score(rows, category, both)
            label = "guards OR " + name.split(",")[0]
            print(f"  {category:<6} {label:<36} recall {recall:.3f}  clean refused {refused:.3f}")


if __name__ == "__main__":
    main()
