"""``nardy bot``: an engine playing at any nardy site through its Bot API (INTERFACES.md
§9), as a client of the site over HTTP: nardy's own engine at a level, or an adapter to
GNU Backgammon or Open Sage (:mod:`nardy.botclient.engines`)."""
