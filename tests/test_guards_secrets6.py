# ruff: noqa: E501  (pasted config texts read best on one line each)
"""Secret forms of issue 12's sixth round (secret6): config structure, camelCase names,
PINs and lock codes in other languages, logins without the word "password", and the
look-alikes each rule must let through. Values are made up for these tests.
"""

from __future__ import annotations

import base64

import pytest

from core.guards import check

SECRETS = [
    "L4HVFaNfDL3LMxpwugSRbP8hYkVpTs5KnZoKEYct <- that's the token",
    "q8Wc2ZpL7vXk3NbY9tRm4sHd is my api key for the staging box",
    '"Zq8WlP2mXc9VbN4kTr7YsD1fH3" is the secret for the webhook',
    "dbPassword: Xk29!mPqLw",
    'mysqlRootPassword: "Tr0ub4dor&33"',
    'adminPass = "Qm8#kLp2zX"',
    "stripeSecretKey: 'Zq8WlP2mXc9VbN4kTr7YsD1f'",
    '- name: DB_PASSWORD\n  value: "Hv7$kLq2pW9"',
    "- name: API_TOKEN\n  value: q8Wc2ZpL7vXk3NbY9tRm4sHd",
    "env:\n  - name: SMTP_PASS\n    value: Lantern!meadow88",
    'variable "db_password" {\n  default = "Kestrel#harbor42"\n}',
    '{"username": "svc", "password": "Zx9!qLm2Pk"}',
    "<password>Hk3$pQz9Lm</password>",
    '<add key="SmtpPassword" value="Qz8!mWk2Lp" />',
    "spring.datasource.password=Vw3#kLp9Qz",
    'ConnectionStrings__Default="Host=db;Username=app;Password=Lq8!zWm3Kp"',
    "Data Source=sql01;Initial Catalog=erp;User Id=sa;Password=Mz7#qLk2Wp;",
    'psql "host=db.acme.io user=app password=Rk2!mPq9Lz dbname=orders"',
    "PGPASSWORD=Tq9!kLm2Zx psql -h db -U app",
    "mysql -h db -u root -pQz8!kLm2Wx shop",
    "ftp://backup:Wq7#mLk2Pz@ftp.acme.io/dumps",
    "https://deploy:Zk8!qLm3Wp@git.acme.io/repo.git",
    "my wifi pass is Kz8!qLm2Wp",
    "o meu PIN do cartão é 4829",
    "il PIN del bancomat è 5830",
    "el pin de la tarjeta es 7391",
    "de pincode van mijn bankpas is 6028",
    "le code de la porte est 4B729",
    "digicode de l'immeuble : 38A61",
    "Türcode: 5917",
    "mein PIN ist 8362",
    "PIN-Code der SIM-Karte: 2847",
    "PIN: 7294",
    "passcode for my iphone is 284913",
    "iPhone Code: 551973",
    "Mot de passe : Zq8!kLm2Wp",
    "contraseña: Kestrel#harbor42",
    "Kennwort: Fjord!Lampe77",
    "パスワード：Kz8!qLm2Wp",
    "пароль Zq8kLm2Wp!",
    "密码：Kz8!qLm2Wp",
    "비밀번호는 Kz8!qLm2Wp 입니다",
    "parolă: Kz8!qLm2Wp",
    "şifrem Kz8!qLm2Wp",
    "la mia password è cavallo-batteria-99",
    'la contraseña es "perro azul 1987"',
    "wachtwoord: Zomer2024!",
    "hasło: Kot!Burek22",
    "the password to my laptop is fluffy2019",
    "laptop pw fluffy2019",
    "pw Zq8!kLm2Wp",
    "login: jane.doe / Zq8!kLm2Wp",
    "user: admin pass: Zq8!kLm2Wp",
    "username admin password Zq8!kLm2Wp",
    "u: admin p: Zq8!kLm2Wp",
    "root / Zq8!kLm2Wp for the router",
    "ssh root@10.1.2.3 pw Zq8!kLm2Wp",
    "my banking login is Mango1986!",
    "windows password = Kestrel1990",
    "my netflix is user@mail.com Zq8!kLm2Wp",
    "the nas p/w is Blue#Otter77",
    "nas login: admin, pw Blue#Otter77",
    "NAS = admin / Blue#Otter77",
    "wifi: FritzBox-7590 / key 4829 1736 5512 9034",
    "WLAN-Schlüssel: 48291736551290344",
    "guest wifi pw is sunflower2024",
    "router admin password is still the default: admin123",
    "my password for everything is Hund#1994",
    "I always use Hund#1994 for my passwords",
    "the combination is 12-34-56",
    "the safe combination: 27 14 38",
    "the code to get in is 4471, then press enter",
    "door code 7305#",
    "my bank pin, in case I forget: 4821",
    "security answer: Fluffy (my first cat)",
    "mother's maiden name is Kowalski",
    'the answer to my security question is "Springfield"',
    "the master password is Violet!Harbor!2031",
    "KeePass master password: correct-horse-battery-staple-9",
    "passphrase: tangerine orbit velvet kettle",
    "my Apple ID is jane@icloud.com and the password is Zq8!kLm2Wp",
    "for the vendor portal use jmiller@acme.io / Zq8!kLm2Wp",
    "pass: Zq8!kLm2Wp",
    "psw: Zq8!kLm2Wp",
    "mdp : Zq8!kLm2Wp",
    "Passwort lautet Zq8!kLm2Wp",
    "das Kennwort für das WLAN ist Zq8!kLm2Wp",
    "la clave del wifi es Zq8!kLm2Wp",
    "a senha do wifi é Zq8!kLm2Wp",
    "el password del router es Zq8!kLm2Wp",
    "пароль от wifi: Zq8!kLm2Wp",
    "WiFiのパスワードはZq8!kLm2Wpです",
    "wifi密码是Zq8!kLm2Wp",
    "와이파이 비밀번호: Zq8!kLm2Wp",
    "my netflix: jane@mail.com pw Zq8!kLm2Wp",
    "login jane / Zq8!kLm2Wp",
    "jane:Zq8!kLm2Wp@ftp.acme.io",
    "AWS console: user ops-admin, pw Zq8!kLm2Wp",
    "VPN creds -> jdoe / Zq8!kLm2Wp",
    "the temp password I gave her is Welcome2026!",
    "temporary password: Tmp-48291",
    "one-time password: 482913",
]

LOOK_ALIKES = [
    "d41d8cd98f00b204e9800998ecf8427e is the md5 of the empty file",
    "user:1234:profile:v2:abcdefgh is the cache key we use",
    "8e8344cef65d3f42347b0f17d9ad4ce0a97e19ad is the commit that broke it",
    "AAAAC3NzaC1lZDI1NTE5AAAAINB0fT7h is the public key of the bastion",
    "order_2026_12_03_000123_abc is the partition key",
    "SGVsbG8sIHdvcmxkIQ== is my favourite base64 string, not a key",
    "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx is the token format",
    'publicKey: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEgomHFCFl7t0InEisDePczPLeLxZr"',
    'nextPageToken: "CAoQAA8uVmNdK3pQZXhlZ2lmdA"',
    '"NextToken": "AAAAAAbcdEFGhij1234klmnOPQ5678rstuv"',
    'cacheKey = "user:1234:profile:v2:abcdef"',
    "isPassing: true",
    "bypassCache: true",
    'deviceToken: "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0"',
    "firstPass: done",
    'sortKey: "2026-12-03T10:14:07Z#ord_8f7e6d"',
    "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db-creds\n      key: password",
    '{"name": "API_TOKEN", "valueFrom": "arn:aws:ssm:eu-west-1:123456789012:parameter/prod/api-token"}',
    '- name: TOKEN_TTL\n  value: "3600"',
    "- name: SECRET_REGION\n  value: eu-west-1",
    'variable "db_password" {\n  type        = string\n  description = "Password for the admin user"\n  sensitive   = true\n}',
    'variable "token_expiry" {\n  default = "24h"\n}',
    "aws ssm get-parameter --name /prod/db/password --with-decryption",
    'aws ssm put-parameter --name /prod/db/password --value "$DB_PASSWORD" --type SecureString',
    "<password>${env.NEXUS_PASSWORD}</password>",
    "<passwordPolicy>strict</passwordPolicy>",
    "<tokenEndpoint>https://login.acme.io/oauth2/token</tokenEndpoint>",
    "<secretName>prod-db-creds</secretName>",
    '"auth": "oauth2"',
    '"auth": {"type": "bearer"}',
    "auth: required",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: tls\ntype: kubernetes.io/tls\ndata: {}",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\nstringData:\n  LOG_LEVEL: info",
    "apiVersion: v1\nkind: ConfigMap\ndata:\n  mode: cHJvZA==\n  region: ZXUtd2VzdC0x",
    "the PIN of the card reader is broken",
    "PIN-Code vergessen? Ruf die Hotline an: 0800 123 456",
    "o PIN do cartão tem 4 dígitos",
    "il PIN del bancomat è scaduto",
    "le code de la porte a changé, demande à la gardienne",
    "code de la porte : voir le mail de lundi",
    "Türcode ändert sich am 1. Januar",
    "digicode en panne depuis hier",
    "pin 13 of the GPIO header is ground",
    "PIN number format: 4 to 6 digits",
    "card pin reset takes 2 days",
    "the PIN for the survey is in the email",
    "the error code of the door controller is 4021",
    "the code for the porte-cochère is in the wiki",
    "login is broken again since the 2.3 update",
    "my login is jsmith2 on the new portal",
    "login: jane.doe",
    "the login for the wiki is your normal SSO",
    "Login page: https://portal.acme.io/Login2024",
    "u: admin p: see vault",
    "root / home partition is 80% full",
    "admin / settings / billing is where you change the plan",
    "email me at jane@acme.io ASAP",
    "contact jane@acme.io Tuesday-ish",
    "send it to ops@acme.io (cc: Ravi)",
    "user: admin, password: ask Dana",
    "dbPassword: ${DB_PASSWORD}",
    "adminPassword: changeme",
    "clientSecret: process.env.CLIENT_SECRET",
    "apiKey: getApiKey()",
    'SECRET_KEY = config("DJANGO_SECRET_KEY")',
    "token = generate_token(32)",
    "parolă uitată? apasă pe „Resetează”",
    "şifremi unuttum, nasıl sıfırlarım?",
    "lozinka mora imati 12 znakova",
    "the auth=none setting disables login",
    "recovery codes: printed, in the safe",
    "backup code policy v2 applies from 2026-12-01",
    "the combination of 3 4 and 5 is what we need",
    "combo meal 2 for 1 on Tuesdays",
    "a combination of 12 15 and 18 month plans",
    "the best combo is 1 2 3 4 in the tutorial",
    "time:10:30@venue.example.com",
    "mailto:jane@acme.io",
    "re:invoice@acme.io",
    "git@github.com:acme/repo.git",
    "ssh://git@gitlab.acme.io:2222/acme/repo.git",
    "http://user@host.acme.io:8080/path",
    "the meeting room is 3:45pm@HQ.acme",
    "my bank pin, sadly, got blocked",
    "wifi key: see the router sticker",
    "WLAN-Schlüssel steht auf der Rückseite",
    "I use Bitwarden for my passwords",
    "we use SSO for all our accounts",
]


@pytest.mark.parametrize("text", SECRETS)
def test_secret_forms_are_refused(text: str) -> None:
    finding = check(text)
    assert finding is not None and finding.category == "secret", text


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_look_alikes_pass(text: str) -> None:
    assert check(text) is None, text


def test_a_kubernetes_secret_is_read_through_its_base64() -> None:
    value = base64.b64encode(b"Lantern!meadow88").decode()
    manifest = f"apiVersion: v1\nkind: Secret\ndata:\n  username: YXBw\n  db-pass: {value}\n"
    assert check(manifest) is not None
    plain = base64.b64encode(b"eu-west-1").decode()
    assert check(f"apiVersion: v1\nkind: Secret\ndata:\n  region: {plain}\n") is None


def test_an_encoded_password_assignment_is_decoded_and_read() -> None:
    blob = base64.b64encode(b"db_password=Zq8!kLm2Wp").decode()
    assert check(f"echo '{blob}' | base64 -d") is not None
    assert check(f"echo '{base64.b64encode(b'hello, this is plain text').decode()}'") is None


def test_a_private_key_body_without_its_header_is_refused() -> None:
    body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + "q8Wc2ZpL7vXk3NbY9tRm4sHd" * 3
    assert check(body) is not None
    public = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + "q8Wc2ZpL7vXk3NbY9tRm4sHd" * 3
    assert check(public) is None
