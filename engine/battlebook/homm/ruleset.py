"""The fixed settings a Heroes of Might & Magic battle is played under.

Disputed readings of the rulebook are settings here, never `if` chains spread through
the rules: a scenario picks its reading once, and every rule asks the ruleset. The readings
of a battle in a town are the town's own settings ([`TownSettings`][battlebook.homm.town.TownSettings]),
held by its extension.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlebook.dice import Die
from battlebook.frozen import keeps_hash, kept
from battlebook.homm.units import AttackKind


class DieReading(StrEnum):
    """How the faces of the game's die are read.

    The rulebook says only "a die". Battlebook reads it as a ten-sided die (a reading that
    fits every roll the texts quote, not a fact they state), whose faces may be read 0 to 9
    or 1 to 10. Battlebook reads it 0-9 unless a scenario says otherwise (see the ruling
    *The die and its faces*).
    """

    ZERO_TO_NINE = "0-9"
    ONE_TO_TEN = "1-10"

    @property
    def faces(self) -> tuple[int, ...]:
        """The numbers on the die, lowest first.

        Examples:
            >>> DieReading("1-10").faces[-1]
            10
        """
        return tuple(range(0, 10)) if self is DieReading.ZERO_TO_NINE else tuple(range(1, 11))


class StackPhase(StrEnum):
    """Which card's Phase entry decides when a stack of mixed cards attacks.

    Battlebook reads the **top card**'s phase, since the top card is the one that attacks
    (ruling *A stack's phase*); the alternative is the earliest phase among its cards.
    """

    TOP_CARD = "top card"
    EARLIEST_CARD = "earliest card"


class SwarmDoubling(StrEnum):
    """Whether a swarming stack doubles its own score before support is added, or the sum."""

    BEFORE_SUPPORT = "before support"
    AFTER_SUPPORT = "after support"


class Chooser(StrEnum):
    """Who picks the stack that moves up when automatic reorganizing leaves a choice."""

    OWNER = "owner"
    OPPONENT = "opponent"


class SwatReach(StrEnum):
    """Which attacks may swat: every kind of attack, or melee attacks only."""

    ANY_ATTACK = "any attack"
    MELEE_ONLY = "melee only"


class SwarmExpiry(StrEnum):
    """How long a swarm lasts when the stack does not attack at its next opportunity.

    Battlebook reads that the swarm serves the stack's **next opportunity** only: let pass
    or spent another way, it is over (ruling *How long a swarm lasts*). The alternative
    keeps the swarm until the stack **next attacks**, however many opportunities pass;
    turning to protect still ends it, since a stack's cards face one way at a time.
    """

    NEXT_OPPORTUNITY = "next opportunity"
    NEXT_ATTACK = "next attack"


class MoveUpRefill(StrEnum):
    """How many stacks move up when a Melee Line falls short of its minimum.

    Battlebook **refills** the line up to its minimum at once (ruling *Moving up to the
    Melee Line*); the alternative moves **one stack per fall**, and the line may stay short.
    """

    UP_TO_MINIMUM = "up to minimum"
    ONE_PER_FALL = "one per fall"


class RetaliationReach(StrEnum):
    """Whether a retaliation obeys the line rules of an ordinary attack of its kind.

    Battlebook lets a stack answer **from any line** the stack that has just struck it
    (ruling *Retaliating from the Ranged Line*); the alternative applies the **line rules**,
    so a stack on its Ranged Line never answers a melee attack.
    """

    ANY_LINE = "any line"
    LINE_RULES = "line rules"


class SpellReach(StrEnum):
    """Which lines a spell may be cast from and at.

    Battlebook lets a spell reach **like a ranged attack**, from either line at either enemy
    line (ruling *Where a spell can reach*); the alternative borrows the **melee** attack's
    line rule: caster and target must both stand on their Melee Lines.
    """

    LIKE_RANGED = "like ranged"
    LIKE_MELEE = "like melee"


class SupportTarget(StrEnum):
    """When the common-target rule is checked for a sacrifice.

    Battlebook has the sacrificing stack **name** its target, checked when it sacrifices
    (ruling *Support names its target*); the alternative checks it against the target of
    the supported stack's **next attack**, whatever target was named.
    """

    NAMED = "named"
    NEXT_ATTACK = "next attack"


@keeps_hash
@dataclass(frozen=True)
class Ruleset:
    """The settings of one battle: which reading of each open question it plays by.

    Attributes:
        die_reading: How the die's faces are read (ten-sided by the ruling `ruling.die-faces`).
        stack_phase: Which card sets a stack's phase.
        swarm_doubling: Whether swarming doubles before or after support is added.
        move_up_chooser: Who picks the stack that moves up when there is a choice.
        swat_reach: Which attacks may swat.
        retaliation_answerable: Whether a retaliation may itself be retaliated against.
        withdraw_distance: Withdrawing is refused this many spaces or fewer from the town.
        swarm_expiry: Whether a swarm lasts for the next opportunity or until the next attack.
        move_up_refill: Whether a short Melee Line is refilled at once or gets one stack per fall.
        step_back_allowed: Whether a stack may step back to its Ranged Line when that leaves
            its Melee Line below its minimum (it is then refilled at once); `False` refuses it.
        retaliation_reach: Whether a retaliation obeys the line rules of its kind of attack.
        spell_reach: Which lines a spell may be cast from and at.
        retaliation_support: Whether a retaliation receives (and spends) support waiting for
            an attack on its target; `False` keeps support for the stack's next attack
            opportunity (ruling *Retaliations, support and swarming*).
        swarm_doubles_retaliation: Whether a swarming stack's retaliation is doubled (and
            spends the swarm); `False` leaves it at the stack's plain score.
        protecting_retaliates: Whether a stack turned to protect may still retaliate.
        surrender_minimum: The fewest cards a surrender may offer (ruling *An offer of no cards*).
        swat_picks: Whether a swat may pick which of the target's cards it takes; `False`
            (Battlebook's reading) counts them from the top (ruling *Which cards a swat takes*).
        support_target: When the common-target rule is checked for a sacrifice.
        move_up_when_short: Whether stacks move up whenever a Melee Line holds fewer than
            three, even one set up that way; `False` moves them up only when the count falls.
        fallen_hero_withdraws: Whether a side whose heroes in the battle have all been killed
            may still withdraw (its creature stacks are discarded; no hero goes home).
        hero_alone_fights_on: Whether a side left with nothing but its hero cards stays in
            the battle; `False` ends it as if every creature stack were destroyed.
        hero_holds_melee_line: Whether a stack of hero cards alone counts toward the three
            stacks a Melee Line keeps.
        guard_withdraws: Whether a guard stack may withdraw (Battlebook's reading: it may not).
        several_supporters: Whether more than one stack may sacrifice for the same stack's
            next attack, their Sac values added up; `False` refuses a second one.
        spells_count_for_support: Whether a spell the stack could cast counts as an attack it
            could make, for the common-target rule of support.
        retaliation_optional: Whether a stack that may retaliate may also decline to
            (ruling *Declining to retaliate*); `False` has it answer every attack it can.
        support_until_attack: Whether support waits until the supported stack's next attack,
            however many opportunities it spends otherwise (ruling *Support waits for the next
            attack*); `False` has it lapse at the stack's next opportunity spent otherwise.
        sac_value_fixed: Whether a Sac value is fixed when the sacrifice is made (ruling *The
            Sac value of a sacrifice*); `False` reads it from the supporter when the supported
            attack is made (nothing if the supporter is gone).
        support_after_phase: Whether a stack may sacrifice for a friend whose phase has passed
            this round, the support waiting for its next attack (ruling *Supporting a friend
            whose phase has passed*); `False` refuses it.
        common_target_supporter_only: Whether the common-target rule binds the sacrificing
            stack only (ruling *Who the common target binds*); `False` also requires the
            supported stack to be able to attack the target.

    Examples:
        >>> Ruleset().die.faces[:3]
        (0, 1, 2)
        >>> Ruleset(die_reading=DieReading.ONE_TO_TEN).die.name
        'd10 read 1-10'
    """

    die_reading: DieReading = DieReading.ZERO_TO_NINE
    stack_phase: StackPhase = StackPhase.TOP_CARD
    swarm_doubling: SwarmDoubling = SwarmDoubling.BEFORE_SUPPORT
    move_up_chooser: Chooser = Chooser.OWNER
    swat_reach: SwatReach = SwatReach.ANY_ATTACK
    retaliation_answerable: bool = False
    withdraw_distance: int = 4
    swarm_expiry: SwarmExpiry = SwarmExpiry.NEXT_OPPORTUNITY
    move_up_refill: MoveUpRefill = MoveUpRefill.UP_TO_MINIMUM
    step_back_allowed: bool = True
    retaliation_reach: RetaliationReach = RetaliationReach.ANY_LINE
    spell_reach: SpellReach = SpellReach.LIKE_RANGED
    retaliation_support: bool = False
    swarm_doubles_retaliation: bool = False
    protecting_retaliates: bool = True
    surrender_minimum: int = 0
    swat_picks: bool = False
    support_target: SupportTarget = SupportTarget.NAMED
    move_up_when_short: bool = False
    fallen_hero_withdraws: bool = True
    hero_alone_fights_on: bool = True
    hero_holds_melee_line: bool = True
    guard_withdraws: bool = False
    several_supporters: bool = True
    spells_count_for_support: bool = True
    retaliation_optional: bool = True
    support_until_attack: bool = True
    sac_value_fixed: bool = True
    support_after_phase: bool = True
    common_target_supporter_only: bool = True

    @property
    def die(self) -> Die:
        """The battle's one die, with the faces of the chosen reading.

        The texts say only "a die"; ten sides is Battlebook's reading (the ruling `ruling.die-faces`).
        """
        return kept(self, ("die_reading",), lambda: Die(f"d10 read {self.die_reading.value}", self.die_reading.faces))

    @property
    def numbered_faces(self) -> tuple[int, ...]:
        """The die's faces that are numbers, lowest first: what an attack's roll is read from.

        Examples:
            >>> Ruleset().numbered_faces[:3]
            (0, 1, 2)
        """
        return kept(
            self, ("die_reading", "numbered"), lambda: tuple(sorted(f for f in self.die.faces if isinstance(f, int)))
        )

    def follows_melee_lines(self, kind: AttackKind) -> bool:
        """Whether an attack of `kind` obeys the melee attack's line rule: melee, and spells cast like melee.

        Examples:
            >>> like_melee = Ruleset(spell_reach=SpellReach.LIKE_MELEE)
            >>> Ruleset().follows_melee_lines(AttackKind.SPELL), like_melee.follows_melee_lines(AttackKind.SPELL)
            (False, True)
        """
        return kind is AttackKind.MELEE or (kind is AttackKind.SPELL and self.spell_reach is SpellReach.LIKE_MELEE)
