"""Making the networks: self-play by temporal differences (:mod:`.train`), positions
labelled by search (:mod:`.label`) and the fit of a model to those labels
(:mod:`.fitting`). Uses evaluation and lookahead; nothing at play time imports it."""
