"""Passwords cannot stall the server or be guessed freely (docs/PROTOCOL.md, "Limits and
access"): only a few argon2id hashes run at once, failed logins are throttled per name and
per address, and the answers do not tell which names have accounts."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from client import run
from servers import LiveServer

from nardy.server.app import ServerConfig
from nardy.server.site.throttle import Limits


class Watch:
    """Counts the argon2 calls running at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = self.most = self.calls = 0

    def wrap(self, work: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            with self.lock:
                self.running += 1
                self.calls += 1
                self.most = max(self.most, self.running)
            try:
                return work(*args, **kwargs)
            finally:
                with self.lock:
                    self.running -= 1

        return counted


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> Watch:
    watch = Watch()
    monkeypatch.setattr(PasswordHasher, "hash", watch.wrap(PasswordHasher.hash))
    monkeypatch.setattr(PasswordHasher, "verify", watch.wrap(PasswordHasher.verify))
    return watch


def test_concurrent_logins_hash_a_few_at_a_time(live: LiveServer, hashes: Watch) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        assert http.post("/api/register", json={"name": "Ala", "password": "right one!"}).is_success

    async def scenario() -> list[int]:
        async with httpx.AsyncClient(base_url=live.url, trust_env=False, timeout=120) as http:
            replies = await asyncio.gather(
                *(
                    http.post("/api/login", json={"name": "Ala", "password": f"guess {k:03}"})
                    for k in range(40)
                )
            )
        return [reply.status_code for reply in replies]

    codes = run(scenario())
    assert hashes.most <= Limits().concurrent_hashes, hashes.most
    assert set(codes) <= {400, 429, 503} and 400 in codes


def test_sign_ins_beyond_the_waiting_room_are_told_to_retry(tmp_path: Path, hashes: Watch) -> None:
    config = ServerConfig(limits=Limits(concurrent_hashes=1, hashes_waiting=2))
    with LiveServer(tmp_path / "nardy.sqlite3", config) as live:

        async def scenario() -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=live.url, trust_env=False, timeout=120) as http:
                return await asyncio.gather(
                    *(
                        http.post("/api/login", json={"name": f"n{k}", "password": "guess 123"})
                        for k in range(12)
                    )
                )

        replies = run(scenario())
    busy = [r for r in replies if r.status_code == 503]
    assert busy and "busy" in busy[0].json()["detail"] and busy[0].headers["retry-after"]
    assert hashes.most == 1


def test_failed_logins_are_throttled_per_name(live: LiveServer) -> None:
    allowed = int(Limits().failed_logins_per_name.split()[0])
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        owner = {"X-Forwarded-For": "198.51.100.7"}  # the test server believes the header
        http.post("/api/register", json={"name": "Ala", "password": "right one!"}, headers=owner)
        http.cookies.clear()
        codes = [
            http.post("/api/login", json={"name": "ala", "password": f"guess {k:04}"}).status_code
            for k in range(allowed)
        ]
        assert codes == [400] * allowed
        locked = http.post("/api/login", json={"name": "ALA", "password": "right one!"})
        assert locked.status_code == 429 and "failed logins" in locked.json()["detail"]
        assert int(locked.headers["retry-after"]) > 60
        other = http.post("/api/login", json={"name": "Ben", "password": "whatever1"})
        assert other.status_code == 400  # other names are not locked


def test_failed_logins_are_throttled_per_address(tmp_path: Path) -> None:
    config = ServerConfig(limits=Limits(failed_logins_per_address="4 per 15 minutes"))
    with (
        LiveServer(tmp_path / "nardy.sqlite3", config) as live,
        httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http,
    ):
        codes = [
            http.post("/api/login", json={"name": f"n{k}", "password": "guess 123"}).status_code
            for k in range(6)
        ]
    assert codes == [400] * 4 + [429] * 2


def test_login_answers_do_not_tell_which_names_exist(live: LiveServer, hashes: Watch) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        http.post("/api/register", json={"name": "Ala", "password": "right one!"})
        http.cookies.clear()
        before = hashes.calls
        known = http.post("/api/login", json={"name": "Ala", "password": "wrong one!"})
        after_known = hashes.calls
        unknown = http.post("/api/login", json={"name": "Nobody", "password": "wrong one!"})
        after_unknown = hashes.calls
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    # the same work for both: one verification each (plus, once, the decoy's hash)
    assert after_known - before == 1
    assert after_unknown - after_known in (1, 2)


def test_registering_a_taken_name(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        first = http.post("/api/register", json={"name": "Ala", "password": "right one!"})
        assert first.status_code == 200
        again = http.post("/api/register", json={"name": "ala", "password": "right one!"})
        assert again.status_code == 400 and "cannot be registered" in again.json()["detail"]
        other = http.post("/api/register", json={"name": "ALA", "password": "another!!"})
        assert other.status_code == 400 and "cannot be registered" in other.json()["detail"]
        computer = http.post("/api/register", json={"name": "Computer", "password": "beep boop"})
        assert computer.status_code == 400 and "cannot be registered" in computer.json()["detail"]


def test_strangers_cannot_guess_through_register_or_lock_the_owner_out(
    live: LiveServer, hashes: Watch
) -> None:
    """docs/DEPLOY.md, Sign-in protection: registering a taken name never signs in, and the
    per-name lock holds back strangers' addresses, not the owner's usual one."""
    allowed = int(Limits().failed_logins_per_name.split()[0])
    owner = {"X-Forwarded-For": "198.51.100.7"}  # the test server believes the header
    right = {"name": "Ala", "password": "right one!"}
    with httpx.Client(base_url=live.url, trust_env=False, timeout=120) as http:
        assert http.post("/api/register", json=right, headers=owner).status_code == 200
        http.cookies.clear()
        for k in range(allowed + 2):
            stranger = {"X-Forwarded-For": f"203.0.113.{k}"}
            guess = {"name": "ala", "password": f"guess {k:04}"}
            reply = http.post("/api/login", json=guess, headers=stranger)
            assert reply.status_code == (400 if k < allowed else 429), (k, reply.text)
        before = hashes.calls
        for password in ("guess 9999", "right one!"):
            guess = {"name": "ALA", "password": password}
            reply = http.post(
                "/api/register", json=guess, headers={"X-Forwarded-For": "203.0.113.99"}
            )
            assert reply.status_code == 400 and "cannot be registered" in reply.json()["detail"]
            assert not http.cookies
        assert hashes.calls == before  # a taken name is refused before any hash
        elsewhere = http.post("/api/login", json=right, headers={"X-Forwarded-For": "192.0.2.1"})
        assert elsewhere.status_code == 429
        mine = http.post("/api/login", json=right, headers=owner)
        assert mine.status_code == 200 and mine.json()["name"] == "Ala"
