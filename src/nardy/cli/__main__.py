"""``python -m nardy.cli``: the ``nardy`` command."""

import sys

from nardy.cli import main

sys.exit(main())
