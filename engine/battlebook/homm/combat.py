"""Attacks and the other uses of an attack opportunity, and retaliation.

Each action has a `*_violation` function (why the rules refuse it here, or `None`) and a
function that carries it out on a state already known to be legal.
"""

from __future__ import annotations

from battlebook.dice import Dice, Die
from battlebook.errors import DiceError, RuleViolation
from battlebook.frozen import evolve
from battlebook.homm import extensions
from battlebook.homm import rule_ids as ids
from battlebook.homm.actions import Attack, Protect, Reorganize, Retaliate, SpellAttack, Support, Swarm
from battlebook.homm.flow import lapsed_stance, melee_minimum
from battlebook.homm.opportunity import opportunity_violation
from battlebook.homm.resolution import AttackRoll
from battlebook.homm.ruleset import RetaliationReach, SupportTarget, SwarmDoubling, SwatReach
from battlebook.homm.scores import AttackScore
from battlebook.homm.state import AttackMade, Backing, BattleState, Extension, Line, Side, Stack, Stance
from battlebook.homm.units import AttackKind, Spell


def roll_die(die: Die, dice: Dice) -> int:
    """Roll the battle's die from `dice`, as a number (ten-sided by the ruling `ruling.die-faces`)."""
    face = dice.roll(die)
    if not isinstance(face, int):
        raise DiceError(f"a {die.name} shows numbers, not {face!r}")
    return face


def enemies_violation(rule: str, attacker: Stack, side: Side, target: str) -> RuleViolation | None:
    """Why `attacker` may not attack `target`, which stands for `side`: a friend; or `None` (`rule` refuses it)."""
    if attacker.side is side:
        return RuleViolation(rule, f"{attacker.name} and {target} are on the same side ({attacker.side})")
    return None


def stand_violation(state: BattleState, attacker: Stack, kind: AttackKind) -> RuleViolation | None:
    """Why `attacker` cannot make an attack of `kind` from where it stands, whatever its target, or `None`.

    A melee attack (and a spell cast like one, by the ruleset's reading, ruling *Where a
    spell can reach*) is made from the Melee Line; a ranged attack needs a ranged score.
    """
    if state.ruleset.follows_melee_lines(kind) and attacker.line is not Line.MELEE:
        rule, what = _line_rule(kind)
        return RuleViolation(
            rule,
            f"{attacker.name} cannot make {what} from the {attacker.line} Line: it must be made from the Melee Line",
        )
    if kind is AttackKind.RANGED and attacker.top.stat("ranged") <= 0:
        return RuleViolation(ids.RANGED_ATTACK, f"the {attacker.top.name} has a ranged attack score of 0")
    return None


def _line_rule(kind: AttackKind) -> tuple[str, str]:
    """The rule a line refusal of `kind` names, and the attack in words."""
    if kind is AttackKind.MELEE:
        return ids.MELEE_ATTACK, "a melee attack"
    return ids.RULING_SPELL_REACH, "a spell (under this ruleset, cast like a melee attack)"


def reach_violation(state: BattleState, attacker: Stack, target: Stack, kind: AttackKind) -> RuleViolation | None:
    """Why `attacker` cannot reach `target` with an attack of `kind` from where both stand, or `None`.

    A melee attack goes from Melee Line to Melee Line; a ranged attack reaches any line. A
    spell reaches like a ranged attack, or like a melee one, by the ruleset's reading
    (ruling *Where a spell can reach*). Once the attacker stands where its attack is made
    from ([`stand_violation`][battlebook.homm.combat.stand_violation]), the extensions in
    play may let it reach further (a flier over damaged town walls) or stop it (intact
    walls), before the line rule is applied to the target.
    """
    if (
        state.ruleset.follows_melee_lines(kind)
        and attacker.line is not Line.MELEE
        and extensions.reaches_from_any_line(state, attacker, target, kind)
    ):
        return None
    violation = stand_violation(state, attacker, kind)
    if violation is not None:
        return violation
    override = extensions.reach(state, attacker, target, kind)
    if override is not None:
        return override.refusal
    if state.ruleset.follows_melee_lines(kind) and target.line is not Line.MELEE:
        rule, what = _line_rule(kind)
        return RuleViolation(
            rule,
            f"{target.name} is on the {target.line} Line: {what} can only target a stack on the enemy's Melee Line",
        )
    return None


def swat_violation(state: BattleState, target: str, size: int, kind: AttackKind, swat: int) -> RuleViolation | None:
    """Why an attack of `kind` cannot announce `swat` of the `size` cards of `target`, or `None`."""
    if not 1 <= swat <= size:
        return RuleViolation(ids.SWATTING, f"the {target} hold {size} cards: cannot swat {swat}")
    if swat > 1 and kind is not AttackKind.MELEE and state.ruleset.swat_reach is SwatReach.MELEE_ONLY:
        return RuleViolation(ids.RULING_SWAT_REACH, f"under this ruleset only melee attacks swat, not a {kind} attack")
    return None


def picked_violation(state: BattleState, target: str, picked: tuple[str, ...], holds: bool) -> RuleViolation | None:
    """Why a swat may not pick these cards of `target` by name, or `None` (nothing picked is fine).

    By default a swat counts its cards from the top and picks none (ruling *Which cards a
    swat takes*); under the alternative the picked cards must all be in the target (`holds`).
    """
    if not picked:
        return None
    if not state.ruleset.swat_picks:
        return RuleViolation(
            ids.RULING_SWAT_FROM_TOP, "a swat counts its cards from the top of the stack: it cannot pick them"
        )
    if not holds:
        return RuleViolation(ids.SWATTING, f"the {target} do not hold the cards {', '.join(picked)}")
    return None


def _spell(attacker: Stack, action: Attack) -> Spell | None:
    return attacker.top.spell(action.spell) if isinstance(action, SpellAttack) else None


#: The rule an attack of each kind falls under (a spell's, for any other).
_ATTACK_RULES = {AttackKind.MELEE: ids.MELEE_ATTACK, AttackKind.RANGED: ids.RANGED_ATTACK}


def attack_violation(state: BattleState, action: Attack) -> RuleViolation | None:
    """Why the rules refuse the attack `action`, or `None`: sides, opportunity, reach, spell, swat."""
    attacker, target = state.stack(action.attacker), state.stack(action.target)
    rule = _ATTACK_RULES.get(action.kind, ids.SPELL_ATTACK)
    violation = enemies_violation(rule, attacker, target.side, target.name) or opportunity_violation(state, attacker)
    if violation is not None:
        return violation
    if isinstance(action, SpellAttack) and _spell(attacker, action) is None:
        return RuleViolation(
            ids.SPELL_ATTACK, f"the {attacker.top.name} on top of the {attacker.name} cannot cast {action.spell}"
        )
    return (
        reach_violation(state, attacker, target, action.kind)
        or swat_violation(state, target.name, target.size, action.kind, len(action.picked) or action.swat)
        or picked_violation(state, target.name, action.picked, target.picked_cards(action.picked) is not None)
        or (
            extensions.attack_violation(
                state, attacker, action.target, action.kind, opportunity_score(state, attacker, action)
            )
            if extensions.in_play(state)
            else None
        )
    )


def opportunity_score(state: BattleState, attacker: Stack, action: Attack) -> int:
    """The score of an attack made as `attacker`'s opportunity: stack, support, swarm doubling, extensions.

    Support counts only when it was promised for this target; the ruleset says whether a
    swarm doubles the stack's own score before support is added or the sum after. The
    extensions in play then change it (a ranged attack shot over a town's walls loses the
    walls' penalty).
    """
    parts = AttackScore(
        attacker.printed_score(action.kind, _spell(attacker, action)),
        attacker.levels_under,
        sum(backing_value(state, b) for b in attacker.backing if backs_attack_on(state, b, action.target)),
        state.ruleset.swarm_doubling if attacker.stance is Stance.SWARMING else None,
    )
    return extensions.score(state, attacker, action.target, action.kind, parts)


def backing_value(state: BattleState, backing: Backing) -> int:
    """What `backing` adds to an attack: the Sac value fixed at the sacrifice, or read now, by the ruleset.

    By default the Sac value is fixed when the sacrifice is made (ruling *The Sac value of a
    sacrifice*); under the alternative it is the supporter's as it stands now, nothing once
    it is gone.
    """
    if state.ruleset.sac_value_fixed:
        return backing.sac
    return state.stack(backing.supporter).sac_value if state.has_stack(backing.supporter) else 0


def backs_attack_on(state: BattleState, backing: Backing, target: str) -> bool:
    """Whether `backing` adds to an attack on `target`, by the ruleset's reading of the common target.

    By default only an attack on the target named at the sacrifice; under the alternative,
    any attack on a target the sacrificing stack could have attacked itself.
    """
    if state.ruleset.support_target is SupportTarget.NAMED:
        return backing.target == target
    if backing.helper is None or extensions.is_piece(state, target):
        return backing.target == target
    return could_attack(state, backing.helper, state.stack(target))


def struck_cards(defender: Stack, swat: int, picked: tuple[str, ...] = ()) -> tuple[int, ...]:
    """The positions (top first) of the cards of `defender` an attack strikes: the top `swat`, or those `picked`."""
    positions = defender.picked_cards(picked) if picked else None
    return tuple(range(swat)) if positions is None else positions


def struck_defense(state: BattleState, action: Attack | Retaliate) -> int | None:
    """The defense `action` must reach, as [`strike`][battlebook.homm.combat.strike] adds it up; `None` on a piece.

    The defense of every card struck (the top `swat` cards, or those picked), each raised
    while its stack protects. An attack on an extension's piece is the extension's to judge.
    """
    target = action.target
    if extensions.piece_owner(state, target) is not None:
        return None
    defender = state.stack(target)
    picked = () if isinstance(action, Retaliate) else action.picked
    return _defense_of(defender, struck_cards(defender, action.swat, picked))


def _defense_of(defender: Stack, positions: tuple[int, ...]) -> int:
    """The defense that kills the cards of `defender` at `positions`: their sum, each raised while it protects."""
    return sum(defender.card_defense(defender.cards[i]) for i in positions)


def strike(
    state: BattleState,
    attacker: str,
    target: str,
    kind: AttackKind,
    score: int,
    swat: int,
    dice: Dice,
    *,
    is_retaliation: bool,
    picked: tuple[str, ...] = (),
) -> tuple[BattleState, AttackRoll]:
    """Resolve one attack: roll the die, remove the announced cards on a hit (the top ones, or those picked)."""
    defender = state.stack(target)
    positions = struck_cards(defender, swat, picked)
    swat = len(positions)
    defense = _defense_of(defender, positions)
    roll = roll_die(state.ruleset.die, dice)
    hit = score + roll >= defense
    removed = tuple(defender.cards[i] for i in positions) if hit else ()
    survivor = defender.without_cards(positions) if hit else defender
    after = state.replacing(target, survivor, removed) if hit else state
    answerable = AttackMade(attacker, target, kind, is_retaliation) if survivor is not None else None
    after = evolve(after, last_attack=answerable)
    return after, AttackRoll(attacker, target, kind, score, roll, defense, removed, swat, is_retaliation)


def kept_backing(state: BattleState, stack: Stack) -> tuple[Backing, ...]:
    """The support `stack` keeps when it spends an opportunity without attacking, by the ruleset.

    By default support waits until the stack's next attack (ruling *Support waits for the
    next attack*); under the alternative it lapses at the stack's next opportunity.
    """
    return stack.backing if state.ruleset.support_until_attack else ()


def _spend(state: BattleState, updated: Stack) -> BattleState:
    """The stack `updated` (already in its new position) has used its attack opportunity.

    A stack left as it stood (the very same value) is not replaced: the battle keeps its
    stacks, and what it worked out about them.
    """
    if state.stack(updated.name) is not updated:
        state = state.replacing(updated.name, updated)
    return evolve(state, acted=state.acted | {updated.name})


def score_of(state: BattleState, action: Attack | Retaliate) -> int:
    """The score `action` attacks with in `state`, the one `attack` and `retaliate` strike with.

    An attack counts the stack's levels, the support promised against its target, swarming
    and the walls' penalty; a retaliation is scored by `retaliation_score`.
    """
    if isinstance(action, Retaliate):
        return retaliation_score(state, state.stack(action.retaliator), action)
    return opportunity_score(state, state.stack(action.attacker), action)


def attack(state: BattleState, action: Attack, dice: Dice) -> tuple[BattleState, AttackRoll]:
    """Carry out a legal attack: its score, then the strike; the attacker's support is spent.

    An attack on an extension's piece (the town card) is struck by
    [`strike_piece`][battlebook.homm.combat.strike_piece].
    """
    attacker = state.stack(action.attacker)
    score = score_of(state, action)
    ready = attacker.stance is Stance.READY and not attacker.backing
    state = _spend(state, attacker if ready else evolve(attacker, stance=Stance.READY, backing=()))
    owner = extensions.piece_owner(state, action.target)
    if owner is not None:
        return strike_piece(state, owner, attacker.name, action.target, action.kind, score, dice)
    return strike(
        state,
        attacker.name,
        action.target,
        action.kind,
        score,
        action.swat,
        dice,
        is_retaliation=False,
        picked=action.picked,
    )


def strike_piece(
    state: BattleState, owner: Extension, attacker: str, piece: str, kind: AttackKind, score: int, dice: Dice
) -> tuple[BattleState, AttackRoll]:
    """Resolve an attack on `owner`'s `piece`: roll the die; a total reaching its defense hits it.

    What a hit does is the extension's to say (a hit turns the town's walls).

    A piece never attacks, so nothing is left to answer.
    """
    defense = owner.piece_defense(state, piece)
    roll = roll_die(state.ruleset.die, dice)
    after = owner.piece_hit(state, piece) if score + roll >= defense else state
    return evolve(after, last_attack=None), AttackRoll(attacker, piece, kind, score, roll, defense, ())


def retaliation_violation(state: BattleState, action: Retaliate) -> RuleViolation | None:
    """Why `action.retaliator` may not answer `action.target` with this attack, or `None`."""
    last = state.last_attack
    retaliator, target = state.stack(action.retaliator), state.stack(action.target)
    if last is None or last.target != retaliator.name or last.attacker != target.name:
        return RuleViolation(
            ids.RETALIATION, f"the {retaliator.name} can only answer an attack the {target.name} has just made on them"
        )
    if retaliator.name in state.retaliated:
        return RuleViolation(ids.RETALIATION_ONCE, f"the {retaliator.name} have already retaliated this round")
    if last.kind is AttackKind.SPELL:
        return RuleViolation(ids.RETALIATION, "no stack can retaliate against a spell")
    if last.is_retaliation and not state.ruleset.retaliation_answerable:
        return RuleViolation(ids.RULING_RETALIATION_CHAIN, "a retaliation cannot itself be retaliated against")
    if action.kind is not last.kind:
        return RuleViolation(
            ids.RETALIATION, f"a {last.kind} attack must be answered in kind, not with a {action.kind} attack"
        )
    if action.kind is AttackKind.RANGED and retaliator.top.stat("ranged") <= 0:
        return RuleViolation(
            ids.RETALIATION,
            f"the {retaliator.top.name} has a ranged attack score of 0: it cannot answer a ranged attack",
        )
    if retaliator.stance is Stance.PROTECTING and not state.ruleset.protecting_retaliates:
        return RuleViolation(
            ids.RULING_PROTECT_RETALIATION,
            f"under this ruleset the {retaliator.name}, turned to protect, cannot retaliate",
        )
    if state.ruleset.retaliation_reach is RetaliationReach.LINE_RULES:
        reach = reach_violation(state, retaliator, target, action.kind)
        if reach is not None:
            return RuleViolation(
                ids.RULING_RETALIATION_REACH,
                f"under this ruleset a retaliation obeys the line rules of its kind: {reach.reason}",
            )
    return swat_violation(state, target.name, target.size, action.kind, action.swat)


def retaliation_score(state: BattleState, retaliator: Stack, action: Retaliate) -> int:
    """The score of a retaliation: the stack's score for that kind of attack, as the extensions change it.

    By default a retaliation takes neither waiting support nor a swarm's doubling, which
    serve the stack's next attack opportunity; the ruleset's alternatives add either
    (ruling *Retaliations, support and swarming*). The walls' penalty applies as to an attack.
    """
    support = 0
    if state.ruleset.retaliation_support:
        support = sum(backing_value(state, b) for b in retaliator.backing if b.target == action.target)
    doubled = state.ruleset.swarm_doubles_retaliation and retaliator.stance is Stance.SWARMING
    parts = AttackScore(
        retaliator.printed_score(action.kind),
        retaliator.levels_under,
        support,
        SwarmDoubling.AFTER_SUPPORT if doubled else None,
    )
    return extensions.score(state, retaliator, action.target, action.kind, parts)


def retaliate(state: BattleState, action: Retaliate, dice: Dice) -> tuple[BattleState, AttackRoll]:
    """Carry out a legal retaliation (see [`retaliation_score`][battlebook.homm.combat.retaliation_score]).

    Support it received, or a swarm that doubled it, is spent.
    """
    retaliator = state.stack(action.retaliator)
    score = score_of(state, action)
    spent = retaliator
    if state.ruleset.retaliation_support:
        spent = evolve(spent, backing=tuple(b for b in spent.backing if b.target != action.target))
    if state.ruleset.swarm_doubles_retaliation and spent.stance is Stance.SWARMING:
        spent = evolve(spent, stance=Stance.READY)
    state = state.replacing(spent.name, spent) if spent != retaliator else state
    state = evolve(state, retaliated=state.retaliated | {retaliator.name})
    return strike(state, retaliator.name, action.target, action.kind, score, action.swat, dice, is_retaliation=True)


def could_attack(state: BattleState, stack: Stack, target: Stack) -> bool:
    """Whether `stack` could itself attack `target` with a melee, ranged or spell attack.

    Melee reach is the attack's own check, extensions included, so a flier that may fly in
    over damaged town walls could also attack the stacks behind them. A spell counts unless
    the ruleset reads that only a melee or ranged attack does (ruling *Support from a spell
    caster*).
    """
    if reach_violation(state, stack, target, AttackKind.MELEE) is None or stack.top.stat("ranged") > 0:
        return True
    if not state.ruleset.spells_count_for_support:
        return False
    return stack.top.is_spell_caster and reach_violation(state, stack, target, AttackKind.SPELL) is None


def ally_violation(supporter: Stack, ally: Stack) -> RuleViolation | None:
    """Why `supporter` may not sacrifice for `ally`: it is no other friendly stack; or `None`."""
    if ally.side is not supporter.side or ally.name == supporter.name:
        return RuleViolation(ids.SUPPORT, f"the {supporter.name} can only support another friendly stack")
    return None


def support_violation(state: BattleState, action: Support) -> RuleViolation | None:
    """Why `action.supporter` may not sacrifice for `action.ally` against `action.target`, or `None`."""
    supporter, ally, target = state.stack(action.supporter), state.stack(action.ally), state.stack(action.target)
    violation = (
        ally_violation(supporter, ally)
        or enemies_violation(ids.SUPPORT, supporter, target.side, target.name)
        or opportunity_violation(state, supporter)
    )
    if violation is not None:
        return violation
    if state.ruleset.support_target is SupportTarget.NAMED and not could_attack(state, supporter, target):
        return RuleViolation(
            ids.COMMON_TARGET,
            f"the {supporter.name} could not attack the {target.name} on the {target.line} Line themselves",
        )
    if not state.ruleset.common_target_supporter_only and not could_attack(state, ally, target):
        return RuleViolation(
            ids.RULING_COMMON_TARGET_BINDS,
            f"under this ruleset the {ally.name} must be able to attack the {target.name} themselves too",
        )
    clock = state.clock
    if not state.ruleset.support_after_phase and clock is not None:
        phase = state.stack_phase(ally)
        if phase < clock.phase or (phase == clock.phase and ally.name in state.acted):
            return RuleViolation(
                ids.RULING_SUPPORT_AFTER_PHASE,
                f"under this ruleset no stack may sacrifice for the {ally.name}: their phase, {phase}, has passed",
            )
    if ally.backing and not state.ruleset.several_supporters:
        return RuleViolation(
            ids.RULING_SEVERAL_SUPPORTERS,
            f"under this ruleset only one stack may sacrifice for the {ally.name}'s next attack, "
            f"and the {ally.backing[0].supporter} already has",
        )
    return None


def support(state: BattleState, action: Support) -> BattleState:
    """The supporter spends its opportunity; its Sac value waits on the ally's next attack on the target."""
    supporter = state.stack(action.supporter)
    state = _spend(
        state, evolve(supporter, stance=lapsed_stance(state, supporter), backing=kept_backing(state, supporter))
    )
    ally = state.stack(action.ally)
    backing = Backing(supporter.name, action.target, supporter.sac_value, supporter)
    return state.replacing(ally.name, evolve(ally, backing=(*ally.backing, backing)))


def stance_violation(state: BattleState, action: Swarm | Protect) -> RuleViolation | None:
    """Why the stack may not swarm or protect now, or `None`."""
    return opportunity_violation(state, state.stack(action.stack))


def take_stance(state: BattleState, action: Swarm | Protect) -> BattleState:
    """The stack spends its opportunity turned to swarm or to protect."""
    stance = Stance.SWARMING if isinstance(action, Swarm) else Stance.PROTECTING
    stack = state.stack(action.stack)
    return _spend(state, evolve(stack, stance=stance, backing=kept_backing(state, stack)))


def reorganize_violation(state: BattleState, action: Reorganize) -> RuleViolation | None:
    """Why the stack may not reorganize to `action.to`, or `None`."""
    stack = state.stack(action.stack)
    if stack.line is action.to:
        return RuleViolation(ids.REORGANIZING, f"the {stack.name} already stand on the {stack.line} Line")
    free = extensions.free_move(state, stack, action.to)
    if free is not None:
        return free.refusal
    return opportunity_violation(state, stack) or step_back_violation(state, stack, action.to)


def step_back_violation(state: BattleState, stack: Stack, to: Line) -> RuleViolation | None:
    """Why `stack` may not step back to `to` by the ruleset's reading, or `None` (ruling *Stepping back*).

    By default a stack may always step back to its Ranged Line, and a Melee Line left below
    its minimum is refilled at once; the alternative refuses a step back that would leave it so.
    """
    if to is not Line.RANGED or state.ruleset.step_back_allowed:
        return None
    left = len([s for s in state.holding(stack.side, Line.MELEE) if s.name != stack.name])
    minimum = melee_minimum(state, stack.side)
    if left < minimum:
        return RuleViolation(
            ids.RULING_STEP_BACK,
            f"under this ruleset the {stack.name} may not step back: it would leave the {stack.side}'s "
            f"Melee Line with {left} stacks, fewer than its {minimum}",
        )
    return None


def reorganize(state: BattleState, action: Reorganize) -> BattleState:
    """The stack spends its opportunity moving to the other line; a free move (a town defender emerging) keeps it."""
    stack = state.stack(action.stack)
    if extensions.free_move(state, stack, action.to) is not None:
        return state.replacing(stack.name, evolve(stack, line=action.to))
    return _spend(
        state, evolve(stack, stance=lapsed_stance(state, stack), line=action.to, backing=kept_backing(state, stack))
    )
