"""BIP-39 seeds in the other official word lists (`core.guards.seed_lists`): the shipped
lists are the official bytes, a phrase whose checksum holds is refused in every list and
written as people write it, and the same words with a broken checksum are not."""

from __future__ import annotations

import hashlib
import unicodedata
from importlib import resources

import pytest

from core.guards import check
from core.guards.budget import Budget
from core.guards.seed_lists import LANGUAGES, other_language_seeds, read_list, word_numbers
from core.guards.wallets import checksum_holds

# SHA-256 of the lists as the BIP (bitcoin/bips, bip-0039/) and `mnemonic` 0.21 ship them.
DIGESTS = {
    "english": "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda",
    "spanish": "46846a5a0139d1e3cb77293e521c2865f7bcdb82c44e8d0a06a2cd0ecba48c0b",
    "french": "ebc3959ab7801a1df6bac4fa7d970652f1df76b683cd2f4003c941c63d517e59",
    "italian": "d392c49fdb700a24cd1fceb237c1f65dcc128f6b34a8aacb58b59384b5c648c2",
    "portuguese": "2685e9c194c82ae67e10ba59d9ea5345a23dc093e92276fc5361f6667d79cd3f",
    "czech": "7e80e161c3e93d9554c2efb78d4e3cebf8fc727e9c52e03b83b94406bdcc95fc",
    "japanese": "2eed0aef492291e061633d7ad8117f1a2b03eb80a29d0e4e3117ac2528d05ffd",
    "korean": "9e95f86c167de88f450f0aaf89e87f6624a57f973c67b516e338e8e8b8897f60",
    "chinese_simplified": "5c5942792bd8340cb8b27cd592f1015edf56a8c5b26276ee18a482428e7c5726",
    "chinese_traditional": "417b26b3d8500a4ae3d59717d7011952db6fc2fb84b807f3f94ac734e89c1b5f",
}


@pytest.mark.parametrize("language", sorted(DIGESTS))
def test_the_shipped_lists_are_the_official_ones(language: str) -> None:
    data = resources.files("core.guards").joinpath(f"data/bip39_{language}.txt").read_bytes()
    assert hashlib.sha256(data).hexdigest() == DIGESTS[language]
    assert language == "english" or len(set(read_list(language))) == 2048


def test_every_other_list_is_read() -> None:
    assert set(LANGUAGES) == set(DIGESTS) - {"english"}


def _phrase(language: str, size: int, good: bool) -> list[str]:
    """Words of `language` whose checksum holds (or, not `good`, fails): the word numbers
    1, 2, 3, … with the last word chosen to make or break it."""
    words = read_list(language)
    numbers = list(range(7, 7 + size - 1))
    for last in range(2048):
        if checksum_holds([*numbers, last]) == good:
            return [words[n] for n in [*numbers, last]]
    raise AssertionError("no last word")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [12, 24])
def test_a_seed_is_refused_in_each_list_and_a_broken_checksum_is_not(
    language: str, size: int
) -> None:
    space = "\u3000" if language == "japanese" else " "
    good = space.join(_phrase(language, size, good=True))
    bad = space.join(_phrase(language, size, good=False))
    # The guard reads NFKC text (`check_privacy` folds it first); the lists are NFKD.
    assert other_language_seeds(unicodedata.normalize("NFKC", good), Budget())
    finding = check("seed: " + good)
    assert finding is not None and finding.rule == "seed_phrase"
    assert not other_language_seeds(unicodedata.normalize("NFKC", bad), Budget())
    assert check("seed: " + bad) is None


def test_written_as_people_write_them() -> None:
    spanish = _phrase("spanish", 12, good=True)
    accented = next(w for w in spanish if not w.isascii())
    assert accented  # the test needs a word with an accent
    forms = [
        "\n".join(f"{i}. {w}" for i, w in enumerate(spanish, 1)),
        ", ".join(w.upper() for w in spanish),
        "mi frase: " + " ".join(spanish) + " (Ledger)",
        # Without accents, as typed on a keyboard that has none.
        " ".join(w.encode("ascii", "ignore").decode() for w in spanish),
    ]
    for text in forms:
        assert check(text) is not None, text


def test_accents_are_dropped_only_where_the_list_allows() -> None:
    table = word_numbers()
    assert "abaco" in table and "ábaco" in table  # Spanish: unique without accents

    def forms(language: str) -> int:
        number = LANGUAGES.index(language)
        return sum(lang == number for pairs in table.values() for lang, _ in pairs)

    assert forms("spanish") > 2048  # "ábaco" and "abaco"
    # Japanese keeps its voicing marks: "が" is not "か", so one form a word.
    assert forms("japanese") == 2048


def test_chinese_run_together_only_as_a_line_or_named() -> None:
    chars = _phrase("chinese_simplified", 12, good=True)
    together = "".join(chars)
    assert check(together) is not None  # the whole line
    assert check("助记词：" + together) is not None  # named
    # In a sentence, unnamed: a run of common characters, not a seed.
    assert not other_language_seeds("今天我们说" + together + "了。然后回家", Budget())
    broken = "".join(_phrase("chinese_simplified", 12, good=False))
    assert not other_language_seeds("助记词：" + broken, Budget())


@pytest.mark.parametrize(
    "text",
    [
        "mañana vamos a abrir la tienda temprano porque llega un pedido grande de café",
        "demain je dois passer à la banque puis chercher les enfants à l'école",
        "今天天气很好，我们下午去公园散步吧，顺便买点水果。",
        "明日は雨なので、会議はオンラインにしましょう。",
    ],
)
def test_prose_in_those_languages_passes(text: str) -> None:
    assert check(text) is None


def test_a_lone_surrogate_is_read_not_raised() -> None:
    from core.guards import check

    # a text half decoded by a client: the seed scan must not raise on it
    assert check("half \udcff decoded") is None
