"""Dice as values, and the sources a battle rolls them from.

A [`Die`][battlebook.dice.Die] is a value: a name and its faces. A dice source hands out
faces one roll at a time. Scenarios use a [`ScriptedDice`][battlebook.dice.ScriptedDice]:
the scenario states every roll, so nothing depends on chance and a stated face the die
cannot show is refused. Simulations use a [`SeededDice`][battlebook.dice.SeededDice]. No
code in the engine ever touches a global random generator.

Examples:
    >>> d10 = Die("d10 read 0-9", tuple(range(10)))
    >>> dice = ScriptedDice([6])
    >>> dice.roll(d10)
    6
    >>> dice.is_exhausted()
    True
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Protocol

from battlebook.errors import DiceError, UnstatedRoll


@dataclass(frozen=True)
class Die:
    """A die: its name and the faces it can show, one per side.

    Faces may repeat (a Heroscape combat die shows three skulls): each entry of
    `faces` is one side, all sides equally likely.
    """

    name: str
    faces: tuple[Hashable, ...]

    def can_show(self, face: Hashable) -> bool:
        """Whether `face` is on at least one side of this die.

        Examples:
            >>> Die("coin", ("heads", "tails")).can_show("edge")
            False
        """
        return face in self.faces


class Dice(Protocol):
    """Anything that can roll a die: the one way the engine meets chance."""

    def roll(self, die: Die) -> Hashable:
        """Roll `die` once and return the face shown."""
        ...


class ScriptedDice:
    """Dice whose results are stated in advance, in order, by a scenario.

    Each roll takes the next stated face; the face must be one the die can show.
    Rolling when no result is left is a scenario error, never a silent random roll.
    """

    def __init__(self, results: Iterable[Hashable] = ()) -> None:
        self._results: deque[Hashable] = deque(results)

    def push(self, *results: Hashable) -> None:
        """State more results, to be rolled after those already stated."""
        self._results.extend(results)

    def roll(self, die: Die) -> Hashable:
        """Take the next stated result, checking that `die` can show it.

        Examples:
            >>> ScriptedDice([10]).roll(Die("d10 read 0-9", tuple(range(10))))
            Traceback (most recent call last):
            ...
            battlebook.errors.DiceError: a d10 read 0-9 cannot show 10 (its faces are 0 to 9)
        """
        if not self._results:
            raise UnstatedRoll(die.name, 1, 0)
        face = self._results.popleft()
        if not die.can_show(face):
            raise DiceError(f"a {die.name} cannot show {face!r} ({describe_faces(die)})")
        return face

    def is_exhausted(self) -> bool:
        """Whether every stated result has been rolled."""
        return not self._results

    def remaining(self) -> tuple[Hashable, ...]:
        """The stated results not rolled yet."""
        return tuple(self._results)

    def roll_many(self, die: Die, count: int) -> tuple[Hashable, ...]:
        """Take the next `count` stated results at once, each checked as `roll` checks it.

        Examples:
            >>> ScriptedDice([1, 2, 3]).roll_many(Die("d6", (1, 2, 3, 4, 5, 6)), 2)
            (1, 2)
        """
        if count > len(self._results):
            stated = len(self._results)
            for _ in range(stated):
                self.roll(die)
            raise UnstatedRoll(die.name, count, stated)
        results = self._results
        taken = tuple([results.popleft() for _ in range(count)])
        # Each face is checked once, however many of the dice show it (in the order they were stated).
        for face in dict.fromkeys(taken):
            if not die.can_show(face):
                raise DiceError(f"a {die.name} cannot show {face!r} ({describe_faces(die)})")
        return taken


class SeededDice:
    """Fair dice from a seeded generator of their own, for simulations.

    Examples:
        >>> d6 = Die("d6", (1, 2, 3, 4, 5, 6))
        >>> [SeededDice(7).roll(d6) for _ in range(2)] == [SeededDice(7).roll(d6)] * 2
        True
    """

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def roll(self, die: Die) -> Hashable:
        """Pick one side of `die` uniformly at random."""
        return self._random.choice(die.faces)


def roll_all(dice: Dice, die: Die, count: int) -> tuple[Hashable, ...]:
    """Roll `die` `count` times from `dice`, in order: at once where the source can (stated rolls).

    Examples:
        >>> roll_all(ScriptedDice([4, 2]), Die("d6", (1, 2, 3, 4, 5, 6)), 2)
        (4, 2)
    """
    many = getattr(dice, "roll_many", None)
    if many is not None:
        taken: tuple[Hashable, ...] = many(die, count)
        return taken
    return tuple(dice.roll(die) for _ in range(count))


def describe_faces(die: Die) -> str:
    """Describe a die's faces briefly, as a range when they are consecutive numbers.

    Examples:
        >>> describe_faces(Die("d10 read 1-10", tuple(range(1, 11))))
        'its faces are 1 to 10'
    """
    faces = die.faces
    if all(isinstance(f, int) for f in faces):
        numbers = sorted(f for f in faces if isinstance(f, int))
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            return f"its faces are {numbers[0]} to {numbers[-1]}"
    return "its faces are " + ", ".join(str(f) for f in faces)
