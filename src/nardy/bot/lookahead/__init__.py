"""Looking ahead of the evaluation: the n-ply search over the rolls (:mod:`.search`) and
rollouts that play a position out many times, in this process, forked workers or Ray tasks
(:mod:`.rollout`, :mod:`.rollout_ray`). Built on :mod:`nardy.bot.evaluation` only."""
