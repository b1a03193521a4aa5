"""Shared by every test folder: the helpers in ``tests/support`` are importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "support"))
