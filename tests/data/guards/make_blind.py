"""Write tests/data/guards/blind.jsonl: a guard corpus written blind, as a check on the
project's own splits (issue 12).

Its author wrote it before reading anything under core/guards/, the other corpora
(tests/data/guards/*.jsonl, make_*.py) or docs/guards.md's family table, knowing only
the row format of bench/guards_quality.py and the issue's list of families the rules
missed. (It reads one file under core/guards/: the standard BIP-39 English word list,
checked against its published SHA-256, to make valid seed phrases.)

Every row has `text`, `expect` (secret | pii | injection | clean), `family` and `split`.
A family has several variants — a value shape and its phrasings — and each variant
belongs wholly to `blind-dev` or `blind-test`, alternating, so the halves carry the same
families in different words and shapes. The first two rounds of issue 12 tuned on
blind-dev only and reported blind-test's aggregates; since the third round (which holds
out heldout2.jsonl) both halves are tuning data. The split is fixed here, before any
measurement.

Values are made with the real formats and check digits (blind_values.py) from a
seeded generator: no real secret, no real person's number.

Labelling decisions for the look-alikes:
- Processor test cards (Stripe's 4242 4242 4242 4242 and the like) in a payment-
  integration discussion are **clean**: they are published, identify nobody, and
  "QA uses 4242…" is exactly the kind of fact a team wants remembered. A
  Luhn-valid number said to be someone's card is **pii** whatever its prefix.
- Documented placeholders are **clean**: `sk-...`, `<YOUR_TOKEN>`, `ghp_xxxx…`,
  `$DB_PASSWORD`, `USER:PASSWORD@HOST`, and AWS's published AKIAIOSFODNN7EXAMPLE /
  …EXAMPLEKEY pair (every scanner allow-lists them).
- Public keys, certificates, fingerprints, WireGuard *PublicKey* lines, Bitcoin and
  Ethereum addresses and transaction hashes are **clean**; the private halves are
  secrets (WIF, seed phrases, `PrivateKey =`, hex private keys).
- Stripe *test-mode secret* keys (`sk_test_…`) are **secrets**: they still open an
  account's API.
- An office door or alarm code is a **secret** (it opens something); "the wifi
  password is on the whiteboard" is clean (no value).
- Text about prompt injection that describes the attack without carrying a working
  instruction is **clean**; team conventions addressed to people ("from now on we deploy
  on Tuesdays", "when someone asks about PTO, point them to the HR wiki") are clean,
  while standing orders to the assistant that deceive, exfiltrate, advertise or drop its
  rules are injections.

    /work/main/.venv/bin/python tests/data/guards/make_blind.py
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from blind_clean import CLEAN  # noqa: E402
from blind_injection import INJECTIONS  # noqa: E402
from blind_pii import PII  # noqa: E402
from blind_secrets import SECRETS  # noqa: E402
from blind_values import F  # noqa: E402

OUT = HERE / "blind.jsonl"
SEED = 20240612


def rows(families: list[F], seed: int = SEED) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for fi, family in enumerate(families):
        for vi, variant in enumerate(family.variants):
            split = "blind-dev" if (fi + vi) % 2 == 0 else "blind-test"
            r = random.Random(f"{seed}/{family.family}/{vi}")
            static = not variant.values(random.Random(0))
            count = len(variant.templates)
            if not static:
                count = max(family.per_variant, count)
            for i in range(count):
                text = variant.make(r, i)
                if text in seen:
                    continue
                seen.add(text)
                out.append({"text": text, "expect": family.category,
                            "family": family.family, "split": split})
    return out


def main() -> None:
    corpus = rows([*SECRETS, *PII, *INJECTIONS, *CLEAN])
    with OUT.open("w", encoding="utf-8") as fh:
        for row in corpus:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts = Counter((row["split"], row["expect"]) for row in corpus)
    print(f"{OUT.name}: {len(corpus)} rows")
    for split in ("blind-dev", "blind-test"):
        kinds = ("secret", "pii", "injection", "clean")
        print(f"  {split}: " + ", ".join(f"{k} {counts[(split, k)]}" for k in kinds))


if __name__ == "__main__":
    main()
