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

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any, TypeVar

__all__ = ["FrozenMap", "evolve", "keeps_hash", "kept"]

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
#: Where a value keeps what it worked out about itself (its hash...): never copied, pickled or compared.
_KEPT = "_kept"


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
        >>> "_kept" in p.__dict__, "_kept" in copy.deepcopy(p).__dict__
        (True, False)
    """
    worked_out = cls.__hash__

    def kept_hash(self: T) -> int:
        kept: dict[str, Any] = self.__dict__
        try:
            value: int = kept[_KEPT]["hash"]
        except KeyError:
            value = worked_out(self)
            kept.setdefault(_KEPT, {})["hash"] = value
        return value

    def state_without_hash(self: T) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if name != _KEPT}

    setattr(cls, "__hash__", kept_hash)  # noqa: B010 (methods set on the class, not attributes)
    setattr(cls, "__getstate__", state_without_hash)  # noqa: B010
    return cls


def kept(value: object, name: Hashable, work: Callable[[], T]) -> T:
    """What `work` works out about the frozen `value` (its answer `name`), worked out once and kept beside its fields.

    For a pure function of a value that is asked again and again (the stacks of each side
    of a battle state): the value never changes, so neither does the answer. What is kept is
    never pickled or compared (two equal values are equal whatever they keep); the
    value's class must keep its hash with [`keeps_hash`][battlebook.frozen.keeps_hash], which
    leaves kept things out of its pickled state. An answer named by a tuple whose first item
    is the name of the one field it reads is carried over by [`evolve`][battlebook.frozen.evolve]
    to a copy that keeps that field as it is; any other is worked out again for each copy.

    Examples:
        >>> from dataclasses import dataclass
        >>> @keeps_hash
        ... @dataclass(frozen=True)
        ... class Word:
        ...     text: str
        ...     def vowels(self) -> int:
        ...         return kept(self, "vowels", lambda: sum(c in "aeiou" for c in self.text))
        >>> w = Word("battle")
        >>> w.vowels(), w == Word("battle"), "_kept" in w.__getstate__()
        (2, True, False)
    """
    store: dict[str, dict[Hashable, Any]] = value.__dict__
    try:
        found: T = store[_KEPT][name]
    except KeyError:
        found = work()
        store.setdefault(_KEPT, {})[name] = found
    return found


def evolve(value: T, **changes: Any) -> T:
    """A copy of the frozen dataclass `value` with `changes` to its fields: `dataclasses.replace`, cheaper.

    The fields not changed are taken over as they are, without calling `__init__` again;
    the class's `__post_init__` (its checks) still runs on the copy. What the value keeps
    beside its fields ([`kept`][battlebook.frozen.kept], its hash) is not taken over, but for
    answers named after the one field they read when that field is not changed. The
    changes must name fields of the value (any other name raises `TypeError`, as for
    `replace`); the class must have no field outside `__init__` that `__post_init__` works
    out from the others (none of Battlebook's does).

    A battle's rules make new states all the time, so this is what they copy them with.

    Examples:
        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Point:
        ...     x: int
        ...     y: int
        >>> evolve(Point(1, 2), y=5)
        Point(x=1, y=5)
        >>> evolve(Point(1, 2), z=5)
        Traceback (most recent call last):
        ...
        TypeError: Point has no field 'z' to change
    """
    fields: dict[str, Any] = value.__dict__
    if not changes.keys() <= fields.keys() or _KEPT in changes:
        wrong = next(name for name in changes if name not in fields or name == _KEPT)
        raise TypeError(f"{type(value).__name__} has no field {wrong!r} to change")
    cls = type(value)
    copy: T = object.__new__(cls)
    copied: dict[str, Any] = copy.__dict__
    copied.update(fields)
    copied.update(changes)
    before = copied.pop(_KEPT, None)
    if before:
        carried = {name: answer for name, answer in before.items() if type(name) is tuple and name[0] not in changes}
        if carried:
            copied[_KEPT] = carried
    check = getattr(cls, "__post_init__", None)
    if check is not None:
        check(copy)
    return copy
