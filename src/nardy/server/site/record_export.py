"""A site's finished public matches written out as game records (INTERFACES.md §4), one
file a match, for study or for training (``nardy label --from DIR`` reads such a folder).

Each match is rebuilt from its stored events as the server rebuilds a table after a
restart, and written as ``GET /api/tables/{id}/record`` serves it. Invitation tables stay
private and are never written; neither are matches that ended without a winner.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from nardy.server.store.database import Store
from nardy.server.store.history import finished_public_matches
from nardy.server.tables.table import Table


def export_records(
    store: Store, folder: Path, progress: Callable[[int, int], None] | None = None
) -> tuple[int, int]:
    """Write ``folder/ID.json`` for every finished public match of ``store`` not written
    there already; returns how many were written and how many were there before."""
    folder.mkdir(parents=True, exist_ok=True)
    ids = finished_public_matches(store)
    written = kept = 0
    for done, table_id in enumerate(ids, 1):
        path = folder / f"{table_id}.json"
        if path.exists():
            kept += 1
        else:
            table = Table(store.table(table_id), store)
            table.restore()
            partial = path.with_suffix(".json.tmp")
            partial.write_text(json.dumps(table.record(), ensure_ascii=False), encoding="utf-8")
            partial.replace(path)
            written += 1
        if progress is not None:
            progress(done, len(ids))
    return written, kept
