"""The attack rules of Heroscape, both editions, as functions over battle states.

Legality comes in two layers, as in python-chess:

1. [`pseudo_legal_violation`][battlebook.heroscape.rules.pseudo_legal_violation]: may this
   figure attack that one at all (its card's turn, its one attack, friend or foe, the
   special attack it names)?
2. [`attack_violation`][battlebook.heroscape.rules.attack_violation]: is the defender within
   range and in line of sight?

[`legal_violation`][battlebook.heroscape.rules.legal_violation] takes every kind of action
(an attack, a turn, an order marker, a new round) and returns the refusing rule or `None`;
[`candidate_actions`][battlebook.heroscape.rules.candidate_actions] lists every action shaped
for a state, legal or not.

[`apply`][battlebook.heroscape.rules.apply] checks both, rolls the combat dice from the dice
source it is given (attack dice first, then defense dice) and returns a
[`HeroscapeResolution`][battlebook.heroscape.resolution.HeroscapeResolution]. A refused action raises a
[`RuleViolation`][battlebook.errors.RuleViolation] naming the rule and changes nothing.

Examples:
    >>> from battlebook.dice import ScriptedDice
    >>> from battlebook.heroscape.battlefield import parse_map
    >>> from battlebook.heroscape.cards import KNOWN_CARDS
    >>> from battlebook.heroscape.setup import setup_battle
    >>> state = setup_battle(parse_map('''
    ...  1Z1 1 1A1
    ... Z1 = Zettian Guards (Red)
    ... A1 = Airborne Elite (Blue)
    ... '''), KNOWN_CARDS.get)
    >>> state = apply(state, StartTurn("Red", "Zettian Guards"), ScriptedDice()).state
    >>> faces = ["skull", "skull", "shield", "blank"]
    >>> result = apply(state, Attack("Z1", "A1"), ScriptedDice(faces))
    >>> result.attack.skulls, result.attack.shields, result.attack.destroyed
    (2, 1, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from battlebook.dice import Dice, Die, roll_all
from battlebook.errors import DiceError, RulesSilent, RuleViolation, ScenarioError
from battlebook.heroscape import rule_ids as ids
from battlebook.heroscape.actions import (
    Action,
    Attack,
    EndTurn,
    MoveFigure,
    PlaceOrderMarker,
    RevealOrderMarker,
    StartRound,
    StartTurn,
)
from battlebook.heroscape.powers import AttackSetup, DicePool, Power, PowerKind
from battlebook.heroscape.resolution import AttackReport, HeroscapeResolution
from battlebook.heroscape.ruleset import Face, Harm, NextCopy
from battlebook.heroscape.sight import counted_range, has_line_of_sight
from battlebook.heroscape.state import BattleState, CardInPlay, Figure, OrderMarker, Turn

#: Kept here for the callers that name them; every identifier lives in `battlebook.heroscape.rule_ids`.
ATTACKING = ids.ATTACKING
RANGE = ids.RANGE
LINE_OF_SIGHT = ids.LINE_OF_SIGHT
FRIENDLY_FIGURES = ids.FRIENDLY_FIGURES
SPECIAL_POWERS = ids.SPECIAL_POWERS
OUT_OF_PLAY = ids.OUT_OF_PLAY
COMMON_CARDS = ids.COMMON_CARDS
TURN_ORDER = ids.TURN_ORDER
#: The labels of the order markers each army places on its cards.
ORDER_MARKERS = ("1", "2", "3", "X")
#: Name under which height advantage can be overlooked (see `Attack.overlooked`).
HEIGHT_ADVANTAGE = "height advantage"


def attacks_allowed(state: BattleState, figure: Figure) -> int:
    """How many attacks `figure` may make in one turn: one, plus any a special power of its card grants.

    Special powers act only under a ruleset that has them (not the 2004 basic game, whose
    figures attack once a turn each).
    """
    card = state.card_of(figure).name
    powers = state.powers_in_force
    extra = sum(p.extra_attacks for p in powers if p.kind is PowerKind.SPECIAL_POWER and p.holder == card)
    return 1 + extra


def attack_range(state: BattleState, action: Attack) -> int:
    """The range the attacker attacks at: its card's, or its special attack's if it gives one."""
    attacker = state.figure(action.attacker)
    power = special_attack(state, action)
    if power is not None and power.range is not None:
        return power.range
    return state.card_of(attacker).stat("range")


def special_attack(state: BattleState, action: Attack) -> Power | None:
    """The special attack the action names, or `None`; a scenario-defined one must belong to the attacker's card.

    `None` too under a ruleset without special attacks (the 2004 basic game).
    """
    if action.special_attack is None:
        return None
    card = state.card_of(state.figure(action.attacker)).name
    for power in state.powers_in_force:
        if power.kind is PowerKind.SPECIAL_ATTACK and power.name == action.special_attack and power.holder == card:
            return power
    return None


def pseudo_legal_violation(state: BattleState, action: Attack) -> RuleViolation | None:
    """Why this figure may not attack that one whatever the distance, or `None`.

    Unknown figures are scenario errors and raise at once.
    """
    attacker, defender = state.figure(action.attacker), state.figure(action.defender)
    turn = state.turn
    if turn is None:
        return RuleViolation(ATTACKING, "no army card is taking a turn, so no figure may attack")
    if not state.acts_for(turn.card_id, attacker) or attacker.army != turn.army:
        return RuleViolation(
            ATTACKING, f"{attacker.key} is not on the army card taking this turn ({turn.card_id} of {turn.army})"
        )
    allowed = attacks_allowed(state, attacker)
    if turn.attacked.count(attacker.key) >= allowed:
        times = "once" if allowed == 1 else f"{allowed} times"
        return RuleViolation(ATTACKING, f"{attacker.key} has already attacked {times} this turn")
    if attacker.key == defender.key:
        return RuleViolation(ATTACKING, f"{attacker.key} cannot attack itself")
    if attacker.army == defender.army and not state.ruleset.friendly_fire:
        return RuleViolation(
            FRIENDLY_FIGURES,
            f"{defender.key} belongs to {attacker.army}, like {attacker.key}: only enemies may be attacked",
        )
    if action.special_attack is not None and not state.ruleset.special_attacks:
        return RuleViolation(
            SPECIAL_POWERS,
            f"{state.ruleset.edition.words} has no special attacks: {attacker.key} makes its normal attack",
        )
    if action.special_attack is not None and special_attack(state, action) is None:
        return RuleViolation(
            SPECIAL_POWERS, f"{attacker.key}'s army card has no special attack called {action.special_attack!r}"
        )
    overlooked = overlooked_violation(state, action)
    if overlooked is not None:
        return overlooked
    if action.place_on is not None and state.ruleset.destroyed_to_card:
        return placement_violation(state, defender, action.place_on)
    return None


def overlooked_violation(state: BattleState, action: Attack) -> RuleViolation | None:
    """Why the extras `action` says nobody claimed may not be left out of its dice, or `None`.

    Each must be the height advantage or a power acting in the battle (else a scenario
    error). Only a ruleset that loses an unclaimed extra (the 2024 edition) lets an attack
    leave one out: under the 2004 basic game the higher figure rolls its extra die whatever
    was claimed, so an attack without it is refused under the height advantage rule.
    """
    in_force = {power.name for power in state.powers_in_force}
    unknown = sorted(name for name in action.overlooked if name != HEIGHT_ADVANTAGE and name not in in_force)
    if unknown:
        known = ", ".join(sorted(in_force)) or "none"
        raise ScenarioError(
            f"no power called {unknown[0]!r} acts in this battle, so it cannot be overlooked (powers acting: {known})"
        )
    if HEIGHT_ADVANTAGE in action.overlooked and not state.ruleset.unclaimed_extras_lost:
        return RuleViolation(
            ids.HEIGHT_ADVANTAGE,
            f"in {state.ruleset.edition.words} the higher figure always rolls its extra die: "
            "no rule there loses it for being claimed late",
        )
    return None


def placement_choices(state: BattleState, figure: Figure) -> tuple[str, ...]:
    """The army cards `figure` may be placed on if it is destroyed now (2024).

    A card that is not a shared Common card takes its own figures. With copies of a Common
    card, a started copy with room must be filled first; when none has room, the owner picks
    any matching copy with room (under the alternative `NextCopy.OWN_CARD`, only the very
    first figure is the owner's pick: later ones go on their own card when it has room; under
    `first_copy_choice=False`, the very first goes on its own card too).
    """
    own = state.card(figure.card_id)
    if not state.is_shared_common(figure.card_id):
        return (own.id,)
    matching = [c for c in state.copies_of(figure.card_id) if not c.is_full]
    started = [c for c in matching if c.destroyed]
    if started:
        return (started[0].id,)
    anything_placed = any(c.destroyed for c in state.copies_of(figure.card_id))
    if anything_placed and state.ruleset.next_copy is NextCopy.OWN_CARD and own in matching:
        return (own.id,)
    if not anything_placed and not state.ruleset.first_copy_choice and own in matching:
        return (own.id,)
    return tuple(c.id for c in matching) or (own.id,)


def placement_violation(state: BattleState, figure: Figure, card_id: str) -> RuleViolation | None:
    """Why `figure`, once destroyed, may not be placed on the card `card_id`, or `None`."""
    choices = placement_choices(state, figure)
    if card_id in choices:
        return None
    return RuleViolation(
        COMMON_CARDS,
        f"a destroyed {state.card_of(figure).figure} of {figure.army} must go on "
        + " or ".join(choices)
        + f", not on {card_id}",
    )


#: How many attacks' legality and dice stay kept, each for its battle state: a whole fight asks
#: again for every result the same attack's dice can show.
ATTACK_CACHE_SIZE = 4096


@lru_cache(maxsize=ATTACK_CACHE_SIZE)
def attack_violation(state: BattleState, action: Attack) -> RuleViolation | None:
    """Why the rules forbid the attack here, or `None` when it is allowed (kept for the same state and attack)."""
    violation = pseudo_legal_violation(state, action)
    if violation is not None:
        return violation
    attacker, defender = state.figure(action.attacker), state.figure(action.defender)
    reach = attack_range(state, action)
    distance = counted_range(state, attacker, defender)
    if distance is None or distance > reach:
        counted = "no path of spaces" if distance is None else f"{distance} spaces"
        return RuleViolation(RANGE, f"{defender.key} is {counted} from {attacker.key}, beyond its range of {reach}")
    if not has_line_of_sight(state, attacker, defender):
        return RuleViolation(LINE_OF_SIGHT, f"{attacker.key} cannot see any part of {defender.key}")
    return None


def legal_violation(state: BattleState, action: Action) -> RuleViolation | None:
    """Why the rules forbid `action` in `state`, or `None` when it is allowed; any kind of action.

    Unknown figures, cards and markers are scenario errors and raise at once.
    """
    match action:
        case Attack():
            return attack_violation(state, action)
        case StartTurn():
            card = state.card(action.card_id)
            if card.army != action.army:
                raise ScenarioError(f"the army card {action.card_id!r} belongs to {card.army}, not {action.army}")
            if state.is_out_of_play(action.card_id):
                return RuleViolation(OUT_OF_PLAY, f"{action.card_id} is out of play: no turn can be taken with it")
            if state.up_next is not None and action.army != state.up_next:
                return RuleViolation(
                    TURN_ORDER, f"the player on the left of the last player, {state.up_next}, plays next"
                )
        case EndTurn():
            if state.turn is None or state.turn.army != action.army:
                whose = "nobody's" if state.turn is None else f"{state.turn.army}'s"
                return RuleViolation(TURN_ORDER, f"it is {whose} turn, not {action.army}'s: it has no turn to end")
        case MoveFigure():
            figure = state.figure(action.figure)
            if len(figure.spaces) != 1:
                raise ScenarioError(f"{figure.key} stands on two spaces: Battlebook moves only single-space figures")
            state.battlefield.space(action.to)
            if state.figure_at(action.to) is not None:
                raise ScenarioError(f"the space {action.to} is taken")
        case PlaceOrderMarker():
            state.card(action.card_id)
            if any(m.army == action.army and m.label == action.label for m in state.markers):
                raise ScenarioError(f"{action.army}'s order marker {action.label} is already on a card")
            if state.is_out_of_play(action.card_id):
                return RuleViolation(
                    OUT_OF_PLAY, f"{action.card_id} is out of play: no order marker may be placed on it"
                )
        case RevealOrderMarker():
            if not any(m.army == action.army and m.label == action.label for m in state.markers):
                raise ScenarioError(f"{action.army} has no order marker {action.label} on any card")
        case StartRound():
            pass
    return None


def is_legal(state: BattleState, action: Action) -> bool:
    """Whether the rules allow `action` now."""
    return legal_violation(state, action) is None


def candidate_actions(state: BattleState) -> Iterator[Action]:
    """Every action shaped for `state` (figures, cards and markers that exist), legal or not."""
    yield StartRound()
    for card in state.cards:
        yield StartTurn(card.army, card.id)
        placed = {m.label for m in state.markers if m.army == card.army}
        for label in ORDER_MARKERS:
            if label not in placed:
                yield PlaceOrderMarker(card.army, label, card.id)
    for marker in state.markers:
        if not marker.revealed:
            yield RevealOrderMarker(marker.army, marker.label)
    for attacker in state.figures:
        holder = state.card_of(attacker).name
        specials = [p.name for p in state.powers if p.kind is PowerKind.SPECIAL_ATTACK and p.holder == holder]
        for defender in state.figures:
            yield Attack(attacker.key, defender.key)
            for name in specials:
                yield Attack(attacker.key, defender.key, name)


def legal_actions(state: BattleState) -> Iterator[Action]:
    """Every action the rules allow in `state`."""
    return (action for action in candidate_actions(state) if is_legal(state, action))


def attack_setup(state: BattleState, action: Attack) -> AttackSetup:
    """What the modifiers see of an attack."""
    attacker, defender = state.figure(action.attacker), state.figure(action.defender)

    def glyphs(figure: Figure) -> frozenset[str]:
        return frozenset(g for h in figure.spaces if (g := state.battlefield.space(h).glyph) is not None)

    return AttackSetup(
        attacker.key,
        defender.key,
        state.card_of(attacker).name,
        state.card_of(defender).name,
        glyphs(attacker),
        glyphs(defender),
        action.special_attack,
    )


@lru_cache(maxsize=ATTACK_CACHE_SIZE)
def dice_pool(state: BattleState, action: Attack) -> DicePool:
    """The dice each side rolls: printed values, then every modifier in play, then height advantage.

    Kept for the same state and attack: states are values, so the same battle rolls the same dice.

    Extras named in `action.overlooked` were not claimed before the roll and do not count.
    """
    attacker, defender = state.figure(action.attacker), state.figure(action.defender)
    pool = DicePool(state.card_of(attacker).stat("attack"), state.card_of(defender).stat("defense"))
    setup = attack_setup(state, action)
    for modifier in state.powers_in_force:
        if modifier.name not in action.overlooked:
            pool = modifier.modify(setup, pool)
    gap = state.base_level(attacker) - state.base_level(defender)
    extra = 0 if HEIGHT_ADVANTAGE in action.overlooked else state.ruleset.height.extra_dice(abs(gap))
    if gap > 0 and extra:
        pool = pool.adding(f"height advantage: {extra:+d} attack", attack=extra)
    elif gap < 0 and extra:
        pool = pool.adding(f"height advantage: {extra:+d} defense", defense=extra)
    return pool


def _face(face: object) -> Face:
    """A rolled face as a combat die's face (a face given by its name is read as that face)."""
    if isinstance(face, Face):
        return face
    try:
        return Face(str(face))
    except ValueError:
        raise DiceError(f"a combat die shows skull, shield or blank, not {face!r}") from None


def _roll(dice: Dice, die: Die, count: int) -> tuple[Face, ...]:
    return tuple([face if isinstance(face, Face) else _face(face) for face in roll_all(dice, die, count)])


def apply(state: BattleState, action: Action, dice: Dice) -> HeroscapeResolution:
    """Carry out `action`, rolling from `dice`; raise `RuleViolation` if it is refused."""
    violation = legal_violation(state, action)
    if violation is not None:
        raise violation
    if isinstance(action, Attack):
        return _attack(state, action, dice)
    if isinstance(action, StartTurn):
        return HeroscapeResolution(_start_turn(state, action.army, action.card_id))
    if isinstance(action, PlaceOrderMarker):
        return HeroscapeResolution(_place_marker(state, action))
    if isinstance(action, RevealOrderMarker):
        return _reveal(state, action)
    if isinstance(action, EndTurn):
        return HeroscapeResolution(replace(state, turn=None, up_next=_next_player(state, action.army)))
    if isinstance(action, MoveFigure):
        figure = state.figure(action.figure)
        return HeroscapeResolution(state.replacing_figure(replace(figure, spaces=(action.to,), head=None)))
    if isinstance(action, StartRound):
        kept = tuple(m for m in state.markers if not state.is_out_of_play(m.card_id))
        return HeroscapeResolution(replace(state, markers=kept, turn=None))
    raise TypeError(f"not a Heroscape action: {action!r}")


def _next_player(state: BattleState, army: str) -> str | None:
    """The army whose player takes the turn after `army`'s: the one on its left, when the seating is known.

    `None` (anyone may play next) when the ruleset reads that no next player is named (the
    2004 alternative of the ruling *Turns and victory in the editions*).
    """
    return state.player_to_the_left(army) if state.seating and state.ruleset.turn_passes_left else None


def _start_turn(state: BattleState, army: str, card_id: str) -> BattleState:
    violation = legal_violation(state, StartTurn(army, card_id))
    if violation is not None:
        raise violation
    return replace(state, turn=Turn(army, card_id), up_next=None)


def _place_marker(state: BattleState, action: PlaceOrderMarker) -> BattleState:
    return replace(state, markers=(*state.markers, OrderMarker(action.army, action.label, action.card_id)))


def _reveal(state: BattleState, action: RevealOrderMarker) -> HeroscapeResolution:
    marker = next(m for m in state.markers if m.army == action.army and m.label == action.label)
    revealed = replace(marker, revealed=True)
    markers = tuple(revealed if m == marker else m for m in state.markers)
    state = replace(state, markers=markers, turn=None)
    if state.is_out_of_play(marker.card_id):
        # The turn ends before it starts, and play passes on as after any other turn.
        return HeroscapeResolution(replace(state, up_next=_next_player(state, marker.army)), turn_ended_at_once=True)
    return HeroscapeResolution(_start_turn(state, marker.army, marker.card_id))


def _attack(state: BattleState, action: Attack, dice: Dice) -> HeroscapeResolution:
    pool = dice_pool(state, action)
    attack_faces = _roll(dice, state.ruleset.die, pool.attack)
    defense_faces = _roll(dice, state.ruleset.defense_sides.die, pool.defense)
    report = AttackReport(action.attacker, action.defender, pool, attack_faces, defense_faces)
    assert state.turn is not None
    after = replace(state, turn=replace(state.turn, attacked=(*state.turn.attacked, action.attacker)))
    if report.is_successful:
        after, report = _harm(after, report, action.place_on)
    return HeroscapeResolution(after, report)


def _harm(state: BattleState, report: AttackReport, chosen: str | None) -> tuple[BattleState, AttackReport]:
    defender = state.figure(report.defender)
    card = state.card(defender.card_id)
    unblocked = report.skulls - report.shields
    if state.ruleset.harm is Harm.DESTROY:
        return _destroy(state, defender), replace(report, destroyed=True)
    life = card.card.stat("life")
    if card.card.is_hero:
        card = replace(card, wound_markers=card.wound_markers + unblocked)
        state = state.replacing_card(card)
        if card.wound_markers < life:
            return state, replace(report, wounds=unblocked)
        return _destroyed(state, defender, report, unblocked, chosen)
    if life == 1:
        return _destroyed(state, defender, report, 0, chosen)
    wounded = replace(defender, wounds=defender.wounds + unblocked)
    state = state.replacing_figure(wounded)
    if wounded.wounds < life:
        return state, replace(report, wounds=unblocked)
    return _destroyed(state, wounded, report, unblocked, chosen)


def _destroyed(
    state: BattleState, defender: Figure, report: AttackReport, wounds: int, chosen: str | None
) -> tuple[BattleState, AttackReport]:
    """The battle once `defender` is destroyed, and the report saying where it went."""
    after = _destroy(state, defender, chosen)
    placed = next((c.id for c in after.cards if defender.key in c.destroyed), None)
    out = next((c.id for c in after.cards if after.is_out_of_play(c.id) and not state.is_out_of_play(c.id)), None)
    return after, replace(report, wounds=wounds, destroyed=True, placed_on=placed, card_out_of_play=out)


def card_for_destroyed(state: BattleState, figure: Figure, chosen: str | None = None) -> str:
    """The army card a destroyed figure is placed on (2024): the owner's `chosen` copy if it may go there.

    Otherwise, of the cards [`placement_choices`][battlebook.heroscape.rules.placement_choices]
    allows, its own card if among them, else the first.
    """
    choices = placement_choices(state, figure)
    if chosen in choices:
        return chosen
    return figure.card_id if figure.card_id in choices else choices[0]


def _destroy(state: BattleState, figure: Figure, chosen: str | None = None) -> BattleState:
    """The battle without `figure`: out of the game (2004), or placed on an army card (2024).

    Either way its own card records it as lost, so whether the card is out of play is up to
    the ruleset alone, not to where the figure went.
    """
    figures = tuple(f for f in state.figures if f.key != figure.key)
    if not state.ruleset.destroyed_to_card:
        cards = tuple(_placing(card, figure, "") for card in state.cards)
        return replace(state, figures=figures, cards=cards, out_of_game=(*state.out_of_game, figure.key))
    target_id = card_for_destroyed(state, figure, chosen)
    cards = tuple(_placing(card, figure, target_id) for card in state.cards)
    return replace(state, figures=figures, cards=cards)


def _placing(card: CardInPlay, figure: Figure, target_id: str) -> CardInPlay:
    """`card` once the destroyed `figure` is placed on the card `target_id`: its own card loses it."""
    own, target = card.id == figure.card_id, card.id == target_id
    if not own and not target:
        return card
    lost = (*card.lost, figure.key) if own else card.lost
    return replace(card, lost=lost, destroyed=(*card.destroyed, figure.key) if target else card.destroyed)


def attacks_left(state: BattleState) -> tuple[str, ...]:
    """Keys of the figures on the turn's army card that may still attack this turn."""
    if state.turn is None:
        return ()
    turn = state.turn
    return tuple(
        f.key
        for f in state.figures
        if state.acts_for(turn.card_id, f)
        and f.army == turn.army
        and turn.attacked.count(f.key) < attacks_allowed(state, f)
    )


def winner(state: BattleState) -> str | None:
    """The army that has reached the victory objective *destroy every opposing figure*, if any.

    Battlebook's scenarios use this one objective; the sources leave objectives to each
    game scenario. The 2004 text says a battle is won by the scenario's objective; the 2024
    text states none, and Battlebook plays its scenarios to the same objective (ruling
    *Turns and victory in the editions*). Under the alternative the rules don't say.
    """
    if not state.ruleset.victory_by_destruction:
        raise RulesSilent("who has won: under this reading the 2024 text states no objective for a battle")
    armies = {c.army for c in state.cards}
    standing = {f.army for f in state.figures}
    if len(armies) > 1 and len(standing) == 1:
        return next(iter(standing))
    return None


def clear_caches() -> None:
    """Empty the kept legality and dice of attacks (the benchmarks start from empty ones)."""
    attack_violation.cache_clear()
    dice_pool.cache_clear()
