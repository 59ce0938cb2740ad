"""Tests for core.recall.textsearch: query terms, FTS5 MATCH safety and coverage."""

import sqlite3

import pytest

from core.recall.textsearch import (
    STOPWORDS,
    convex_fuse,
    coverage,
    fts5_match,
    idf,
    idf_coverage,
    light_stem,
    query_terms,
)

MEMORIES = [
    "[8 May 2023] Caroline: I went to the LGBTQ support group yesterday.",
    "[9 May 2023] Melanie: I painted a sunrise over the lake last year!",
    "[1 June 2023] Caroline: My 3 kids love camping near the beach.",
    '[2 June 2023] Melanie: She said "NEAR(a b)" OR AND NOT col:x ^start * (yes)',
]


@pytest.fixture
def fts():
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE VIRTUAL TABLE m USING fts5(content, "
        "tokenize='porter unicode61 remove_diacritics 2')"
    )
    db.executemany("INSERT INTO m(rowid, content) VALUES (?, ?)", enumerate(MEMORIES))
    yield db
    db.close()


def search(db, text, prefix=False):
    expr = fts5_match(query_terms(text), prefix=prefix)
    if not expr:
        return []
    sql = "SELECT rowid FROM m WHERE m MATCH ? ORDER BY bm25(m)"
    return [r[0] for r in db.execute(sql, (expr,))]


def test_query_terms_are_lowercased_deduplicated_and_keep_order():
    assert query_terms("Camping CAMPING beach camping") == ["camping", "beach"]


def test_query_terms_drop_stopwords_and_question_words():
    assert query_terms("When did Caroline go to the LGBTQ support group?") == [
        "caroline",
        "go",
        "lgbtq",
        "support",
        "group",
    ]


def test_query_terms_keep_stopwords_when_nothing_else_is_left():
    assert query_terms("Who is it?") == ["who", "is", "it"]


def test_query_terms_keep_numbers():
    assert query_terms("What happened on 7 May 2023?") == ["happened", "7", "may", "2023"]


def test_query_terms_are_unicode_aware():
    assert query_terms("Café in Zürich, naïve ПРИВЕТ 東京") == [
        "café",
        "zürich",
        "naïve",
        "привет",
        "東京",
    ]


def test_query_terms_split_on_apostrophes_and_underscores_like_fts5():
    assert query_terms("Caroline's snake_case") == ["caroline", "snake", "case"]


def test_query_terms_are_capped_at_max_terms():
    assert query_terms(" ".join(f"word{i}" for i in range(100)), max_terms=5) == [
        "word0",
        "word1",
        "word2",
        "word3",
        "word4",
    ]


def test_query_terms_of_empty_or_punctuation_only_text_are_empty():
    assert query_terms("") == []
    assert query_terms('?!" * () :^') == []


def test_stopwords_are_lowercase_single_words():
    assert all(w == w.lower() and w.isalpha() for w in STOPWORDS)
    assert {"the", "what", "when", "did"} <= STOPWORDS


def test_fts5_match_quotes_each_term_and_joins_with_or():
    assert fts5_match(["paint", "sunrise"]) == '"paint" OR "sunrise"'


def test_fts5_match_doubles_inner_quotes():
    assert fts5_match(['say "hi"']) == '"say ""hi"""'


def test_fts5_match_prefix_appends_star_after_the_quote():
    assert fts5_match(["camp"], prefix=True) == '"camp"*'


def test_fts5_match_of_no_terms_is_empty():
    assert fts5_match([]) == ""


def test_or_query_finds_a_memory_that_shares_only_some_words(fts):
    assert search(fts, "When did Caroline go to the support group?")[0] == 0


def test_porter_stemming_matches_word_forms(fts):
    assert search(fts, "Who paints sunrises?")[0] == 1


@pytest.mark.parametrize(
    "text",
    [
        '"',
        '""',
        "'",
        "*",
        "camp*",
        "NEAR(a b)",
        "NEAR(",
        "a OR b",
        "OR",
        "AND",
        "NOT",
        "and or not",
        "col:x",
        "content:camping",
        "^start",
        "(",
        ")",
        "((a)",
        "-x",
        "+",
        "{a b}",
        "a : b ^ c * ( ) \" '",
        "NOT NEAR AND OR",
        "\x00",
        "🙂 emoji",
    ],
)
def test_fts_syntax_characters_never_break_a_real_match(fts, text):
    """Syntax characters next to a real word neither error nor hide the real match,
    and alone they match only what their own words would (never everything)."""
    assert 2 in search(fts, f"{text} camping")
    assert 2 in search(fts, f"{text} camping", prefix=True)
    assert set(search(fts, text)) < set(range(len(MEMORIES)))
    assert set(search(fts, text, prefix=True)) < set(range(len(MEMORIES)))


def test_operator_words_are_searched_as_plain_words(fts):
    expr = fts5_match(["OR", "AND", "NOT"])
    assert [r[0] for r in fts.execute("SELECT rowid FROM m WHERE m MATCH ?", (expr,))] == [3]


def test_light_stem_conflates_common_inflections():
    assert {light_stem(w) for w in ("paints", "painting", "painted")} == {"paint"}
    assert light_stem("stories") == "story"
    assert light_stem("glass") == "glass"
    assert light_stem("is") == "is"


def test_coverage_is_the_fraction_of_distinct_query_terms_present():
    terms = ["caroline", "camping", "mountains"]
    assert coverage(terms, MEMORIES[2]) == pytest.approx(2 / 3)


def test_coverage_of_no_terms_is_zero():
    assert coverage([], "anything") == 0.0


def test_coverage_reranks_a_broader_match_above_a_repeated_single_word():
    terms = query_terms("Where did Melanie paint the sunrise?")
    narrow = "[1 May] Caroline: sunrise sunrise sunrise"
    broad = "[1 May] Melanie: I painted that sunrise"
    assert coverage(terms, broad) > coverage(terms, narrow)


def test_idf_is_higher_for_rarer_terms_and_always_positive():
    assert idf(1, 100) > idf(50, 100) > idf(100, 100) > 0


def test_idf_coverage_prefers_more_and_rarer_matched_terms():
    postings = {"lgbtq": [0], "support": [0, 5], "caroline": [0, 2, 5, 7]}
    ranked = idf_coverage(postings, total=10)
    assert [i for i, _ in ranked] == [0, 5, 2, 7]


def test_idf_coverage_works_on_real_fts5_postings(fts):
    terms = query_terms("When did Caroline go to the LGBTQ support group?")
    postings = {
        t: [r[0] for r in fts.execute("SELECT rowid FROM m WHERE m MATCH ?", (fts5_match([t]),))]
        for t in terms
    }
    assert idf_coverage(postings, total=len(MEMORIES))[0][0] == 0


def test_idf_coverage_of_no_postings_is_empty():
    assert idf_coverage({}, total=10) == []


def test_convex_fuse_keeps_a_standout_keyword_hit_first():
    keyword = [(1, 9.0), (2, 2.0), (3, 1.0)]
    vector = [(4, 0.61), (2, 0.60), (3, 0.59), (1, 0.55), (5, 0.30)]
    assert convex_fuse(keyword, vector)[0][0] == 1


def test_convex_fuse_scores_lie_in_unit_interval_and_missing_items_count_as_zero():
    fused = dict(convex_fuse([(1, 3.0), (2, 1.0)], [(3, 0.9), (1, 0.1)], alpha=0.5))
    assert fused == {1: 0.5, 2: 0.0, 3: 0.5}


def test_convex_fuse_handles_empty_and_single_item_lists():
    assert convex_fuse([], []) == []
    assert convex_fuse([(7, 1.0)], []) == [(7, 0.5)]


@pytest.mark.parametrize(
    "text",
    [
        "Priya on the Orbit team: deploy_service v2.3 at 10:30, Kax & co",
        "ALL CAPS and MiXeD, snake_case__words, 3.14 and 1e9",
        "\tnew\nlines  and\x00control chars ~!@#$%^&*()",
    ],
)
def test_the_ascii_fast_path_splits_words_as_the_unicode_path_does(text):
    import unicodedata

    from core.recall.segment import split_word
    from core.recall.textsearch import _WORD, _words

    general = [
        part
        for w in _WORD.findall(unicodedata.normalize("NFKC", text))
        for part in split_word(w.casefold())
    ]
    assert text.isascii() and _words(text) == general and general
