"""Types of the compiled move generator (``src/nardy/_movegen.c``)."""

from typing import Any

def bind(position: type[Any], play: type[Any], /) -> bool:
    """Tell the kernel the ``Position`` and ``Play`` classes ``Rules.plays`` makes."""

class Rules:
    """The rules of one variant, compiled (see ``nardy.rules.kernel.KernelRules``)."""

    def __init__(
        self,
        hits: bool = True,
        hit_needs_home: bool = False,
        bar: bool = True,
        reserve: bool = False,
        enter_all_first: bool = False,
        *,
        head: int = 0,
        head_doubles: int = 0,
        reply_die: int = 0,
        opening_pips: int = 0,
        prime: int = 0,
        path: tuple[int, ...] | None = None,
    ) -> None: ...
    def final_cells(
        self, cells: tuple[int, ...], dice: Any, /
    ) -> dict[tuple[int, ...], tuple[tuple[int, int], ...]] | None:
        """Final cells with one sequence of steps each, or None for arguments of another
        kind than a 30-tuple of ints and a tuple of two dice 1..6."""
    def plays(self, variant: Any, cells: tuple[int, ...], dice: Any, /) -> tuple[Any, ...] | None:
        """The plays as ``Play`` objects, or None as for :meth:`final_cells`."""
    def expand(self, positions: bytes, /) -> tuple[bytes, bytes]:
        """The finals of all 21 rolls of each 30-byte row of ``positions`` (30 signed bytes
        each) and the native 32-bit end of each (position, roll)'s finals."""
