"""Player ratings: the Glicko-2 system (:mod:`nardy.ratings.glicko2`)."""
