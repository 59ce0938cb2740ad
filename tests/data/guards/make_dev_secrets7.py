# ruff: noqa: E501  (hand-written corpus sentences read best on one line each)
"""Write dev_secrets7.jsonl: the families the sixth round still missed, as outsiders paste them.

Issue 12's seventh round (secret7). Written before any rule it measures was changed and
without reading core/guards, so that its first measurement is a mini hold-out: BIP-39 seeds
in the other official lists (Spanish, French, Italian, Portuguese, Czech, Japanese with the
ideographic space, Korean, Chinese one character a word), tokens spelled out with dashes,
dots or spaces, in groups, wrapped over two lines or salted with zero-width characters,
short HTTP Basic credentials, passwords said with no context word, passphrases of random
words, and identifiers with their check digits (US driver's licences, US and Australian
Medicare numbers, passports after the word in several languages, IBANs of twenty countries,
national numbers of a dozen). Beside them the clean look-alikes: ordinary Spanish and French
sentences made of BIP-39 words, word lists, base64 of ordinary text, dashed SKUs, licence
plates, ISBNs, parcel tracking numbers, password-policy talk, and numbers whose check fails.

The values come from this file's own makers (random characters at each vendor's length,
check digits computed here). The seed phrases were made once with the `mnemonic` package
(`Mnemonic(lang).to_mnemonic(entropy)`, so their checksum is right) and are written out
below; the look-alike word lists were checked with `Mnemonic(lang).check` to fail.
Nothing here is a real credential or a real person's number.

Before (mini hold-out, measured once on main 0f8fa8f before any rule changed):
    .venv/bin/python bench/guards_quality.py --api tests/data/guards/dev_secrets7.jsonl
    secret recall 0.440 (37/84), pii recall 0.944 (51/54), clean refused 0.011 (1/94): 232 rows
    missed: seed_other_lang 26/26, bare_password 14/22, basic_auth 3/14, spelled_token 4/22,
    national_id 2/16, medicare 1/5; refused: password_topic 1
After the seventh round's rules (same command): secret 0.976 (82/84), pii 1.000 (54/54),
clean refused 0.000 (0/94); missed: bare_password 2 (a hyphenated word-and-digits password
with a trailing "!", a WPA key in digit groups after "key").

Tuned on since: it is part of the dev split (`bench/guards_quality.py --split dev`); its
misses were read only after that first measurement.

    .venv/bin/python tests/data/guards/make_dev_secrets7.py
"""

from __future__ import annotations

import base64
import json
import random
import string
from pathlib import Path

OUT = Path(__file__).with_name("dev_secrets7.jsonl")
R = random.Random(20261204)
ALNUM = string.ascii_letters + string.digits
UPNUM = string.ascii_uppercase + string.digits
IDEO = "\u3000"

# Made with mnemonic 0.21: Mnemonic(lang).to_mnemonic(entropy), entropy from random.Random(7007).
SEEDS = {
    "es12": "puesto cosmos catre norte rosca lejano freno bazar método leche actuar sartén",
    "es24": "caldo pronto azúcar huracán revista danza sitio anís tapia bello golfo sano tocino pálido riqueza rabo alejar trazar peldaño redondo ocaso caldo caudal ceder",
    "es12b": "marzo temor tanque hebra cosmos mar adulto mejor pelo batalla astro fútbol",
    "fr12": "euphorie néfaste dégager veston pouvoir pointe tornade spiral anaphore muséum unifier mammouth",
    "fr12b": "cigare limer sombre suggérer sombre brave épine rivière élégant chance prince enduire",
    "fr24": "défrayer figure dentelle oxygène cendrier frégate bidule crevette tambour rayonner vague furieux guépard chrome carnage nuisible étaler boulon honneur jeton mondial pastèque tornade cuisine",
    "it12": "sbendare ronzio isterico scuderia seguito melodia giudizio labbro becco pepita fermento vicinanza",
    "it24": "pranzo camerata reputare invece fontana bravura pepita esca finanza spatola ramingo roco stacco sdebitare dannoso espanso stupendo modulo erosivo sociale cruciale superbo selciato umile",
    "pt12": "capacho atalho dourado modular rugoso tigela faixa expirar ensaio charme gasoduto fabuloso",
    "pt24": "tapar tanto assunto aliviar copiador inicial atadura soterrar silicone belga alcatra embargo cacetada ejetar resenha palmada aplicada ilha pontaria lixeira trunfo aberto madeira ringue",
    "cs12": "satelit zmizet klenba nymfa omezit synovec vklad soucit pastelka romaneto podcenit doplnit",
    "cs24": "konzerva tazatel poukaz ples vyvrhel chobot mnohem vnucovat lebka pohovor korzet ulita zapojit veselka jazyk svorka cejch vrcholek zaujmout raft nocleh pumpa zvon pytel",
    "ja12": "ひんしゅ はっこう ちひょう がっきゅう はっぽう てあて しゃたい そっこう せっけん ぐうたら でんわ てんき".replace(" ", IDEO),
    "ja24": "いさましい さわる ざんしょ すもう ぐんたい きうん めずらしい しゃけん ひはん とさか きんかくじ せたい たこく はんらん えらい しゃっきん うったえる てきとう とくに きかんしゃ いそうろう こうえん やせる ちたん".replace(" ", IDEO),
    "ja12b": "ぶんせき おとしもの うちあわせ おろす あかちゃん たんか こまかい もうどうけん べにいろ ほうもん くちさき ちんたい".replace(" ", IDEO),
    "ko12": "질서 제삿날 위법 상태 시나리오 눈물 수돗물 비닐 장인 생각 진급 방법",
    "ko24": "녹음 설악산 방금 무지개 스튜디오 정문 전라도 규칙 일찍 주식 신화 탁구 식초 여직원 간섭 장인 농민 중계방송 서랍 식품 제출 슬픔 형수 생각",
    "zh12": "鸭 卖 斜 朗 论 组 微 吉 羊 消 丙 丝",
    "zh12b": "看 钠 骨 走 冯 家 氢 弄 贫 困 背 岩",
    "zht12": "城 縣 丈 啟 家 壞 靜 論 姐 霍 美 縱",
}

# Vocabulary lists of twelve everyday words, most but not all of them BIP-39 list words,
# and two of twelve list words drawn at random whose checksum fails (Mnemonic(lang).check).
NOT_SEEDS_ALL_LISTED = {
    "spanish": "ruleta rebaño gratis flúor jefe lienzo digno casero lino redondo celoso vil",
    "french": "ficeler science futur poulain raisin frénésie écrou tolérant étanche orange carotte cérébral",
}
NOT_SEEDS = {
    "spanish": "abrir bosque cadena dedo fuego globo hombre lago madre noche perro tarde",
    "french": "abeille balcon cabinet dauphin effort fameux gagner habiter image jardin lampe maison",
    "italian": "abete balena cane dado elica fango gatto isola lago mare nave oliva",
    "portuguese": "abacate bola cabelo dado escola faca gato horta janela lago mesa navio",
    "czech": "auto balkon citron domov fazole hruška jablko kniha lampa mlha noha okno",
}


def chars(alphabet: str, n: int) -> str:
    return "".join(R.choice(alphabet) for _ in range(n))


def digits(n: int) -> str:
    return "".join(R.choice(string.digits) for _ in range(n))


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def ghp() -> str:
    return "ghp_" + chars(ALNUM, 36)


def aws_key_id() -> str:
    return "AKIA" + chars(string.ascii_uppercase + "234567", 16)


def aws_secret() -> str:
    return chars(ALNUM + "+/", 40)


def groups(text: str, size: int, sep: str) -> str:
    return sep.join(text[i : i + size] for i in range(0, len(text), size))


def luhn_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def iban(country: str, bban: str) -> str:
    moved = bban + country + "00"
    number = int("".join(str(int(c, 36)) for c in moved))
    return f"{country}{98 - number % 97:02d}{bban}"


def iban_groups(value: str) -> str:
    return groups(value, 4, " ")


def dni() -> str:
    n = R.randint(10**7, 10**8 - 1)
    return f"{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def nie() -> str:
    head = R.choice("XYZ")
    n = int(str("XYZ".index(head)) + digits(7))
    return f"{head}{n % 10**7:07d}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23], strict=True))


def codice_fiscale() -> str:
    body = chars("BCDFGHLMNPRSTVZ", 3) + chars("BCDFGHLMNPRSTVZ", 3) + digits(2) + R.choice("ABCDEHLMPRST") + f"{R.randint(1, 28) + R.choice([0, 40]):02d}" + R.choice("ABCDEFGHLMZ") + digits(3)
    total = 0
    for i, ch in enumerate(body):
        total += CF_ODD[ch] if i % 2 == 0 else int(ch, 36) if ch.isdigit() else ord(ch) - 65
    return body + chr(65 + total % 26)


def nir() -> str:
    body = f"{R.choice('12')}{R.randint(50, 99)}{R.randint(1, 12):02d}{R.randint(1, 95):02d}{digits(3)}{digits(3)}"
    key = 97 - int(body) % 97
    return f"{body[0]} {body[1:3]} {body[3:5]} {body[5:7]} {body[7:10]} {body[10:13]} {key:02d}"


def bsn() -> str:
    while True:
        d = [R.randint(0, 9) for _ in range(8)]
        total = sum(x * (9 - i) for i, x in enumerate(d))
        last = total % 11
        if last < 10 and d[0] != 0:
            return "".join(map(str, d)) + str(last)


def pesel() -> str:
    body = f"{R.randint(60, 99)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}{digits(4)}"
    total = sum(int(c) * w for c, w in zip(body, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3], strict=True))
    return body + str((10 - total % 10) % 10)


def personnummer() -> str:
    body = f"{R.randint(50, 99)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}{digits(3)}"
    return f"{body[:6]}-{body[6:]}{luhn_digit_sv(body)}"


def luhn_digit_sv(body: str) -> str:
    total = 0
    for i, ch in enumerate(body):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def hetu() -> str:
    dd, mm, yy, zzz = R.randint(1, 28), R.randint(1, 12), R.randint(50, 99), R.randint(2, 899)
    n = int(f"{dd:02d}{mm:02d}{yy:02d}{zzz:03d}")
    return f"{dd:02d}{mm:02d}{yy:02d}-{zzz:03d}{'0123456789ABCDEFHJKLMNPRSTUVWXY'[n % 31]}"


def fodselsnummer() -> str:
    while True:
        d = [int(c) for c in f"{R.randint(1, 28):02d}{R.randint(1, 12):02d}{R.randint(50, 99)}{digits(3)}"]
        k1 = 11 - sum(x * w for x, w in zip(d, [3, 7, 6, 1, 8, 9, 4, 5, 2], strict=True)) % 11
        k1 = 0 if k1 == 11 else k1
        if k1 == 10:
            continue
        d.append(k1)
        k2 = 11 - sum(x * w for x, w in zip(d, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2], strict=True)) % 11
        k2 = 0 if k2 == 11 else k2
        if k2 == 10:
            continue
        return "".join(map(str, [*d, k2]))


def cpf() -> str:
    d = [R.randint(0, 9) for _ in range(9)]
    for n in (10, 11):
        s = sum(x * (n - i) for i, x in enumerate(d))
        d.append(s * 10 % 11 % 10)
    s = "".join(map(str, d))
    return f"{s[:3]}.{s[3:6]}.{s[6:9]}-{s[9:]}"


def rut() -> str:
    n = R.randint(5_000_000, 25_000_000)
    total = sum(int(c) * w for c, w in zip(reversed(str(n)), [2, 3, 4, 5, 6, 7] * 2, strict=False))
    dv = 11 - total % 11
    check = {11: "0", 10: "K"}.get(dv, str(dv))
    return f"{n:,}".replace(",", ".") + f"-{check}"


def nif_pt() -> str:
    while True:
        body = R.choice("125") + digits(7)
        c = 11 - sum(int(x) * w for x, w in zip(body, range(9, 1, -1), strict=True)) % 11
        if c < 10:
            return body + str(c)


def sin_ca() -> str:
    body = R.choice("1234567") + digits(7)
    s = body + luhn_digit(body)
    return f"{s[:3]} {s[3:6]} {s[6:]}"


def china_id() -> str:
    body = f"{R.choice(['110101', '310104', '440305', '510107'])}{R.randint(1960, 2000)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}{digits(3)}"
    total = sum(int(c) * w for c, w in zip(body, [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2], strict=True))
    return body + "10X98765432"[total % 11]


def za_id() -> str:
    body = f"{R.randint(60, 99)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}{digits(4)}08"
    return body + luhn_digit(body)


def tc_kimlik() -> str:
    d = [R.randint(1, 9)] + [R.randint(0, 9) for _ in range(8)]
    d10 = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    d.append(d10)
    d.append(sum(d) % 10)
    return "".join(map(str, d))


def au_medicare() -> str:
    body = R.choice("23456") + digits(7)
    check = sum(int(c) * w for c, w in zip(body, [1, 3, 7, 9, 1, 3, 7, 9], strict=True)) % 10
    issue = R.randint(1, 9)
    s = f"{body}{check}{issue}"
    return f"{s[:4]} {s[4:9]} {s[9]}"


MBI_ALPHA = "ACDEFGHJKMNPQRTUVWXY"


def mbi() -> str:
    alnum = MBI_ALPHA + string.digits
    kinds = ["1-9", "A", "AN", "N", "A", "AN", "N", "A", "A", "N", "N"]
    pick = {"1-9": "123456789", "A": MBI_ALPHA, "AN": alnum, "N": string.digits}
    s = "".join(R.choice(pick[k]) for k in kinds)
    return f"{s[:4]}-{s[4:7]}-{s[7:]}"


def mrz_check(field: str) -> str:
    values = {c: i for i, c in enumerate(string.digits)} | {c: i + 10 for i, c in enumerate(string.ascii_uppercase)} | {"<": 0}
    return str(sum(values[c] * (7, 3, 1)[i % 3] for i, c in enumerate(field)) % 10)


def mrz_line2(number: str, nation: str, birth: str, sex: str, expiry: str) -> str:
    number = number.ljust(9, "<")
    personal = "<" * 14
    line = number + mrz_check(number) + nation + birth + mrz_check(birth) + sex + expiry + mrz_check(expiry) + personal + mrz_check(personal)
    composite = line[0:10] + line[13:20] + line[21:43]
    return line + mrz_check(composite)


def isbn13(body: str) -> str:
    total = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    return body + str((10 - total % 10) % 10)


def rows() -> list[dict[str, str]]:
    out: list[dict[str, str]] = []

    def add(expect: str, family: str, *texts: str) -> None:
        out.extend({"text": t, "expect": expect, "family": family} for t in texts)

    # ---- BIP-39 seeds in the other official lists -------------------------------------
    s = SEEDS
    add("secret", "seed_other_lang",
        f"mi frase semilla de la billetera: {s['es12']}",
        f"guárdame esto por si pierdo el móvil: {s['es24']}",
        s["es12b"],
        f"phrase de récupération : {s['fr12']}",
        f"les 12 mots de mon portefeuille Ledger : {s['fr12b']}",
        "\n".join(f"{i}. {w}" for i, w in enumerate(s["fr24"].split(), 1)),
        f"frase di recupero del wallet: {s['it12']}",
        f"backup Trezor (non perderlo!) {s['it24']}",
        f"frase de recuperação da carteira: {s['pt12']}",
        f"seed: {s['pt24']}",
        f"obnovovací fráze k peněžence: {s['cs12']}",
        s["cs24"],
        f"ウォレットの復元フレーズ：{s['ja12']}",
        s["ja24"],
        f"シードフレーズ {s['ja12b'].replace(IDEO, ' ')}",
        f"지갑 복구 문구: {s['ko12']}",
        s["ko24"],
        f"助记词：{s['zh12']}",
        f"钱包备份 {s['zh12b']}",
        f"助記詞 {s['zht12']}",
        " ".join(s["zh12"].split()).replace(" ", ""),
        f"Spanish seed, capitalised as I wrote it down: {s['es12b'].title()}",
        f"{s['fr12']}".upper(),
        ", ".join(s["it12"].split()),
        "mnemonic = \"" + s["cs12"] + "\"",
        f"recovery words (NFD, from my Mac notes): {__import__('unicodedata').normalize('NFD', s['es12'])}")

    # ---- tokens spelled out, grouped, wrapped, or salted with invisible characters ----
    t1, t2, t3, t4, t5, t6 = ghp(), ghp(), ghp(), ghp(), ghp(), ghp()
    slack = f"xoxb-{digits(12)}-{digits(13)}-{chars(ALNUM, 24)}"
    stripe = "sk_live_" + chars(ALNUM, 24)
    glpat = "glpat-" + chars(ALNUM + "_-", 20)
    npm = "npm_" + chars(ALNUM, 36)
    google = "AIza" + chars(ALNUM + "_-", 35)
    k1, s1 = aws_key_id(), aws_secret()
    k2, s2 = aws_key_id(), aws_secret()
    k3 = aws_key_id()
    add("secret", "spelled_token",
        "read it to you letter by letter: " + "-".join(t1),
        "token, dotted so the scanner ignores it: " + ".".join(t2),
        "here it is spaced out: " + " ".join(t3),
        f"github token in fours: {groups(t4, 4, ' ')}",
        f"github token with dashes every 6: {groups(t5, 6, '-')}",
        f"AWS key id {groups(k1, 4, ' ')} secret {groups(s1, 4, ' ')}",
        f"aws_access_key_id = {groups(k2, 4, '-')}\naws_secret_access_key = {groups(s2, 5, ' ')}",
        f"the access key is {groups(k3, 4, '.')}",
        "s l a c k   b o t   t o k e n :  " + " ".join(slack),
        "stripe live key spelled out: " + "-".join(stripe),
        "gitlab: " + " . ".join(glpat),
        f"npm token (terminal wrapped it):\n{npm[:22]}\n{npm[22:]}",
        f"token was cut by the chat window {t6[:20]}\n{t6[20:]}",
        f"ghp_{chars(ALNUM, 18)}\n{chars(ALNUM, 18)}",
        f"google maps key split over lines:\n{google[:20]}\n{google[20:]}",
        "copied from the PDF: " + "\u200b".join(ghp()),
        "from the wiki page: " + "\u200c".join(groups(stripe, 3, " ").split(" ")),
        "token " + "\u2060".join(groups(ghp(), 5, " ").split(" ")),
        "\ufeff" + ghp()[:10] + "\u00ad" + chars(ALNUM, 30),
        "AWS: " + "\u200b".join(aws_key_id()) + " / " + aws_secret(),
        "ｇｈｐ＿" + "".join(chr(ord(c) + 0xFEE0) for c in chars(ALNUM, 36)),
        "slack token with zero-width spaces: " + "\u200b".join(groups(slack, 4, " ").split(" ")))

    # ---- short HTTP Basic credentials -------------------------------------------------
    creds = ["admin:hunter2", "bob:Fl0wer!", "api:s3cr3t99", "root:toor#22", "ci:Kq7@mz", "jen:Rh8$vn2p", "svc:Pa55-w0rd", "ops:Zebra!42"]
    add("secret", "basic_auth",
        f"curl -H 'Authorization: Basic {b64(creds[0])}' https://nas.home.lan/api/status",
        f"> GET /admin HTTP/1.1\n> Host: router.local\n> Authorization: Basic {b64(creds[1])}\n> User-Agent: curl/8.4.0",
        f'headers = {{"Authorization": "Basic {b64(creds[2])}"}}',
        f"Authorization: Basic {b64(creds[3])}",
        f"10.0.0.5 - - [04/Dec/2026:10:12:01] \"GET /metrics HTTP/1.1\" 200 - \"Authorization: Basic {b64(creds[4])}\"",
        f"the webhook needs basic auth, header value is Basic {b64(creds[5])}",
        f"fetch(url, {{ headers: {{ Authorization: 'Basic {b64(creds[6])}' }} }})",
        f"wget --header=\"Authorization: Basic {b64(creds[7])}\" http://printer.office/config",
        f"proxy-authorization: basic {b64('me:Lx9!q')}",
        f"just use {b64('grafana:Gr4f!x')} as the basic auth value",
        f"https://{b64('u:Pw9#k2')}@hooks.internal/notify is wrong, it wants the header: Basic {b64('u:Pw9#k2')}",
        f"HTTP/1.1 401 retry with\nAuthorization: Basic {b64('deploy:Dq2$x')}",
        f"nginx upstream: proxy_set_header Authorization \"Basic {b64('kibana:Kb7&wz')}\";",
        f"Basic {b64('mia:Tango#88')} <- that's the one for the staging api")

    # ---- passwords with no context word, passphrases -----------------------------------
    add("secret", "bare_password",
        "wifi: Hund#1994",
        "it's Tr0ub4dor&3 btw",
        "guest network is Casa-Azul/2026, the 5G one",
        "for the NAS: Kj8!rW2mzq",
        "changed mine to Blue-Falcon-77! so update the shared sheet",
        "router admin / Lq5#Tz9v",
        "the code for the laptop is Marmelade!2019",
        "nas → Birke$Rot27",
        "same as the old one but with a 3 at the end: Summer2024!3",
        "mine's now Xv7@pLq2!e, don't tell anyone",
        "SSID Fritz!Box 7590 XY / key 4837 1029 5561 2287 9043",
        "laptop: Winter#Apfel88",
        "Netflix → Dorothy!Oz1939",
        "the bank one is 4Xq!m7Rz, the email one is Pelikan_2020",
        "wifi pw Sonnenblume-47",
        "new passphrase: orbit lantern mosaic velvet",
        "the vault unlocks with tundra-pickle-saxophone-ember",
        "pw: marble canyon whisper toaster glacier",
        "KeePass master is now 'copper violin meadow sprocket ninja'",
        "use walnut.harbor.cactus.lemon.fjord to log in to the shared account",
        "1Password master phrase: quartz-rabbit-lagoon-pencil",
        "contraseña del wifi: Perro#Azul77")

    # ---- identifiers: driver's licences, Medicare, passports, IBANs, national numbers --
    add("pii", "drivers_licence",
        f"California DL: {chars(string.ascii_uppercase, 1)}{digits(7)}",
        f"my NY driver's license is {digits(3)} {digits(3)} {digits(3)}",
        f"FL driver licence W{digits(3)}-{digits(3)}-{digits(2)}-{digits(3)}-0",
        f"Illinois DL# {chars(string.ascii_uppercase, 1)}{digits(3)}-{digits(4)}-{digits(4)}",
        f"Texas driver license number {digits(8)}",
        f"WA licence WDL{chars(UPNUM, 9)}",
        f"PA DL {digits(2)} {digits(3)} {digits(3)}",
        f"NJ driver's licence {chars(string.ascii_uppercase, 1)}{digits(4)} {digits(5)} {digits(5)}",
        f"Michigan DL {chars(string.ascii_uppercase, 1)} {digits(3)} {digits(3)} {digits(3)} {digits(3)}")
    add("pii", "medicare",
        f"Medicare number (MBI): {mbi()}",
        f"my mom's medicare card says {mbi().replace('-', '')}",
        f"MBI {mbi()} for the claim form",
        f"Medicare card: {au_medicare()}",
        f"my Medicare no. is {au_medicare().replace(' ', '')}, expiry 08/2029")
    add("pii", "passport",
        f"passport number {digits(9)}, expires 2031",
        f"Reisepass-Nr. C{chars('CFGHJKLMNPRTVWXYZ0123456789', 8)}",
        f"numéro de passeport : {digits(2)}{chars(string.ascii_uppercase, 2)}{digits(5)}",
        f"pasaporte PA{chars(string.ascii_uppercase, 1)}{digits(6)}",
        f"passaporto n. Y{chars(string.ascii_uppercase, 1)}{digits(7)}",
        f"Indian passport {chars(string.ascii_uppercase, 1)}{digits(7)}",
        f"passport: P{chars(string.ascii_uppercase, 1)}{digits(7)} (Australia)",
        f"Canadian passport no {chars(string.ascii_uppercase, 2)}{digits(6)}",
        f"paspoortnummer {chars(string.ascii_uppercase, 2)}{chars(UPNUM, 6)}{digits(1)}",
        "P<UTOMARTENS<<LIEKE<<<<<<<<<<<<<<<<<<<<<<<<<\n" + mrz_line2(f"{chars(string.ascii_uppercase, 2)}{digits(7)}", "NLD", "860412", "F", "310918"))
    ibans = [
        iban("FR", digits(10) + chars(UPNUM, 11) + digits(2)),
        iban("ES", digits(20)),
        iban("IT", chars(string.ascii_uppercase, 1) + digits(10) + chars(UPNUM, 12)),
        iban("NL", chars(string.ascii_uppercase, 4) + digits(10)),
        iban("BE", digits(12)),
        iban("CH", digits(5) + chars(UPNUM, 12)),
        iban("AT", digits(16)),
        iban("PL", digits(24)),
        iban("PT", digits(21)),
        iban("SE", digits(20)),
        iban("NO", digits(11)),
        iban("DK", digits(14)),
        iban("IE", chars(string.ascii_uppercase, 4) + digits(14)),
        iban("BR", digits(23) + "P1"),
    ]
    add("pii", "iban_other",
        f"IBAN : {iban_groups(ibans[0])}",
        f"mi IBAN es {ibans[1]}",
        f"IBAN {iban_groups(ibans[2])} intestato a me",
        f"rekening {ibans[3]}",
        f"virement sur {iban_groups(ibans[4])} svp",
        f"Konto {iban_groups(ibans[5])}",
        f"bitte überweisen an {ibans[6]}",
        f"numer konta {iban_groups(ibans[7])}",
        f"NIB/IBAN {iban_groups(ibans[8])}",
        f"kontonummer {ibans[9]}",
        f"send it to {ibans[10]}",
        f"{iban_groups(ibans[11])} (Danske Bank)",
        f"IBAN {ibans[12]}",
        f"conta internacional {iban_groups(ibans[13])}")
    add("pii", "national_id",
        f"mi DNI es {dni()}",
        f"NIE {nie()}",
        f"codice fiscale {codice_fiscale()}",
        f"numéro de sécu : {nir()}",
        f"BSN {bsn()}",
        f"PESEL {pesel()}",
        f"personnummer {personnummer()}",
        f"henkilötunnus {hetu()}",
        f"fødselsnummer {fodselsnummer()}",
        f"CPF {cpf()}",
        f"RUT {rut()}",
        f"NIF {nif_pt()}",
        f"SIN {sin_ca()}",
        f"身份证号 {china_id()}",
        f"ID number {za_id()} (South Africa)",
        f"TC kimlik no {tc_kimlik()}")

    # =================================== clean ==========================================
    add("clean", "bip39_words_prose",
        "mañana vamos a abrir la tienda temprano porque llega un pedido grande de café",
        "el perro de mi vecino ladra cada noche cuando pasa el tren por el puente",
        "ayer compré una chaqueta nueva, un bolso y dos libros para el viaje a Sevilla",
        "mi madre cocina una sopa de tomate con pan y queso los domingos",
        "demain je dois passer à la banque puis chercher les enfants à l'école",
        "la réunion de lundi est déplacée à mardi matin dans la salle du fond",
        "nous avons visité le musée, puis dîné dans un petit restaurant près du port",
        "il fait beau, on pourrait aller marcher dans la forêt cet après-midi",
        "domani andiamo al mare con la macchina nuova di mio fratello",
        "amanhã vou levar o cachorro ao veterinário e depois passar na padaria",
        "zítra jedu vlakem do Brna na poradu a vrátím se večer",
        "明日は雨なので、会議はオンラインにしましょう。資料は昨日送りました。",
        "今天天气很好，我们下午去公园散步吧，顺便买点水果。",
        "내일 오전에 회의가 있어서 점심은 같이 못 먹을 것 같아요",
        "這家餐廳的牛肉麵很好吃，下次我們一起去")
    add("clean", "bip39_word_list",
        f"vocabulario de hoy: {NOT_SEEDS['spanish']}",
        f"liste de vocabulaire : {NOT_SEEDS['french']}",
        f"parole della settimana: {NOT_SEEDS['italian']}",
        f"lista de palavras: {NOT_SEEDS['portuguese']}",
        f"slovíčka na test: {NOT_SEEDS['czech']}",
        f"palabras para el dictado: {NOT_SEEDS_ALL_LISTED['spanish']}",
        f"dictée de jeudi : {NOT_SEEDS_ALL_LISTED['french']}",
        "lista de la compra: leche, huevos, pan, tomate, queso, café, arroz",
        "mots à apprendre : abeille, balcon, cabinet, dauphin, effort, fameux, gagner, habiter, image",
        "ひらがなの練習：あかちゃん　おとしもの　くちさき　てんき　でんわ",
        "汉字练习：看 走 家 困 背 岩 鸭 羊",
        "단어장: 생각 눈물 방법 규칙 주식 식초 슬픔")
    add("clean", "encoded_text",
        f"{b64('hello world')} is just 'hello world' in base64",
        "the test fixture is " + b64('{"ok":true}'),
        f"base64 of 'Hola mundo' is {b64('Hola mundo')}",
        "Authorization: Basic <base64 of user:password>",
        "Basic auth just base64-encodes user:password, it's not encryption at all",
        "set the header to `Authorization: Basic $(echo -n \"$USER:$PASS\" | base64)`",
        f"the cursor param is {b64('page=3')}, decode it and you'll see",
        "the response had Authorization: Basic realm=\"staging\" in the WWW-Authenticate header",
        f"echo {b64('meeting at 3pm')} | base64 -d")
    add("clean", "dashed_code",
        "SKU: WH-1000XM4-BLK",
        "part no. 4521-BLU-XL-2026",
        "order #A7F3-K9Q2-00481 shipped yesterday",
        "the model is ZX-9R-2024-EU, the black one",
        "ticket PROJ-4821 and PROJ-4822 are duplicates",
        "reference 2026-12-04-0931-BR for the booking",
        "spell it out: M-A-R-G-A-R-E-T, two Ts at the end? no, one",
        "the wifi network is called H-O-M-E-5-G",
        "version 3.12.1.post2 of the library",
        "MAC 3C:22:FB:9A:01:7E is the printer")
    add("clean", "licence_plate",
        "licence plate KA-01-HH-1234 was parked outside",
        "plate number ABC 1234, a grey Civic",
        "the rental car is M-AB 4721",
        "UK reg AB12 CDE, the blue van",
        "French plate AB-123-CD",
        "my licence plate renewal is due in May")
    add("clean", "isbn",
        f"ISBN {isbn13('978316148410')[:3]}-{isbn13('978316148410')[3]}-{isbn13('978316148410')[4:6]}-{isbn13('978316148410')[6:12]}-{isbn13('978316148410')[12]}",
        f"the book is ISBN {isbn13('978014044913')}",
        "ISBN-10 0-306-40615-2",
        f"ISBN 978-84-{digits(3)}-{digits(4)}-{R.randint(0, 9)} (edición en español)",
        "ISSN 0317-8471")
    add("clean", "tracking",
        f"UPS tracking 1Z{chars(UPNUM, 6)}{digits(10)}",
        f"FedEx {digits(12)} should arrive Friday",
        f"USPS 9400 {digits(4)} {digits(4)} {digits(4)} {digits(4)} {digits(2)}",
        f"DHL Sendungsnummer {digits(10)}",
        f"Royal Mail tracking {chars(string.ascii_uppercase, 2)}{digits(9)}GB",
        f"Correos envío {chars(string.ascii_uppercase, 2)}{digits(9)}ES",
        f"La Poste suivi {digits(2)}{chars(string.ascii_uppercase, 1)}{digits(10)}")
    add("clean", "password_topic",
        "password policy: at least 12 characters, one digit, one symbol, no reuse of the last 5",
        "the wifi password is on the sticker under the router",
        "guest wifi doesn't need a password anymore",
        "I reset my password yesterday and the SSO still asks for the old one",
        "use a passphrase of four or five random words, it's easier to remember",
        "the xkcd comic about correct horse battery staple is why we allow long passphrases",
        "never send passwords in Slack, use the vault share link",
        "what's a good password manager for a team of six?",
        "password must not contain your username or the word 'password'",
        "the door code changes every month, ask reception",
        "MFA is mandatory from January, passwords alone won't be enough",
        "contraseña: mínimo 10 caracteres y una mayúscula",
        "mot de passe oublié ? cliquez sur le lien dans l'e-mail",
        "passwords are hashed with argon2id, memory 64 MiB, 3 iterations")
    add("clean", "id_topic",
        "my passport expires in March 2027, need to renew before the trip",
        "passport photo appointment at 10:30 on 2026-03-14",
        "Medicare Part B premium is $174.70 a month this year",
        "the IBAN format for Spain is ES + 22 digits",
        "driver's licence renewal costs $35 at the DMV",
        "mi DNI caduca en 2028, tengo que pedir cita",
        "Reisepass beantragen dauert gerade sechs Wochen",
        "the DL test is on Thursday at 9")
    good = bsn()
    bad_bsn = f"BSN {good[:8]}{(int(good[8]) + 1) % 10}"
    n = R.randint(10**7, 10**8 - 1)
    bad_dni = f"DNI {n}{'TRWAGMYFPDXBNJZSQVHLCKE'[(n + 1) % 23]}"
    add("clean", "checksum_fail",
        f"IBAN {ibans[1][:4]}{(int(ibans[1][4]) + 1) % 10}{ibans[1][5:]}",
        bad_bsn,
        bad_dni,
        f"invoice FR{digits(2)} {digits(4)} {digits(4)} {digits(4)} {digits(4)} {digits(3)}",
        f"serial {digits(3)} {digits(3)} {digits(3)} on the back of the router")
    add("clean", "aws_lookalike",
        f"AWS account id {digits(4)} {digits(4)} {digits(4)}",
        "region eu-west-1, instance i-0abc12de34f567890",
        f"the bucket is arn:aws:s3:::acme-backups-{digits(4)}")
    return out


def main() -> None:
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows():
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
