"""``nardy export``: a site's finished public matches as game records, one file each."""

from __future__ import annotations

import argparse
from pathlib import Path

NAME = "export"
HELP = "write a site's finished public matches as game records (for study and training)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", default=None, help="the server's data folder (as nardy serve)")
    parser.add_argument("--database", default=None, help="a database URL instead, e.g. PostgreSQL")
    parser.add_argument("--out", required=True, help="folder to write ID.json records into")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    from nardy.cli.serve import default_data_dir
    from nardy.server.site.record_export import export_records
    from nardy.server.store.database import Store

    if args.database:
        store = Store(args.database)
    else:
        data = Path(args.data) if args.data else default_data_dir()
        if not (data / "nardy.sqlite3").exists():
            print(f"nardy export: no nardy database in {data} (give --data or --database)")
            return 2
        store = Store.in_folder(data)
    console = Console(stderr=True)
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("writing records", total=None)
        written, kept = export_records(
            store, Path(args.out), lambda done, total: bar.update(task, completed=done, total=total)
        )
    console.print(f"{written} records written to {args.out} ({kept} there already)")
    return 0
