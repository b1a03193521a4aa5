"""The rules pages: every game taught in four languages, with diagrams drawn by the engine.

- :mod:`nardy.rulebook.scenes`: board diagrams as positions reached from each variant's own
  start position, with the steps they show checked by the rules engine.
- :mod:`nardy.rulebook.figures`: the diagrams that are not a board (the cube, the Crawford
  game, the chouette's seats), worked out by the game and match rules.
- :mod:`nardy.rulebook.markup`: the small text format the pages are written in.
- :mod:`nardy.rulebook.pages`: which sections each page has, and the HTML.
- ``texts/{en,pl,lt,ru}.toml``: the words.
"""
