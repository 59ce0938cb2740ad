"""Secrets announced by words rather than by format: "password: …", "api_key = …".

Passwords and unprefixed keys have no shape of their own, so they are found by
the phrase that introduces them, in code (`DB_PASSWORD=…`, `"api_key": "…"`) and
in chat ("my password is hunter2", "le mot de passe du wifi est …", "パスワードは…").
What follows the phrase is then judged by `values`: an ordinary word ("the
password policy", "password is required") passes, a plausible password or a
random key is refused. Generic high-entropy strings are only refused here, when
a keyword introduces them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import regex

from core.guards.lazy import lazy
from core.guards.prefilter import StartsFrom, in_tokens
from core.guards.values import (
    clean_value,
    is_mark,
    is_placeholder,
    looks_like_code,
    looks_like_path_or_url,
    looks_random,
    password_strength,
)

# Words for "password" in the languages our users write in.
PASSWORD_WORDS = (
    "password", "passwd", "passphrase", "passcode", "passwort", "kennwort", "mot de passe",
    "mdp", "contraseña", "contrasena", "clave", "senha", "palavra-passe", "parola d'ordine",
    "parola d’ordine", "wachtwoord", "hasło", "haslo", "пароль", "пароля", "şifre", "sifre",
    "parola", "lösenord", "losenord", "adgangskode", "passord", "salasana", "heslo", "jelszó",
    "κωδικός", "סיסמה", "סיסמא", "كلمة المرور", "كلمة السر", "पासवर्ड", "mật khẩu",
    "kata sandi", "pwd", "pw", "psswd", "pswd", "passwrd", "pasword", "passw", "pword", "pass",
    "lösenordet", "passordet", "adgangskoden", "kennworts", "passworts", "psw", "p/w", "p.w.",
    "pw.", "pwd.", "wpa key", "wpa2 key", "wpa3 key", "wpa-psk", "wpa2-psk", "psk",
    "pre-shared key", "network key", "wifi key", "wi-fi key", "wlan-schlüssel", "wlan-key",
    "wlan key", "wlan-passwort", "netzwerkschlüssel", "clé wifi", "clé wi-fi", "clé wpa",
    "clave wifi", "clave wpa", "chave wifi", "chave wpa", "parolă", "parola mea",
    "lozinka", "lozinku", "geslo", "slaptažodis", "parool", "şifrem", "şifresi", "sifrem",
    "sifresi", "şifreniz", "contrasenya", "wagwoord", "kata laluan", "รหัสผ่าน",
)  # fmt: skip
_PW = "|".join(sorted((regex.escape(w) for w in PASSWORD_WORDS), key=len, reverse=True))
_CJK_PW = r"パスワード|暗証番号|密码|密碼|口令|비밀번호|암호"

_KEY = (
    r"api[\s_\-]?(?:key|token|secret)|apikey|access[\s_\-]?key(?:[\s_\-]?id)?"
    r"|secret[\s_\-]?(?:access[\s_\-]?)?key|client[\s_\-]?secret|app(?:lication)?[\s_\-]?secret"
    r"|consumer[\s_\-]?(?:key|secret)|private[\s_\-]?key|signing[\s_\-]?(?:key|secret)"
    r"|encryption[\s_\-]?key|master[\s_\-]?key|webhook[\s_\-]?secret|license[\s_\-]?key"
    r"|auth(?:orization)?[\s_\-]?(?:token|key)|(?:access|refresh|bearer|session|bot)[\s_\-]?token"
    r"|deploy[\s_\-]?key|secret|token|key|credentials?|clé(?: d'api| api| secrète)?|clave(?: de)"
    r"?(?: api)?|api-schlüssel|schlüssel|chave(?: de)?(?: api)?|chiave(?: api)?|sleutel|токен"
    r"|ключ(?: api)?|apiキー|トークン|キー|api密钥|密钥|密鑰|令牌"
)
# Keys and tokens that identify rather than authenticate: "cache key", "partition key",
# "public key", "pagination token".
_NOT_A_SECRET_KEY = (
    r"(?<!(?:public|publishable|cache|primary|foreign|partition|sort|idempotency|object|s3|redis"
    r"|row|composite|lookup|dedupe?|hash|map|dict|json|yaml|unique|natural|surrogate|routing"
    r"|shard|cursor|pagination|page|continuation|sync|gpg|pgp|ssh|host|fingerprint"
    r"|item|record|entity|index|group|api\s+gateway\s+route)[\s_\-])"
)
_NOT_SECRET_WORDS = (
    r"public|publishable|cache|primary|foreign|partition|sort|idempotency|object|s3|redis"
    r"|row|composite|lookup|dedupe?|hash|map|dict|json|yaml|unique|natural|surrogate|routing"
    r"|shard|cursor|pagination|page|continuation|sync|gpg|pgp|ssh|host|fingerprint"
    r"|item|record|entity|index|group|next|device|push|fcm|apns|registration"
)
# A key word inside a camelCase name: "stripeSecretKey", "replicaSetKey", "dbApiToken"
# (not "publicKey", "nextPageToken", "cacheKey").
_CAMEL_START = r"(?<=[\p{Ll}\d])(?<!(?:" + _NOT_SECRET_WORDS + r"))(?=(?-i:\p{Lu}))"
# A key word ends at a non-letter, except CJK words, which run straight into the next word.
_KEY_END = r"(?:(?<=[\p{Han}\p{Katakana}\u30fc])|(?![\p{L}]))"

# "is", "=", ":" and their translations; longest first so "is now" beats "is".
_COPULA = (
    r"(?:has\s+been|was|got|is)\s+(?:changed|reset|updated|set|rotated)\s+to|(?:is|was)\s+now"
    r"|is\s+still|changed\s+to|set\s+to|ends\s+up\s+being|(?:will|would|should)\s+be"
    r"|is\s+going\s+to\s+be|becomes|became|remains|equals|is|was|are|:=|=>|->|→|=|:|：|—|–|-"
    r"|c'est|est|es|ist|lautet|war|é|è|era|to|jest|это|är|er|adalah|je|была?|был|['’]s"
)
_FILLER = (
    r"(?:\s+(?:for|to|of|on|at|de|du|des|del|della|di|da|do|für|fürs|zum|zur|von|van|voor|dla|для"
    r"|от|к|na)\s+(?:(?:the|my|our|your|la|le|el|die|der|das|den|dem|o|a|il|mon|ma|mi|mein)\s+)"
    r"?[\w.@\-'’]{1,30}+(?![\w.@\-'’])(?:\s+[\w.@\-'’]{1,20}+(?![\w.@\-'’])){0,3})?"
)
# "my password? it's …", "the key, which is …"
_BRIDGE = r"\s*[?,.:]?\s*(?:it's|it\s+is|its|here\s+it\s+is|here's|here\s+you\s+go|which\s+is)"
# "the password, in case you need it, is …"
_ASIDE = r"(?:\s*,[^,\n]{1,40},)?"
_ADVERB = r"(?:(?:literally|just|simply|now|still|currently|actually|probably|always)\s+)?"
# Nouns that make "password X" a compound ("password manager"), not a disclosure.
_NOT_NOUN = (
    r"(?!\s+(?:manager|policy|policies|field|hint|reset|rules?|requirements?|generator|store|vault"
    r"|hash(?:ing)?|length|prompt|rotation|expiry|change|recovery|strength|protected))"
)
_VALUE = r"[\"'`“‘«]?(?P<v>[^\s\"'`”’»]{3,64})"


@dataclass(frozen=True)
class Phrase:
    rule: str
    label: str
    pattern: regex.Pattern[str]  # compiled on first use
    accept: Callable[[regex.Match[str]], bool]
    # A cheap pattern every match of `pattern` contains, tried first only where its
    # prefilter head allows: a costly pattern whose gate words are everyday substrings
    # ("pass" in "passed") runs only when the word itself is there.
    near: regex.Pattern[str] | None = None
    # With `near`: where a match can start, from where its near matches start
    # (`core.guards.prefilter.in_tokens`, `in_run`); it is tried only there.
    near_starts: StartsFrom | None = None


_AMBIGUOUS_WORDS = frozenset({"pass", "clave", "parola"})
# nsswitch.conf's sources: "passwd: files systemd" names where accounts are looked up.
_NSS_SOURCES = frozenset({
    "files", "systemd", "compat", "nis", "nisplus", "ldap", "sss", "dns", "db", "winbind",
    "myhostname", "mdns", "mdns4", "mdns4_minimal", "mdns6", "resolve", "hesiod", "wins",
    "altfiles", "cache", "extrausers",
})  # fmt: skip
_NSS_ACTION = regex.compile(r"\[!?\w+=\w+\]")
# "password: hunter2 is the classic example": the value named as an example, not given —
# in the phrase detectors' languages too ("passwort=geheim123 (nur Platzhalter)",
# "password: 1234 como ejemplo", "mot de passe : azerty, l'exemple classique").
_NAMED_AS_EXAMPLE = regex.compile(
    r"[\"'`”’»]?\s*(?:[,(—–\-]\s*)?(?:(?:is|was|being|as)\s+)?(?:the|a|an|l['’])?\s*(?:\w+\s+){0,2}?"
    r"(?:example|meme|joke|clich[eé]|placeholder|dummy|beispiel|platzhalter|exemple|ejemplo"
    r"|exemplo|esempio|voorbeeld|przyk[łl]ad(?:u|em)?|örnek|segnaposto)s?\b",
    regex.IGNORECASE,
)
# "const password = await prompt('Password: ')", "pwd = new Secret(…)": the value is the
# keyword that opens an expression, whose call or name follows; not a password.
_CODE_KEYWORDS = frozenset({"await", "new", "yield", "typeof", "async", "require", "lambda"})
_EXPRESSION_GOES_ON = regex.compile(r"\s+[A-Za-z_$][\w.$]*\s*[(\[<]")


def _not_a_password(m: regex.Match[str], kw: str) -> bool:
    """An nsswitch line ("passwd: files systemd") or a value named as an example."""
    if kw == "passwd" and m.group("v").lower() in _NSS_SOURCES:
        rest = m.string[m.start("v") :].split("\n", 1)[0].split()
        if all(w.lower() in _NSS_SOURCES or _NSS_ACTION.fullmatch(w) for w in rest):
            return True
    return bool(_NAMED_AS_EXAMPLE.match(m.string, m.end("v"), m.end("v") + 60))


def _password(weak_ok: bool) -> Callable[[regex.Match[str]], bool]:
    def accept(m: regex.Match[str]) -> bool:
        strength = password_strength(m.group("v"))
        kw = (m.groupdict().get("kw") or "").lower()
        if _not_a_password(m, kw):
            return False
        if m.group("v").lower() in _CODE_KEYWORDS and _EXPRESSION_GOES_ON.match(
            m.string, m.end("v")
        ):
            return False
        if kw in _AMBIGUOUS_WORDS and strength != "strong":
            return False  # "pass", "clave", "parola" are everyday words too
        op = (m.groupdict().get("op") or "").strip().lower()
        if op == "to" and kw not in ("hasło", "haslo"):
            return False  # "to" is a copula only in Polish ("hasło to …")
        return strength == "strong" or (weak_ok and strength == "weak")

    return accept


def _strong(m: regex.Match[str]) -> bool:
    return password_strength(m.group("v")) == "strong"


# "123456 is the most popular password in Germany": a value ranked among everybody's
# passwords, not one given.
_RANKED = regex.compile(
    r"\s(?:the|a)\s+(?:(?:world['’]?s|all[\s\-]time)\s+)?(?:most\s+(?:common|popular|used"
    r"|guessed|hacked|leaked)|commonest|worst|weakest|best[\s\-]known|famous|classic|typical"
    r"|stupidest|dumbest)\s",
    regex.IGNORECASE,
)


def _not_ranked_strong(m: regex.Match[str]) -> bool:
    if _RANKED.search(m.group(0), m.end("v") - m.start()):
        return False
    return _strong(m)


def _password_like(m: regex.Match[str]) -> bool:
    """Letters with digits or symbols (or inner capitals), not a version, path or address."""
    value = clean_value(m.group("v"))
    if password_strength(value) != "strong" or looks_like_path_or_url(value):
        return False
    letters = sum(ch.isalpha() or is_mark(ch) for ch in value)
    others = len(value) - letters
    return letters >= 3 and others >= 1 and len(value) >= 6


_COMBINATION = regex.compile(r"\d{1,2}(?:[\-–/ ]\d{1,2}){2,3}")


def _code_value(m: regex.Match[str]) -> bool:
    """An access code: a password-like value, a 4-8 digit PIN (not a year) or a dial
    combination ("12-34-56")."""
    value = clean_value(m.group("v"))
    if _COMBINATION.fullmatch(value):
        return True
    if value.isdigit():
        return 4 <= len(value) <= 8 and len(set(value)) > 1 and not value.startswith(("19", "20"))
    return _password_like(m)


# "locker 379": lockers are numbered, so a locker's digits are a code only when named one.
_CODE_WORD = regex.compile(r"(?i)\b(?:code|combo|combination|pin|key)\b")


def _pin(m: regex.Match[str]) -> bool:
    return len(set(m.group("v"))) > 1


def _bare_pin(m: regex.Match[str]) -> bool:
    """"voicemail pin 9231": digits straight after the word, so not a year ("pin 2024")."""
    value = m.group("v")
    return len(set(value)) > 1 and not (len(value) == 4 and value.startswith(("19", "20")))


def _key_value(m: regex.Match[str]) -> bool:
    value = clean_value(m.group("v"))
    if is_placeholder(value) or looks_like_path_or_url(value):
        return False
    if looks_like_code(value):
        return False  # SECRET_KEY = config("DJANGO_SECRET_KEY")
    kw = m.group("kw").lower()
    bare = kw in ("key", "token", "secret", "credential", "credentials")
    min_len = 20 if not m.group("op") else (16 if bare else 12)
    return looks_random(value, min_len)


def _c(pattern: str) -> regex.Pattern[str]:
    return lazy(pattern, regex.IGNORECASE | regex.VERSION0)


_L = r"(?<![\p{L}\p{N}])"  # not inside a word (any script)
_R = r"(?![\p{L}])"

# A passphrase of plain words ("passphrase: correct horse battery staple"): three to
# eight words, none of them the grammar a sentence about passphrases needs.
_PLAIN_WORDS = frozenset((
    "a", "an", "the", "is", "are", "was", "be", "to", "of", "in", "on", "at", "for", "with",
    "and", "or", "not", "no", "any", "all", "use", "using", "your", "my", "our", "their",
    "should", "must", "can", "will", "least", "words", "word", "long", "minimum", "required",
    "stored", "set", "it", "this", "that", "from", "by", "as", "if", "you", "we", "they",
))  # fmt: skip


def _word_passphrase(m: regex.Match[str]) -> bool:
    words = regex.split(r"[ \-]", m.group("v").lower())
    return 3 <= len(words) <= 8 and not any(w in _PLAIN_WORDS for w in words)


def _random_letter_groups(value: str) -> bool:
    """Random letters, not words: English words of four letters nearly always hold a vowel,
    four random ones lack one a third of the time."""
    letters = value.replace(" ", "")
    groups = [letters[i : i + 4] for i in range(0, len(letters), 4)]
    return len(set(letters)) >= 8 and any(not set(g) & set("aeiouy") for g in groups)


PHRASES: tuple[Phrase, ...] = (
    # Code and config: DB_PASSWORD=…, "password": "…", pw: …, pass=…
    Phrase("password_assignment", "a password", _c(
        r"(?:(?<![a-z])|(?<=[a-z0-9])(?=(?-i:P)))"
        r"(?P<kw>password|passwd|passphrase|pwd|pw|pass|psswd|pswd|passwrd|pasword)"
        r"(?:[_\-](?:key|value|prod|dev"
        r"|staging|live|test|plain|raw|str|string|b64|base64))?[\"']?\s*(?P<op>:=|=>|=|:|：)"
        r"\s*" + _VALUE), _password(weak_ok=True)),
    # Chat: "my password is hunter2", "le mot de passe du wifi est …", "пароль: …"
    Phrase("password_statement", "a password", _c(
        _L + r"(?P<kw>" + _PW + r")" + _R + _FILLER + _ASIDE + r"(?P<op>" + _BRIDGE + r"|\s*(?:"
        + _COPULA + r"))(?:\s*[:\-–—])?\s+" + _ADVERB + _VALUE), _password(weak_ok=True)),
    # "I set the wifi password to Tr0ub4dor": "to" is too common a word for plain values.
    Phrase("password_statement", "a password", _c(
        r"\b(?:set|change|changed|reset|update|updated|rotate|rotated)\s+(?:the\s+|my\s+|our\s+"
        r"|your\s+|his\s+|her\s+)?(?:[\w\-]+\s+){0,2}?(?P<kw>" + _PW + r")" + _R + r"\s+to\s+"
        + _VALUE), _strong),
    Phrase("password_statement", "a password", _c(
        _L + r"(?P<kw>" + _PW + r")" + _R + _FILLER + r"(?P<op>\s*[:=：]|\s+[\-–—])\s*" + _VALUE),
        _password(weak_ok=True)),
    # A name between the word and the verb ("mot de passe Netflix est …"): password-like only.
    Phrase("password_statement", "a password", _c(
        _L + r"(?P<kw>" + _PW + r")" + _R + _NOT_NOUN + r"(?:\s+[\w\-]{1,20}){1,2}\s+"
        r"(?:is|was|est|es|ist|é|è|är|er|je|jest|=)\s+" + _VALUE), _strong),
    # A few words before the colon ("the password I use everywhere: …"): password-like only.
    Phrase("password_statement", "a password", _c(
        _L + r"(?P<kw>" + _PW + r")" + _R + _NOT_NOUN + r"(?:\s+[\w'’]{1,15}){1,3}\s*[:：]\s*"
        + _VALUE), _strong),
    # Without a verb ("пароль qwerty123", "wifi password Tr0ub4dor"): only password-like values.
    Phrase("password_statement", "a password", _c(
        _L + r"(?P<kw>" + _PW + r")" + _R + _FILLER + r"\s+" + _VALUE), _strong),
    Phrase("password_statement", "a password", _c(
        r"(?:" + _CJK_PW + r")\s*(?:は|是|为|為|:|：|=|는|은|가|이|->|→)?\s*(?:「|『|“)?"
        r"(?P<v>[\x21-\x7e]{4,64})"), _password(weak_ok=True)),
    # "hunter2 is my password", "use Tr0ub4dor as the password", "password changed to …"
    Phrase("password_statement", "a password", _c(
        r"(?<![^\s\"'`(])(?P<v>[^\s\"'`]{4,64})\s+(?:is|was|=|est|es|ist|é|è|jest)\s+(?:my|the|our"
        r"|your|his|her|their|mon|ma|le|la|mi|mein|meine|das|minha|a|il|mijn|het|moje)\s+"
        r"(?:[\w\-]+\s+){0,2}?(?:" + _PW + r")" + _R + _NOT_NOUN), _not_ranked_strong,
        # Its value comes first, so it could start at any word: it runs only where one of
        # the password words stands whole after a space, as every match of it ends, and
        # starts three to five words before it (value, verb, "my", up to two words).
        near=_c(r"(?<=\s)(?:" + _PW + r")" + _R), near_starts=in_tokens(3, 5, "\"'`(")),
    Phrase("password_statement", "a password", _c(
        r"\b(?:use|try|enter|type|it's|its|log\s+in\s+with|login\s+with|sign\s+in\s+with)\s+"
        + _VALUE + r"[\"'`”’»]?\s+(?:as|for)\s+(?:the\s+|my\s+|your\s+|our\s+)?"
        r"(?:[\w\-]+\s+)?(?:" + _PW + r")" + _R + _NOT_NOUN), _password(weak_ok=True)),
    Phrase("credentials", "login credentials", _c(
        r"(?<![a-z])(?:creds?|credentials|logins?|user(?:name)?\s*(?:and|&|/)\s*pass(?:word)?"
        r"|(?:basic|http|proxy)[\s\-]?auth)"
        + _FILLER + r"\s*(?:are|is|:|=)\s*(?P<u>[^\s/:,]{2,40})\s*[/:|,]\s*" + _VALUE),
        _password(weak_ok=True)),
    # "my bank PIN is 4821", "the door code is 7305", "code to the supply closet: 4417"
    Phrase("pin_code", "a PIN or access code", _c(
        r"(?<![a-z])(?:pin(?:\s*(?:code|number|no\.?|#))?|puk(?:\s*code)?|passcode|combination"
        r"|geheimzahl"
        r"|(?:door|gate|alarm|garage|entry|access|lock|safe)\s+code|code\s+pin|código\s+pin"
        r"|code(?=\s+(?:to|for)\s))(?![a-z])"
        r"(?:\s+(?:for|to|of|on|de|du|del)\s+(?:the\s+|my\s+|our\s+|la\s+|le\s+|mon\s+)?"
        r"[\w\-]{1,20}(?:\s+[\w\-]{1,20}){0,2})?"
        r"\s*(?:is|was|:|=|-|–|est|es|ist)\s*(?P<v>\d{4,8})(?!\d)"), _pin),
    # "voicemail pin 9231", "SIM PUK 12345678": the number straight after the word.
    Phrase("pin_code", "a PIN or access code", _c(
        r"(?:\b(?:voicemail|sim|card|bank|debit|credit|phone|atm|app|my|your|his|her|their|our)\s+"
        r"(?:(?:bank|card|app|phone|atm|debit|credit|sim|visa)\s+)?(?:pin|puk)|(?-i:\bPIN|\bPUK)|\bpasscode|\b(?:door|gate|alarm|garage|safe|lock|keypad"
        r"|entry|locker|padlock)\s+(?:code|combo|combination))(?:\s*(?:code|number|no\.?|#))?\s+"
        r"(?P<v>\d{4,8}|\d{1,2}(?:[\-–]\d{1,2}){2,3})(?![\d.:/\-]|,\d)"), _bare_pin),
    # "the password for the shared drive? Lemon#Tree42"
    Phrase("password_statement", "a password", _c(
        _L + r"(?P<kw>" + _PW + r")" + _R + _FILLER + r"\s*\?\s+" + _VALUE), _password_like),
    # "same as netflix, Hund#1994", "same password as gmail: …": a reused password, named
    # by the service it is shared with.
    Phrase("password_statement", "a password", _c(
        r"\bsame\s+(?:(?:password|pw|pass|login|one|pin|code|creds?)\s+)?as\s+(?:(?:my|the|our|for"
        r"|on|in)\s+)?[\w.\-]{2,20}(?:\s+(?:login|account|one|password|pw))?\s*[,:;(\-–—]\s*"
        + _VALUE), _password_like),
    # "jenkins creds ci-user Maple*3912wt": a user name and a password-like value, no slash.
    Phrase("credentials", "login credentials", _c(
        r"\b(?:creds?|credentials|logins?)\b\s*[:=]?\s*(?!(?:with|as|for|to|in|on|at|via|is|are"
        r"|was|were|and|the|page|screen|form|issues?|fails?|failed)\b)(?P<u>[\w.@\-]{2,40})\s+"
        + _VALUE + r"(?!\S)"), _password_like),
    # "NAS login admin / Kx9#vQ2mLp", "router admin: admin / Zebra!crossing9"
    Phrase("credentials", "login credentials", _c(
        r"\b(?:login|log-in|creds?|credentials|admin|user(?:name)?|account|acct|use)\b[^\n/]{0,20}?"
        r"[:\s]\s*(?P<u>[\w.@\-]{2,40})\s+/\s+" + _VALUE), _password_like),
    # "log into the VPN with jsmith and Orchid!7741", "laptop unlocks with Ladybug77"
    Phrase("credentials", "login credentials", _c(
        r"\b(?:log(?:ged|s)?\s*(?:in|on)(?:to)?|sign(?:ed|s)?\s*(?:in|on)(?:to)?|unlocks?|opens?"
        r"|unlocked|opened|get\s+in)\b[^\n.]{0,40}?\bwith\s+(?:(?P<u>[\w.@\-]{2,40})\s+(?:and|&|/)\s+)?"
        + _VALUE), _password_like),
    # "the office wifi: Harbour_Light77", "guest wi-fi is Sunflower!23" (not "the wifi name is …")
    Phrase("password_statement", "a password", _c(
        r"\b(?:wi-?fi|wlan|hotspot|guest\s+network)\b(?!\s+(?:name|ssid|id|address"
        r"|ip|speed|password\s+policy))(?:\s+(?!name|ssid|called|named)[\w\-]+){0,4}?"
        r"\s*(?::|is|=|→|->)\s+" + _VALUE), _password_like),
    # "key for the lockbox: 2468", "padlock combo 3-7-1-9": the small locks keys hang in.
    Phrase("pin_code", "a PIN or access code", _c(
        r"\b(?:(?:key|code|combo|combination|pin|number)\s+(?:for|to|of|on)\s+(?:the\s+|my\s+|our\s+"
        r"|your\s+)?)?(?:lock\s?box|key\s?(?:safe|box)|padlock|locker|bike\s+lock|cable\s+lock)"
        r"(?:\s+(?:code|combo|combination|pin))?\s*(?:is|was|:|=|-|–)?\s*"
        r"(?P<v>\d{3,8}|\d(?:[\-– ]\d){2,7})(?![\d.,:/]|\s\d)"), lambda m: _pin(m) and (
            "locker" not in m.group(0).lower() or _CODE_WORD.search(m.group(0)) is not None)),
    # "the code to get into the vault is Marmalade-Sky-88", "alarm panel master is 739182"
    Phrase("pin_code", "a PIN or access code", _c(
        r"\b(?:(?:access|entry|door|gate|alarm|garage|keypad|lock|safe|vault|unlock)\s+(?:code|combo"
        r"|combination|pin)|(?:code|phrase|combo)\s+(?:to|for)\s+(?:get(?:ting)?\s+in(?:to)?|open(?:ing)?"
        r"|unlock(?:ing)?|enter(?:ing)?|the\s+(?:[\w\-]+\s+)?(?:door|gate|safe|vault|lock|alarm"
        r"|building|office|house|garage|padlock|locker|shed))|master|combination|keypad)\b"
        r"[^\n.]{0,40}?\b(?:is|:|=)\s+" + _VALUE),
        _code_value),
    Phrase("password_statement", "a password", _c(
        r"\b(?:pass[\s\-]?phrase|(?:unseal|vault|master|secret|recovery)\s+(?:phrase|passphrase))"
        r"\s*(?:is|was|:|=)\s*[\"'`“]?(?P<v>[a-z]{3,12}(?:[ \-][a-z]{3,12}){2,7})(?![\w\-])"),
        _word_passphrase),
    # "he uses 'Blue42Sky!' for everything": one password reused across accounts.
    Phrase("password_statement", "a password", _c(
        r"\b(?:use[sd]?|using|reuse[sd]?|reusing)\s+" + _VALUE
        + r"[\"'`”’»]?\s+(?:for|on|as|across)"
        r"\s+(?:everything|(?:all\s+)?(?:(?:his|her|my|their|our|the|of\s+(?:his|her|my|their|our))"
        r"\s+)?(?:accounts|logins|sites|services|passwords)|every\s+(?:account|login|site|service)"
        r"|(?:all|every)\s*thing)\b"), lambda m: _password_like(m) and (
            len(m.group("v")) >= 9 or not m.group("v").isalnum())),
    # "docker login -u admin -p Passw0rd!", "redis-cli -a …": a password on a command line.
    Phrase("credentials", "login credentials", _c(
        r"\b(?:docker|podman|helm|nerdctl|buildah|skopeo|oras|cf|oc)\s+(?:registry\s+)?login\b"
        r"[^\n]{0,80}?\s(?:-p|--password)(?:\s+|=)[\"']?" + _VALUE), _password_like),
    Phrase("credentials", "login credentials", _c(
        r"\b(?:redis-cli|sshpass|mysqladmin|mongo(?:sh)?)\b[^\n]{0,60}?\s(?:-a|-p|--pass(?:word)?)"
        r"(?:\s+|=)[\"']?" + _VALUE), _password_like),
    # Google's app passwords: four groups of four lower-case letters, after their name.
    Phrase("password_statement", "a password", _c(
        r"\bapp[\s\-]?(?:specific\s+)?password\b[^\n]{0,40}?(?<![a-z])(?P<v>[a-z]{4}(?:\s?[a-z]{4}){3})"
        r"(?![a-z])"), lambda m: _random_letter_groups(m.group("v"))),
    Phrase("credentials", "login credentials", _c(
        r"\bcurl\b[^\n]{0,80}?\s(?:-u|--user)\s*[\"']?[^\s:\"']{1,40}:" + _VALUE), _strong),
    # "api_key = …", "the Mistral API key is …", "token: …": random-looking values only.
    Phrase("generic_secret", "an API key or token", _c(
        r"(?:(?<![\p{L}:/])" + _NOT_A_SECRET_KEY + r"|" + _CAMEL_START + r")"
        r"(?P<kw>" + _KEY + r")"
        + _KEY_END + _FILLER + r"[\"']?(?P<op>" + _BRIDGE + r"|\s*(?:" + _COPULA
        + r"|は|是|为|為|는|은))?\s*[\"'`“(\[]?(?:base64:)?"
        r"(?P<v>[A-Za-z0-9_\-./+=~$!@#%^&*()]{12,200})"),
        _key_value),
    # .NET appSettings and the like: <add key="ApiSecret" value="…" />, name=… value=…
    Phrase("generic_secret", "an API key or token", _c(
        r"\b(?:key|name)\s*=\s*[\"'][\w.:\-]{0,30}?(?P<kw>secret|password|passwd|pwd|token|api[_\-]?key"
        r"|apikey|access[_\-]?key|private[_\-]?key|connection[_\-]?string)[\w.:\-]{0,20}[\"']\s+"
        r"value\s*=\s*[\"'](?P<v>[^\"'\s]{6,200})[\"']"),
        lambda m: not is_placeholder(m.group("v")) and (
            looks_random(m.group("v"), 12) or password_strength(m.group("v")) == "strong")),
    # "storage account key (key1): …", "API token (prod) = …": a label in brackets first.
    Phrase("generic_secret", "an API key or token", _c(
        r"(?<![\p{L}:/])" + _NOT_A_SECRET_KEY + r"(?P<kw>" + _KEY + r")" + _KEY_END
        + r"\s*\([^()\n]{1,24}\)\s*(?P<op>[:=])\s*[\"'`]?(?P<v>[A-Za-z0-9_\-./+=~]{12,200})"),
        _key_value),
)  # fmt: skip
