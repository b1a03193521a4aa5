"""The ``nardy`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nardy`` command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="nardy", description="Backgammon, long nardy and Dutch backgammon."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser(
        "moves",
        help="legal plays for position JSON lines on standard input",
    )
    selfplay = commands.add_parser(
        "selfplay", help="two random agents play a match with seeded dice and write its record"
    )
    selfplay.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    selfplay.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="a setting, repeatable"
    )
    selfplay.add_argument("--games", type=int, default=1, help="games of a money session")
    selfplay.add_argument("--seed", type=int, required=True, help="seed of dice and agents")
    selfplay.add_argument("--out", required=True, help="the record file to write")
    bestmove = commands.add_parser(
        "bestmove", help="the computer's play for position JSON lines, answered line by line"
    )
    bestmove.add_argument(
        "--level",
        default="strongest",
        help="beginner, casual, intermediate, advanced, expert, strongest (default: 2-ply)",
    )
    train = commands.add_parser("train", help="train a variant's network by self-play")
    train.add_argument("--variant", required=True, help="backgammon, long-nardy, dutch, ...")
    train.add_argument("--games", type=int, default=200_000, help="games to train up to")
    train.add_argument("--hidden", type=int, default=96, help="hidden units of a new network")
    train.add_argument("--seed", type=int, default=1, help="seed of dice and first weights")
    train.add_argument("--out", default=None, help="run folder (default train/VARIANT)")
    train.add_argument("--checkpoint-every", type=int, default=5000, help="games per checkpoint")
    train.add_argument(
        "--bench-games", type=int, default=200, help="games of each checkpoint bench"
    )
    serve = commands.add_parser("serve", help="run the game server (SQLite by default)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on")
    serve.add_argument("--data", default=None, help="data folder (default ~/.local/share/nardy)")
    serve.add_argument("--database", default=None, help="a database URL instead, e.g. PostgreSQL")
    serve.add_argument("--grace", type=float, default=60.0, help="seconds a leaver keeps a seat")
    serve.add_argument("--bot-delay", type=float, default=0.4, help="seconds the computer waits")
    serve.add_argument("--log-level", default="warning", help="uvicorn's log level")
    serve.add_argument(
        "--secure-cookies", action="store_true", help="send session cookies over HTTPS only"
    )
    verify = commands.add_parser("verify-dice", help="recompute every roll of a game record")
    verify.add_argument("file", help="a record downloaded from the server (with its dice)")
    replay = commands.add_parser("replay", help="check a game record and print its score")
    replay.add_argument("file", help="a nardy-record/1 JSON file")
    bench = commands.add_parser("bench", help="measure speed")
    bench_kinds = bench.add_subparsers(dest="bench", required=True, metavar="WHAT")
    movegen = bench_kinds.add_parser("movegen", help="move generation speed per variant")
    from nardy.bench.movegen import add_arguments as bench_movegen_arguments

    bench_movegen_arguments(movegen)
    bot = bench_kinds.add_parser("bot", help="a player's strength in cubeless games")
    from nardy.bench.bot import add_arguments as bench_bot_arguments

    bench_bot_arguments(bot)
    server_load = bench_kinds.add_parser(
        "server", help="many games at once against a local server: round-trip times"
    )
    from nardy.bench.server_load import add_arguments as bench_server_arguments

    bench_server_arguments(server_load)

    args = parser.parse_args(argv)
    if args.command == "moves":
        from nardy.moves_command import run

        return run(sys.stdin, sys.stdout)
    if args.command == "selfplay":
        return _selfplay(args)
    if args.command == "bestmove":
        from nardy.bestmove_command import run as bestmove_run

        return bestmove_run(iter(sys.stdin.readline, ""), sys.stdout, args.level)
    if args.command == "train":
        from nardy.bot.train import main as train_main

        return train_main(args)
    if args.command == "serve":
        from nardy.server.serve import main as serve_main

        return serve_main(args)
    if args.command == "verify-dice":
        from nardy.server.verify import verify_file

        return verify_file(args.file, sys.stdout)
    if args.command == "replay":
        from nardy.replay_command import replay_file

        return replay_file(args.file, sys.stdout)
    if args.command == "bench" and args.bench == "movegen":
        from nardy.bench.movegen import main as bench_movegen

        return bench_movegen(args)
    if args.command == "bench" and args.bench == "server":
        from nardy.bench.server_load import main as bench_server

        return bench_server(args)
    if args.command == "bench" and args.bench == "bot":
        from nardy.bench.bot import main as bench_bot

        return bench_bot(args)
    parser.error("unknown command")
    return 2


def _selfplay(args: argparse.Namespace) -> int:
    import json

    from nardy.rules.errors import NardyError
    from nardy.selfplay_command import parse_sets, selfplay

    try:
        record = selfplay(args.variant, parse_sets(args.set), args.games, args.seed)
    except (NardyError, argparse.ArgumentTypeError) as error:
        print(f"nardy selfplay: {error}", file=sys.stderr)
        return 2
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(record, out)
    print(f"{args.out}: {len(record['games'])} games, score {record['score']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
