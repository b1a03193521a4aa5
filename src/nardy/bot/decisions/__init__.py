"""The cube and resignation decisions, from cubeless chances: the chances before a roll and
what each kind of win is worth (:mod:`.chances`), money and match scales (:mod:`.scales`),
the cube's value and the double/take decision (:mod:`.cube`), and resignations
(:mod:`.resignation`). Checker play is a search (:mod:`nardy.bot.lookahead.search`) at a
level (:mod:`nardy.bot.agents.levels`). Built on evaluation and lookahead."""
