"""Coin Duel's actions, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Strike:
    """`attacker` strikes `target`, rolling the die."""

    attacker: str
    target: str


@dataclass(frozen=True)
class Rest:
    """`champion` lets its turn go by."""

    champion: str


Action = Strike | Rest
