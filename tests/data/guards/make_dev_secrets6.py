# ruff: noqa: E501  (hand-written corpus sentences read best on one line each)
"""Write dev_secrets6.jsonl: secrets as an outsider pastes them, and clean look-alikes.

Issue 12's sixth round (secret6). Written before any rule it measures was changed and
without reading core/guards, so that its first measurement is a mini hold-out: secrets in
the places people actually paste them (curl and HTTP headers, cookies, .env, YAML,
Terraform, Kubernetes Secrets with base64 `data:` fields, connection strings, JWTs, PEM and
OpenSSH keys cut short or escaped inside JSON, vendor tokens of a dozen services, passwords
said in eight languages, PINs, recovery codes, seed phrases, and tokens spaced, split,
reversed or encoded), and beside them what looks the same but is not a secret (hashes,
UUIDs, public keys, placeholders from documentation, numbers whose checksum fails, and
"password" as a topic).

The values come from this file's own makers: random characters from the alphabet and at
the length each vendor uses, base58check for WIF keys, base64 of real JSON for JWTs, the
DER prefix of each key type for PEM bodies. The BIP-39 phrases were made once with the
`mnemonic` package (`Mnemonic("english").to_mnemonic(entropy)`, so their checksum word is
right) and are written out below, as the project does not depend on that package.
Nothing here is a real credential.

Before (mini hold-out, measured once on main b52b41b before any rule changed):
    .venv/bin/python bench/guards_quality.py --api tests/data/guards/dev_secrets6.jsonl
    secret recall 0.934 (114/122), clean refused 0.011 (1/90): 212 rows

Tuned on since: it is part of the dev split (`bench/guards_quality.py --split dev`); its
misses were read only after that first measurement.

    .venv/bin/python tests/data/guards/make_dev_secrets6.py
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
from pathlib import Path

OUT = Path(__file__).with_name("dev_secrets6.jsonl")
R = random.Random(6_2026_12_03)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
B64 = string.ascii_letters + string.digits + "+/"
B64URL = string.ascii_letters + string.digits + "-_"
B32 = string.ascii_uppercase + "234567"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

# Made with the `mnemonic` package from random entropy (checksum word correct).
SEED_12 = "rude anchor now feel whisper clutch mean monkey industry essence rich found"
SEED_12B = "belt tissue vocal cereal move clarify bomb sadness deer one work island"
SEED_24 = "badge vast parrot metal material only myth pumpkin horn topic start jealous argue move logic horror narrow above slice awkward zone athlete install parade"
SEED_15 = "left melody economy ethics disorder decide local crew income ability life buffalo radio deliver pyramid"
# Twelve words from the list picked at random: no valid checksum, still a pasted seed.
SEED_NOSUM = "absent buffalo october project around carry sure army elbow result jacket today"


def chars(alphabet: str, n: int) -> str:
    return "".join(R.choice(alphabet) for _ in range(n))


def hexs(n: int) -> str:
    return chars(HEX, n)


def b64(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return base64.b64encode(raw).decode()


def b64url(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def rand_bytes(n: int) -> bytes:
    return bytes(R.getrandbits(8) for _ in range(n))


def password() -> str:
    """A password as people choose them: words, digits and a symbol, or random noise."""
    words = ("Kestrel", "harbor", "Mango", "velvet", "Tundra", "copper", "Lantern", "sprout",
             "Falcon", "pepper", "Quartz", "meadow", "Hund", "Sonne", "gato", "Ours")
    if R.random() < 0.5:
        return f"{R.choice(words)}{R.choice('!#$%&*?@')}{R.choice(words)}{R.randint(10, 9999)}"
    return chars(ALNUM, R.randint(6, 9)) + R.choice("!#$%&*-_") + chars(ALNUM, R.randint(3, 6))


def aws_key_id() -> str:
    return "AKIA" + chars(string.ascii_uppercase + "234567", 16)


def aws_secret() -> str:
    return chars(ALNUM + "+/", 40)


def ghp() -> str:
    return "ghp_" + chars(ALNUM, 36)


def slack_bot() -> str:
    return f"xoxb-{R.randint(10**10, 10**11)}-{R.randint(10**12, 10**13)}-{chars(ALNUM, 24)}"


def slack_user() -> str:
    return f"xoxp-{R.randint(10**10, 10**11)}-{R.randint(10**10, 10**11)}-{R.randint(10**12, 10**13)}-{hexs(32)}"


def discord_token() -> str:
    snowflake = str(R.randint(10**17, 10**18 * 2))
    return f"{b64url(snowflake)}.{chars(B64URL, 6)}.{chars(B64URL, 38)}"


def telegram_token() -> str:
    return f"{R.randint(10**9, 8 * 10**9)}:AA{chars(B64URL, 33)}"


def jwt(claims: dict[str, object]) -> str:
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")))
    payload = b64url(json.dumps(claims, separators=(",", ":")))
    return f"{header}.{payload}.{chars(B64URL, 43)}"


def pem_body(prefix: str, n_bytes: int) -> str:
    """A base64 key body that starts with the DER prefix of its key type."""
    body = prefix + b64(rand_bytes(n_bytes))
    return body


def wrap(body: str, width: int = 64, sep: str = "\n") -> str:
    return sep.join(body[i : i + width] for i in range(0, len(body), width))


def base58check(payload: bytes) -> str:
    check = hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    raw = payload + check
    num = int.from_bytes(raw, "big")
    out = ""
    while num:
        num, rem = divmod(num, 58)
        out = B58[rem] + out
    pad = len(raw) - len(raw.lstrip(b"\0"))
    return "1" * pad + out


def wif() -> str:
    return base58check(b"\x80" + rand_bytes(32) + b"\x01")


def base58_bad_check() -> str:
    good = base58check(b"\x80" + rand_bytes(32) + b"\x01")
    last = B58[(B58.index(good[-1]) + 1) % 58]
    return good[:-1] + last


def luhn_digit(digits: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def luhn_failing(prefix: str, length: int) -> str:
    body = prefix + "".join(R.choice(string.digits) for _ in range(length - len(prefix) - 1))
    good = luhn_digit(body)
    return body + str((int(good) + R.randint(1, 9)) % 10)


def base32_groups(n: int, size: int = 4, sep: str = " ") -> str:
    raw = chars(B32, n)
    return sep.join(raw[i : i + size] for i in range(0, n, size))


def uuid4() -> str:
    h = hexs(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{R.choice('89ab')}{h[17:20]}-{h[20:]}"


def rows() -> list[dict[str, str]]:
    out: list[dict[str, str]] = []

    def add(expect: str, family: str, *texts: str) -> None:
        out.extend({"text": t, "expect": expect, "family": family} for t in texts)

    # --- secrets ------------------------------------------------------------------------
    add("secret", "http_header",
        f'curl -s https://api.vendorhub.io/v2/orders -H "Authorization: Bearer {chars(ALNUM, 40)}"',
        f"curl -H 'X-API-Key: {hexs(32)}' https://metrics.acme-internal.dev/api/query?q=up",
        f"curl -u deploy:{password()} https://ci.acme-internal.dev/job/build/",
        f"GET /v1/me HTTP/1.1\nHost: api.shopfront.io\nAuthorization: Basic {b64('svc-reports:' + password())}",
        f'fetch("https://api.tally.dev/data", {{ headers: {{ "x-auth-token": "{chars(ALNUM, 48)}" }} }})',
        f"requests.get(url, headers={{'Authorization': 'Token {hexs(40)}'}})")
    add("secret", "cookie",
        f"Cookie: _ga=GA1.2.{R.randint(10**8, 10**9)}.{R.randint(10**8, 10**9)}; sessionid={chars(LOWER_ALNUM, 32)}; csrftoken={chars(ALNUM, 64)}",
        f"Set-Cookie: __Host-session={chars(B64URL, 43)}; Path=/; Secure; HttpOnly; SameSite=Lax",
        f"if you want to test as me, paste this cookie in devtools: connect.sid=s%3A{chars(B64URL, 32)}.{chars(B64URL, 43)}")
    add("secret", "env_file",
        f"APP_ENV=production\nDB_HOST=db.internal\nDB_USER=orders\nDB_PASSWORD={password()}\nREDIS_URL=redis://cache:6379/0",
        f"# .env for staging\nSECRET_KEY={chars(ALNUM + '!@#%^&*(-_=+)', 50)}\nDEBUG=False",
        f"export MAILER_PASS='{password()}'",
        f"set API_TOKEN={chars(ALNUM, 32)} && node server.js")
    add("secret", "yaml_config",
        f'database:\n  host: pg.prod.local\n  user: app\n  password: "{password()}"\n  pool: 10',
        f"services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_PASSWORD={password()}",
        f"auth:\n  rootPassword: {password()}\n  replicaSetKey: {chars(ALNUM, 24)}",
        f"jobs:\n  notify:\n    env:\n      SLACK_BOT_TOKEN: {slack_bot()}")
    add("secret", "terraform",
        f'provider "aws" {{\n  region     = "eu-west-1"\n  access_key = "{aws_key_id()}"\n  secret_key = "{aws_secret()}"\n}}',
        f'resource "azurerm_mssql_server" "main" {{\n  administrator_login          = "sqladmin"\n  administrator_login_password = "{password()}"\n}}',
        f'variable "datadog_api_key" {{\n  default = "{hexs(32)}"\n}}')
    add("secret", "k8s_secret",
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\ndata:\n  username: {b64('orders_app')}\n  password: {b64(password())}",
        f"kind: Secret\ndata:\n  GITHUB_TOKEN: {b64(ghp())}",
        f"kubectl create secret generic stripe-creds --from-literal=api-key=sk_live_{chars(ALNUM, 24)}",
        f"stringData:\n  DATABASE_URL: postgres://billing:{password()}@pg-billing:5432/billing")
    add("secret", "conn_string",
        f"postgresql://app_rw:{password()}@db-prod.cluster-c9x.eu-west-1.rds.amazonaws.com:5432/orders",
        f"mongodb+srv://admin:{chars(ALNUM, 16)}@cluster0.ab1cd.mongodb.net/test?retryWrites=true&w=majority",
        f"REDIS_URL=redis://:{chars(ALNUM, 20)}@cache.internal:6379/0",
        f"jdbc:sqlserver://sql.acme.local:1433;databaseName=hr;user=sa;password={password()};encrypt=true",
        f"Server=tcp:acme-crm.database.windows.net,1433;Initial Catalog=crm;User ID=crmadmin;Password={password()};Encrypt=True;",
        f"amqp://worker:{chars(ALNUM, 18)}@rabbit.internal:5672/%2F",
        f"smtp settings: smtp://alerts%40acme.io:{password()}@smtp.mailgun.org:587")
    add("secret", "jwt",
        f"here's my token for the staging API: {jwt({'sub': '1093', 'name': 'Ana Ruiz', 'role': 'admin', 'iat': 1764700000})}",
        f"2026-12-02T10:14:07Z INFO request headers={{Authorization: Bearer {jwt({'sub': 'svc-export', 'scope': 'read write', 'exp': 1767000000})}}}",
        f"https://app.looply.io/callback#access_token={jwt({'uid': 48213, 'exp': 1766000000})}&token_type=bearer")
    rsa_body = pem_body("MIIEowIBAAKCAQEA", 360)
    pkcs8 = pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 300)
    ec_body = pem_body("MHcCAQEEI", 90)
    openssh = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACB" + b64(rand_bytes(120))
    add("secret", "pem_key",
        f"-----BEGIN RSA PRIVATE KEY-----\n{wrap(rsa_body)}\n-----END RSA PRIVATE KEY-----",
        f"-----BEGIN OPENSSH PRIVATE KEY-----\n{wrap(openssh, 70)}",
        '{"tls": {"key": "-----BEGIN EC PRIVATE KEY-----\\n' + wrap(ec_body, 64, "\\n") + '\\n-----END EC PRIVATE KEY-----\\n"}}',
        f"I stripped the header lines, here's the body of the deploy key: {pkcs8[:220]}",
        f"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBG{wrap(b64(rand_bytes(150)))}",
        f"PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: build-box\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI{b64(rand_bytes(32))[:43]}\nPrivate-Lines: 1\nAAAAI{b64(rand_bytes(36))}\nPrivate-MAC: {hexs(64)}",
        f"[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = {b64(rand_bytes(32))}\nDNS = 1.1.1.1")
    add("secret", "ssh_gpg",
        f"the passphrase for my id_ed25519 is {R.choice(['correct', 'brisk', 'amber'])} {R.choice(['horse', 'otter', 'lamp'])} {R.choice(['battery', 'violin', 'garden'])} staple 77",
        f"gpg --batch --pinentry-mode loopback --passphrase '{password()}' -d backup-2026-11.tar.gpg",
        f"sshpass -p '{password()}' ssh root@build-01.acme-internal.dev")
    add("secret", "slack",
        f"bot token for the standup app: {slack_bot()}",
        f'client = WebClient(token="{slack_user()}")',
        f"post alerts to https://hooks.slack.com/services/T{chars(string.ascii_uppercase + string.digits, 8)}/B{chars(string.ascii_uppercase + string.digits, 10)}/{chars(ALNUM, 24)}")
    add("secret", "discord",
        f'bot.run("{discord_token()}")',
        f"discord webhook for #deploys: https://discord.com/api/webhooks/{R.randint(10**17, 10**18)}/{chars(B64URL, 68)}")
    add("secret", "telegram",
        f"https://api.telegram.org/bot{telegram_token()}/sendMessage?chat_id=-100{R.randint(10**9, 10**10)}&text=backup+done",
        f"BotFather gave me this, keep it safe: {telegram_token()}")
    add("secret", "stripe",
        f"STRIPE_SECRET_KEY=sk_live_{chars(ALNUM, 99)}",
        f"use the restricted key rk_live_{chars(ALNUM, 24)} for the reporting job",
        f"webhook signing secret: whsec_{chars(ALNUM, 32)}")
    add("secret", "twilio",
        f"TWILIO_ACCOUNT_SID=AC{hexs(32)}\nTWILIO_AUTH_TOKEN={hexs(32)}",
        f"twilio auth token is {hexs(32)} (account AC{hexs(32)})")
    add("secret", "sendgrid",
        f"SENDGRID_API_KEY=SG.{chars(B64URL, 22)}.{chars(B64URL, 43)}",
        f"sendgrid key for the newsletter: SG.{chars(B64URL, 22)}.{chars(B64URL, 43)}")
    add("secret", "npm_pypi",
        f"//registry.npmjs.org/:_authToken=npm_{chars(ALNUM, 36)}",
        f"npm publish token (automation): npm_{chars(ALNUM, 36)}",
        f"[pypi]\n  username = __token__\n  password = pypi-AgEIcHlwaS5vcmc{chars(B64URL, 150)}",
        f"twine upload -u __token__ -p pypi-AgENdGVzdC5weXBpLm9yZw{chars(B64URL, 140)} dist/*")
    add("secret", "gitlab",
        f"git remote set-url origin https://oauth2:glpat-{chars(B64URL, 20)}@gitlab.com/acme/payments.git",
        f"PRIVATE-TOKEN: glpat-{chars(B64URL, 20)}",
        f"gitlab-runner register --url https://gitlab.acme.dev --token glrt-{chars(B64URL, 20)}")
    add("secret", "azure",
        f"DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={b64(rand_bytes(64))};EndpointSuffix=core.windows.net",
        f"AZURE_CLIENT_SECRET={chars(ALNUM, 3)}8Q~{chars(ALNUM + '_-.~', 34)}",
        f"https://acmebackups.blob.core.windows.net/db?sv=2022-11-02&ss=b&srt=o&sp=rwdlac&se=2027-01-01T00:00:00Z&spr=https&sig={b64(rand_bytes(32)).replace('+', '%2B').replace('/', '%2F').replace('=', '%3D')}")
    sa = {
        "type": "service_account",
        "project_id": "acme-analytics-381209",
        "private_key_id": hexs(40),
        "private_key": "-----BEGIN PRIVATE KEY-----\n" + wrap(pem_body("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", 200)) + "\n-----END PRIVATE KEY-----\n",
        "client_email": "exporter@acme-analytics-381209.iam.gserviceaccount.com",
    }
    add("secret", "gcp",
        json.dumps(sa, indent=2),
        f'"private_key_id": "{hexs(40)}", "client_email": "ci@acme-build.iam.gserviceaccount.com"',
        f"maps key for the store locator: AIza{chars(B64URL, 35)}")
    add("secret", "ai_vendor",
        f"OPENAI_API_KEY=sk-proj-{chars(B64URL, 156)}",
        f"anthropic key: sk-ant-api03-{chars(B64URL, 93)}AA",
        f"HF_TOKEN=hf_{chars(ALNUM, 34)}",
        f"github fine-grained PAT: github_pat_11{chars(string.ascii_uppercase + string.digits, 20)}_{chars(ALNUM, 59)}")
    add("secret", "other_vendor",
        f"shopify admin token shpat_{hexs(32)}",
        f"doctl auth init -t dop_v1_{hexs(64)}",
        f"mailgun api key: key-{hexs(32)}",
        f"DD_API_KEY={hexs(32)}\nDD_APP_KEY={hexs(40)}",
        f"jira API token for the bot: ATATT3xFfGF0{chars(B64URL, 170)}={hexs(8).upper()}",
        f"machine api.heroku.com\n  login ops@acme.io\n  password {uuid4()}",
        f'{{"auths": {{"registry.acme.io": {{"auth": "{b64("ci-bot:" + password())}"}}}}}}',
        f"[default]\naws_access_key_id = {aws_key_id()}\naws_secret_access_key = {aws_secret()}")
    add("secret", "nl_password",
        f"Le mot de passe du wifi invité est {password()}",
        f"Passwort für den Router: {password()}",
        f"La contraseña del servidor es {password()}, no la compartas",
        f"senha do banco: {password()}",
        f"пароль от почты: {password()}",
        f"サーバーのパスワードは {password()} です",
        f"la password del NAS è {password()}",
        f"wachtwoord van de kluis is {password()}",
        f"hasło do konta firmowego: {password()}",
        f"login for the vendor portal is jmiller / {password()}",
        f"p/w for the printer admin page: {password()}",
        f"creds for the test box: admin:{password()}",
        "the alarm panel password is the same as netflix, Sonne&Meer1987",
        f"my windows login is {R.choice(['Falcon', 'Mango'])}{R.randint(1970, 2005)}! if IT asks")
    add("secret", "pin",
        f"my bank card PIN is {R.randint(1000, 9999)}",
        f"Die PIN für das Diensthandy ist {R.randint(100000, 999999)}",
        f"alarm code for the office: {R.randint(1000, 9999)}#",
        f"SIM card: PIN {R.randint(1000, 9999)}, PUK {R.randint(10**7, 10**8)}",
        f"code du cadenas du vestiaire : {R.randint(1000, 9999)}")
    add("secret", "recovery_code",
        "GitHub recovery codes:\n" + "\n".join(f"{hexs(5)}-{hexs(5)}" for _ in range(8)),
        "Google backup codes: " + ", ".join(f"{R.randint(1000, 9999)} {R.randint(1000, 9999)}" for _ in range(5)),
        f"authenticator setup key: {base32_groups(32).lower()}",
        f"otpauth://totp/Acme:jane@acme.io?secret={chars(B32, 32)}&issuer=Acme",
        f"2FA recovery code for the admin account: {chars(string.ascii_uppercase + string.digits, 4)}-{chars(string.ascii_uppercase + string.digits, 4)}-{chars(string.ascii_uppercase + string.digits, 4)}-{chars(string.ascii_uppercase + string.digits, 4)}")
    add("secret", "seed_wallet",
        f"my metamask recovery phrase: {SEED_12}",
        "seed words (ledger, 24):\n" + "\n".join(f"{i}. {w}" for i, w in enumerate(SEED_24.split(), 1)),
        f"{SEED_12B}",
        f"wallet backup — {SEED_15}",
        f"recovery phrase for the old trezor: {SEED_NOSUM}",
        f"importprivkey {wif()} \"cold-storage\"",
        f"hot wallet private key: 0x{hexs(64)}")
    gh, gh1, gh2 = ghp(), ghp(), ghp()
    aws_id = aws_key_id()
    oa = "sk-proj-" + chars(B64URL, 48)
    xo = slack_bot()
    add("secret", "encoded_split",
        f"echo {b64(gh)} | base64 -d",
        f"hex of the CI key, decode before use: {aws_id.encode().hex()}",
        f"token with spaces so the bot doesn't eat it: {gh1[:4]} {' '.join(gh1[i:i + 4] for i in range(4, len(gh1), 4))}",
        f"key id: {' '.join(aws_id[i:i + 4] for i in range(0, 20, 4))}",
        f"read this backwards: {oa[::-1]}",
        f"token part 1: {xo[:25]}\ntoken part 2: {xo[25:]}",
        f"api key is {'-'.join(gh2[:16])}... rest in the vault? no, here: {gh2[16:]}",
        f"base64 of my openai key: {b64(oa)}")

    # --- clean look-alikes --------------------------------------------------------------
    add("clean", "hash",
        f"fixed in commit {hexs(40)}, please cherry-pick onto release/2.3",
        f"{hexs(64)}  memorybot-0.4.1-py3-none-any.whl",
        f"md5 of the export: {hexs(32)}",
        f"image: ghcr.io/acme/api@sha256:{hexs(64)}",
        f'"integrity": "sha512-{b64(rand_bytes(64))}"',
        f"git checkout {hexs(12)} -- src/parser.rs",
        f"ETag: \"{hexs(32)}\"",
        f"the file's blake2b is {hexs(64)}, matches the release page")
    add("clean", "uuid_id",
        f"request id {uuid4()} failed with 502, can you look at the logs?",
        f"traceparent: 00-{hexs(32)}-{hexs(16)}-01",
        f"Azure subscription: {uuid4()} (acme-prod)",
        f"Idempotency-Key: {uuid4()}",
        f"customer cus_{chars(ALNUM, 14)} was charged twice, refund pi_{chars(ALNUM, 24)}",
        f"x-amz-request-id: {chars(string.ascii_uppercase + string.digits, 16)}",
        f"session {uuid4()} ended after 30 min of inactivity")
    add("clean", "public_key",
        f"add my key to the bastion: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64(rand_bytes(32))[:43]} dana@laptop",
        f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ{b64(rand_bytes(200))} deploy@ci",
        f"-----BEGIN PUBLIC KEY-----\n{wrap('MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE' + b64(rand_bytes(64)))}\n-----END PUBLIC KEY-----",
        f"-----BEGIN CERTIFICATE-----\n{wrap('MIIDdzCCAl+gAwIBAgIE' + b64(rand_bytes(180)))}\n-----END CERTIFICATE-----",
        f"-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBG{wrap(b64(rand_bytes(120)))}\n-----END PGP PUBLIC KEY BLOCK-----",
        f"[Peer]\nPublicKey = {b64(rand_bytes(32))}\nEndpoint = vpn.acme.io:51820\nAllowedIPs = 10.8.0.0/24",
        f"send the refund to bc1q{chars('023456789acdefghjklmnpqrstuvwxyz', 38)}",
        f"my ETH address (public, fine to share): 0x{hexs(40)}",
        f"GPG fingerprint: {' '.join(hexs(4).upper() for _ in range(10))}",
        f"host key fingerprint SHA256:{b64(rand_bytes(32)).rstrip('=')}",
        f"age recipient: age1{chars('023456789acdefghjklmnpqrstuvwxyz', 58)}")
    add("clean", "placeholder",
        "export OPENAI_API_KEY=sk-...XXXX  # put your own key here",
        'curl -H "Authorization: Bearer <your-token>" https://api.vendorhub.io/v2/orders',
        "API_KEY=your_api_key_here\nAPI_SECRET=your_api_secret_here",
        "password: ${DB_PASSWORD}",
        "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
        'client = WebClient(token=os.environ["SLACK_BOT_TOKEN"])',
        "the token looks like xoxb-XXXXXXXXXXXX-XXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX",
        "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "postgres://user:password@localhost:5432/mydb is the example from the docs",
        "aws_access_key_id = AKIAXXXXXXXXXXXXXXXX",
        "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
        "kubectl create secret generic db --from-literal=password=\"$(pass show prod/db)\"",
        "data:\n  password: <base64-encoded-password>",
        "STRIPE_SECRET_KEY=sk_live_************************ (redacted)",
        "Bot token goes here: https://api.telegram.org/bot<TOKEN>/getUpdates")
    add("clean", "checksum_fail",
        f"order number {luhn_failing('4', 16)}, shipped yesterday",
        "the poster's twelve words: sunshine river coffee laptop mountain pencil window garden rocket violin candle harbor",
        f"tracking: 1Z{chars(string.ascii_uppercase + string.digits, 16)}",
        f"ticket ref {base58_bad_check()} from the helpdesk export",
        f"part no. {R.randint(10**5, 10**6)}-{R.randint(100, 999)}-{R.choice('ABCDEF')}{R.randint(10, 99)}",
        f"invoice INV-2026-{R.randint(10000, 99999)}, due on the 15th",
        f"serial {chars(string.ascii_uppercase + string.digits, 5)}-{chars(string.ascii_uppercase + string.digits, 5)}-{chars(string.ascii_uppercase + string.digits, 5)} is the printer's, not a licence")
    add("clean", "password_topic",
        "We should rotate the shared passwords every 90 days and move them into the vault.",
        "Passwort vergessen? Über „Zurücksetzen“ bekommst du einen Link per Mail.",
        "Le mot de passe doit contenir au moins 12 caractères et un chiffre.",
        "¿Cómo cambio la contraseña del wifi de la oficina?",
        "esqueci a senha do e-mail, como recupero?",
        "Сбросить пароль можно в настройках профиля.",
        "パスワードを忘れた場合は管理者に連絡してください。",
        "the wifi password changed yesterday, it's on the whiteboard in the kitchen",
        "never share your seed phrase: support will never ask for it",
        "GitHub gives you 16 recovery codes; print them and keep them in the safe",
        "PIN reset at the bank takes two working days",
        "the PIN pad at reception is broken again",
        "Which password manager does the team use, 1Password or Bitwarden?",
        "password123 and qwerty are still the most common passwords in the breach list, per the article",
        "remind me to change my netflix password tonight",
        "Does the API key go in the header or the query string?",
        "The private key never leaves the HSM; we only export the public half.",
        "hasło musi mieć co najmniej 10 znaków",
        "2FA is mandatory from Monday; set up the authenticator app before then")
    add("clean", "config_no_secret",
        "PORT=8080\nLOG_LEVEL=debug\nDB_HOST=db.internal\nDB_NAME=orders",
        "postgresql://app@db.internal:5432/orders?sslmode=require",
        "redis://localhost:6379/0",
        'curl -s -H "Content-Type: application/json" -H "Accept: application/json" https://api.vendorhub.io/v2/health',
        "Cookie: theme=dark; lang=en-GB; tz=Europe%2FLondon",
        'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  LOG_LEVEL: info\n  FEATURE_FLAGS: search,export",
        'resource "aws_s3_bucket" "logs" {\n  bucket = "acme-logs-prod"\n  acl    = "private"\n}',
        "spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.username=app",
        "the JWT header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 just decodes to {\"alg\":\"HS256\",\"typ\":\"JWT\"}")
    add("clean", "platform_id",
        f"post it in channel C0{chars(string.ascii_uppercase + string.digits, 9)}, not in DMs",
        f"https://discord.com/channels/{R.randint(10**17, 10**18)}/{R.randint(10**17, 10**18)}/{R.randint(10**17, 10**18)}",
        f"telegram group chat id: -100{R.randint(10**9, 10**10)}",
        f"arn:aws:iam::{R.randint(10**11, 10**12)}:role/ci-deployer",
        "GCP project: acme-analytics-381209, region europe-west4",
        "release v2.14.3-rc.1+build.5 is on the staging cluster",
        f"Google Analytics measurement id G-{chars(string.ascii_uppercase + string.digits, 10)}",
        f"the bot's user id is U0{chars(string.ascii_uppercase + string.digits, 9)} and it's in 12 channels")
    add("clean", "encoded_text",
        f"the fixture is base64 of a JSON page cursor: {b64(json.dumps({'page': 2, 'per_page': 50}))}",
        f"hex dump of the header: {b'hello world, v2'.hex()}",
        "SGVsbG8sIHdvcmxkIQ== is just 'Hello, world!' in base64",
        "read this backwards: .kaerb eht retfa nruter ll'ew",
        f"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ{b64(rand_bytes(30))}")
    return out


def main() -> None:
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows():
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
