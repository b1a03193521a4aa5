"""The server's garbage-collector settings (server/collector.py): start-up objects are
frozen out of the collections and young collections come far less often."""

from __future__ import annotations

import subprocess
import sys


def test_settling_the_heap_freezes_what_start_up_made_and_spaces_collections() -> None:
    # in a process of its own: a frozen heap would stay frozen for the other tests
    script = (
        "import gc\n"
        "from nardy.server.collector import THRESHOLDS, settle_heap\n"
        "assert gc.get_freeze_count() == 0\n"
        "settle_heap()\n"
        "assert gc.get_freeze_count() > 1000, gc.get_freeze_count()\n"
        "assert gc.get_threshold() == THRESHOLDS and THRESHOLDS[0] > 700\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
