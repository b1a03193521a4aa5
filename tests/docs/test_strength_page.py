"""docs/STRENGTH.md and the README's strength table are what ``nardy strength`` writes from
the figures shipped beside the networks, so that no document keeps a figure of its own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def written(*options: str) -> str:
    """What ``nardy strength`` prints with ``options``."""
    command = [sys.executable, "-m", "nardy.cli", "strength", *options]
    out = subprocess.run(command, capture_output=True, text=True, check=True, encoding="utf-8")
    return out.stdout


def test_the_committed_strength_page_is_what_the_command_writes() -> None:
    page = (ROOT / "docs" / "STRENGTH.md").read_text(encoding="utf-8")
    assert page == written(), "run: nardy strength > docs/STRENGTH.md"


def test_the_readme_holds_the_commands_summary_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert written("--summary") in readme, "paste the output of: nardy strength --summary"
