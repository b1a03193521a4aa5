"""``nardy`` for the tests, whose event loop can be stalled while its threads run on:
SIGUSR1 blocks the main thread (where the event loop runs) for ``NARDY_TEST_STALL``
seconds, as a starved or swapped-out loop stalls, while the worker threads (the store's
writes, the computer's thinking) go on. SIGSTOP stops every thread at once; this stops
only the loop."""

from __future__ import annotations

import os
import signal
import sys
import time
from types import FrameType

from nardy.cli import main


def stall(signum: int, frame: FrameType | None) -> None:
    time.sleep(float(os.environ.get("NARDY_TEST_STALL", "4")))


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, stall)
    sys.exit(main())
