# ruff: noqa: E501  (data tables: one phrasing a line reads better than wrapped strings)
"""Secret families of the blind corpus (see make_blind.py): keys and tokens of many
providers in the places people paste them, passwords said in words, wallet and 2FA
secrets, and tokens encoded, spaced, split or reversed."""

from __future__ import annotations

import base64
import random
import urllib.parse

from blind_values import (
    ALNUM,
    B64,
    F,
    V,
    anthropic,
    aws_key_id,
    aws_secret,
    azure_client_secret,
    azure_storage_key,
    base32_secret,
    bip39_words,
    digitalocean,
    digits,
    discord_bot,
    discord_webhook,
    github,
    github_pat,
    gitlab,
    google_api,
    google_oauth_secret,
    grouped,
    hex_token,
    huggingface,
    jwt,
    npm,
    openai,
    openssh_private,
    password,
    pem,
    pgp_private,
    pin,
    pypi,
    recovery_codes,
    s,
    seed_phrase,
    sendgrid,
    shopify,
    slack_app,
    slack_bot,
    slack_user,
    slack_webhook,
    stripe,
    telegram,
    uuid4,
    vault,
    wif,
)

WORDS = bip39_words()
R = random.Random


def aws(r: R) -> dict[str, str]:
    key = aws_key_id(r)
    return {"id": key, "sec": aws_secret(r), "gid": grouped(key), "sid": aws_key_id(r, "ASIA"),
            "tok": "IQoJb3JpZ2luX2VjE" + s(r, B64, 180)}


def gh(r: R) -> dict[str, str]:
    return {"tok": github(r), "oauth": github(r, "gho"), "srv": github(r, "ghs"), "pat": github_pat(r)}


def slack(r: R) -> dict[str, str]:
    return {"bot": slack_bot(r), "usr": slack_user(r), "hook": slack_webhook(r), "app": slack_app(r),
            "sig": hex_token(r, 32)}


def pw(r: R) -> dict[str, str]:
    return {"pw": password(r), "pin": pin(r)}


def one(fn):  # type: ignore[no-untyped-def]
    return lambda r: {"v": fn(r)}


def conn(r: R) -> dict[str, str]:
    return {"pw": password(r).replace("@", "").replace("/", "").replace(":", "")}


def wallet(r: R) -> dict[str, str]:
    return {
        "wif": wif(r),
        "seed12": seed_phrase(r, WORDS, 12),
        "seed24": seed_phrase(r, WORDS, 24),
        "eth": hex_token(r, 64),
        "numbered": "\n".join(f"{i}. {w}" for i, w in enumerate(seed_phrase(r, WORDS, 12).split(), 1)),
        "sol": "[" + ",".join(str(b) for b in r.randbytes(64)) + "]",
    }


def totp(r: R) -> dict[str, str]:
    seed = base32_secret(r, r.choice((16, 32)))
    codes = recovery_codes(r, r.choice((4, 6, 8)))
    return {
        "seed": seed,
        "gseed": grouped(seed.lower() if r.random() < 0.5 else seed),
        "codes": "\n".join(codes),
        "inline": ", ".join(codes),
        "issuer": r.choice(("GitHub", "AWS", "Okta", "Google", "1Password", "Cloudflare")),
    }


def encoded(r: R) -> dict[str, str]:
    tok = r.choice((github(r), aws_key_id(r), openai(r), slack_bot(r)))
    half = len(tok) // 2
    spaced = tok[:4] + " " + " ".join(tok[i : i + 6] for i in range(4, len(tok), 6))
    return {
        "b64": base64.b64encode(tok.encode()).decode(),
        "hex": tok.encode().hex(),
        "rev": tok[::-1],
        "spaced": spaced,
        "a": tok[:half],
        "b": tok[half:],
        "url": urllib.parse.quote(tok, safe=""),
        "awsb64": base64.b64encode(f"{aws_key_id(r)}:{aws_secret(r)}".encode()).decode(),
    }


def kube(r: R) -> dict[str, str]:
    return {
        "b64pw": base64.b64encode(password(r).encode()).decode(),
        "wg": base64.b64encode(r.randbytes(32)).decode(),
        "cs": s(r, ALNUM + "~_-.", 34),
    }


def cookie(r: R) -> dict[str, str]:
    return {
        "sess": s(r, ALNUM, 32),
        "php": s(r, "abcdefghijklmnopqrstuvwxyz0123456789", 26),
        "sid": "s%3A" + s(r, ALNUM, 32) + "." + s(r, ALNUM + "%", 43),
        "bearer": s(r, ALNUM + "-._", 40),
        "jwt": jwt(r),
        "hex": hex_token(r, 64),
    }


def saas(r: R) -> dict[str, str]:
    return {
        "dd": hex_token(r, 32),
        "heroku": uuid4(r),
        "twilio": hex_token(r, 32),
        "sid": "AC" + hex_token(r, 32),
        "mg": "key-" + hex_token(r, 32),
        "sg": sendgrid(r),
        "shp": shopify(r),
        "do": digitalocean(r),
        "hvs": vault(r),
        "lin": "lin_api_" + s(r, ALNUM, 40),
        "atl": "ATATT3xFfGF0" + s(r, ALNUM + "-_=", 180),
    }


SECRETS: list[F] = [
    F("secret", "aws-access-keys", (
        V(aws, "AWS_ACCESS_KEY_ID=⟨id⟩\nAWS_SECRET_ACCESS_KEY=⟨sec⟩\nAWS_DEFAULT_REGION=eu-west-1",
          "export AWS_ACCESS_KEY_ID=⟨id⟩ AWS_SECRET_ACCESS_KEY=⟨sec⟩"),
        V(aws, "[default]\naws_access_key_id = ⟨id⟩\naws_secret_access_key = ⟨sec⟩\nregion = us-east-1",
          "~/.aws/credentials on the build box:\n```\n[ci]\naws_access_key_id=⟨id⟩\naws_secret_access_key=⟨sec⟩\n```"),
        V(aws, "here's the ci user's key so you can unblock yourself: ⟨id⟩ / ⟨sec⟩ (rotate after the demo pls)",
          "@⟨user⟩ s3 creds for the backup bucket -> key ⟨id⟩ secret ⟨sec⟩"),
        V(aws, "aws key id is ⟨gid⟩ and the secret is ⟨sec⟩",
          "read it off my screen: ⟨gid⟩ — secret access key ⟨sec⟩"),
        V(aws, "temp creds from sts, valid 1h:\nAWS_ACCESS_KEY_ID=⟨sid⟩\nAWS_SECRET_ACCESS_KEY=⟨sec⟩\nAWS_SESSION_TOKEN=⟨tok⟩",
          '{"AccessKeyId": "⟨sid⟩", "SecretAccessKey": "⟨sec⟩", "Expiration": "2025-03-02T10:00:00Z"}'),
        V(aws, "the secret access key for the terraform user is ⟨sec⟩",
          "aws_secret_access_key: ⟨sec⟩  # prod, do not share"),
    ), 3),
    F("secret", "github-tokens", (
        V(gh, "use my token until the bot account is set up: ⟨tok⟩",
          "gh token for the release script ⟨tok⟩"),
        V(gh, "git remote set-url origin https://⟨user⟩:⟨tok⟩@github.com/acme/infra.git",
          "clone with `git clone https://x-access-token:⟨srv⟩@github.com/acme/deploy.git`"),
        V(gh, "~/.config/gh/hosts.yml\n```yaml\ngithub.com:\n    user: ⟨user⟩\n    oauth_token: ⟨oauth⟩\n    git_protocol: ssh\n```",
          "GITHUB_TOKEN: ⟨srv⟩"),
        V(gh, "curl -H 'Authorization: token ⟨pat⟩' https://api.github.com/user/repos",
          "fine-grained PAT for the docs repo (read-only): ⟨pat⟩"),
    ), 3),
    F("secret", "registry-tokens", (
        V(one(npm), "//registry.npmjs.org/:_authToken=⟨v⟩", "npm publish token for @acme scope: ⟨v⟩"),
        V(one(pypi), "[pypi]\nusername = __token__\npassword = ⟨v⟩", "twine upload -u __token__ -p ⟨v⟩ dist/*"),
        V(one(gitlab), "gitlab deploy token glpat for the runner -> ⟨v⟩", "variables:\n  GITLAB_TOKEN: \"⟨v⟩\""),
        V(one(huggingface), "huggingface-cli login --token ⟨v⟩", "HF_TOKEN=⟨v⟩ for pulling the gated model"),
    ), 3),
    F("secret", "slack-tokens", (
        V(slack, "SLACK_BOT_TOKEN=⟨bot⟩\nSLACK_SIGNING_SECRET=⟨sig⟩",
          "bot token for the standup app: ⟨bot⟩"),
        V(slack, "my user token (xoxp) for the export script is ⟨usr⟩", "slack legacy token ⟨usr⟩ — works for admin.* calls"),
        V(slack, "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"deploy done\"}' ⟨hook⟩",
          "alerts webhook → ⟨hook⟩"),
        V(slack, "socket mode:\n```yaml\nslack:\n  app_token: ⟨app⟩\n  bot_token: ⟨bot⟩\n```",
          '{"slack": {"webhook_url": "⟨hook⟩", "channel": "#alerts"}}'),
    ), 3),
    F("secret", "chat-bot-tokens", (
        V(one(discord_bot), 'client.run("⟨v⟩")', "discord bot token for the test guild: ⟨v⟩"),
        V(one(discord_webhook), "post build status to ⟨v⟩", "DISCORD_WEBHOOK=⟨v⟩"),
        V(one(telegram), "curl \"https://api.telegram.org/bot⟨v⟩/sendMessage?chat_id=-100123&text=hi\"",
          "the alert bot calls https://api.telegram.org/bot⟨v⟩/getUpdates every minute"),
        V(one(telegram), "BotFather gave me ⟨v⟩ for @acme_alerts_bot", "TELEGRAM_BOT_TOKEN: ⟨v⟩"),
    ), 3),
    F("secret", "payment-keys", (
        V(lambda r: {"v": stripe(r)}, "STRIPE_SECRET_KEY=⟨v⟩", "stripe live secret: ⟨v⟩ (don't commit it again)"),
        V(lambda r: {"v": stripe(r, "rk_live_")}, "restricted key for the reporting job ⟨v⟩",
          "stripe.api_key = \"⟨v⟩\""),
        V(lambda r: {"v": "whsec_" + s(r, ALNUM, 32)}, "endpoint signing secret is ⟨v⟩",
          "STRIPE_WEBHOOK_SECRET=⟨v⟩"),
        V(lambda r: {"v": "sq0atp-" + s(r, ALNUM + "-_", 22), "b": f"access_token$production${s(r, 'abcdefghijklmnopqrstuvwxyz0-9', 16)}${hex_token(r, 32)}"},
          "square prod access token ⟨v⟩", "braintree: ⟨b⟩"),
        V(lambda r: {"v": stripe(r, "sk_test_")}, "test-mode secret for the sandbox account: ⟨v⟩",
          "STRIPE_KEY=⟨v⟩ # test mode"),
    ), 3),
    F("secret", "ai-provider-keys", (
        V(one(openai), "OPENAI_API_KEY=⟨v⟩", "new openai key for the eval harness: ⟨v⟩"),
        V(one(openai), "client = OpenAI(api_key=\"⟨v⟩\")", "```python\nopenai.api_key = '⟨v⟩'\n```"),
        V(one(anthropic), "curl https://api.anthropic.com/v1/messages -H \"x-api-key: ⟨v⟩\" -H \"anthropic-version: 2023-06-01\"",
          "claude key ⟨v⟩"),
        V(one(google_api), "const firebaseConfig = { apiKey: \"⟨v⟩\", projectId: \"acme-prod\" };",
          "gemini key for the prototype: ⟨v⟩"),
    ), 3),
    F("secret", "cloud-credentials", (
        V(lambda r: {"v": azure_storage_key(r)},
          "DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey=⟨v⟩;EndpointSuffix=core.windows.net",
          "azure storage account key (key1): ⟨v⟩"),
        V(lambda r: {"v": azure_client_secret(r), "u": uuid4(r)},
          '{"appId": "⟨u⟩", "password": "⟨v⟩", "tenant": "acme.onmicrosoft.com"}',
          "AZURE_CLIENT_SECRET=⟨v⟩"),
        V(lambda r: {"v": pem(r, "PRIVATE KEY", 4).replace("\n", "\\n")},
          '{"type": "service_account", "project_id": "acme-data", "private_key_id": "7f3a", "private_key": "⟨v⟩"}',
          "gcp sa json, private_key field: \"⟨v⟩\""),
        V(lambda r: {"v": google_oauth_secret(r)}, "oauth client secret for the intranet login: ⟨v⟩",
          "GOOGLE_CLIENT_SECRET=⟨v⟩"),
    ), 3),
    F("secret", "saas-api-keys", (
        V(saas, "DD_API_KEY=⟨dd⟩", "datadog api key ⟨dd⟩ for the new cluster"),
        V(saas, "HEROKU_API_KEY=⟨heroku⟩", "heroku auth token: ⟨heroku⟩"),
        V(saas, "TWILIO_ACCOUNT_SID=⟨sid⟩\nTWILIO_AUTH_TOKEN=⟨twilio⟩", "twilio auth token is ⟨twilio⟩"),
        V(saas, "sendgrid key ⟨sg⟩", "MAILGUN_API_KEY=⟨mg⟩"),
        V(saas, "shopify admin api token ⟨shp⟩", "doctl auth init -t ⟨do⟩"),
        V(saas, "VAULT_TOKEN=⟨hvs⟩", "linear api key: ⟨lin⟩"),
        V(saas, "jira api token for the bot: ⟨atl⟩", "ATLASSIAN_TOKEN=⟨atl⟩"),
    ), 2),
    F("secret", "connection-strings", (
        V(conn, "DATABASE_URL=postgres://app:⟨pw⟩@⟨host⟩:5432/orders",
          "prod db: postgresql://admin:⟨pw⟩@⟨host⟩/main?sslmode=require"),
        V(conn, "mongodb+srv://svc_reader:⟨pw⟩@cluster0.x8k2p.mongodb.net/analytics?retryWrites=true",
          "MONGO_URI=\"mongodb://root:⟨pw⟩@⟨host⟩:27017/?authSource=admin\""),
        V(conn, "jdbc:sqlserver://⟨host⟩:1433;databaseName=hr;user=sa;password=⟨pw⟩;",
          "Server=⟨host⟩;Database=Payroll;User Id=payroll_svc;Password=⟨pw⟩;"),
        V(conn, "redis://:⟨pw⟩@⟨host⟩:6379/0", "CELERY_BROKER_URL=amqp://worker:⟨pw⟩@rabbit.internal:5672//"),
        V(conn, "engine = create_engine(\"mysql+pymysql://etl:⟨pw⟩@⟨host⟩/warehouse\")",
          "```yaml\ndatabase:\n  host: ⟨host⟩\n  user: app\n  password: \"⟨pw⟩\"\n```"),
    ), 3),
    F("secret", "private-keys", (
        V(lambda r: {"v": pem(r)}, "deploy key for the bastion:\n⟨v⟩", "⟨v⟩"),
        V(lambda r: {"v": openssh_private(r)}, "my id_ed25519 in case the vault is down\n⟨v⟩", "```\n⟨v⟩\n```"),
        V(lambda r: {"v": pem(r, "EC PRIVATE KEY", 3)}, "tls key for api.acme.io:\n⟨v⟩",
          "apple push key (p8):\n" + "⟨v⟩"),
        V(lambda r: {"v": pgp_private(r)}, "exported signing key, import with gpg --import:\n⟨v⟩", "⟨v⟩"),
        V(lambda r: {"v": pem(r, "ENCRYPTED PRIVATE KEY", 4), "p": password(r)},
          "⟨v⟩\npassphrase: ⟨p⟩", "encrypted key (pass ⟨p⟩)\n⟨v⟩"),
        V(lambda r: {"v": base64.b64encode(r.randbytes(32)).decode()},
          "[Interface]\nPrivateKey = ⟨v⟩\nAddress = 10.8.0.2/32\nDNS = 1.1.1.1",
          "wireguard private key for my laptop peer: ⟨v⟩"),
    ), 3),
    F("secret", "jwt", (
        V(one(jwt), "Authorization: Bearer ⟨v⟩", "curl -H \"Authorization: Bearer ⟨v⟩\" https://api.acme.io/v2/me"),
        V(one(jwt), "here's an admin token for testing as ⟨user⟩: ⟨v⟩", "jwt from prod localStorage -> ⟨v⟩"),
        V(one(jwt), '{"access_token": "⟨v⟩", "token_type": "bearer", "expires_in": 3600}',
          "id_token=⟨v⟩"),
    ), 3),
    F("secret", "session-and-bearer", (
        V(cookie, "Cookie: sessionid=⟨sess⟩; csrftoken=⟨bearer⟩", "copy my cookie if you need to repro: session=⟨sess⟩"),
        V(cookie, "Set-Cookie: connect.sid=⟨sid⟩; Path=/; HttpOnly", "PHPSESSID=⟨php⟩"),
        V(cookie, "curl https://api.acme.io/v1/orders -H 'Authorization: Bearer ⟨bearer⟩'",
          "bearer token for the partner API: ⟨bearer⟩"),
        V(cookie, "X-Api-Key: ⟨hex⟩", "the admin session token is ⟨hex⟩, valid till friday"),
    ), 3),
    F("secret", "basic-auth-urls", (
        V(conn, "https://⟨user⟩:⟨pw⟩@jenkins.acme.io/job/deploy/build",
          "grafana is at http://admin:⟨pw⟩@grafana.internal:3000"),
        V(conn, "curl -u deploy:⟨pw⟩ https://nexus.acme.io/repository/releases/",
          "wget --user=ops --password='⟨pw⟩' https://files.acme.io/dump.tgz"),
        V(lambda r: {"v": base64.b64encode(f"{r.choice(('admin', 'ci', 'svc'))}:{password(r)}".encode()).decode()},
          "Authorization: Basic ⟨v⟩", "proxy header: Proxy-Authorization: Basic ⟨v⟩"),
        V(conn, "pip install --index-url https://ci:⟨pw⟩@pypi.acme.io/simple acme-sdk",
          "ftp://backup:⟨pw⟩@nas.local/exports"),
    ), 3),
    F("secret", "natural-language-passwords", (
        V(pw, "p/w for the NAS is ⟨pw⟩", "pw for the shared jira admin: ⟨pw⟩", "nas login admin / ⟨pw⟩"),
        V(pw, "my gmail password is the same as netflix, ⟨pw⟩", "remember my bank password: ⟨pw⟩",
          "I changed my laptop password to ⟨pw⟩ so I don't forget"),
        V(pw, "wifi password: ⟨pw⟩", "guest wifi is AcmeGuest, password ⟨pw⟩"),
        V(pw, "la contraseña del router es ⟨pw⟩", "Passwort für den Drucker-Admin: ⟨pw⟩",
          "le mot de passe du serveur de test est ⟨pw⟩", "a senha do painel é ⟨pw⟩"),
        V(pw, "passphrase for the gpg key is '⟨pw⟩'", "the 1password master password is ⟨pw⟩",
          "creds for the staging admin: user ⟨user⟩, pass ⟨pw⟩"),
    ), 3),
    F("secret", "pins-and-codes", (
        V(pw, "my debit card PIN is ⟨pin⟩", "bank app pin ⟨pin⟩, don't tell anyone lol"),
        V(pw, "alarm code for the office is ⟨pin⟩#", "the door code to the server room: ⟨pin⟩"),
        V(lambda r: {"v": digits(r, 8)}, "SIM PUK code ⟨v⟩", "my phone's PUK is ⟨v⟩"),
        V(pw, "voicemail pin ⟨pin⟩", "mi PIN de la tarjeta es ⟨pin⟩"),
    ), 3),
    F("secret", "wallet-secrets", (
        V(wallet, "btc paper wallet WIF: ⟨wif⟩", "import this private key into electrum: ⟨wif⟩"),
        V(wallet, "my metamask recovery phrase is ⟨seed12⟩", "seed: ⟨seed12⟩"),
        V(wallet, "ledger backup (24 words): ⟨seed24⟩", "mnemonic = \"⟨seed24⟩\""),
        V(wallet, "ETH private key for the faucet wallet: 0x⟨eth⟩", "PRIVATE_KEY=⟨eth⟩ # deployer"),
        V(wallet, "wrote down my seed words:\n⟨numbered⟩", "recovery words\n⟨numbered⟩"),
        V(wallet, "solana keypair id.json: ⟨sol⟩", "phantom secret key array ⟨sol⟩"),
    ), 3),
    F("secret", "2fa-seeds-and-recovery", (
        V(totp, "otpauth://totp/⟨issuer⟩:⟨user⟩?secret=⟨seed⟩&issuer=⟨issuer⟩",
          "otpauth://totp/⟨issuer⟩%3Aops?secret=⟨seed⟩&digits=6&period=30"),
        V(totp, "⟨issuer⟩ 2FA setup key: ⟨gseed⟩", "totp secret for the shared root account: ⟨gseed⟩"),
        V(totp, "⟨issuer⟩ recovery codes:\n⟨codes⟩", "backup codes for my account (each works once):\n⟨codes⟩"),
        V(totp, "if I lose my phone the ⟨issuer⟩ backup codes are ⟨inline⟩",
          "2fa seed ⟨seed⟩ — add it to your authenticator"),
    ), 3),
    F("secret", "encoded-split-reversed", (
        V(encoded, "base64 so the bot doesn't flag it: ⟨b64⟩", "token (b64): ⟨b64⟩"),
        V(encoded, "hex-encoded key: ⟨hex⟩", "echo ⟨hex⟩ | xxd -r -p"),
        V(encoded, "reversed so the scanner misses it: ⟨rev⟩", "read it backwards: ⟨rev⟩"),
        V(encoded, "the token with spaces so slack won't linkify it: ⟨spaced⟩", "⟨spaced⟩ (remove the spaces)"),
        V(encoded, "first half ⟨a⟩ and the second half ⟨b⟩", "part 1: ⟨a⟩\npart 2: ⟨b⟩"),
        V(encoded, "url-encoded token=⟨url⟩", "AWS creds base64'd: ⟨awsb64⟩"),
    ), 3),
    F("secret", "config-secrets", (
        V(kube, "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ndata:\n  password: ⟨b64pw⟩",
          "kubectl get secret db-creds -o yaml shows password: ⟨b64pw⟩"),
        V(kube, '{"client_id": "acme-portal", "client_secret": "⟨cs⟩"}', "OAUTH_CLIENT_SECRET=⟨cs⟩"),
        V(lambda r: {"v": password(r), "k": s(r, ALNUM, 50)},
          "SECRET_KEY = '⟨k⟩'  # django settings.py", "flask: app.secret_key = \"⟨k⟩\""),
        V(lambda r: {"v": password(r)}, "smtp:\n  host: smtp.gmail.com\n  user: alerts@acme.io\n  pass: ⟨v⟩",
          "MAIL_PASSWORD=⟨v⟩"),
    ), 3),
]
