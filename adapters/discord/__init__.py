"""The Discord adapter (discord.py 2.x): application commands, buttons, settings, chat.

Modules, each thin: `commands.py` builds the slash commands from the core registry,
`settings_command.py` the admin `/memory-settings`, `keys.py` the admin
`/memory-settings-keys` (write-only API keys), `views.py` the buttons and menus,
`forms.py` the Edit form, `render.py` turns core responses into content, embeds and
views, `respond.py` answers interactions in time, `chat.py` answers mentions and DMs,
`context.py` the identifiers and the `BotContext` every handler is given, `bot.py`
assembles the client and routes events to the others (none imports it back). No
business rule lives here: every decision is a call into `core`.
"""
