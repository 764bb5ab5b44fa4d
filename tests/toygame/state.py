"""Coin Duel's frozen state: the champions, whose turn it is, and the ruleset."""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlebook.dice import Die

#: The one die of the game.
D6 = Die("d6", (1, 2, 3, 4, 5, 6))


@dataclass(frozen=True)
class Ruleset:
    """The game's one setting: whether a roll of 6 always takes a heart (the toy's ruling, and its alternative)."""

    six_always_hits: bool = True


@dataclass(frozen=True)
class Champion:
    """A champion: its name, its hearts left, and the guard a strike's roll must reach."""

    name: str
    hearts: int
    guard: int

    @property
    def is_out(self) -> bool:
        """Whether the champion is knocked out (no heart left)."""
        return self.hearts <= 0


@dataclass(frozen=True)
class DuelState:
    """The whole duel: its champions in order, whose turn it is (`None`: nobody placed), and the ruleset."""

    champions: tuple[Champion, ...] = ()
    turn: str | None = None
    ruleset: Ruleset = Ruleset()

    def champion(self, name: str) -> Champion | None:
        """The champion called `name`, if there is one."""
        return next((c for c in self.champions if c.name == name), None)

    def with_champion(self, champion: Champion) -> DuelState:
        """The duel with `champion` added (or put in place of its namesake); the first one placed strikes first."""
        others = tuple(c for c in self.champions if c.name != champion.name)
        kept = tuple(champion if c.name == champion.name else c for c in self.champions)
        champions = kept if len(others) < len(self.champions) else (*self.champions, champion)
        return replace(self, champions=champions, turn=self.turn or champion.name)

    @property
    def is_over(self) -> bool:
        """Whether at most one champion is still standing."""
        return sum(not c.is_out for c in self.champions) <= 1
