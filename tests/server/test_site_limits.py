"""Rate limits on a site of several processes (docs/PROTOCOL.md, "Limits and access"): the processes
count in the Redis they share, so failed logins through one process also hold back a
stranger's login through another (not the owner's, docs/DEPLOY.md, Sign-in protection),
and new players from one address are limited site-wide. Real
``nardy serve`` processes on a real PostgreSQL and a real Redis."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from processes import SiteProcesses

from nardy.server.site.throttle import Limits

LIMITS = Limits()

HOME, STRANGER, OTHER_STRANGER = "198.51.100.7", "203.0.113.1", "203.0.113.2"
"""Addresses the clients claim (documentation ranges): the account's own, and two it has
never signed in from."""


def rate(text: str) -> int:
    """How many a rate such as "10 per 15 minutes" allows."""
    return int(text.split()[0].split("/")[0])


def claiming(address: str) -> dict[str, str]:
    """Headers by which a client behind the trusted proxy (loopback) comes from ``address``."""
    return {"X-Forwarded-For": address}


@pytest.fixture
def proxied_site(tmp_path: Path, postgres_url: str, redis_url: str) -> Iterator[SiteProcesses]:
    """Two processes that believe ``X-Forwarded-For`` from loopback, as behind a proxy
    (docs/DEPLOY.md, The reverse proxy), so that clients can come from several addresses."""
    extra = ("--forwarded-allow-ips", "127.0.0.1")
    with SiteProcesses(tmp_path, 2, postgres_url, redis_url, extra) as processes:
        yield processes
    assert not processes.errors(), processes.errors()


def test_failed_logins_through_one_process_refuse_a_login_through_another(
    proxied_site: SiteProcesses,
) -> None:
    """docs/DEPLOY.md, Sign-in protection: a stranger's failures lock the name for other
    strangers on every process, but not for the account's usual address. The account is
    registered through the second process and the failures go through the first, so both
    the lock and the memory of usual addresses must be shared to pass."""
    first, second = (
        httpx.Client(base_url=url, trust_env=False, timeout=120) for url in proxied_site.urls
    )
    with first, second:
        right = {"name": "Ala", "password": "the right one"}
        assert second.post("/api/register", json=right, headers=claiming(HOME)).status_code == 200
        wrong = {"name": "ala", "password": "a wrong guess"}
        for _ in range(rate(LIMITS.failed_logins_per_name)):
            failed = first.post("/api/login", json=wrong, headers=claiming(STRANGER))
            assert failed.status_code == 400, failed.text
        # another stranger (below the per-address limit) is held back by the name's count
        refused = second.post("/api/login", json=right, headers=claiming(OTHER_STRANGER))
        assert refused.status_code == 429, refused.text  # even with the right password
        assert "too many failed logins" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        other = second.post(
            "/api/login",
            json={"name": "Ben", "password": "whatever1"},
            headers=claiming(OTHER_STRANGER),
        )
        assert other.status_code == 400, other.text  # another name is not held back
        # the owner, at the address it registered from, still gets in
        owner = first.post("/api/login", json=right, headers=claiming(HOME))
        assert owner.status_code == 200, owner.text
        assert owner.json()["name"] == "Ala"


def test_new_players_from_one_address_are_limited_across_the_site(site: SiteProcesses) -> None:
    clients = [httpx.Client(base_url=url, trust_env=False, timeout=120) for url in site.urls]
    allowed = rate(LIMITS.sign_ins_per_address)
    answers = [
        clients[k % 2].post("/api/guest", json={"name": f"guest {k}"}).status_code
        for k in range(allowed + 1)
    ]
    for client in clients:
        client.close()
    # one process alone would allow all of them (half reach each)
    assert answers == [200] * allowed + [429], answers
