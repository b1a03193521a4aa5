"""Aborts and withdrawals on several ``nardy serve`` processes (INTERFACES.md §6): the
events go through the table's owner like any other, so every process shows the same
aborted match and the same withdrawn table, whichever process was asked."""

from __future__ import annotations

from client import Client, record, run
from processes import SiteProcesses
from test_server_aborts import assert_aborted, first_mover_resigns


def test_S8_a_match_resigned_at_once_is_aborted_on_every_process(site: SiteProcesses) -> None:
    first, second = site.urls

    async def scenario() -> None:
        ala, ben = await Client(first, "Ala").guest(), await Client(second, "Ben").guest()
        table = await ala.create("backgammon", {"match_to": 3}, seat=0)  # owned by the first
        await ben.join(table)  # through the second
        await ala.open()
        await ben.open()
        await first_mover_resigns([ala, ben])
        for client in (ala, ben):
            await client.wait(lambda c=client: c.state["status"] == "aborted")  # type: ignore[misc]
            assert_aborted(client.state)
        assert ala.state["n"] == ben.state["n"]
        docs = [await record(url, table) for url in site.urls]
        assert docs[0] == docs[1] and docs[0]["aborted"] == "resign"
        for client in (ala, ben):
            await client.aclose()

    run(scenario())


def test_S7_a_table_is_withdrawn_through_another_process(site: SiteProcesses) -> None:
    first, second = site.urls

    async def scenario() -> None:
        ala = await Client(first, "Ala").guest()
        table = await ala.create("backgammon", {"match_to": 3})  # owned by the first
        ala.rebind(second)  # the same session, asking the second process
        watcher = Client(second, "watcher")
        await watcher.open(table)
        reply = await ala.http.post(f"/api/tables/{table}/withdraw")
        assert reply.status_code == 200, reply.text
        await watcher.wait(lambda: watcher.state["status"] == "withdrawn")
        for url in site.urls:
            viewer = Client(url, "viewer")
            assert table not in [t["id"] for t in (await viewer.http.get("/api/tables")).json()]
            state = (await viewer.http.get(f"/api/tables/{table}")).json()
            assert state["status"] == "withdrawn"
            await viewer.aclose()
        for client in (ala, watcher):
            await client.aclose()

    run(scenario())
