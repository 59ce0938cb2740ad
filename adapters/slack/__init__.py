"""Slack adapter: Bolt (async) listeners, Block Kit rendering, the App Home page and
the app manifests, all mapped onto the platform-neutral core.

    bot = SlackBot(service, token="xoxb-…", signing_secret="…")
    web = bot.app.web_app(path="/slack/events")          # HTTP mode
    AsyncSocketModeHandler(bot.app, "xapp-…")            # Socket Mode
"""

from adapters.slack.app import DEFAULT_API_URL, SlackBot

__all__ = ["DEFAULT_API_URL", "SlackBot"]
