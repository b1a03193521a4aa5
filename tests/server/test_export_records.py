"""``nardy export``: a site's finished public matches as game records, one file each, that
``nardy label --from`` reads; private (invitation) tables and unfinished ones stay out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from client import run
from lobbies import players, resigned, seated_match, until
from servers import random_agents

from nardy.bot.training.label import load_data
from nardy.cli import main
from nardy.rules.game import Phase
from nardy.server import protocol
from nardy.server.site.lobby import Lobby, TableRequest
from nardy.server.store.database import Store
from nardy.server.tables.table import Table


async def played_then_resigned(table: Table, turns: int = 6) -> Table:
    """``table``'s match played for ``turns`` turns (each the first legal steps), then
    resigned by whoever is to roll and accepted: over, with a winner."""
    while turns > 0 or table.game.phase is not Phase.ROLLING:
        seat, game = table.actor(), table.game
        if game.phase is Phase.MOVING:
            assert game.moving is not None
            steps, turn = [], game.moving
            while not turn.is_complete():
                step = turn.legal_steps()[0]
                steps.append(step)
                turn = turn.step(step)
            await table.submit(seat, protocol.Play(tuple(steps)), "player")
            turns -= 1
        else:
            await table.submit(seat, protocol.Roll(), "player")
    return await resigned(table)


def test_export_writes_the_finished_public_matches_once_and_keeps_private_ones_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'nardy.sqlite3'}"

    async def scenario() -> dict[str, dict[str, object]]:
        store = Store(url)
        lobby = Lobby(store, random_agents, bot_delay=0.0, entropy_wait=0.0)
        ala, ben = players(lobby, "Ala", "Ben")
        public = await played_then_resigned(await seated_match(lobby, ala, ben))
        invited = TableRequest.from_json(
            {"variant": "backgammon", "settings": {"match_to": 1}, "seat": 0, "opponent": "invite"}
        )
        created = await lobby.create(ala, "Ala", invited)
        assert created.row.invite is not None
        private = await lobby.join(created.id, ben, "Ben", created.row.invite)
        assert isinstance(private, Table)
        await played_then_resigned(private)
        playing = await lobby.create(
            ben,
            "Ben",
            TableRequest.from_json(
                {"variant": "long-nardy", "settings": {"match_to": 1}, "seat": 0}
            ),
        )
        # how each match ended is written after it ends, beside the game
        await until(lambda: not lobby.ratings.unrecorded(), "both outcomes written")
        return {public.id: public.record(), private.id: {}, playing.id: {}}

    tables = run(scenario())
    public_id = next(iter(tables))
    out = tmp_path / "records"
    assert main(["export", "--database", url, "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [f"{public_id}.json"]
    assert json.loads((out / f"{public_id}.json").read_text()) == tables[public_id]
    assert "1 records written" in capsys.readouterr().err
    assert main(["export", "--database", url, "--out", str(out)]) == 0  # again: kept
    assert "0 records written" in capsys.readouterr().err
    data = tmp_path / "labels.npz"
    label = ["label", "--variant", "backgammon", "--from", str(out), "--positions", "10"]
    assert main([*label, "--processes", "1", "--out", str(data)]) == 0
    assert len(load_data(data)[0]) >= 4  # the positions of the six turns before the roll


def test_export_says_where_it_found_no_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--data", str(tmp_path / "none"), "--out", str(tmp_path / "o")]) == 2
    assert "no nardy database" in capsys.readouterr().out
