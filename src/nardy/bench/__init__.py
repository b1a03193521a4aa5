"""Speed measurements: ``nardy bench WHAT`` (see :mod:`nardy.bench.movegen`)."""
