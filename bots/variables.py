"""Every environment variable memorybot reads, in one table.

The README's configuration table is generated from it (cog), and a test checks that
every variable the `bots/` code reads is listed here, so the docs cannot drift.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variable:
    name: str
    default: str
    meaning: str
    group: str


VARIABLES: tuple[Variable, ...] = (
    Variable(
        "MEMORYBOT_DATA_DIR",
        "per-user data dir",
        "where standalone mode keeps memorybot.db",
        "storage",
    ),
    Variable(
        "MEMORYBOT_DATABASE_URL",
        "sqlite:///<data dir>/memorybot.db",
        "`sqlite:///path` (standalone) or `postgresql://…` (connected)",
        "storage",
    ),
    Variable(
        "MEMORYBOT_DATABASE_ADMIN_URL",
        "",
        "connected mode: the schema owner's `postgresql://…` URL for migrations (the bot "
        "itself connects as the non-owner role in MEMORYBOT_DATABASE_URL)",
        "storage",
    ),
    Variable(
        "MEMORYBOT_DATABASE_POOL_SIZE",
        "10 connected, 4 standalone",
        "database connections one process keeps: the PostgreSQL pool's size, or SQLite's "
        "reader connections (reads run beside the one writer)",
        "storage",
    ),
    Variable(
        "MEMORYBOT_MAX_MEMORY_CHARS", "2000", "longest memory accepted (100–16000)", "storage"
    ),
    Variable("MEMORYBOT_WORKSPACE", "local", "workspace for the console and CLI", "console"),
    Variable("MEMORYBOT_USER", "$USER", "user for the console and CLI", "console"),
    Variable(
        "MEMORYBOT_LOG_LEVEL",
        "WARNING",
        "DEBUG, INFO, WARNING or ERROR; memory text, queries and messages are never logged",
        "operations",
    ),
    Variable(
        "MEMORYBOT_LOG_PAYLOADS",
        "",
        "`1` lets the Slack/Discord/HTTP libraries log at DEBUG too and memorybot's own "
        "lines show whole error texts (a model server's error body, a refusal) — both "
        "can contain message bodies, so only for debugging a platform, knowingly",
        "operations",
    ),
    Variable(
        "MEMORYBOT_LLM_PRESET",
        "",
        "chat model preset (openai, ollama, lm-studio, llama-cpp, vllm, none)",
        "chat model",
    ),
    Variable(
        "MEMORYBOT_LLM_BASE_URL",
        "",
        "OpenAI-compatible endpoint, e.g. http://localhost:11434/v1",
        "chat model",
    ),
    Variable("MEMORYBOT_LLM_MODEL", "", "model name, e.g. gpt-4o-mini or llama3.2", "chat model"),
    Variable(
        "MEMORYBOT_LLM_API_KEY", "", "API key (write-only: never printed or logged)", "chat model"
    ),
    Variable(
        "MEMORYBOT_LLM_TIMEOUT",
        "30",
        "seconds before the model counts as down (a reply still running is cancelled)",
        "chat model",
    ),
    Variable(
        "MEMORYBOT_LLM_REPLY_MAX_TOKENS", "400", "longest reply, in tokens (16–8000)", "chat model"
    ),
    Variable(
        "MEMORYBOT_LLM_STOP",
        "\\nUser:,\\nuser:",
        "stop sequences, separated by commas, \\n for a new line (at most 4)",
        "chat model",
    ),
    Variable(
        "MEMORYBOT_LLM_FREQUENCY_PENALTY",
        "0.3",
        "repetition penalty for replies (0–2)",
        "chat model",
    ),
    Variable(
        "MEMORYBOT_LLM_REDACT",
        "mask",
        "secrets and identifiers in a turn: mask them, send them, or refuse the turn",
        "chat model",
    ),
    Variable(
        "MEMORYBOT_EMBED_PRESET",
        "none (standalone), local (connected)",
        "embedder preset, e.g. local, openai-3-small, ollama-nomic-embed-text",
        "embedder",
    ),
    Variable(
        "MEMORYBOT_EMBED_BASE_URL", "from preset", "override the embedder endpoint", "embedder"
    ),
    Variable("MEMORYBOT_EMBED_MODEL", "from preset", "override the embedding model", "embedder"),
    Variable("MEMORYBOT_EMBED_DIMENSIONS", "from preset", "override the vector size", "embedder"),
    Variable("MEMORYBOT_EMBED_API_KEY", "", "embedder API key (write-only)", "embedder"),
    Variable(
        "MEMORYBOT_SECRET_KEY",
        "",
        "Fernet keys for provider keys at rest, comma-separated, newest first",
        "security",
    ),
    Variable("SLACK_BOT_TOKEN", "", "Slack bot token (xoxb-…)", "slack"),
    Variable("SLACK_APP_TOKEN", "", "Slack app-level token for Socket Mode (xapp-…)", "slack"),
    Variable("SLACK_SIGNING_SECRET", "", "Slack signing secret (HTTP mode)", "slack"),
    Variable(
        "MEMORYBOT_SLACK_API_URL",
        "https://slack.com/api/",
        "Slack Web API base URL (GovSlack, proxies, tests)",
        "slack",
    ),
    Variable(
        "MEMORYBOT_SLACK_COMMAND_PREFIX",
        "",
        "Slash command prefix when names collide (mb- → /mb-remember; same as the manifest's)",
        "slack",
    ),
    Variable("DISCORD_TOKEN", "", "Discord bot token", "discord"),
    Variable(
        "MEMORYBOT_DISCORD_API_URL", "Discord's", "REST API base URL (proxies, tests)", "discord"
    ),
    Variable(
        "MEMORYBOT_DISCORD_GATEWAY_URL", "Discord's", "gateway URL (proxies, tests)", "discord"
    ),
    Variable(
        "MEMORYBOT_DISCORD_DM_WORKSPACE",
        "dm",
        "DMs' workspace: `dm` gives each person their own space; a guild id uses that server's",
        "discord",
    ),
)
