"""The Smart Game Format's syntax (SGF 4): collections of game trees of nodes of properties.

Only what backgammon files use: a collection of trees, each a sequence of nodes, each node
a list of properties ``NAME[value][value]…``. Values escape ``]`` and ``\\`` with a
backslash. Variations (nested trees) are followed down their first branch, the main line,
as GNU Backgammon reads them. A small parser of our own: the format is a page of grammar,
and no maintained Python package reads it without pulling in a Go board.

>>> trees = parse('(;GM[6]PW[Ala \\\\] Ola];W[52mhxv]A[0][x][y])')
>>> trees[0][0]
[('GM', ['6']), ('PW', ['Ala ] Ola'])]
>>> trees[0][1][1]
('A', ['0', 'x', 'y'])
>>> escape('a]b\\\\c')
'a\\\\]b\\\\\\\\c'
"""

from __future__ import annotations

from nardy.rules.errors import NardyError

Property = tuple[str, list[str]]
Node = list[Property]
Tree = list[Node]


class SgfError(NardyError):
    """Text that is not SGF, or an SGF file that is not a backgammon match nardy can read."""


def escape(value: str) -> str:
    """``value`` as an SGF property value: ``\\`` and ``]`` escaped."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


def parse(text: str) -> list[Tree]:
    """The main line of every game tree in ``text``.

    >>> parse('(;GM[6]')
    Traceback (most recent call last):
    ...
    nardy.formats.sgf_syntax.SgfError: not an SGF file: it ends inside a game tree
    >>> parse('hello')
    Traceback (most recent call last):
    ...
    nardy.formats.sgf_syntax.SgfError: not an SGF file: it starts with 'h', not '(;'
    """
    reader = _Reader(text.lstrip("\ufeff"))
    trees: list[Tree] = []
    while reader.skip_space():
        if reader.peek() != "(":
            raise SgfError(f"not an SGF file: it starts with {reader.peek()!r}, not '(;'")
        trees.append(reader.tree())
    if not trees:
        raise SgfError("not an SGF file: it holds no game")
    return trees


class _Reader:
    """A cursor over the text with one method per grammar rule."""

    def __init__(self, text: str):
        self.text = text
        self.at = 0

    def skip_space(self) -> bool:
        """Skip white space; False at the end of the text."""
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1
        return self.at < len(self.text)

    def peek(self) -> str:
        if not self.skip_space():
            raise SgfError("not an SGF file: it ends inside a game tree")
        return self.text[self.at]

    def tree(self) -> Tree:
        """``( node+ tree* )``: the nodes of the main line."""
        self.at += 1  # "("
        nodes: Tree = []
        while self.peek() == ";":
            self.at += 1
            nodes.append(self.node())
        if not nodes:
            raise SgfError("not an SGF file: a game tree has no node")
        first = True
        while self.peek() == "(":
            branch = self.tree()
            if first:
                nodes.extend(branch)
                first = False
        if self.peek() != ")":
            raise SgfError(f"not an SGF file: unexpected {self.peek()!r} at {self.at}")
        self.at += 1
        return nodes

    def node(self) -> Node:
        properties: Node = []
        while self.peek().isalpha():
            start = self.at
            while self.at < len(self.text) and self.text[self.at].isalpha():
                self.at += 1
            name = "".join(c for c in self.text[start : self.at] if c.isupper())
            values = []
            while self.peek() == "[":
                values.append(self.value())
            if not values:
                raise SgfError(f"not an SGF file: property {name} has no value")
            properties.append((name, values))
        return properties

    def value(self) -> str:
        self.at += 1  # "["
        chars = []
        while self.at < len(self.text) and self.text[self.at] != "]":
            if self.text[self.at] == "\\" and self.at + 1 < len(self.text):
                self.at += 1
            chars.append(self.text[self.at])
            self.at += 1
        if self.at >= len(self.text):
            raise SgfError("not an SGF file: a value has no closing ']'")
        self.at += 1
        return "".join(chars)
