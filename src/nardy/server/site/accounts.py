"""Guests and registered players. Passwords are kept only as argon2id hashes.

A hash costs 64 MiB and a core for a while, so only a few are computed at once (in a
pool of their own) and only a bounded number of sign-ins may wait for one; beyond that
the server says it is busy. Logging in to a name that has no account costs as much time
as a wrong password, and both get the same answer, so the answers do not tell which
names are registered. Account names are unique ignoring case, Unicode width and look-alike
characters (their UTS #39 skeletons; the database enforces it); guests may not take an
account's name or the computer's, nor one that looks like either.

>>> import asyncio
>>> from concurrent.futures import ThreadPoolExecutor
>>> from nardy.server.store.database import Store
>>> # each coroutine runs in a thread of its own, so the example runs beside an event loop
>>> run = lambda coroutine: ThreadPoolExecutor(1).submit(asyncio.run, coroutine).result()
>>> accounts = Accounts(Store("sqlite://"))
>>> ala = run(accounts.register("Ala", "correct horse battery"))
>>> run(accounts.login("ALA", "correct horse battery")).id == ala.id
True
>>> accounts.rename(ala.id, "  Ala   Kowalska ").name
'Ala Kowalska'
>>> run(accounts.login("Ala Kowalska", "wrong password"))
Traceback (most recent call last):
...
nardy.server.site.accounts.AccountError: wrong name or password
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from nardy.server.protocol import refusals
from nardy.server.protocol.refusals import Refusal
from nardy.server.store import names
from nardy.server.store.database import NameTaken, PlayerRow, Store

T = TypeVar("T")

RESERVED = ("computer", "komputer", "kompiuteris", "компьютер")
"""Names (and name beginnings) that belong to the server's own players: the computer's
seat name in each language of the site ("Computer (expert)")."""


class AccountError(ValueError):
    """A name or password that cannot be used: the English reason (``str``), its kind
    (``code``) and the values it names (``params``), as :class:`TableError` has them.

    >>> error = AccountError(refusals.NAME_TAKEN, name="Ala")
    >>> str(error), error.code, error.params
    ("the name 'Ala' is taken; choose another", 'name_taken', {'name': 'Ala'})
    """

    def __init__(self, kind: Refusal, /, **params: Any) -> None:
        super().__init__(kind.text(params))
        self.code = kind.code
        self.params: dict[str, Any] = params


class Busy(AccountError):
    """Too many sign-ins are waiting for a password hash."""


def clean_name(name: str) -> str:
    """A display name without surrounding or repeated spaces and control characters; it
    must show a letter or a digit.

    >>> clean_name("\u3164\u3164")
    Traceback (most recent call last):
    ...
    nardy.server.site.accounts.AccountError: a name needs at least one visible letter or digit
    """
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not names.visible(cleaned):
        raise AccountError(refusals.NAME_INVISIBLE)
    if len(cleaned) > 40:
        raise AccountError(refusals.NAME_TOO_LONG)
    return cleaned


def name_key(name: str) -> str:
    """What makes two names the same name: case, Unicode compatibility forms and
    look-alike characters aside (:mod:`nardy.server.store.names`).

    >>> name_key("  ÀLA ") == name_key("àla"), name_key("Ａｌａ") == name_key("ala")
    (True, True)
    >>> name_key("Аla") == name_key("Ala")  # a Cyrillic А
    True
    """
    return names.name_key(clean_name(name))


def reserved(name: str) -> bool:
    """Whether ``name`` is the computer's, or looks like it.

    >>> reserved("Computer (expert)"), reserved("Сomputer (expert)"), reserved("Computerphile")
    (True, True, False)
    >>> reserved("Компьютер (эксперт)"), reserved("Komputer")
    (True, True)
    """
    key = name_key(name)
    for kept in RESERVED:
        stem = names.name_key(kept)
        if key == stem or key.startswith((stem + " ", stem + names.name_key("("))):
            return True
    return False


class Accounts:
    """Signing players up and in."""

    def __init__(self, store: Store, concurrent: int = 2, waiting: int = 32) -> None:
        self.store = store
        self.hasher = PasswordHasher()  # argon2id with the library's recommended costs
        self.pool = ThreadPoolExecutor(max(1, concurrent), thread_name_prefix="argon2")
        self.room = max(1, concurrent) + max(0, waiting)
        self.pending = 0
        self._dummy: str | None = None

    def guest(self, name: str) -> PlayerRow:
        name = clean_name(name)
        self._check_free(name, None)
        return self.store.add_player(name)

    def _check_free(self, name: str, player_id: str | None) -> None:
        """Refuse the computer's names, and the name of an account not ``player_id``'s."""
        if reserved(name):
            raise AccountError(refusals.NAME_KEPT, name=name)
        holder = self.store.account(name_key(name))
        if holder is not None and holder.id != player_id:
            raise AccountError(refusals.NAME_OF_ACCOUNT, name=name)

    async def register(self, name: str, password: str) -> PlayerRow:
        """A new account. A taken name is refused without looking at the password, so
        registering is never a way to sign in (or to guess an account's password)."""
        name = clean_name(name)
        if len(password) < 8:
            raise AccountError(refusals.WEAK_PASSWORD)
        unavailable = AccountError(refusals.NAME_UNAVAILABLE, name=name)
        if reserved(name):
            raise unavailable
        if await asyncio.to_thread(self.store.account, name_key(name)) is not None:
            raise unavailable
        digest = await self._hashing(self.hasher.hash, password)
        try:
            return await asyncio.to_thread(self.store.add_player, name, digest, name_key(name))
        except NameTaken:  # registered meanwhile
            raise unavailable from None

    def rename(self, player_id: str, name: str) -> PlayerRow:
        """Give a player another display name: not the computer's, and for a guest not an
        account's; an account's name stays unique."""
        name = clean_name(name)
        player = self.store.player(player_id)
        self._check_free(name, player_id)
        registered = player.password_hash is not None
        try:
            self.store.rename_player(player_id, name, name_key(name) if registered else None)
        except NameTaken:
            raise AccountError(refusals.NAME_TAKEN, name=name) from None
        return PlayerRow(player.id, name, player.password_hash)

    async def login(self, name: str, password: str) -> PlayerRow:
        player = await asyncio.to_thread(self.store.account, name_key(name))
        stored = player.password_hash if player is not None else None
        if stored is None:  # the same work and the same answer as a wrong password
            stored = await self._dummy_hash()
        if not await self._hashing(self._verify, stored, password) or player is None:
            raise AccountError(refusals.WRONG_PASSWORD)
        return player

    def _verify(self, stored: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _dummy_hash(self) -> str:
        if self._dummy is None:
            self._dummy = await self._hashing(self.hasher.hash, "no account has this password")
        return self._dummy

    async def _hashing(self, work: Any, *args: Any) -> Any:
        """Run ``work`` in the hashing pool, or refuse when too many wait for it."""
        if self.pending >= self.room:
            raise Busy(refusals.BUSY)
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, work, *args)
        finally:
            self.pending -= 1
