"""Provider credential formats, as data: rule id, label, compiled regex, validator.

Each entry is a format a provider documents or that its keys visibly follow
(prefix, alphabet, length). Prefixes are specific enough that a match is almost
always a real credential; validators remove the rest (placeholders, JWT headers
that are not JSON, base64 that is not random). Whether a pattern runs at all is
decided by the words its own regex needs (`core.guards.prefilter`); `hints` name
its prefix, and only formats with a prefix of two or more characters are matched
again on unmasked views (a one-character hint such as ":" would match everything).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable
from dataclasses import dataclass

import regex

from core.guards.lazy import lazy
from core.guards.prefilter import StartsFrom, in_run
from core.guards.values import is_placeholder, looks_random

Validator = Callable[[regex.Match[str], str], bool]


@dataclass(frozen=True)
class SecretPattern:
    rule: str
    label: str
    pattern: regex.Pattern[str]  # compiled on first use
    hints: tuple[str, ...] = ()
    validator: Validator | None = None
    # A cheap pattern every match contains, tried first where its prefilter head allows
    # (see `credential_phrases.Phrase.near`): None when the pattern's own gate suffices.
    near: regex.Pattern[str] | None = None
    # With `near`: where a match can start, from where its near matches start
    # (`core.guards.prefilter.in_run`, `in_tokens`); it is tried only there.
    near_starts: StartsFrom | None = None


def _token(m: regex.Match[str]) -> str:
    if "v" in m.re.groupindex and m.group("v"):
        return m.group("v")
    return m.group(0)


def _not_placeholder(m: regex.Match[str], _text: str) -> bool:
    return not is_placeholder(_token(m))


def _random(min_len: int = 16) -> Validator:
    def check(m: regex.Match[str], _text: str) -> bool:
        return looks_random(_token(m), min_len)

    return check


def _b64json(segment: str) -> dict[str, object] | None:
    try:
        raw = base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))
        value = json.loads(raw)
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def _jwt(m: regex.Match[str], _text: str) -> bool:
    """A JWT's header is base64url JSON naming its algorithm; prose never is."""
    header = _b64json(m.group("h"))
    return header is not None and ("alg" in header or "enc" in header)


def _discord(m: regex.Match[str], text: str) -> bool:
    """The first part of a Discord bot token is the bot's numeric id in base64."""
    first = m.group("a")
    if first.startswith("eyJ") or not looks_random(m.group("c"), 20):
        return False
    try:
        decoded = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4))
    except (binascii.Error, ValueError):
        decoded = b""
    return decoded.isdigit() or first[0] in "MNO" or "discord" in text.lower()


def _slack(m: regex.Match[str], _text: str) -> bool:
    """Real Slack tokens carry numeric team/user ids; "xoxb-your-bot-token" does not."""
    token = m.group(0)
    return any(c.isdigit() for c in token) and not is_placeholder(token)


def _aws_id(m: regex.Match[str], _text: str) -> bool:
    return not m.group(0).endswith("EXAMPLE") and not is_placeholder(m.group(0))


_SHORT_BASIC = 16  # under this many base64 characters a word could decode: read strictly


def _basic_auth(m: regex.Match[str], _text: str) -> bool:
    """`Basic` and base64 of "user:password". Short credentials ("admin:hunter2" is 20
    characters) must decode to printable ASCII with a user and a password of three or
    more characters, so "Basic setup" (which decodes to bytes) is not one."""
    blob = m.group("v")
    try:
        decoded = base64.b64decode(blob + "=" * (-len(blob) % 4))
    except (binascii.Error, ValueError):
        return False
    if b":" not in decoded:
        return False
    user, _, password = decoded.decode("latin-1").partition(":")
    if len(blob.rstrip("=")) < _SHORT_BASIC:
        printable = decoded.isascii() and decoded.decode("ascii").isprintable()
        if not printable or not user.strip() or len(password) < 3:
            return False
    return not is_placeholder(password)


def _url_password(m: regex.Match[str], _text: str) -> bool:
    password = m.group("v")
    return not is_placeholder(password) and not password.isdigit()


_B = r"(?<![A-Za-z0-9_\-])"  # start of a token
_E = r"(?![A-Za-z0-9_\-])"  # end of a token


def _p(
    rule: str,
    label: str,
    pattern: str,
    hints: tuple[str, ...],
    validator: Validator | None = _not_placeholder,
    flags: int = 0,
    near: str | None = None,
    near_starts: StartsFrom | None = None,
) -> SecretPattern:
    tight = None if near is None else lazy(near, flags)
    return SecretPattern(rule, label, lazy(pattern, flags), hints, validator, tight, near_starts)


# Most specific first: the first rule that matches names the secret.
SECRET_PATTERNS: tuple[SecretPattern, ...] = (
    _p("private_key", "a private key",
       r"-----BEGIN[ A-Z0-9]{0,20}PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,300}?[A-Za-z0-9+/=]{16,}",
       ("private key",)),
    _p("private_key", "a private key", r"PuTTY-User-Key-File-\d+:", ("putty",)),
    # A key's base64 body with its BEGIN line cut off: the DER start of an RSA (PKCS#1 and
    # PKCS#8), EC or Ed25519 private key. Public keys and certificates start otherwise.
    _p("private_key", "a private key",
       r"(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{3}IB(?:AAK[BC]|ADANBgkqhkiG9w0BAQEFAASC)"
       r"|MIG[A-Za-z0-9+/]AgEAMB[AM]GByqGSM49AgEG|MIGkAgEBBD|MHcCAQEEI|MC4CAQAwBQYDK2VwBCIEI)"
       r"[A-Za-z0-9+/]{40,}",
       ("mii", "mig", "mhccaqeei", "mc4caqawbqydk2vwbciei")),
    _p("private_key", "a private key", r"AGE-SECRET-KEY-1[0-9A-Z]{50,}", ("age-secret",)),
    _p("anthropic_api_key", "an Anthropic API key",
       _B + r"sk-ant-(?:[a-z]{2,10}\d{0,3}-)?[A-Za-z0-9_\-]{20,}", ("sk-ant-",), _random(20)),
    _p("openrouter_api_key", "an OpenRouter API key",
       _B + r"sk-or-v\d-[A-Za-z0-9]{32,}", ("sk-or-",), _random(20)),
    _p("openai_api_key", "an OpenAI API key",
       _B + r"sk-(?:(?:proj|svcacct|admin|None|service)-)?(?P<v>[A-Za-z0-9_\-]{20,})" + _E,
       ("sk-",), _random(20)),
    _p("stripe_secret_key", "a Stripe secret key",
       _B + r"(?:sk|rk)_(?:live|test)_(?P<v>[A-Za-z0-9]{10,})", ("_live_", "_test_"), _random(10)),
    _p("stripe_webhook_secret", "a Stripe webhook secret",
       _B + r"whsec_[A-Za-z0-9+/=]{24,}", ("whsec_",), _random(20)),
    _p("google_api_key", "a Google API key", _B + r"AIza[0-9A-Za-z_\-]{33,37}" + _E, ("aiza",)),
    _p("google_oauth_secret", "a Google OAuth client secret",
       _B + r"GOCSPX-[A-Za-z0-9_\-]{24,32}", ("gocspx-",)),
    _p("google_oauth_token", "a Google OAuth token",
       r"(?<![\w/])1//0[A-Za-z0-9_\-]{30,}|" + _B + r"ya29\.[A-Za-z0-9_\-]{30,}",
       ("1//0", "ya29.")),
    _p("google_service_account", "a Google service account key",
       r'"private_key_id"\s*:\s*"[a-f0-9]{40}"', ("private_key_id",)),
    _p("github_token", "a GitHub token",
       _B + r"(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{30,255})" + _E,
       ("gh", "github_pat_"), _random(20)),
    _p("gitlab_token", "a GitLab token",
       _B + r"(?:gl(?:pat|dt|rt|ptt|cbt|ft|imt|agent|oas|soat|ffct|ct)-[A-Za-z0-9_\-]{20,}"
            r"|GR1348941[A-Za-z0-9_\-]{20,})", ("gl", "gr1348941"), _random(16)),
    _p("slack_webhook", "a Slack webhook URL",
       r"hooks\.slack(?:-gov)?\.com/(?:services|workflows|triggers)/(?P<v>[A-Za-z0-9_/\-]{20,})",
       ("hooks.slack",)),
    _p("slack_token", "a Slack token",
       _B + r"(?:xox[abposre]|xoxe\.xox[bp]|xapp)-(?P<v>[0-9]+-[A-Za-z0-9\-]{8,}"
            r"|[A-Za-z0-9\-]{20,})",
       ("xox", "xapp-"), _slack),
    _p("aws_access_key", "an AWS access key",
       r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])",
       ("akia", "asia", "abia", "acca", "a3t"), _aws_id),
    _p("aws_secret_key", "an AWS secret access key",
       r"(?i:aws|secret)[^\n]{0,40}?(?<![A-Za-z0-9/+])(?P<v>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
       ("aws", "secret"), _random(40)),
    _p("twilio_credential", "a Twilio credential",
       r"(?<![A-Za-z0-9])(?:SK|AC)(?:[0-9a-f]{32}|[0-9A-F]{32})(?![A-Za-z0-9])|(?i:twilio)"
       r"[^\n]{0,60}?(?<![0-9a-fA-F])(?P<v>[0-9a-f]{32})(?![0-9a-fA-F])", ("sk", "ac", "twilio")),
    _p("sendgrid_api_key", "a SendGrid API key",
       _B + r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{30,64}", ("sg.",)),
    _p("mailgun_api_key", "a Mailgun API key",
       _B + r"(?:key-(?P<v>[0-9a-z]{32})|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})" + _E,
       ("key-", "-"), _random(16)),
    _p("mailchimp_api_key", "a Mailchimp API key", _B + r"[0-9a-f]{32}-us\d{1,2}" + _E, ("-us",)),
    _p("npm_token", "an npm token", _B + r"npm_[A-Za-z0-9]{30,40}" + _E, ("npm_",), _random(20)),
    _p("docker_token", "a Docker Hub access token",
       _B + r"dckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,}" + _E, ("dckr_",), _random(16)),
    _p("planetscale_token", "a PlanetScale password or token",
       _B + r"pscale_(?:pw|tkn|oauth)_[A-Za-z0-9_\-.=]{30,}" + _E, ("pscale_",), _random(20)),
    _p("pypi_token", "a PyPI token", _B + r"pypi-[A-Za-z0-9_\-]{32,}", ("pypi-",), _random(30)),
    _p("huggingface_token", "a Hugging Face token",
       _B + r"(?:hf_|api_org_)[A-Za-z0-9]{30,40}" + _E, ("hf_", "api_org_"), _random(20)),
    _p("tailscale_key", "a Tailscale key",
       _B + r"tskey-(?:auth-|client-|api-|scim-|webhook-)?[A-Za-z0-9]{8,}-[A-Za-z0-9]{20,}" + _E,
       ("tskey-",), _random(20)),
    _p("okta_token", "an Okta API token",
       r"(?<![A-Za-z0-9])SSWS\s+(?P<v>[A-Za-z0-9_\-]{40,44})(?![A-Za-z0-9_\-])", ("ssws",),
       _random(30)),
    # Webhook URLs post as whoever made them: the URL itself is the credential.
    _p("webhook_url", "a webhook URL",
       r"(?i:hooks\.zapier\.com/hooks/catch/\d{4,}/(?P<v>[a-z0-9]{5,})"
       r"|(?:outlook\.office(?:365)?\.com/webhook|[\w\-]+\.webhook\.office\.com/webhookb2)/"
       r"[0-9a-f\-]{36}@[0-9a-f\-]{36}/IncomingWebhook/[0-9a-f]{32})",
       ("zapier", "webhook")),
    _p("discord_webhook", "a Discord webhook URL",
       r"discord(?:app)?\.com/api/(?:v\d+/)?webhooks/\d{15,20}/(?P<v>[A-Za-z0-9_\-]{40,})",
       ("discord",)),
    _p("discord_bot_token", "a Discord bot token",
       r"(?<![\w.\-])(?P<a>[A-Za-z0-9_\-]{23,28})\.(?P<b>[A-Za-z0-9_\-]{6,7})"
       r"\.(?P<c>[A-Za-z0-9_\-]{27,40})(?![\w.\-])", (".",), _discord),
    _p("telegram_bot_token", "a Telegram bot token",
       r"(?<![\w:])\d{6,12}:(?:AA[A-Za-z0-9_\-]{30,40}|(?P<v>[A-Za-z0-9_\-]{35}))(?![\w\-])",
       (":",), _random(30)),
    _p("azure_storage_key", "an Azure storage or shared access key",
       r"(?i)(?:AccountKey|SharedAccessKey|SharedAccessSignature|sig)=(?P<v>[A-Za-z0-9+/%]{30,})",
       ("accountkey=", "sharedaccess", "sig="), _random(20)),
    _p("azure_client_secret", "an Azure client secret",
       r"(?<![\w~.\-])[A-Za-z0-9_~.\-]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}(?![\w~.\-])", ("q~",)),
    _p("digitalocean_token", "a DigitalOcean token", _B + r"do[por]_v1_[a-f0-9]{64}", ("_v1_",)),
    _p("heroku_api_key", "a Heroku API key",
       _B + r"HRKU-[A-Za-z0-9_\-]{30,}|(?i:heroku)[^\n]{0,30}?(?i:api[ _\-]?key|token|auth)"
            r"[^\n]{0,20}?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
       ("hrku-", "heroku")),
    _p("shopify_token", "a Shopify access token", _B + r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}",
       ("shp",)),
    _p("square_token", "a Square access token",
       _B + r"(?:EAAA[A-Za-z0-9_\-]{60,}|sq0(?:atp|csp|idp)-[A-Za-z0-9_\-]{22,43})",
       ("eaaa", "sq0")),
    _p("atlassian_token", "an Atlassian API token",
       _B + r"(?:AT(?:ATT|CTT|OAT)[A-Za-z0-9_\-=]{40,}|ATBB[A-Za-z0-9_=.\-]{28,})",
       ("atatt", "atctt", "atoat", "atbb"), _random(20)),
    _p("databricks_token", "a Databricks token", _B + r"dapi[a-f0-9]{32}(?:-\d)?" + _E, ("dapi",)),
    _p("doppler_token", "a Doppler token",
       _B + r"dp\.(?:st|ct|sa|scim|audit|pt)\.[A-Za-z0-9_\-.]{30,}", ("dp.",)),
    _p("vault_token", "a HashiCorp Vault token",
       _B + r"hv[sbr]\.[A-Za-z0-9_\-]{24,}|(?i:vault)[^\n]{0,40}?" + _B + r"s\.[A-Za-z0-9]{24}"
       + _E,
       ("hvs.", "hvb.", "hvr.", "vault"), _random(20)),
    _p("mapbox_secret_token", "a Mapbox secret token",
       _B + r"sk\.eyJ[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}", ("sk.eyj",)),
    _p("jwt", "a JSON Web Token",
       r"(?<![\w\-])(?P<h>eyJ[A-Za-z0-9_\-]{8,})\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]*", ("eyj",),
       _jwt),
    _p("saas_token", "an API token",
       _B + r"(?:lin_api_[A-Za-z0-9]{32,}|ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43}"
            r"|PMAK-[a-f0-9]{24}-[a-f0-9]{34}|sntry[su]_[A-Za-z0-9+/=_]{40,}"
            r"|glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/=]{32,}|NR(?:AK|AA|II)-[A-Z0-9]{27}"
            r"|sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_\-]{20,}|figd_[A-Za-z0-9_\-]{40,}"
            r"|gsk_[A-Za-z0-9]{48,56}|xai-[A-Za-z0-9]{70,90}|r8_[A-Za-z0-9]{37}"
            r"|pplx-[A-Za-z0-9]{40,}|lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}|tvly-(?:dev-)"
            r"?[A-Za-z0-9]{28,}|pul-[a-f0-9]{40}|[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-]{60,}"
            r"|pat[A-Za-z0-9]{14}\.[a-f0-9]{64}|EAA[BCDGI][A-Za-z0-9]{80,}"
            r"|AAAAAAAAAAAAAAAAAAAAA[A-Za-z0-9%]{30,}|sl\.[A-Za-z0-9_\-]{130,}"
            r"|fo1_[A-Za-z0-9_\-]{40,}|rzp_(?:live|test)_[A-Za-z0-9]{14}|dose[a-f0-9]{32}"
            r"|access_token\$production\$[a-z0-9]{16}\$[a-f0-9]{32}"
            r"|AAAA[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{100,})",
       ("lin_api_", "ntn_", "secret_", "pmak-", "sntry", "glsa_", "glc_", "nr", "sbp_", "sb_secret",
        "figd_", "gsk_", "xai-", "r8_", "pplx-", "lsv2_", "tvly-", "pul-", "atlasv1", "pat", "eaa",
        "aaaaaaaaaaaaaaaaaaaaa", "sl.", "fo1_", "rzp_", "dose", "access_token$", "apa91b"),
       _random(16)),
    _p("telegram_bot_token", "a Telegram bot token",
       r"/bot(?P<v>\d{6,12}:[A-Za-z0-9_\-]{30,40})(?![\w\-])", ("/bot",), _random(30)),
    _p("url_token", "a token inside a URL",
       r"(?i)[?&;](?:access_token|token|api[_\-]?key|apikey|key|secret|auth|password|passwd|pwd"
       r"|sig|signature|client_secret|private_token|session(?:_?id)?|code)=(?P<v>[^&\s#\"'<>]{16,})",
       ("=",), _random(16)),
    _p("session_token", "a session cookie or token",
       r"(?i)(?<![\w\-])(?:[\w.\-]*sess(?:ion)?[\w.\-]*|sid|connect\.sid|[\w\-]*csrf[\w\-]*"
       r"|[\w\-]*xsrf[\w\-]*|[\w\-]*auth[\w\-]*[_\-]token|x-[\w\-]*(?:token|key)|api[_\-]?key"
       r"|refresh[_\-]?token|access[_\-]?token|id[_\-]?token|jwt|remember[_\-]?(?:me|token)"
       r"|auth)"
       r"[\"']?(?:\s+(?:value|cookie|header|string))?\s*(?:[=:]|\s(?:is|was)\s)\s*[\"']?"
       r"(?P<v>[A-Za-z0-9%._\-+/]{16,})",
       ("sess", "sid", "csrf", "xsrf", "token", "-key", "api_key", "apikey", "jwt", "remember",
        "auth"),
       _random(16),
       # A name may run on before "sess"/"csrf", so a match could start at any word: it is
       # tried only where a name's last word is followed by "=", ":" or "is" and a value,
       # from the start of that name (its characters are all [\w.\-]) up to the word.
       near=r"(?i)(?:sess|sid|csrf|xsrf|token|key|jwt|remember[_\-]?me|auth)[\w.\-]*[\"']?"
       r"(?:\s+(?:value|cookie|header|string))?\s*(?:[=:]|\s(?:is|was)\s)\s*[\"']?"
       r"[A-Za-z0-9%._\-+/]{16}",
       near_starts=in_run(r"[\w.\-]")),
    _p("http_authorization", "an HTTP authorization header",
       r"(?i)\bauthorization\s*:\s*(?:token|bot|digest|sso-key|apikey|api-key)\s+"
       r"(?P<v>[A-Za-z0-9._\-+/=]{16,})", ("authorization",), _random(16)),
    _p("http_authorization", "an HTTP authorization header",
       r"(?i)\bbearer\s+(?P<v>[A-Za-z0-9_\-.~+/]{20,}=*)", ("bearer",), _random(20)),
    _p("http_authorization", "an HTTP authorization header",
       r"(?i)\bbasic\s+(?P<v>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])", ("basic",), _basic_auth),
    _p("url_credentials", "a password inside a URL",
       r"(?i)(?<![\w+.\-])"
       r"[a-z][a-z0-9+.\-]{1,30}://[^\s:/@?#\"'<>]{0,64}:(?P<v>[^\s@/\"'<>]{1,128})"
       r"@[\w.\-\[\]]+", ("://",), _url_password),
)  # fmt: skip
