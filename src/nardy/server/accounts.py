"""Guests and registered players. Passwords are kept only as argon2id hashes.

>>> from nardy.server.store import Store
>>> accounts = Accounts(Store("sqlite://"))
>>> ala = accounts.register("Ala", "correct horse battery")
>>> accounts.login("Ala", "correct horse battery").id == ala.id
True
>>> accounts.rename(ala.id, "  Ala   Kowalska ").name
'Ala Kowalska'
>>> accounts.login("Ala Kowalska", "wrong password")
Traceback (most recent call last):
...
nardy.server.accounts.AccountError: wrong name or password
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from nardy.server.store import PlayerRow, Store


class AccountError(ValueError):
    """A name or password that cannot be used."""


def clean_name(name: str) -> str:
    """A display name without surrounding or repeated spaces and control characters."""
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not cleaned:
        raise AccountError("a name needs at least one visible character")
    if len(cleaned) > 40:
        raise AccountError("a name has at most 40 characters")
    return cleaned


class Accounts:
    """Signing players up and in."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.hasher = PasswordHasher()  # argon2id with the library's recommended costs

    def guest(self, name: str) -> PlayerRow:
        return self.store.add_player(clean_name(name))

    def register(self, name: str, password: str) -> PlayerRow:
        name = clean_name(name)
        if len(password) < 8:
            raise AccountError("a password needs at least 8 characters")
        if self.store.account(name) is not None:
            raise AccountError(f"the name {name!r} is taken")
        return self.store.add_player(name, self.hasher.hash(password))

    def rename(self, player_id: str, name: str) -> PlayerRow:
        """Give a player another display name; an account's name stays unique."""
        name = clean_name(name)
        player = self.store.player(player_id)
        holder = self.store.account(name)
        if player.password_hash is not None and holder is not None and holder.id != player_id:
            raise AccountError(f"the name {name!r} is taken")
        self.store.rename_player(player_id, name)
        return PlayerRow(player.id, name, player.password_hash)

    def login(self, name: str, password: str) -> PlayerRow:
        player = self.store.account(clean_name(name))
        if player is None or player.password_hash is None:
            raise AccountError("wrong name or password")
        try:
            self.hasher.verify(player.password_hash, password)
        except (VerificationError, InvalidHashError):
            raise AccountError("wrong name or password") from None
        return player
