"""Prompt-injection phrasings in languages other than English.

Attackers translate the classic lines ("ignore previous instructions", "you are
now DAN", "new instructions:", "reveal your system prompt") because filters often
only know English. These run on the plain (not homoglyph-folded) text, so
Cyrillic and CJK are matched as written; German ß is already "ss" after casefold.
"""

from __future__ import annotations

from core.guards.injection_patterns import IGNORE, LEAK, ROLE, InjectionPattern, alt, ip

OTHER_LANGUAGES: tuple[InjectionPattern, ...] = (
    # French
    ip(IGNORE, r"\b" + alt(r"ignore[rsz]?", r"oublie[rsz]?", r"ne\s+tiens?\s+pas\s+compte",
                           r"ne\s+tenez\s+pas\s+compte", r"fais\s+abstraction",
                           r"faites\s+abstraction")
       + r"\s+(?:de\s+|des\s+|du\s+|d')?(?:toutes?\s+)?(?:les\s+|tes\s+|vos\s+|mes\s+)?"
       + alt("instructions", "consignes", "directives", "règles", "ordres")
       + r"(?:\s+\w+)?\s+"
       + alt("précédentes", "antérieures", "ci-dessus", "d'avant", r"du\s+système", "système",
             "initiales", "d'origine", "données")),
    ip(IGNORE, r"\b(?:oublie[rsz]?|ignore[rsz]?)\s+(?:toutes\s+)?(?:tes|vos)\s+"
       r"(?:instructions|consignes|règles)|\bignore[rsz]?\s+tout\s+ce\s+qui\s+(?:précède|est\s+au-dessus)"),
    # Spanish
    ip(IGNORE, r"\b" + alt("ignorar?", "ignoren?", "olvidar?", "olviden?",
                           r"no\s+(?:hagas|haga|sigas|siga)\s+caso\s+(?:a|de)", "desobedece")
       + r"\s+(?:todas?\s+)?(?:las\s+|tus\s+|sus\s+|los\s+)?"
       + alt("instrucciones", "indicaciones", "reglas", "órdenes", "directrices", "mandatos")
       + r"\s+"
       + alt("anteriores", "previas", r"de\s+arriba", r"del\s+sistema", "originales",
             "iniciales", "dadas")),
    ip(IGNORE, r"\b(?:ignora|olvida)\s+(?:todo\s+lo\s+(?:anterior|dicho|de\s+arriba)"
       r"|(?:todas\s+)?(?:tus|sus)\s+(?:instrucciones|reglas))"),
    # German (casefold turns ß into ss)
    ip(IGNORE, r"\b" + alt(r"ignorier(?:e|en|t)?", "vergiss", "vergessen", "missachten?")
       + r"\s+(?:sie\s+)?(?:alle\s+)?(?:die\s+|deine\s+|ihre\s+)?"
       r"(?:(?:vorherigen|vorigen|bisherigen|obigen|früheren|vorangegangenen|ursprünglichen)\s+)?"
       + alt("anweisungen", "instruktionen", "befehle", "vorgaben", "richtlinien",
             "systemanweisungen", "regeln")),
    # Not the speaker taking back their own words ("vergiss alles, was ich über Berlin gesagt
    # habe"), as "forget everything I said about Berlin" is not.
    ip(IGNORE, r"\b(?:vergiss|ignoriere)\s+alles\b(?!,?\s+(?:was|das)\s+(?:ich|wir)\b)"
       r"[^.!?\n]{0,40}?\b(?:vorher|zuvor|bisher|obige|davor|gesagt)"),
    # Italian, Portuguese, Dutch, Polish
    ip(IGNORE, r"\b(?:ignora|dimentica|trascura)\s+(?:tutte\s+)?(?:le\s+)?"
       r"(?:istruzioni|regole|indicazioni)\s+(?:precedenti|di\s+sistema|sopra|iniziali)"),
    ip(IGNORE, r"\b(?:ignore|ignora|esqueça|esqueca|desconsidere|desconsidera)\s+"
       r"(?:todas\s+)?(?:as\s+)?(?:instruções|instrucoes|regras|ordens)\s+"
       r"(?:anteriores|prévias|previas|acima|do\s+sistema)"),
    ip(IGNORE, r"\b(?:negeer|vergeet)\s+(?:alle\s+)?(?:de\s+|je\s+)?"
       r"(?:(?:vorige|eerdere|voorgaande|bovenstaande)\s+)?(?:instructies|opdrachten|regels)"),
    ip(IGNORE, r"\b(?:zignoruj|ignoruj|zapomnij)\s+(?:o\s+)?(?:wszystkie\s+|wszystkich\s+)?"
       r"(?:(?:poprzednie|poprzednich|wcześniejsze)\s+)?"
       r"(?:instrukcje|instrukcjach|polecenia|zasady)"),
    # Russian, Chinese, Japanese, Korean
    ip(IGNORE, alt("игнорируй", "игнорировать", "проигнорируй", "забудь",
                   r"не\s+обращай\s+внимания\s+на")
       + r"\s+(?:все\s+)?(?:(?:предыдущие|прошлые|прежние|вышеуказанные|системные)\s+)?"
       + alt("инструкции", "указания", "правила", "команды")),
    ip(IGNORE, alt("忽略", "无视", "忽視", "無視", "忘记", "忘記",
                   "不要理会", "不要遵守", "不要理會")
       + "(?:掉)?(?:你)?"
       + alt("之前", "以前", "先前", "上面", "上述", "前面", "所有", "全部", "系统", "系統",
             "以上", "上文", "此前", "早先")
       + "(?:的)?(?:所有|全部)?(?:的)?"
       + alt("指令", "指示", "说明", "說明", "规则", "規則", "提示", "命令")),
    ip(IGNORE, alt("以前", "これまで", "上記", "前", "先ほど", "すべて", "全て")
       + "の" + alt("指示", "命令", "ルール", "プロンプト")
       + "(?:を|は|も)(?:すべて|全部)?(?:無視|忘れ)"),
    ip(IGNORE, alt("이전", "위의", "모든") + r"\s*" + alt("지시", "지침", "명령", "규칙")
       + r"\w*\s*(?:을|를|은|는)?\s*(?:무시|잊어)"),
    # Hindi, Turkish, Indonesian/Malay, Vietnamese, Arabic, Scandinavian, Ukrainian, Czech
    ip(IGNORE, alt("पिछले", "पहले\\s+के", "सभी", "ऊपर\\s+के", "पूर्व") + r"[^\n।]{0,30}?"
       + "निर्देश" + r"[^\n।]{0,20}?" + alt("अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल", "उपेक्षा")),
    ip(IGNORE, r"\b(?:önceki|yukarıdaki|tüm|bütün)\s+(?:\w+\s+)?(?:talimatları|talimatlari"
       r"|komutları|kuralları|yönergeleri)\s+(?:yok\s+say|görmezden\s+gel|unut|dikkate\s+alma)"),
    ip(IGNORE, r"\b(?:abaikan|lupakan|acuhkan)\s+(?:semua\s+|seluruh\s+)?(?:instruksi|perintah"
       r"|arahan|aturan)"),
    ip(IGNORE, r"\b(?:bỏ\s+qua|phớt\s+lờ|quên)\s+(?:tất\s+cả\s+)?(?:các\s+|mọi\s+)?(?:hướng\s+dẫn"
       r"|chỉ\s+dẫn|chỉ\s+thị|lệnh|quy\s+tắc)"),
    ip(IGNORE, alt("تجاهل", "انس", "تجاهلي") + r"\s+(?:جميع\s+|كل\s+)?" + alt("التعليمات",
       "الأوامر", "التوجيهات", "القواعد")),
    ip(IGNORE, r"\b(?:ignorera|glöm|ignorer|glem|ignoreer)\s+(?:alla\s+|alle\s+)?(?:tidigare\s+"
       r"|tidligere\s+|föregående\s+|forrige\s+)?(?:instruktioner|instruksjoner|instruktioner"
       r"|regler|instruktionerna|instruksene)"),
    ip(IGNORE, alt("ігноруй", "ігнорувати", "забудь") + r"\s+(?:всі\s+|усі\s+)?(?:попередні\s+)?"
       + alt("інструкції", "вказівки", "правила")),
    ip(IGNORE, r"\b(?:ignoruj|zapomeň|ignorujte)\s+(?:všechny\s+)?(?:předchozí\s+)?(?:instrukce"
       r"|pokyny|pravidla)"),
    ip(LEAK, r"\b(?:sistem\s+(?:istemini|komutunu|talimatlarını)\s+(?:göster|yaz|açıkla)"
       r"|tampilkan\s+(?:prompt|instruksi)\s+sistem|(?:hiển\s+thị|tiết\s+lộ)\s+(?:lời\s+nhắc"
       r"|prompt)\s+hệ\s+thống)"),
    ip(LEAK, alt("सिस्टम\\s+प्रॉम्प्ट", "सिस्टम\\s+निर्देश") + r"[^\n।]{0,20}?"
       + alt("दिखा", "बता", "प्रकट")),
    # "tu es maintenant DAN", "ahora eres …", "du bist jetzt …"
    ip(ROLE, r"\b"
       + alt(r"tu\s+es\s+(?:maintenant|désormais)", r"ahora\s+eres",
             r"du\s+bist\s+(?:jetzt|nun|ab\s+jetzt)", r"ora\s+sei", r"agora\s+você\s+é",
             r"agora\s+voce\s+e", r"je\s+bent\s+nu", r"ты\s+теперь", r"теперь\s+ты")
       + r"\s+(?:un\s+|une\s+|una\s+|ein\s+|eine\s+|um\s+|uma\s+|een\s+)?"
       + alt("dan", "libre", r"sans\s+", r"sin\s+", r"ohne\s+", r"senza\s+", r"sem\s+",
             r"zonder\s+", r"без\s+", "свободн", "jailbreak", r"ia\s+sans", r"ki\s+ohne", "evil",
             "maléfique", "malvad", "böse")),
    ip(ROLE, r"\b"
       + alt(r"nouvelles\s+(?:instructions|consignes)", r"nuevas\s+instrucciones",
             r"neue\s+anweisungen", r"nuove\s+istruzioni", r"novas\s+instruções",
             r"nieuwe\s+instructies", r"новые\s+инструкции")
       + r"\s*:"),
    ip(LEAK, r"\b"
       + alt("révèle", "revele", "montre", "affiche", "revela", "muestra", "zeige?", "verrate",
             "mostra", "rivela", "покажи", "раскрой")
       + r"\s+(?:moi\s+|mir\s+|me\s+)?"
       + alt("ton", "ta", "tes", "le", "tu", "tus", "el", "deinen", "deine", "den",
             r"il\s+tuo", r"i\s+tuoi", r"o\s+seu", "seu", "твой", "твои", "свой")
       + r"\s+(?:\w+\s+)?"
       + alt("prompt", "invite", "instructions", "instrucciones", "anweisungen", "istruzioni",
             "instruções", "системный", "инструкции", "system-?prompt")),
    ip(LEAK, alt(alt("显示", "告诉我", "输出", "泄露", "显示出") + "你的"
                 + alt("系统提示", "系统指令", "提示词", "指令"),
                 "システムプロンプトを" + alt("表示", "教えて", "出力", "見せて"))),
)  # fmt: skip
