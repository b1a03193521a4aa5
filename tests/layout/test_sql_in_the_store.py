"""Every table definition and query lives in ``nardy.server.store``: no other module of the
package imports SQLAlchemy (CONTRIBUTING.md, "Where things are")."""

from __future__ import annotations

from test_imports import imported_anything, modules


def test_only_the_store_speaks_sql() -> None:
    speaking = [
        module
        for module, path in modules()
        if not module.startswith("nardy.server.store")
        and any(name.split(".")[0] == "sqlalchemy" for name in imported_anything(path))
    ]
    assert speaking == []
