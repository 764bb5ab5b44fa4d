"""A read-only mapping that is a value: hashable, comparable, and never changed in place.

Game states are frozen values so that exact computations can memoize on them (a state is a
dictionary key). A state that needs a lookup table (a Heroscape battlefield's spaces by hex)
holds a [`FrozenMap`][battlebook.frozen.FrozenMap] rather than a `dict`: its hash is that of
its items, so two maps with the same items are equal and hash equal, whatever order they
were built in.

Examples:
    >>> levels = FrozenMap({"a": 1, "b": 2})
    >>> levels["b"], len(levels), levels == FrozenMap([("b", 2), ("a", 1)])
    (2, 2, True)
    >>> hash(levels) == hash(FrozenMap({"b": 2, "a": 1}))
    True
    >>> levels.setting("c", 3)
    FrozenMap({'a': 1, 'b': 2, 'c': 3})
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

__all__ = ["FrozenMap", "keeps_hash"]

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """An immutable mapping whose hash is that of its items (keys and values must be hashable).

    Iteration keeps the order the items were given in; equality and the hash ignore it.
    """

    __slots__ = ("_hash", "_items")

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._items: dict[K, V] = dict(items)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self is other or (hash(self) == hash(other) and self._items == other._items)
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[dict[K, V]]]:
        return (FrozenMap, (self._items,))

    def setting(self, key: K, value: V) -> FrozenMap[K, V]:
        """A new map with `key` set to `value` (added, or replaced where it is)."""
        return FrozenMap({**self._items, key: value})


T = TypeVar("T")


def keeps_hash(cls: type[T]) -> type[T]:
    """Have a frozen dataclass work its hash out once per value, and keep it (as `str` does).

    Its fields never change, so neither does its hash: a state that is a dictionary key many
    times over (an exact fight looks each position up again and again) is hashed once. The
    kept hash is never pickled or copied: a copy works its own out, in its own process.

    Examples:
        >>> from dataclasses import dataclass
        >>> @keeps_hash
        ... @dataclass(frozen=True)
        ... class Point:
        ...     x: int
        ...     y: int
        >>> p = Point(1, 2)
        >>> hash(p) == hash(Point(1, 2)), p == Point(1, 2)
        (True, True)
        >>> import copy
        >>> "_kept_hash" in p.__dict__, "_kept_hash" in copy.deepcopy(p).__dict__
        (True, False)
    """
    worked_out = cls.__hash__

    def kept_hash(self: T) -> int:
        kept: dict[str, Any] = self.__dict__
        try:
            value: int = kept["_kept_hash"]
        except KeyError:
            value = kept["_kept_hash"] = worked_out(self)
        return value

    def state_without_hash(self: T) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if name != "_kept_hash"}

    setattr(cls, "__hash__", kept_hash)  # noqa: B010 (methods set on the class, not attributes)
    setattr(cls, "__getstate__", state_without_hash)  # noqa: B010
    return cls
