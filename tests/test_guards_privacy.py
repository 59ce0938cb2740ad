"""SPEC §4.1 — the privacy guard refuses secrets and sensitive identifiers, never echoing them."""

from __future__ import annotations

import base64
import dataclasses

import pytest

from core.guards import Finding, check, check_privacy, privacy
from core.guards import budget as guard_budget
from core.guards.checksums import (
    card_brand_plausible,
    cpf_valid,
    iban_mod97,
    luhn,
    nino_valid,
    sin_valid,
    ssn_valid,
)
from tests.data.guards.make_corpus import B64URL, Gen
from tests.guard_budget_spy import CountingBudget

G = Gen(4242)

# family -> (a sentence carrying a freshly generated, format-valid key, expected rule)
PROVIDER_KEYS = {
    "openai": (f"my openai key is {G.openai()}", "openai_api_key"),
    "anthropic": (f"ANTHROPIC_API_KEY={G.anthropic()}", "anthropic_api_key"),
    "google_api": (f"maps key {G.google_api()} for the store locator", "google_api_key"),
    "google_oauth_secret": (f"client secret GOCSPX-{G.s(B64URL, 28)}", "google_oauth_secret"),
    "github": (f"use {G.github()} for the release workflow", "github_token"),
    "gitlab": (f"gitlab PAT: {G.gitlab()}", "gitlab_token"),
    "slack_bot": (f"SLACK_BOT_TOKEN={G.slack_token()}", "slack_token"),
    "slack_app": (f"socket mode token {G.slack_app()}", "slack_token"),
    "slack_webhook": (f"alerts webhook {G.slack_webhook()}", "slack_webhook"),
    "aws_access_key": (f"the key id is {G.aws_id()}", "aws_access_key"),
    "aws_secret_key": (f"aws_secret_access_key = {G.aws_secret()}", "aws_secret_key"),
    "stripe": (f"stripe: {G.stripe()}", "stripe_secret_key"),
    "twilio": (f"twilio api key {G.twilio()}", "twilio_credential"),
    "sendgrid": (f"{G.sendgrid()} is the sendgrid key", "sendgrid_api_key"),
    "mailgun": (f"mailgun {G.mailgun()}", "mailgun_api_key"),
    "npm": (f"//registry.npmjs.org/:_authToken={G.npm()}", "npm_token"),
    "pypi": (f"twine password {G.pypi()}", "pypi_token"),
    "huggingface": (f"HF_TOKEN={G.huggingface()}", "huggingface_token"),
    "discord_bot": (f"bot token {G.discord_bot()}", "discord_bot_token"),
    "discord_webhook": (f"post to {G.discord_webhook()}", "discord_webhook"),
    "telegram": (f"telegram bot {G.telegram()}", "telegram_bot_token"),
    "azure": (G.azure(), "azure_storage_key"),
    "digitalocean": (f"doctl token {G.digitalocean()}", "digitalocean_token"),
    "heroku": (f"heroku {G.heroku()}", "heroku_api_key"),
    "shopify": (f"shopify admin {G.shopify()}", "shopify_token"),
    "square": (f"square {G.square()}", "square_token"),
    "atlassian": (f"jira {G.atlassian()}", "atlassian_token"),
    "databricks": (f"databricks {G.databricks()}", "databricks_token"),
    "doppler": (f"doppler {G.doppler()}", "doppler_token"),
    "vault": (f"VAULT_TOKEN={G.vault()}", "vault_token"),
    "jwt": (f"session cookie {G.jwt()}", "jwt"),
    "pem": (G.pem(), "private_key"),
}


@pytest.mark.parametrize("family", sorted(PROVIDER_KEYS))
def test_each_provider_credential_format_is_refused_as_a_secret(family: str) -> None:
    text, rule = PROVIDER_KEYS[family]
    finding = check_privacy(text)
    assert finding == Finding("secret", rule, finding.label if finding else "")


def test_an_aws_access_key_is_refused_and_named_without_echo() -> None:
    key = G.aws_id()
    finding = check(f"here is the deploy user's key {key}, keep it safe")
    assert finding is not None
    assert (finding.category, finding.rule, finding.label) == (
        "secret",
        "aws_access_key",
        "an AWS access key",
    )
    assert key not in finding.label and key[:8] not in finding.label


@pytest.mark.parametrize("family", sorted(PROVIDER_KEYS))
def test_the_label_names_the_kind_and_never_contains_the_secret(family: str) -> None:
    text, _ = PROVIDER_KEYS[family]
    finding = check_privacy(text)
    assert finding is not None
    assert finding.label.startswith(("a ", "an "))
    for token in text.split():
        if len(token) >= 12:
            assert token not in finding.label


def test_a_finding_is_immutable() -> None:
    finding = check_privacy("my password is hunter2")
    assert finding is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.label = "hunter2"  # type: ignore[misc]


@pytest.mark.parametrize(
    "text",
    [
        "my password is hunter2",
        "the wifi password is Bluebird42!",
        "pw: Tr0ub4dor&3",
        "Password for the staging admin panel: Qx7#mPq2",
        "DB_PASSWORD=s3cr3t-Pass",
        '"password": "Winter2025!"',
        "passwd=letmein42",
        "the router login is admin / Casa@1234",
        "Kx9#mPq2 is my laptop password",
        "use Lemon-Orbit-77 as the password when the VPN asks",
        "my password? it's Summer2024",
        "my netflix password is bananas",
        "the alarm system password is swordfish",
        "postgres://billing:Xy7pQ2rT@pg-prod.internal:5432/billing",
        "Server=tcp:db.acme.io,1433;Database=prod;User ID=sa;Password=Pr0dPass!;",
        "mongodb+srv://ingest:Summer555#@cluster0.abcd.mongodb.net/app",
        "the staging basic auth is admin:S3cureStaging!",
        "my bank PIN is 4821",
    ],
)
def test_passwords_in_chat_and_config_are_refused(text: str) -> None:
    finding = check_privacy(text)
    assert finding is not None and finding.category == "secret", text


@pytest.mark.parametrize(
    "text",
    [
        "le mot de passe du wifi est Soleil2023",
        "mon mot de passe : Chat#Noir7",
        "mi contraseña es Gato#Negro7",
        "das Kennwort für den Router lautet Sommer2024!",
        "mein Passwort ist Fahrrad99",
        "a minha senha é Casa@1234",
        "la mia password è Ciao2024!",
        "la parola d'ordine è Roma1999",
        "mijn wachtwoord is Fiets!2023",
        "moje hasło to Kotek123",
        "Mon mot de passe Netflix est Cinema2023!",
        "мой пароль Moskva2024",
        "пароль от сервера: Qwerty!234",
        "パスワードはSakura2024です",
        "我的密码是abc12345",
    ],
)
def test_password_statements_in_other_languages_are_refused(text: str) -> None:
    finding = check_privacy(text)
    assert finding is not None and finding.rule.startswith("password"), text


@pytest.mark.parametrize(
    "text",
    [
        f"the mistral api key is {G.generic()}",
        f"COHERE_API_KEY={G.generic()}",
        f"client_secret = '{G.generic()}'",
        f"Here's the OpenWeather API key: {G.s('0123456789abcdef', 32)}",
        f"curl -H 'Authorization: Bearer {G.generic()}' https://api.acme.io",
        f"Authorization: Basic {base64.b64encode(b'deploy:Sup3rS3cret!').decode()}",
    ],
)
def test_unprefixed_keys_are_refused_when_a_keyword_introduces_them(text: str) -> None:
    finding = check_privacy(text)
    assert finding is not None and finding.category == "secret", text


@pytest.mark.parametrize(
    "text",
    [
        "we use sk-learn for the baseline",
        "scikit-learn==1.5.0 in the training image",
        "the sk-learn-compatible-transformers-wrapper package",
        "the fix landed in 9fceb02d0ae598e95dc970b74767f19372d61af8",
        "revert 3f9a2c1 please",
        "request id 123e4567-e89b-12d3-a456-426614174000 failed",
        "order #4481923 was refunded",
        "ticket 4532015112830366 is about the checkout bug",
        "tracking number 1Z999AA10123456784 arrives Monday",
        "call me at +1 (415) 555-0132",
        "bump to v2.14.3",
        "the password policy requires 12 characters",
        "reset your password via the portal",
        "I forgot my password",
        "the password is stored in 1Password",
        "password-less login ships next sprint",
        "token bucket algorithm",
        "JWT is a standard",
        "staging DB is on port 6543",
        "the API runs on 10.0.3.12:8080",
        "md5 5d41402abc4b2a76b9719d911017c592 matches the mirror",
        "set OPENAI_API_KEY=sk-... before running",
        "export API_KEY=<your-api-key>",
        "replace YOUR_API_KEY in config.yaml",
        "api_key: xxxx",
        "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
        "password: ********",
        "token: ${GITHUB_TOKEN}",
        "postgres://user:password@localhost:5432/app",
        "Authorization: Bearer <token>",
        "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "api_key = os.environ['API_KEY']",
        "OPENAI_API_KEY=sk-1234567890abcdef1234567890abcdef",
        "SLACK_BOT_TOKEN=xoxb-your-slack-bot-token",
        "AKIAXXXXXXXXXXXXXXXX in the README is a placeholder",
        "password: Optional[str] = None",
        "password VARCHAR(255) NOT NULL",
        "the file starts with -----BEGIN RSA PRIVATE KEY----- and ends with the END line",
        "cache key: user:42:profile",
        "S3 object key is uploads/2024/05/report.pdf",
        "le mot de passe est trop court",
        "密码策略要求至少12个字符",
    ],
)
def test_look_alikes_of_secrets_pass(text: str) -> None:
    assert check_privacy(text) is None, text


def test_a_jwt_needs_a_json_header_naming_its_algorithm() -> None:
    jwt = G.jwt()
    assert check_privacy(jwt) == Finding("secret", "jwt", "a JSON Web Token")
    fake = "eyJub3RfanNvbg." + jwt.split(".", 1)[1]  # header is not JSON
    assert check_privacy(fake) is None


# ---- PII ---------------------------------------------------------------------------


def test_a_social_security_number_is_refused_with_or_without_dashes_given_context() -> None:
    ssn = G.ssn()
    assert check_privacy(f"my SSN is {ssn}") == Finding(
        "pii", "us_ssn", "a US social security number"
    )
    assert check_privacy(f"social security number {ssn.replace('-', '')}") is not None
    assert check_privacy(f"ref {ssn.replace('-', '')}") is None  # bare 9 digits need context


@pytest.mark.parametrize(
    "ssn", ["000-12-3456", "666-12-3456", "912-12-3456", "123-00-4567", "123-45-0000"]
)
def test_numbers_that_were_never_issued_as_ssns_pass(ssn: str) -> None:
    assert check_privacy(f"my SSN is {ssn}") is None


@pytest.mark.parametrize("sep", [" ", "-", ""])
def test_a_payment_card_passing_luhn_is_refused(sep: str) -> None:
    number = G.luhn_complete("4", 16)
    grouped = sep.join(number[i : i + 4] for i in range(0, 16, 4))
    assert check_privacy(f"my card is {grouped}") == Finding(
        "pii", "payment_card", "a payment card number"
    )


def test_card_like_numbers_failing_luhn_or_without_an_issuer_prefix_pass() -> None:
    number = G.luhn_complete("4", 16)
    broken = number[:-1] + str((int(number[-1]) + 1) % 10)
    assert check_privacy(f"card {broken}") is None
    no_issuer = G.luhn_complete("99", 16)
    assert check_privacy(f"card {no_issuer}") is None


def test_published_test_cards_pass_only_when_the_sentence_is_about_testing() -> None:
    assert check_privacy("use test card 4242 4242 4242 4242 in the Stripe sandbox") is None
    assert check_privacy("my card is 4242 4242 4242 4242") is not None


def test_an_iban_passing_mod_97_is_refused_and_a_mistyped_one_passes() -> None:
    iban = G.iban()
    assert check_privacy(f"wire it to {iban}") == Finding(
        "pii", "iban", "a bank account number (IBAN)"
    )
    compact = iban.replace(" ", "")
    mistyped = compact[:-1] + str((int(compact[-1]) + 1) % 10)
    assert check_privacy(f"wire it to {mistyped}") is None


def test_uk_national_insurance_and_canadian_sin_are_refused() -> None:
    assert check_privacy(f"my NI number is {G.nino()}") is not None
    assert check_privacy(f"my SIN is {G.sin()}") is not None


def test_phone_numbers_are_not_pii_here() -> None:
    for text in ["call 555-867-5309", "+44 20 7946 0958", "+33 6 12 34 56 78"]:
        assert check_privacy(text) is None


# ---- check digits --------------------------------------------------------------------


def test_check_digit_helpers_follow_their_standards() -> None:
    assert luhn("79927398713") and not luhn("79927398710") and not luhn("12a4")
    assert iban_mod97("GB82 WEST 1234 5698 7654 32")
    assert not iban_mod97("GB82 WEST 1234 5698 7654 33")
    assert not iban_mod97("GB82 WEST 1234 5698 7654")  # wrong length for GB
    assert ssn_valid("123", "45", "6789") and not ssn_valid("666", "45", "6789")
    assert nino_valid("AB 12 34 56 C") and not nino_valid("GB 12 34 56 C")
    sin = G.sin()
    assert sin_valid(sin) and not sin_valid(sin[:-1] + str((int(sin[-1]) + 1) % 10))
    assert sin_valid("046 454 286")  # the published sample
    assert cpf_valid("529.982.247-25") and not cpf_valid("529.982.247-26")
    assert card_brand_plausible("4111111111111111") and not card_brand_plausible("9111111111111111")


# ---- robustness ----------------------------------------------------------------------


ADVERSARIAL = {
    "one letter": "a" * 100_000,
    "password prefixes": "password: " * 10_000,
    "nested base64": base64.b64encode(base64.b64encode(b"x" * 60_000)).decode()[:100_000],
    "digit groups": "1234 " * 20_000,
    "snake case": "a_" * 50_000,
}


MAX_REGEX_CALLS = 600  # a check is a bounded number of regex calls, each with a timeout


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_a_100kb_adversarial_input_is_refused_without_a_single_regex_call(
    name: str, counting_budget: type[CountingBudget]
) -> None:
    finding = check(ADVERSARIAL[name])
    assert finding is not None and finding.rule == "guard_timeout"
    assert counting_budget.calls == 0


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_an_adversarial_input_at_the_scan_cap_is_judged_in_bounded_steps(
    name: str, counting_budget: type[CountingBudget]
) -> None:
    """Judged on its content (none of these is a secret), not failed closed: no pattern
    backtracks into the generous timeout, and the regex calls are few."""
    assert check(ADVERSARIAL[name][: guard_budget.MAX_SCAN_CHARS]) is None
    assert 0 < counting_budget.calls <= MAX_REGEX_CALLS


def test_text_longer_than_the_scan_cap_is_refused_without_scanning() -> None:
    finding = check_privacy("x" * (guard_budget.MAX_SCAN_CHARS + 1))
    assert finding == Finding("secret", "guard_timeout", "text too complex to check")


def test_a_check_that_runs_out_of_time_fails_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(privacy, "Budget", lambda: guard_budget.Budget(0.0))
    finding = check_privacy("an ordinary sentence about deploys")
    assert finding is not None and finding.rule == "guard_timeout"
    assert finding.label == "text too complex to check"
