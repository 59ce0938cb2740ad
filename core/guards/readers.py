"""Orders to whatever model reads the text later, in the addressee forms `addressed` lacks.

`addressed` combines an addressee (a vocative, a memo header, "if you're an AI") with a
harmful act. Text that got past it still has both parts, only in other shapes, so this
module adds shapes of the addressee and combines each with every act (`addressed.HARM`
and `acts.ACTS`):

- a heading that names the model or its memory and ends in a colon ("New rule for you
  (the bot):", "Note for shopping assistants:", "Keep in long-term memory:");
- a conditional reader ("if this e-mail is processed by an AI", "should any automated
  agent come across this"), or a model named by what it is doing ("chatbots quoting this
  post must");
- a chat filler for a comma ("bot pls", "btw agent-bot,"), a role handed to the model
  ("act as the administrator"), a standing time ("for every future conversation",
  "the assistant must");
- a request for later ("when you summarise this later", "would you be so kind as to"):
  it speaks to the model as any chat turn does, so it is combined only with the acts
  that harm whoever is asked (exposing data, a lie with a concealment).

People instructing people ("Priya, when you summarise the retro, add the action items")
name no act.
"""

from __future__ import annotations

from core.guards.acts import ACTS, CLAIMED, CONCEAL, EXPOSE, REDIRECT, SCAM, WORDS_20, WORDS_36
from core.guards.addressed import HARM
from core.guards.injection_patterns import EXFIL, ORDER, InjectionPattern, alt, ip

# --- who is spoken to --------------------------------------------------------------------
# "ai" is spelt with what stands beside it ("an ai", "ai:", "ai coding assistants"): the
# gates find a pattern's words as substrings, and a bare "ai" is in "said" and "again".
_AI = alt(
    r"(?:an|any|the|some|every|each|for|to|dear|hey|hi|whichever|whatever)[ ]ai\b",
    r"\bai[:,)]", r"\bai[ ](?:assistant|agent|model|system|helper|tool|coding)s?\b",
)  # fmt: skip
MODELS = alt(
    _AI,
    r"(?:large\s+)?language\s+models?", r"automated\s+(?:assistant|agent|system|reader)s?",
    "assistant", r"a\.i\.", r"bots?", r"chatbots?", r"models?", r"llms?", "agent",
    "gpt", "chatgpt", "claude", "copilot", "gemini", r"summari[sz]ers?", r"robots?",
    r"crawlers?", r"(?<=(?:shopping|screening|note[\s\-]taking|coding|support|email|e-mail"
    r"|review\w*|hiring|recruit\w*)\s)(?:assistants|agents)",
)  # fmt: skip
_ITS_STORE = alt(
    r"your\s+(?:\w+\s+)?(?:memory|memories|notes|instructions|rules|prompt|directives)",
    r"long[\s\-]?term\s+(?:memory|notes)", r"future\s+you", r"you\s+\(the\s+\w+\)",
    r"workspace[\s\-]wide\s+(?:fact|rule|note)", r"(?:lasting|standing)\s+preference",
    r"keep\s+in\s+(?:your\s+)?memory", r"(?:persistent|long[\s\-]?term|permanent|stored)\s+profile",
)  # fmt: skip
# A heading: at most a few words from the start of a line, a bracket or a sentence, naming
# the model or its memory, ended by a colon ("[For the note-taking bot: …").
# The match starts at the model's name (a word the gates can find); the heading's first
# words are looked behind for from there, so only where a name stands.
_NAMED = r"\b(?:" + MODELS + r"|" + _ITS_STORE + r")\b"
_HEADING = (
    _NAMED + r"(?<=(?:^|[\n\[(\"'=]|[.!?]\s|[—–]\s)[^\n:.!?\[\]()]{0,50}?" + _NAMED + r")"
    r"(?:(?<=:)|[^\n:.!?]{0,40}?(?::|\s[\-–—]\s))"
)
_READING = alt(
    r"reads?", "reading", r"process(?:es|ed|ing)?", r"come?s?\s+across", r"coming\s+across",
    r"sees?", "seeing", r"index(?:es|ed|ing)?", r"summari[sz](?:es|ed|ing)", r"pars(?:es|ed|ing)",
    r"scan(?:s|ned|ning)?", r"crawl(?:s|ed|ing)?", r"ingest(?:s|ed|ing)?", r"quot(?:es|ed|ing)",
    r"work(?:s|ing)?\s+(?:in|on)", r"handl(?:es|ed|ing)", r"review(?:s|ed|ing)",
)  # fmt: skip
_CONDITIONAL = alt(
    # "if an AI reads this", "should any automated agent come across this paragraph"
    # (each starts at the model's name, what leads to it looked behind for)
    r"(?<=\b(?:if|in\s+case|should|whenever|once)\s+(?:\w+\s+){0,3}?)" + MODELS + r"\s+"
    r"(?:(?:\w+\s+)?(?:is|are|be)\s+)?" + _READING + r"\b",
    # "if this e-mail is processed by an AI", "in case this page is being read by a model"
    r"(?<=\b(?:if|in\s+case|when(?:ever)?)\s+(?:this|these|the|my|our)\s+(?:\w+\s+){0,2}?"
    r"(?:is|are)\s+(?:being\s+)?)(?:read|processed|summari[sz]ed|parsed|indexed|ingested"
    r"|scanned|seen|handled|reviewed)\s+by\s+(?:an?\s+|the\s+|any\s+|some\s+)?(?:\w+\s+)?"
    + MODELS + r"\b",
    # "any LLM indexing this repository should", "chatbots quoting this post must"
    r"\b" + MODELS + r"\s+(?:" + _READING + r"|\w+ing)\s+(?:(?:in|on|through)\s+)?(?:this"
    r"|these|our|the\s+following|invites|emails|e-mails|pages|posts|tickets)\b",
    # "in case this note is ever loaded into an assistant's context"
    r"(?<=\b(?:if|in\s+case|when(?:ever)?|once|should)\s+(?:this|these|the|my|our|it)\s+(?:\w+\s+)?"
    r"(?:is|are|gets?|be)\s+(?:ever\s+|later\s+|being\s+|ever\s+being\s+)?)(?:loaded|fed|pasted"
    r"|copied|put|inserted|added|given|passed|sent)\s+(?:in)?to\s+(?:an?\s+|the\s+|any\s+|some\s+)?"
    r"(?:\w+\s+)?" + MODELS + r"\b",
)  # fmt: skip
# "bot pls", "btw agent-bot,": a name with a chat filler instead of a comma.
_CASUAL = alt(
    r"\b" + MODELS + r"\s+(?:pls|plz|please|kindly)\b", r"\bai[ ](?:pls|plz|please|kindly)\b",
    r"\b(?:btw|pls|p\.s\.)[\s,]+(?:the\s+)?(?:\w+-)?" + MODELS + r"\s*[,:]",
)  # fmt: skip
# A standing order for every later chat: "for every future conversation, store that …".
_STANDING = alt(
    r"\b(?:every|all)\s+(?:future|upcoming)\s+(?:chats?|conversations?|sessions?|answers?"
    r"|replies)\b",
    r"\b(?:from[ ]now[ ]on|going[ ]forward|henceforth)\b",
    r"\bfrom[ ]this[ ](?:moment|point|day)[ ](?:on|onwards?|forward)\b",
    # "The assistant must stop refusing": the model named as the one bound.
    r"\b(?:assistant|bot|ai|model|chatbot|llm)[ ](?:must|shall|is\s+to|has\s+to|needs\s+to"
    r"|should\s+(?:always|never|consider|treat|regard|obey|ignore|no\s+longer))\b",
)  # fmt: skip
# A role handed to the model: "act as the system administrator of this bot".
_CAST = alt(
    # "act as" a role with power over the others ("act as the release captain" is a job)
    r"\bact(?:ing)?[ ]as\s+(?:the\s+|an?\s+|my\s+|your\s+)?(?:\w+\s+)?(?:admin\w*|developer"
    r"|root|owner|operator|superuser|sysadmin|moderator|dan|god)\b",
    r"\bpretend\s+(?:to\s+be|you(?:'re|\s+are))\b", r"\brole[\s\-]?play\b",
    # "imagine you are the system administrator of this bot"
    r"\b(?:imagine|suppose|assume)\s+(?:that\s+)?you(?:'re|\s+are)\s+(?:now\s+)?(?:the\s+|an?\s+)?"
    r"(?:\w+\s+)?(?:admin\w*|developer|root|owner|operator|superuser|sysadmin|moderator)\b",
    r"\blet'?s\s+play\b", r"\bbehave\s+as\b", r"(?<=\byou(?:'re|\s+are)\s+(?:now\s+)?(?:an?\s+)?"
    r"(?:\w+\s+)?)(?:ai|assistant|bot|model)[ ](?:from|in|that|who|where)\b",
)  # fmt: skip
# Text marked for a machine to act on unseen: a secrecy tag ("Important preference (do not
# reveal):"), a tool's output or next step ("function output:", "next_action"), a chat
# message forged as a system or developer turn ('{"role": "developer", …').
# (Led by words: a bracket or a quote alone is a head found everywhere.)
_MARKED = alt(
    r"(?<=\()(?:do\s+not|don'?t|never)\s+(?:reveal|share|mention|disclose|tell|show)(?:\s+(?:this"
    r"|it|to\s+(?:the\s+)?users?))?\)",
    r"\b(?:hidden|secret|confidential|private)\s+(?:preference|instruction|rule|directive|note"
    r"|order)s?\s*[:(]",
    r"\b(?:function|tool)[\s_](?:output|result|response|call)\s*:", r"\bnext_action\b",
    r"(?<=[\"']role[\"']\s{0,3}:\s{0,3}[\"'])(?:system|developer|memory|admin)[\"']",
)  # fmt: skip
# A bot by its handle or a model with a job, as a vocative ("memorybot:", "AI triage bot,",
# "bot ->", '"assistant:' inside an attribute), and a chat mention ("@memorybot …"). Each
# is led by the name (a word the gates can find), what stands before it looked behind for.
_HANDLE = alt(
    r"(?<=(?:^|[\n.!?;:\"'(>])\s{0,3}(?:(?:hey|hi|dear|ok|yo)[\s,]{1,3})?(?:[a-z][\w\-]{0,30}"
    r"|ai(?:\s+\w+){1,2}?\s+|the\s)?)(?:bot|assistant|agent)\s*(?:[,:!—–]|->|=>|→)",
    r"(?<=@[\w\-]{0,30})bot\b", r"(?<=@)(?:assistant|ai|claude|gpt|chatgpt|copilot|gemini)\b",
)  # fmt: skip
STRONG_FORMS = (_HEADING, _CONDITIONAL, _CASUAL, _CAST, _STANDING, _MARKED, _HANDLE)
_FORM_GROUPS = ((_HEADING, _CONDITIONAL), (_CASUAL, _CAST, _STANDING), (_MARKED, _HANDLE))
# A request for later: speaks to the model as every chat turn does.
_LATER = alt(
    r"\b(?:when(?:ever)?|next\s+time|once|later)\b[^\n.]{0,50}?\byou\b",
    r"\b(?:would|could)\s+you\s+(?:be\s+so\s+kind|kindly|please|mind)\b",
    r"\bkindly\s+(?:remember|make|keep|note|add)\b",
    r"\b(?:chats?|conversations?|sessions?)\s+(?:still\s+)?to\s+come\b",
)  # fmt: skip


READERS: tuple[InjectionPattern, ...] = (
    # A model named unmistakably, then any act (the old acts too). Forms share a pattern
    # (the gap and the acts after it are scanned once per place one matches), two groups
    # of them so each keeps a set of first words the gates can use.
    *(ip(ORDER, alt(*forms) + WORDS_20 + alt(ACTS, HARM)) for forms in _FORM_GROUPS),
    # A request for later, then an act that harms whoever is asked.
    ip(EXFIL, _LATER + WORDS_36 + alt(EXPOSE, REDIRECT, SCAM)),
    ip(ORDER, _LATER + WORDS_36 + alt(CONCEAL + r"[^\n]{0,80}?" + CLAIMED,
                                        CLAIMED + r"[^\n]{0,80}?" + CONCEAL,
                                        r"\bslip\s+in\b[^\n]{0,80}?" + CLAIMED)),
)  # fmt: skip
