"""``nardy serve``: the server on an embedded SQLite database, ready at once."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def default_data_dir() -> Path:
    """Where the server keeps its database unless told otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "nardy"


def main(args: Any) -> int:
    import uvicorn

    from nardy.server.app import ServerConfig, create_app
    from nardy.server.store import Store

    data = Path(args.data) if args.data else default_data_dir()
    store = Store(args.database) if args.database else Store.in_folder(data)
    config = ServerConfig(
        grace=args.grace, bot_delay=args.bot_delay, secure_cookies=args.secure_cookies
    )
    app = create_app(store, config)
    where = args.database or f"{data / 'nardy.sqlite3'}"
    print(
        f"nardy: open http://{args.host}:{args.port}/ in your browser (data: {where})", flush=True
    )
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=1 << 16)
    return 0
