"""The Discord adapter (discord.py 2.x): application commands, buttons, settings, chat.

Modules, each thin: `commands.py` builds the slash commands from the core registry,
`settings.py` the admin `/memory-settings`, `keys.py` the admin
`/memory-settings-keys` (write-only API keys), `views.py` the buttons and menus,
`forms.py` the Edit form, `render.py` turns core responses into content, embeds and
views, `respond.py` answers interactions in time, `chat.py` answers mentions and DMs,
`bot.py` assembles the client. No business rule lives here: every decision is a
call into `core`.
"""
