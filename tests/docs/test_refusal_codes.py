"""docs/PROTOCOL.md, "Refusals" lists every code the server gives a refusal, and no other."""

from __future__ import annotations

import re
from pathlib import Path

from nardy.server.protocol import refusals

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


def test_the_protocol_lists_every_refusal_code() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    section = text.split("### Refusals", 1)[1].split("\n## ", 1)[0]
    table = section.split("|---|---|", 1)[1]  # the rows under the header
    rows = [line.split("|")[1] for line in table.splitlines() if line.startswith("| `")]
    listed = {code for row in rows for code in re.findall(r"`([a-z_]+)`", row)}
    kinds = vars(refusals).values()
    codes = {kind.code for kind in kinds if isinstance(kind, refusals.Refusal)}
    codes |= {refusals.REFUSED, refusals.BAD_MESSAGE, *refusals.RULES.values()}
    assert listed == codes
