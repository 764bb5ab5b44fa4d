"""The step language's grammar: typed parameters registered once, and steps scoped per game.

**Typed parameters.** A step pattern is written in the `parse` style, `{name:Type}`, and
each `Type` is registered once: the words it accepts, and the engine value it becomes. The
types every game's steps share are registered here (`PARAMETERS`); a game's own words (a
HoMM side or line, a Heroscape terrain) are part of its vocabulary, given to its steps by
its step modules (a step's `parameters`). A step function receives a `Side`,
a `Line`, an `int` or a `Fraction`, never a string to convert. `{name:Type?}` marks an
optional part (its type's pattern carries its own leading words, such as `, rolling 6`),
and `{:Type}` a wording choice that is read but not passed on (`attacks` or `tries to
attack`). The catalogue lists each parameter's allowed words.

**Steps scoped per game.** Every step belongs to the game whose world it works on (the
step function takes the fixture named after the game), or to no game. An example plays the
game its tags declare (`@game:` on its Feature, or nearer: see
[`FeatureDoc.declared`][battlebook.book.model.FeatureDoc.declared]); while it runs, a step of
another game never matches one of its lines (see [`battlebook.language.scope`][battlebook.language.scope]).

Examples:
    >>> from battlebook.language.scope import playing
    >>> first, second = GAMES
    >>> phrase = Phrase("{army:Army} holds {count:Count} cards", game=first)
    >>> phrase.parse_arguments("Red holds 3 cards")
    {'army': 'Red', 'count': 3}
    >>> with playing(second):
    ...     phrase.is_matching("Red holds 3 cards")
    False
    >>> phrase.readable
    '{army} holds {count} cards'
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Any, ParamSpec, TypeVar

import pytest_bdd
from parse_type import cfparse  # type: ignore[import-untyped]
from pytest_bdd.parsers import StepParser

from battlebook.bounds import read_number
from battlebook.errors import ScenarioError
from battlebook.games import GAMES as REGISTERED
from battlebook.language.scope import PLAYING

P = ParamSpec("P")
T = TypeVar("T")

#: The games (the registry's names), each also the name of the world fixture its steps work on.
GAMES = tuple(REGISTERED)


@dataclass(frozen=True)
class Parameter:
    """A kind of value a step reads: its pattern, how it becomes an engine value, and its allowed words.

    `words` lists every wording the parameter accepts (for the catalogue), or is empty when
    any text of the given shape will do, which `shape` then describes. `shown` is how the
    catalogue writes an optional part (`{}` stands for the parameter's name).
    """

    name: str
    pattern: str
    convert: Callable[[str], object]
    words: tuple[str, ...] = ()
    shape: str = ""
    shown: str = "{}"
    #: Works the shape out when the catalogue asks, for a shape read from the games' rules
    #: (which a run loads only for the games it plays): it then stands for `shape`.
    describe: Callable[[], str] | None = None

    def converter(self) -> Callable[[str], object]:
        """The conversion function `parse` calls, carrying the pattern it matches."""

        def convert(text: str) -> object:
            return self.convert(text)

        convert.pattern = self.pattern  # type: ignore[attr-defined]
        convert.__name__ = self.name
        return convert

    @property
    def allowed(self) -> str:
        """The allowed words, or the shape of the value, as the catalogue states it."""
        if self.words:
            return ", ".join(self.words)
        return self.describe() if self.describe is not None else self.shape


def _choice(*words: str) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def words(name: str, mapping: dict[str, Any], shape: str = "") -> Parameter:
    """A parameter that accepts exactly the words of `mapping`, each becoming its value.

    Examples:
        >>> words("Answer", {"yes": True, "no": False}).convert("no")
        False
    """
    return Parameter(name, _choice(*mapping), mapping.__getitem__, tuple(mapping), shape)


def _whole(text: str) -> int:
    """A whole number written in ASCII digits, with an optional minus sign; the engine checks its bounds.

    More digits than any bound of `battlebook.bounds` allows are refused here (the line then
    reads as no step), before Python is asked to convert thousands of digits.
    """
    return read_number(text, "a number")


def _last_number(text: str) -> int:
    return _whole(re.findall(r"-?[0-9]+", text)[-1])


def _fraction(text: str) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ScenarioError(f"{text!r} is not an exact fraction such as 20/81") from None


def _faces(text: str) -> tuple[str, ...]:
    return () if text.strip() == "no dice" else tuple(face.strip() for face in text.split(","))


#: A figure: its map key (`Z1`), after its kind in words (`the Knave K1`); no comma or quote, so the
#: parts of a line after a figure are never read as its name.
_FIGURE = r"(?:[A-Za-z][\w'-]* )*[A-Z][A-Za-z0-9]*"
#: One extra an attack may leave unclaimed: its height advantage, or a power named in quotes.
_EXTRA = r'(?:its height advantage|the power "[^"]+")'


def _overlooked(text: str) -> frozenset[str]:
    """The extras named after `, overlooking`, by name: `height advantage`, or a power's.

    Only "its height advantage" and `the power "NAME"` are read, joined by "and"; any
    other word leaves the line unread (the pattern does not match it).

    Examples:
        >>> sorted(_overlooked(', overlooking its height advantage and the power "Stone Skin"'))
        ['Stone Skin', 'height advantage']
    """
    named = re.findall(r'its (height advantage)|the power "([^"]+)"', text)
    return frozenset(height or power for height, power in named)


def _picking(text: str) -> tuple[str, ...]:
    """The cards `, swatting the Captain and a Recruit` picks: one unit name per card."""
    named = text.removeprefix(", swatting ")
    parts = [p.strip() for p in re.split(r",\s*|\s+and\s+", named) if p.strip()]
    return tuple(re.sub(r"^(?:the|an?)\s+", "", part) for part in parts)


def _placing(text: str) -> tuple[str, str]:
    """The army placing a destroyed figure, and the card it places it on: `, and Ana places it on the army card "X"`."""
    return text.split()[2], text.split('"')[1]


def _rolled(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The faces after `, rolling`: attack dice, then (after `against`) defense dice."""
    attack, defense = text.removeprefix(", rolling ").split(" against ", 1)
    return _faces(attack), _faces(defense)


#: Every parameter type of the step language, by the name patterns use (`{side:Side}`).
PARAMETERS: dict[str, Parameter] = {
    p.name: p
    for p in (
        words("HeroOrArmy", {"hero": "hero", "army": "army"}),
        words("StanceChoice", {"swarm": "swarm", "protect": "protect"}),
        words("StanceVerb", {"swarms": "swarm", "swarm": "swarm", "protects": "protect", "protect": "protect"}),
        words("EndStep", {"withdraw": "withdraw", "surrender": "surrender"}),
        words("Face", {"skull": "skull", "shield": "shield", "blank": "blank"}),
        words("HowMany", {"exactly": "exactly", "at least": "at least", "at most": "at most"}),
        words("May", {"may": True, "may not": False}),
        words("Can", {"can": True, "cannot": False}),
        words("Used", {"used": True, "not used": False}),
        words("InPlay", {"still in": True, "out of": False, "in": True}),
        Parameter("Count", r"[0-9]+", _whole, shape="a whole number, such as 3"),
        Parameter("Number", r"-?[0-9]+", _whole, shape="a whole number, such as 3 (a negative one is refused)"),
        Parameter("Roll", r"-?[0-9]+", _whole, shape="a face of the die, such as 6 (a face it lacks is refused)"),
        Parameter("Chance", r"[0-9]+(?:/[0-9]+)?", _fraction, shape="an exact fraction, such as 2/5, or 0 or 1"),
        Parameter("Rule", r"\S+", str, shape="a rule's id, as the rulebook's pages show it beside each Rule"),
        Parameter("Army", r"\w+", str, shape="an army's name, one word"),
        Parameter("Name", r'[^"]+', str, shape='a name in double quotes, such as "Gold Golems"'),
        Parameter("Stack", r".+?", str, shape="a stack's name, as the example named it"),
        Parameter("Spell", r"[A-Z][A-Za-z ]+?", str, shape="a spell's name, capitalized, such as Magic Fist"),
        Parameter(
            "Figure",
            _FIGURE,
            str,
            shape="a figure: its map key, optionally after its kind (the Zettian Guard Z1)",
        ),
        Parameter("Text", r".+?", str, shape="any words"),
        Parameter("Faces", r".+?", _faces, ("skull", "shield", "blank", "no dice"), "faces separated by commas"),
        Parameter("Rolling", r", rolling -?[0-9]+", _last_number, shape="a face of the die", shown="[, rolling {}]"),
        Parameter(
            "Swatting",
            r", swatting [0-9]+ cards?",
            _last_number,
            shape="a number of cards",
            shown="[, swatting {} card(s)]",
        ),
        Parameter(
            "Picking",
            r", swatting (?:the|an?) [A-Z].*?",
            _picking,
            shape="the cards picked by name, such as the Captain and a Recruit",
            shown="[, swatting {}]",
        ),
        Parameter("Called", r' called "[^"]+"', lambda t: t.split('"')[1], shape="a name", shown=' [called "{}"]'),
        Parameter("Why", r": .+", lambda t: t[2:], shape="words the error must contain", shown="[: {}]"),
        Parameter(
            "UnderRule",
            r" under the rule \S+",
            lambda t: t.rsplit(" ", 1)[1],
            shape="a rule's id",
            shown=" [under the rule {}]",
        ),
        Parameter(
            "Placing",
            r', and \w+ places it on the army card "[^"]+"',
            _placing,
            shape="the owner's army and an army card",
            shown='[, and {} places it on the army card "..."]',
        ),
        Parameter("AtRange", r" at range", lambda t: True, shown=" [at range]"),
        Parameter(
            "SpecialAttack",
            r' with the special attack "[^"]+"',
            lambda t: t.split('"')[1],
            shape="a power's name",
            shown=' [with the special attack "{}"]',
        ),
        Parameter(
            "Overlooking",
            rf", overlooking {_EXTRA}(?: and {_EXTRA})*",
            _overlooked,
            shape='extras nobody claimed: its height advantage, the power "NAME", joined by "and"',
            shown="[, overlooking {}]",
        ),
        Parameter(
            "Rolled",
            r", rolling .+? against .+?",
            _rolled,
            shape="attack faces against defense faces, such as skull, skull against shield, blank",
            shown="[, rolling {}]",
        ),
    )
}


def _verbs(name: str, *words: str, shown: str = "") -> Parameter:
    return Parameter(name, _choice(*words), str, words, shown=shown or "/".join(w.strip() for w in words if w.strip()))


#: Wording choices: read, never passed on (`{:Attack}`); each lists its forms.
for _verb in (
    _verbs(
        "Attack",
        "attacks",
        "attack",
        "tries to attack",
        "try to attack",
        shown="attack(s)/tries to attack/try to attack",
    ),
    _verbs(
        "Retaliate",
        "retaliates",
        "retaliate",
        "tries to retaliate",
        "try to retaliate",
        shown="retaliate(s)/tries to retaliate/try to retaliate",
    ),
    _verbs("Try", "tries to ", "try to ", "", shown="[tries to/try to] "),
    _verbs("Kill", "kills", "kill", shown="kill(s)"),
    _verbs("End", "ends", "tries to end"),
    _verbs("Decline", "declines", "tries to decline"),
    _verbs("Withdraw", "withdraws", "tries to withdraw"),
    _verbs("Offer", "offers", "tries to offer"),
    _verbs("Accept", "accepts", "tries to accept"),
    _verbs("Have", "have", "has"),
    _verbs("Their", "their", "its"),
    _verbs("Are", "are", "is"),
    _verbs("Sacrifice", "sacrifices", "sacrifice", shown="sacrifice(s)"),
    _verbs("Reorganize", "reorganizes", "reorganize", shown="reorganize(s)"),
    _verbs("Pick", "picks", "tries to pick"),
    _verbs("Stand", "stands", "stand", "are standing", "is standing"),
    _verbs("Stacks", "stacks", "stack", shown="stack(s)"),
    _verbs("Attacks", "attacks", "tries to attack"),
    _verbs("Its", "its", "their"),
    _verbs("Her", "its", "her", "his"),
    _verbs("Wounds", "wounds", "wound", shown="wound(s)"),
    _verbs("Markers", "markers", "marker", shown="marker(s)"),
    _verbs("Spaces", "spaces", "space", shown="space(s)"),
    _verbs("FaceWord", "faces", "face", shown="face(s)"),
    _verbs("Destroys", "destroys", "would destroy"),
    _verbs("Dice", "dice", "die"),
    _verbs("A", "an", "a"),
    _verbs("Refusable", "attack", "order marker", "turn"),
    _verbs("Cards", "cards", "card", shown="card(s)"),
):
    PARAMETERS[_verb.name] = _verb


#: Each parameter type's conversion function, made once, for `parse` (its `extra_types`).
CONVERTERS: dict[str, Callable[[str], object]] = {name: parameter.converter() for name, parameter in PARAMETERS.items()}


def extra_types(extra: Iterable[Parameter] = ()) -> dict[str, Callable[[str], object]]:
    """The conversion functions of every parameter type, and of `extra` ones, for `parse` (its `extra_types`).

    A new dictionary each time (`parse` may add to it).
    """
    return {**CONVERTERS, **{parameter.name: parameter.converter() for parameter in extra}}


_FIELD = re.compile(r"\{(?P<name>\w*)(?::(?P<type>\w+)(?P<optional>\?)?)?\}")


def literal_fragments(pattern: str) -> tuple[str, ...]:
    """The texts between a pattern's fields, each of which a matching line holds as it is.

    `parse` matches the text outside the `{...}` fields literally (and with case, as the
    step language asks), so a line lacking one of them cannot match. A pattern with braces
    other than plain fields gives no fragment (nothing is ruled out).

    Examples:
        >>> literal_fragments("the {side:Side} has {count:Count} cards")
        ('the ', ' has ', ' cards')
        >>> literal_fragments("a {{literal}} brace {x}")
        ()
    """
    rest = _FIELD.sub("\0", pattern)
    if "{" in rest or "}" in rest:
        return ()
    return tuple(fragment for fragment in rest.split("\0") if fragment)


class Phrase(StepParser):
    """A step pattern with typed parameters, scoped to a game (`None`: shared by all games).

    A pattern with no `{...}` is matched exactly. `parameters` are types of its own, beside
    those of `PARAMETERS` (a step module's table of words, say).
    """

    def __init__(self, pattern: str, game: str | None = None, parameters: Iterable[Parameter] = ()) -> None:
        super().__init__(pattern)
        self.game = game
        own = tuple(parameters)
        clashing = [p.name for p in own if p.name in PARAMETERS and PARAMETERS[p.name] != p]
        if clashing:
            raise ValueError(f"the parameter types {clashing} are already registered")
        #: The parameter types of its own, by name.
        self.own_types: dict[str, Parameter] = {p.name: p for p in own}
        unknown = {m["type"] for m in _FIELD.finditer(pattern) if m["type"] and self.type_named(m["type"]) is None}
        if unknown:
            raise ValueError(f"step pattern {pattern!r} uses unregistered parameter types {sorted(unknown)}")
        self.typed = (
            cfparse.Parser(pattern, extra_types=extra_types(own), case_sensitive=True) if "{" in pattern else None
        )
        self.fragments = literal_fragments(pattern)
        #: The longest fragment, tried first: most lines a pattern does not read lack it.
        self._longest = max(self.fragments, key=len, default="")
        #: Each line read so far: its arguments, or `None` when the pattern does not read it.
        #: (Reading a line depends only on the two: the conversions are pure functions of the text.)
        self._read: dict[str, dict[str, Any] | None] = {}

    def _arguments(self, name: str) -> dict[str, Any] | None:
        """The arguments the typed pattern reads from `name` (`None`: it does not read it), remembered per line."""
        if name in self._read:
            return self._read[name]
        assert self.typed is not None
        try:
            result = self.typed.parse(name)
        except (ValueError, KeyError, ScenarioError):
            result = None
        read = None if result is None else dict(result.named)
        if len(self._read) > 4096:
            self._read.clear()
        self._read[name] = read
        return read

    def in_scope(self) -> bool:
        """Whether this step may match a line of the feature file being run (always, outside a run)."""
        game = PLAYING.get()
        return game is None or self.game is None or self.game == game

    def is_matching(self, name: str) -> bool:
        """Whether `name` reads as this step, in the game being played."""
        return self.in_scope() and self.reads(name)

    def reads(self, name: str) -> bool:
        """Whether `name` reads as this step, whatever the game being played."""
        if self.typed is None:
            return name == self.name
        if self._longest not in name or not all(fragment in name for fragment in self.fragments):
            return False  # a line lacking some of the pattern's own words: no need to run its expression
        return self._arguments(name) is not None

    def parse_arguments(self, name: str) -> dict[str, Any] | None:
        """The step's arguments, converted to engine values."""
        if self.typed is None:
            return {} if name == self.name else None
        read = self._arguments(name)
        if read is None:
            result = self.typed.parse(name)  # does not read it: raises as the pattern does, or gives None
            return None if result is None else dict(result.named)
        return dict(read)

    @property
    def readable(self) -> str:
        """The pattern as a scenario writer reads it: `{name}`, `[optional part]`, `a/b` for wordings."""

        def show(match: re.Match[str]) -> str:
            parameter = self.type_named(match["type"] or "")
            if parameter is None:
                return "{" + match["name"] + "}"
            if not match["name"]:
                return parameter.shown
            if match["optional"]:
                return parameter.shown.replace("{}", "{" + match["name"] + "}")
            return "{" + match["name"] + "}"

        return _FIELD.sub(show, self.name)

    def parameters(self) -> list[tuple[str, Parameter]]:
        """The named parameters of the pattern, in order, with their types."""
        return [
            (m["name"], parameter)
            for m in _FIELD.finditer(self.name)
            if m["name"] and m["type"] and (parameter := self.type_named(m["type"])) is not None
        ]

    def type_named(self, name: str) -> Parameter | None:
        """The parameter type `name` of this pattern: one of its own, else a registered one."""
        return self.own_types.get(name) or PARAMETERS.get(name)

    def allowed(self) -> list[tuple[str, str]]:
        """Each named value with the words it accepts (or the shape of value), for the catalogue."""
        return [(name, parameter.allowed) for name, parameter in self.parameters() if parameter.allowed]


def game_of_function(func: Callable[..., object]) -> str | None:
    """The game a step belongs to: the one whose world fixture (`homm`, `heroscape`) it takes, if exactly one."""
    games = {name for name in inspect.signature(func).parameters if name in GAMES}
    return games.pop() if len(games) == 1 else None


#: The attribute of a step function that lists the step definitions made from it (see `step_definitions`).
DEFINITIONS = "battlebook_steps"


@dataclass(frozen=True)
class StepDefinition:
    """One step definition of the step language: its keyword, its phrase and the function that runs it.

    `type` is `given`, `when` or `then`; `parser` the phrase it reads; `step_func` the step
    function; `target_fixture` the fixture its value becomes, if any.
    """

    type: str
    parser: Phrase
    step_func: Callable[..., object]
    target_fixture: str | None = None


def step_definitions(modules: Iterable[ModuleType]) -> list[StepDefinition]:
    """Every step definition the `modules` define, in the order of the modules and of their functions.

    The step language's decorators (`given`, `when`, `then`) list each definition on its
    function, so the modules alone say which steps there are: no registry is kept anywhere.
    """
    found: dict[tuple[str, str, int], StepDefinition] = {}
    for module in modules:
        for value in vars(module).values():
            for definition in getattr(value, DEFINITIONS, ()) if callable(value) else ():
                if isinstance(definition, StepDefinition) and definition.step_func.__module__ == module.__name__:
                    key = (definition.type, definition.parser.name, id(definition.step_func))
                    found.setdefault(key, definition)
    return list(found.values())


def _step(
    kind: str, pattern: str, game: str | None, target_fixture: str | None, parameters: Iterable[Parameter] = ()
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    def decorator(func: Callable[P, T]) -> Callable[P, T]:
        phrase = Phrase(pattern, game or game_of_function(func), parameters)
        # stacklevel 2: the step's fixture goes into the module that defines the step.
        register = getattr(pytest_bdd, kind)(phrase, target_fixture=target_fixture, stacklevel=2)
        register(func)  # pytest-bdd's decorator gives the function back as it is
        definition = StepDefinition(kind, phrase, func, target_fixture)
        setattr(func, DEFINITIONS, (*getattr(func, DEFINITIONS, ()), definition))
        return func

    return decorator


def given(
    pattern: str,
    *,
    game: str | None = None,
    target_fixture: str | None = None,
    parameters: Iterable[Parameter] = (),
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Register a Given step with a typed pattern, scoped to the game of its world fixture.

    `parameters` are parameter types of this step's own, beside those of `PARAMETERS`.
    """
    return _step("given", pattern, game, target_fixture, parameters)


def when(
    pattern: str, *, game: str | None = None, parameters: Iterable[Parameter] = ()
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Register a When step with a typed pattern, scoped to the game of its world fixture."""
    return _step("when", pattern, game, None, parameters)


def then(
    pattern: str, *, game: str | None = None, parameters: Iterable[Parameter] = ()
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Register a Then step with a typed pattern, scoped to the game of its world fixture."""
    return _step("then", pattern, game, None, parameters)
