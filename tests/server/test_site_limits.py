"""Rate limits on a site of several processes (docs/PROTOCOL.md, "Limits and access"): the processes
count in the Redis they share, so failed logins through one process also hold back a
login through another, and new players from one address are limited site-wide. Real
``nardy serve`` processes on a real PostgreSQL and a real Redis."""

from __future__ import annotations

import httpx
from processes import SiteProcesses

from nardy.server.site.throttle import Limits

LIMITS = Limits()


def rate(text: str) -> int:
    """How many a rate such as "10 per 15 minutes" allows."""
    return int(text.split()[0].split("/")[0])


def test_failed_logins_through_one_process_refuse_a_login_through_another(
    site: SiteProcesses,
) -> None:
    first, second = (httpx.Client(base_url=url, trust_env=False, timeout=120) for url in site.urls)
    with first, second:
        right = {"name": "Ala", "password": "the right one"}
        assert first.post("/api/register", json=right).status_code == 200
        wrong = {"name": "ala", "password": "a wrong guess"}
        for _ in range(rate(LIMITS.failed_logins_per_name)):
            assert first.post("/api/login", json=wrong).status_code == 400
        refused = second.post("/api/login", json=right)  # even the right password
        assert refused.status_code == 429, refused.text
        assert "too many failed logins" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        other = second.post("/api/login", json={"name": "Ben", "password": "whatever1"})
        assert other.status_code == 400  # another name is not held back


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
