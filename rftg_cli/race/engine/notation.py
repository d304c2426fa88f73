"""The text form of every answer of the card game, and back: `settle "New Sparta"`.

Like python-chess's `Move.uci()` / `Move.from_uci()`, every answer to a pending decision has
one canonical line of text that a player can read and type, and that reads back to the same
answer. Saves hold this form, so they name cards instead of storing card numbers (indexes into
one game's deck), and a save outlives a change to the card files.

The grammar, by decision kind (words are case-insensitive; card names go in double quotes,
which may be left out when the name holds no comma, quote, `#`, `@` or word of the grammar):

    action            action develop | actions explore5 settle   (action ids or printed names)
    explore           keep "Old Earth", "Spice World"            (the rest are discarded)
    start_discard     discard "Gambling World", "Spice World"
    hand_limit        discard "Gem World"
    produce_discard   discard "Gem World"
    consume_hand      discard "Gem World", "Lost Species Ark World" | discard nothing
    pay               pay "Old Earth", "Contact Specialist" | pay nothing
    develop           develop "Investment Credits" | pass
    settle            face down: settle "New Sparta" | pass
                      after the reveal: settle "New Sparta" | settle "New Sparta" pay
                      "Contact Specialist" | conquer "Rebel Outpost" | conquer "Rebel
                      Outpost" with "New Military Tactics" | conquer "Rebel Base" with
                      "Space Mercenaries" x2 (a power discarding cards for military, named
                      once per card) | after a world is placed (Improved Logistics): any
                      of these, face up, or pass
    military_discard  discard "Gem World", "Spice World"   (the cards of "x2" above)
    trade             trade "Spice World"
    consume           consume "Galactic Trendsetters" goods "Spice World", "Gem World"
                      | consume "Gambling World" lucky 3
                      | consume "Trade League" trade "Spice World"
                      | consume "Deficit Spending" hand | consume "CARD" COUNTER
                      | consume "Gambling World" ante "Gem World" | done
    ante_keep         keep "New Earth"   (Gambling World: the card won)
    start_world       keep "New Sparta"   (the start world kept of the two dealt)
    develop_way       develop "Investment Credits" | develop "Investment Credits" with
                      "R&D Crash Program"   (after the reveal, when a reduction is optional)
    produce_pay       discard "Gem World" | discard nothing   (Damaged Alien Factory)
    draw_discard      discard "Gem World"   (draw, then discard: Information Hub)
    save_card         save "Gem World"   (Galactic Scavengers)
    good_paid         consume "Gem World"   (the good a power is paid with: Lifeforms, Inc)
    upgrade           replace "Gem World" with "Alien Toy Shop" | pass   (Terraforming
                      Engineers)
    windfall          produce "Spice World" | skip
    produce_order     use "Consumer Markets"   (the Produce power used next, when the order
                      of a paid and a draw power matters: Damaged Alien Factory)

Copies. A game deals several physical copies of some designs. When the cards a decision is
about hold two copies of one name, each is written with its copy ordinal, `"Spice World"#2`:
the copies are counted in the cards just explored, then the hand (in hand order), then the
tableau (in tableau order). These orders are the game's own, not the card files', so the text
does not change when the card data is reordered. A name typed without its ordinal takes the
first copy not yet named. A card with two powers that fit the same answer is told apart by
the power's place among the card's powers of that phase, `"Gambling World"@2` (no shipped
card needs it; a plugin's card may).

A decision kind this module does not know (a plugin's) falls back to `answer` followed by the
raw answer as JSON (`answer [3, "x"]`): it round-trips, but names no card.

A game's notations are registered through its rules (`Rules.notations`, `add`): the base game
registers `BASE`, a plugin the kinds of the decisions it asks, in the games it is on in.

What a player types at the prompt is read by the same grammar (`parse_typed`): the text form,
with a part of a card's name for the name (`develop invest`), or the shorthand a kind allows
(`Notation.short`): by default the options' numbers as the screen lists them, ranges of
them, a part of an option's name, a word for the way out; for action cards their codes
(`e5 d`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import chain

from rftg_cli.ui import escape
from rftg_cli.ui.escape import cut_escaped
from rftg_cli.ui.numbers import number
from rftg_cli.words import plural
from rftg_cli.decision import Decision, IllegalChoice
from .game import Game
from .settle import PLACE

# Longer text is refused before it is read: no answer of this game needs a tenth of it.
MAX_TEXT = 4000
_DIGITS = frozenset("0123456789")
_BREAKS = frozenset('",#@')


# ---------------------------------------------------------------------- reading text

@dataclass(frozen=True, slots=True)
class Ref:
    """A card as typed: its name, and the copy and power ordinals when given. A `loose`
    name (typed at the prompt, never read from a save) may be a part of the card's name."""

    name: str
    copy: int | None = None
    power: int | None = None
    loose: bool = False

    @property
    def key(self) -> str:
        return name_key(self.name)

    def shown(self) -> str:
        return (cut_escaped(quote(self.name), 60)
                + (f"#{self.copy}" if self.copy is not None else "")
                + (f"@{self.power}" if self.power is not None else ""))


DASHES = str.maketrans({"—": "-", "–": "-"})


def name_key(name: str) -> str:
    """The form names are compared in: case-folded, whatever the spacing, compatibility-
    normalized (so 'ﬁ' is 'fi' and a full-width letter is a letter), a dash as '-' (as
    `RFTG_ASCII=1` shows it in an option's label)."""
    return " ".join(unicodedata.normalize("NFKC", name).translate(DASHES).casefold().split())


QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def quoted_names(text: str) -> frozenset[str]:
    """The card names an answer's text form quotes, as `name_key`s."""
    return frozenset(name_key(re.sub(r"\\(.)", r"\1", m)) for m in QUOTED.findall(text))


def quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def shown(token: tuple[str, str]) -> str:
    """A token as typed, for an error."""
    kind, text = token
    if kind == "name":
        return cut_escaped(quote(text))
    return "'" + cut_escaped(kind + text if kind in "#@" else text) + "'"


class Reader:
    """The tokens of one answer: words, quoted names, commas, `#N` and `@N`."""

    def __init__(self, text: str, loose: bool = False) -> None:
        self.loose = loose
        if not isinstance(text, str):
            raise IllegalChoice(f"an answer is text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise IllegalChoice(f"an answer of {len(text)} characters is too long to be one")
        self.tokens = _tokens(text)
        self.pos = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def next_word(self) -> str | None:
        """The next bare word, lower-cased, taken; None (nothing taken) if it is not one."""
        token = self.peek()
        if token is None or token[0] != "word":
            return None
        self.pos += 1
        return token[1].casefold()

    def verb(self) -> str:
        word = self.next_word()
        if word is None:
            raise IllegalChoice("an answer starts with a word, such as develop or pass")
        return word

    def at_word(self, *words: str) -> bool:
        token = self.peek()
        return token is not None and token[0] == "word" and token[1].casefold() in words

    def end(self) -> None:
        token = self.peek()
        if token is not None:
            raise IllegalChoice(f"unexpected {shown(token)} at the end of the answer")

    def number(self, what: str) -> int:
        word = self.next_word()
        if word is None or not word or not set(word) <= _DIGITS or len(word) > 6:
            raise IllegalChoice(f"{what} must be a number")
        return int(word)

    def ref(self, stop: frozenset[str]) -> Ref:
        """A card: a quoted name or a run of bare words (up to a comma or a word in `stop`),
        then `#copy` and `@power` if given."""
        token = self.peek()
        if token is None:
            raise IllegalChoice("a card name is missing")
        if token[0] == "name":
            self.pos += 1
            name = token[1]
        else:
            words = []
            while (token := self.peek()) is not None and token[0] == "word" \
                    and token[1].casefold() not in stop and not _is_times(token[1]):
                words.append(token[1])
                self.pos += 1
            if not words:
                raise IllegalChoice(f"a card name is missing before {shown(token)}")
            name = " ".join(words)
        copy = power = None
        while (token := self.peek()) is not None and token[0] in ("#", "@"):
            self.pos += 1
            if token[0] == "#":
                copy = _ordinal(token[1], "#")
            else:
                power = _ordinal(token[1], "@")
        return Ref(name, copy, power, self.loose)

    def refs(self, stop: frozenset[str] = frozenset()) -> list[Ref]:
        """Cards separated by commas, or the word `nothing` for none."""
        if self.at_word("nothing", "none"):
            self.pos += 1
            return []
        out = [self.ref(stop)]
        while (token := self.peek()) is not None and token[0] == ",":
            self.pos += 1
            out.append(self.ref(stop))
        return out


def _is_times(word: str) -> bool:
    """`x2`: a power used once per card, twice (cards discarded from hand for military)."""
    return len(word) in (2, 3) and word[0] in "xX" and set(word[1:]) <= _DIGITS


def _ordinal(digits: str, mark: str) -> int:
    if not digits or not set(digits) <= _DIGITS or len(digits) > 4 or int(digits) == 0:
        raise IllegalChoice(f"{mark} must be followed by a number from 1, as in \"Name\"{mark}2")
    return int(digits)


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c == '"':
            chars: list[str] = []
            i += 1
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n:
                    i += 1
                chars.append(text[i])
                i += 1
            if i >= n:
                raise IllegalChoice("a quoted card name has no closing quote")
            i += 1
            out.append(("name", "".join(chars)))
        elif c == ",":
            out.append((",", ","))
            i += 1
        elif c in "#@":
            j = i + 1
            while j < n and text[j] in _DIGITS:
                j += 1
            out.append((c, text[i + 1:j]))
            i = j
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in _BREAKS:
                j += 1
            out.append(("word", text[i:j]))
            i = j
    return out


# ---------------------------------------------------------------------- naming cards

class Cards:
    """The cards one decision is about, each nameable as `"Name"` or `"Name"#copy`."""

    def __init__(self, game: Game, player: int, numbers) -> None:
        self.game = game
        p = game.players[player]
        rank: dict[int, int] = {}
        for c in chain(p.explore_seen, p.hand, p.tableau):
            rank.setdefault(c, len(rank))
        last = len(rank)
        # Cards held elsewhere (none in the shipped game) come last, in card-number order.
        ordered = sorted(set(numbers), key=lambda c: (rank.get(c, last), c))
        self.place = {c: i for i, c in enumerate(ordered)}
        self.copies: dict[str, list[int]] = {}
        for c in ordered:
            self.copies.setdefault(name_key(game.name(c)), []).append(c)

    def text(self, card: int) -> str:
        name = self.game.name(card)
        same = self.copies[name_key(name)]
        return quote(name) + (f"#{same.index(card) + 1}" if len(same) > 1 else "")

    def resolve(self, ref: Ref, allowed, taken=(), where: str = "here") -> int:
        """The card a reference names among `allowed` (a bare name: the first copy allowed
        and not yet `taken`)."""
        same = self.copies.get(ref.key) or (self.by_part(ref, allowed) if ref.loose else [])
        if ref.copy is not None:
            if ref.copy > len(same):
                have = f"only {len(same)} copies" if same else "none"
                raise IllegalChoice(f"no {ref.shown()} {where} ({have})")
            card = same[ref.copy - 1]
            if card not in allowed:
                raise IllegalChoice(f"{ref.shown()} cannot be chosen {where}")
            if card in taken:
                raise IllegalChoice(f"{ref.shown()} is named twice")
            return card
        for card in same:
            if card in allowed and card not in taken:
                return card
        if any(card in allowed for card in same):
            raise IllegalChoice(f"{ref.shown()} is named more times than there are copies")
        if same:
            raise IllegalChoice(f"{ref.shown()} cannot be chosen {where}")
        raise IllegalChoice(f"no card {ref.shown()} {where}")

    def by_part(self, ref: Ref, allowed) -> list[int]:
        """The copies of the one allowed card whose name starts with, else holds, a loose
        name (`settle sparta`); [] if none does, IllegalChoice if several do."""
        names = [key for key, same in self.copies.items() if any(c in allowed for c in same)]
        hits = [names[i] for i in _match(ref.name, names)]
        if len(hits) > 1:
            raise IllegalChoice(f"{ref.shown()} could mean " + " or ".join(
                quote(self.game.name(self.copies[key][0])) for key in hits[:3])
                + ": type more of the name")
        return self.copies[hits[0]] if hits else []


def cards_text(cards: Cards, numbers) -> str:
    """Cards as a comma-separated list in the order they are counted (or `nothing`)."""
    listed = sorted(numbers, key=lambda c: cards.place.get(c, len(cards.place)))
    return ", ".join(cards.text(c) for c in listed) or "nothing"


def power_ordinal(game: Game, card: int, idx: int, phase: str) -> int:
    """The place (from 1) of a power among its card's powers of one phase."""
    places = [i for i, p in enumerate(game.design[card].powers) if p.phase == phase]
    return places.index(idx) + 1 if idx in places else idx + 1


def power_index(game: Game, card: int, ordinal: int, phase: str) -> int | None:
    places = [i for i, p in enumerate(game.design[card].powers) if p.phase == phase]
    return places[ordinal - 1] if ordinal <= len(places) else None


def resolve_power(game: Game, cards: Cards, ref: Ref, pairs, phase: str,
                  taken=()) -> tuple[int, int]:
    """(card, power index) for a typed power among the `pairs` the decision allows."""
    owners = {c for c, _ in pairs}
    card = cards.resolve(ref, owners, taken, "with a power to use here")
    indexes = sorted({i for c, i in pairs if c == card})
    if ref.power is not None:
        idx = power_index(game, card, ref.power, phase)
        if idx not in indexes:
            raise IllegalChoice(f"{ref.shown()}: that power cannot be used here")
        return card, idx
    if len(indexes) > 1:
        raise IllegalChoice(f"{ref.shown()} has {len(indexes)} powers that fit: add @N "
                            f"for the Nth power of the card, as in {quote(ref.name)}@2")
    return card, indexes[0]


# ---------------------------------------------------------------------- the kinds

@dataclass(frozen=True)
class Notation:
    """How one kind of decision writes and reads its answers. A game's notations are in
    its rules (`Rules.notations`), registered by the plugins with `add` while the rules are
    built: the base game its own (`BASE`), a plugin those of the decisions it asks."""

    kind: str
    verbs: tuple[str, ...]                               # first words it accepts
    text: Callable[[Game, Decision, object], str]
    parse: Callable[[Game, Decision, str, Reader], object]
    # What a player may type at the prompt besides the text form, read as `short(game,
    # decision, text, shown, labels)` (`parse_typed`); None: the options' numbers and names.
    short: Callable | None = field(default=None, kw_only=True)


def add(rules, *notations: Notation) -> None:
    """Register decision kinds' text forms in a game's `rules`: one per kind."""
    for notation in notations:
        if rules.notations.setdefault(notation.kind, notation) != notation:
            raise ValueError(f"decision kind {notation.kind!r} has a notation already")


# action: the answer is a tuple of action ids, in the order of the game's action cards.

def _action_text(game: Game, decision: Decision, answer: tuple) -> str:
    return ("action " if len(answer) == 1 else "actions ") + " ".join(answer)


def _action_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    from .round import player_actions

    # Everyone's action cards and this player's own (a plugin's once-per-game card), in the
    # order the options list them.
    actions = player_actions(game, decision.player)
    known: dict[str, str] = {}
    for a in actions:
        known[name_key(a.name)] = a.id
        known[a.id.casefold()] = a.id
    words: list[str] = []
    while (token := reader.peek()) is not None:
        reader.pos += 1
        if token[0] in ("word", "name"):
            words.append(token[1])
        elif token[0] != ",":
            raise IllegalChoice(f"unexpected {shown(token)} among the action cards")
    chosen: list[str] = []
    i = 0
    while i < len(words):
        # An unquoted printed name is several words ("Explore +5"): take the longest match.
        for j in range(len(words), i, -1):
            found = known.get(name_key(" ".join(words[i:j])))
            if found:
                chosen.append(found)
                i = j
                break
        else:
            ids = ", ".join(a.id for a in actions)
            raise IllegalChoice(f"no action card '{cut_escaped(words[i])}' (action cards: {ids})")
    order = [a.id for a in actions]
    answer = tuple(sorted(chosen, key=order.index))
    if answer not in decision.options:
        size = len(decision.options[0]) if decision.options else 1
        if len(answer) != size:
            raise IllegalChoice(f"choose {plural(size, 'action card')}, not {len(answer)}")
        raise IllegalChoice("that choice of action cards is not allowed")
    return answer


# Picks of cards: the answer is the sorted tuple of the cards discarded (or paid); explore
# is written as the cards *kept*, which is how a player thinks of it.

PICK_VERBS = {"explore": "keep", "pay": "pay", "start_discard": "discard",
              "hand_limit": "discard", "produce_discard": "discard", "consume_hand": "discard",
              "military_discard": "discard", "draw_discard": "discard",
              "produce_pay": "discard", "save_card": "save"}


def _pick_text(game: Game, decision: Decision, answer: tuple) -> str:
    cards = Cards(game, decision.player, decision.options)
    verb = PICK_VERBS[decision.kind]
    shown = [c for c in decision.options if c not in answer] if verb == "keep" else answer
    return f"{verb} {cards_text(cards, shown)}"


def _pick_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    cards = Cards(game, decision.player, decision.options)
    allowed = set(decision.options)
    where = "here" if verb == "keep" else "in your hand"
    named: list[int] = []
    for ref in reader.refs():
        named.append(cards.resolve(ref, allowed, named, where))
    reader.end()
    if verb == "keep":
        low, high = decision.count
        keep_low, keep_high = len(allowed) - high, len(allowed) - low
        if not keep_low <= len(named) <= keep_high:
            need = str(keep_low) if keep_low == keep_high else f"{keep_low} to {keep_high}"
            raise IllegalChoice(f"keep {need}, not {len(named)}")
        return tuple(sorted(allowed - set(named)))
    return decision.check(tuple(named))


# develop: a card in hand, or -1 to pass.

def _develop_text(game: Game, decision: Decision, answer: int) -> str:
    if answer == -1:
        return "pass"
    return "develop " + Cards(game, decision.player, _cards_of(decision)).text(answer)


def _cards_of(decision: Decision) -> list[int]:
    return [o for o in decision.options if o != -1]


def _develop_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    if verb == "pass":
        reader.end()
        return -1
    numbers = _cards_of(decision)
    cards = Cards(game, decision.player, numbers)
    card = cards.resolve(reader.ref(frozenset()), set(numbers), where="to develop")
    reader.end()
    return card


# develop_way, after the reveal: (card, ((card, power index), ...)): the optional
# reductions used (a card discarded from the tableau, R&D Crash Program).

def _develop_way_cards(decision: Decision) -> list[int]:
    return [c for card, powers in decision.options for c in (card, *(p for p, _ in powers))]


def _develop_way_text(game: Game, decision: Decision, answer: tuple) -> str:
    card, powers = answer
    cards = Cards(game, decision.player, _develop_way_cards(decision))
    text = f"develop {cards.text(card)}"
    if powers:
        pairs = {pair for o in decision.options for pair in o[1]}
        text += " with " + ", ".join(cards.text(c) + _power_mark(game, c, i, pairs, "develop")
                                     for c, i in powers)
    return text


def _develop_way_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    cards = Cards(game, decision.player, _develop_way_cards(decision))
    card = cards.resolve(reader.ref(frozenset(("with",))), {o[0] for o in decision.options},
                         where="to develop")
    pairs: list[tuple[int, int]] = []
    if reader.at_word("with"):
        reader.pos += 1
        allowed = {pair for o in decision.options for pair in o[1]}
        for ref in reader.refs():
            pairs.append(resolve_power(game, cards, ref, allowed, "develop",
                                       [c for c, _ in pairs]))
    reader.end()
    for option in decision.options:
        if sorted(option[1]) == sorted(pairs):
            return option
    raise IllegalChoice(f"{cards.text(card)} cannot be developed with "
                        + ("those powers" if pairs else "no power"))


# settle, face down: (world, "place", ()) or (-1, "pass", ()); after the reveal:
# (world, "pay" | "conquer", ((card, power index), ...)).

SETTLE_WORDS = {"pay": ("settle", "pay"), "conquer": ("conquer", "with")}


def _settle_cards(decision: Decision) -> list[int]:
    out: list[int] = []
    for world, _, powers in decision.options:
        if world != -1:
            out.append(world)
            out.extend(c for c, _ in powers)
    return out


def _settle_text(game: Game, decision: Decision, answer: tuple) -> str:
    world, how, powers = answer
    if world == -1:
        return "pass"
    cards = Cards(game, decision.player, _settle_cards(decision))
    if how == PLACE:
        return f"settle {cards.text(world)}"
    verb, joiner = SETTLE_WORDS[how]
    text = f"{verb} {cards.text(world)}"
    if powers:
        pairs = {pair for o in decision.options for pair in o[2]}
        text += f" {joiner} " + settle_powers_text(game, cards, powers, pairs)
    return text


def settle_powers_text(game: Game, cards: Cards, powers, pairs=frozenset()) -> str:
    """Settle powers used, each card once: `@N` where the card has another power among
    `pairs`, `xN` for a power used once per card discarded (`"Space Mercenaries" x2`)."""
    return ", ".join(cards.text(c) + _power_mark(game, c, i, pairs, "settle")
                     + (f" x{powers.count((c, i))}" if powers.count((c, i)) > 1 else "")
                     for c, i in dict.fromkeys(powers))


def read_settle_powers(game: Game, cards: Cards, reader: Reader,
                       allowed) -> list[tuple[int, int]]:
    """What `settle_powers_text` wrote: cards separated by commas, each with its `xN` right
    after it (`"Space Mercenaries" x2, "Rebel Troops"`)."""
    pairs: list[tuple[int, int]] = []
    while True:
        ref = reader.ref(frozenset())
        pair = resolve_power(game, cards, ref, allowed, "settle", [c for c, _ in pairs])
        pairs.extend([pair] * _times(reader))
        if (token := reader.peek()) is None or token[0] != ",":
            return pairs
        reader.pos += 1


def _power_mark(game: Game, card: int, idx: int, pairs, phase: str) -> str:
    """`@N` when another power of the same card could be meant."""
    if any(c == card and i != idx for c, i in pairs):
        return f"@{power_ordinal(game, card, idx, phase)}"
    return ""


def _times(reader: Reader) -> int:
    token = reader.peek()
    if token is None or token[0] != "word" or not _is_times(token[1]):
        return 1
    reader.pos += 1
    return int(token[1][1:])


def _settle_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    if verb == "pass":
        reader.end()
        return -1, "pass", ()
    how = "pay" if verb == "settle" else "conquer"
    joiner = SETTLE_WORDS[how][1]
    cards = Cards(game, decision.player, _settle_cards(decision))
    worlds = {o[0] for o in decision.options if o[0] != -1}
    if (next(iter(worlds), -1), PLACE, ()) in decision.options:
        # Face down only the world is chosen; how to place it is decided after the reveal.
        world = cards.resolve(reader.ref(frozenset()), worlds, where="to settle")
        reader.end()
        return world, PLACE, ()
    world = cards.resolve(reader.ref(frozenset((joiner,))), worlds, where="to settle")
    pairs: list[tuple[int, int]] = []
    if reader.at_word(joiner):
        reader.pos += 1
        allowed = {pair for o in decision.options if o[0] == world for pair in o[2]}
        pairs = read_settle_powers(game, cards, reader, allowed)
    reader.end()
    ways = [o for o in decision.options if o[0] == world and o[1] == how]
    for option in ways:
        if sorted(option[2]) == sorted(pairs):
            return option
    name = cards.text(world)
    if not ways:
        other = "conquered" if how == "pay" else "settled by paying"
        raise IllegalChoice(f"{name} can only be {other} here")
    raise IllegalChoice(f"{name} cannot be placed with {'those powers' if pairs else 'no power'}")


# upgrade (Terraforming Engineers): (world from hand, world replaced), or (-1, -1).

def _upgrade_text(game: Game, decision: Decision, answer: tuple) -> str:
    new, old = answer
    if new == -1:
        return "pass"
    cards = Cards(game, decision.player, [c for o in decision.options for c in o if c != -1])
    return f"replace {cards.text(old)} with {cards.text(new)}"


def _upgrade_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    if verb == "pass":
        reader.end()
        return -1, -1
    cards = Cards(game, decision.player, [c for o in decision.options for c in o if c != -1])
    old = cards.resolve(reader.ref(frozenset(("with",))), {o[1] for o in decision.options},
                        where="to replace")
    if not reader.at_word("with"):
        raise IllegalChoice("say which world replaces it: replace \"OLD\" with \"NEW\"")
    reader.pos += 1
    new = cards.resolve(reader.ref(frozenset()), {o[0] for o in decision.options if o[1] == old},
                        where=f"to replace {cards.text(old)}")
    reader.end()
    return new, old


# trade: a world with a good; windfall: an empty windfall world, or -1 to skip.

def _world_text(verb: str):
    def text(game: Game, decision: Decision, answer: int) -> str:
        if answer == -1:
            return "skip"
        return f"{verb} " + Cards(game, decision.player, _cards_of(decision)).text(answer)
    return text


def _world_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    if verb == "skip":
        reader.end()
        return -1
    numbers = _cards_of(decision)
    where = {"trade": "to trade", "keep": "to keep",
             "consume": "with a good to discard"}.get(verb, "to produce on")
    card = Cards(game, decision.player, numbers).resolve(reader.ref(frozenset()), set(numbers),
                                                       where=where)
    reader.end()
    return card


# produce_order: (card, power index), the Produce power used next.

def _use_text(game: Game, decision: Decision, answer: tuple[int, int]) -> str:
    card, idx = answer
    cards = Cards(game, decision.player, [c for c, _ in decision.options])
    return "use " + cards.text(card) + _power_mark(game, card, idx, decision.options, "produce")


def _use_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    cards = Cards(game, decision.player, [c for c, _ in decision.options])
    power = resolve_power(game, cards, reader.ref(frozenset()), set(decision.options), "produce")
    reader.end()
    return power


# consume: (card, power index, detail), or (-1, -1, ()) when done. The detail is the goods
# (worlds) consumed, the world traded, the number named for a lucky draw, or () when the
# power discards from hand (a pick follows) or spends a counter (`Rules.counters`), its form
# being the counter's name.

CONSUME_FORMS = ("goods", "trade", "lucky", "hand", "ante")


def consume_forms(game: Game) -> tuple[str, ...]:
    return CONSUME_FORMS[:-1] + tuple(game.rules.counters) + CONSUME_FORMS[-1:]


def consume_form(game: Game, card: int, idx: int) -> str:
    power = game.design[card].powers[idx]
    if power.kind == "draw_lucky":
        return "lucky"
    if power.kind == "trade_action":
        return "trade"
    if power.kind == "ante_card":
        return "ante"
    if power.consume == "hand" or power.consume in game.rules.counters:
        return power.consume
    return "goods"


def _consume_cards(game: Game, decision: Decision) -> list[int]:
    out: list[int] = []
    for card, idx, detail in decision.options:
        if card == -1:
            continue
        out.append(card)
        if consume_form(game, card, idx) != "lucky":
            out.extend(detail)
    return out


def _consume_text(game: Game, decision: Decision, answer: tuple) -> str:
    card, idx, detail = answer
    if card == -1:
        return "done"
    cards = Cards(game, decision.player, _consume_cards(game, decision))
    form = consume_form(game, card, idx)
    same_form = {(c, i) for c, i, _ in decision.options
                 if c == card and consume_form(game, c, i) == form}
    text = f"consume {cards.text(card)}{_power_mark(game, card, idx, same_form, 'consume')} {form}"
    if form == "lucky":
        return f"{text} {detail[0]}"
    if form in ("goods", "trade", "ante"):
        return f"{text} {cards_text(cards, detail)}"
    return text


def _consume_parse(game: Game, decision: Decision, verb: str, reader: Reader):
    if verb == "done":
        reader.end()
        return -1, -1, ()
    cards = Cards(game, decision.player, _consume_cards(game, decision))
    forms = consume_forms(game)
    ref = reader.ref(frozenset(forms))
    form = reader.next_word()
    if form not in forms:
        raise IllegalChoice("after the card, say what it consumes: " + ", ".join(forms))
    pairs = {(c, i) for c, i, _ in decision.options
             if c != -1 and consume_form(game, c, i) == form}
    if not pairs:
        raise IllegalChoice(f"no power here consumes by {form}")
    card, idx = resolve_power(game, cards, ref, pairs, "consume")
    options = [o for o in decision.options if o[0] == card and o[1] == idx]
    if form == "lucky":
        number = reader.number("the cost named for a lucky draw")
        reader.end()
        for option in options:
            if option[2] == (number,):
                return option
        raise IllegalChoice(f"{number} cannot be named here")
    if form in ("goods", "trade", "ante"):
        allowed = {w for o in options for w in o[2]}
        worlds: list[int] = []
        for good in reader.refs():
            worlds.append(cards.resolve(good, allowed, worlds, "with a good to consume"))
        reader.end()
        for option in options:
            if sorted(option[2]) == sorted(worlds):
                return option
        raise IllegalChoice(f"{cards.text(card)} cannot consume exactly those goods "
                            "(a power is used to its maximum)")
    reader.end()
    return options[0]


# ---------------------------------------------------------------------- any decision

def _raw_text(game: Game, decision: Decision, answer) -> str:
    return "answer " + json.dumps(_plain(answer))


def _plain(value):
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _tupled(value):
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def _raw_parse(game: Game, decision: Decision, text: str):
    body = text.strip()[len("answer"):]
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        raise IllegalChoice("after `answer`, give the answer as JSON") from None
    return _tupled(value)


def answer_text(game: Game, decision: Decision, answer) -> str:
    """The canonical text of a legal answer to `decision` (IllegalChoice if not legal)."""
    answer = decision.check(answer)
    notation = game.rules.notations.get(decision.kind)
    if notation is None:
        return _raw_text(game, decision, answer)
    return notation.text(game, decision, answer)


def parse_answer(game: Game, decision: Decision, text: str, loose: bool = False):
    """The legal answer to `decision` that `text` names; IllegalChoice (one line) if none.
    `loose` (the prompt): a card may be named by a part of its name, as the prompt's other
    answers may; a save's text names each card in full."""
    reader = Reader(text, loose)
    notation = game.rules.notations.get(decision.kind)
    if notation is None:
        if reader.verb() != "answer":
            raise IllegalChoice("this decision is answered as `answer` and the answer as JSON")
        return decision.check(_raw_parse(game, decision, text))
    verb = reader.verb()
    if verb not in notation.verbs:
        raise IllegalChoice(f"'{cut_escaped(verb)}' does not answer this decision: it starts with "
                            + " or ".join(notation.verbs))
    try:
        return decision.check(notation.parse(game, decision, verb, reader))
    except IllegalChoice as exc:
        raise IllegalChoice(" ".join(str(exc).split())) from None


# ---------------------------------------------------------------------- what a player types

# The words for the way out of a decision, where it has one.
PASS_WORDS = {"pass", "done", "skip", "none", "no", "-"}
# More than any real answer, less than what makes matching slow: a longer line is refused.
MAX_TYPED = 1000


def parse_typed(game: Game, decision: Decision, text: str, shown: Sequence | None = None,
                labels: Sequence[str] = ()):
    """What a player typed at the prompt, as the answer it names (not yet checked by the
    engine): the text form as saves write it, a part of a card's name allowed (`develop
    invest`), or the kind's shorthand (`Notation.short`), by default: a number of the
    options as `shown` lists them (the decision's order if not given), in any script's
    digits; for a pick, several, and ranges (`2-4`); a part of an option's name, or the
    start of the label `labels` shows for it; a word for the way out (`pass`, `none`).
    IllegalChoice, with one line of reason, for anything it cannot read: every input is
    data."""
    text = text.strip()
    if len(text) > MAX_TYPED:
        raise IllegalChoice(f"that answer is {len(text):,} characters long; type a number "
                            "or a name")
    options = list(decision.options if shown is None else shown)
    notation = game.rules.notations.get(decision.kind)
    short = notation.short if notation is not None and notation.short is not None \
        else _choice if decision.count is None else _pick
    try:
        return short(game, decision, text, options, labels)
    except IllegalChoice:
        if notation is None or name_key(text).partition(" ")[0] not in notation.verbs:
            raise
    # In the text form, as the default in brackets shows it: if it does not read, the
    # notation's reason says what in it is wrong.
    return parse_answer(game, decision, text, loose=True)


def is_pass(option) -> bool:
    """The option that declines: develop -1, settle/consume (-1, ...), windfall -1, an
    empty choice (no defense)."""
    return option in (-1, ()) or (isinstance(option, tuple) and option and option[0] == -1)


def pass_word(kind: str) -> str:
    """The word for a decision's way out, as its text form says it."""
    return {"consume": "done", "windfall": "skip"}.get(kind, "pass")


def option_name(game: Game, decision: Decision, option) -> str:
    """The word(s) a player types for an option (a card name, an action card's name, the
    way out's word, a plugin's label for it), as Tab completes them."""
    labels = decision.info.get("labels", {})     # a plugin's decision may name its options
    if option in labels:
        return labels[option]
    if decision.kind == "action":
        index = game.rules.action_index()
        return " + ".join(index[a].name if a in index else a for a in option)
    if is_pass(option):
        return pass_word(decision.kind)
    if isinstance(option, int):
        return game.name(option)
    if isinstance(option, tuple) and option and isinstance(option[0], int):
        return game.name(option[0])
    return str(option)


def _match(word: str, names: list[str], *, anywhere: bool = True) -> list[int]:
    """Indexes of names equal to word, else of names it starts, else (`anywhere`) of names
    it is part of (case-insensitive), like Tab completion offers them."""
    w = name_key(word)
    if not w:
        return []
    keys = [name_key(n) for n in names]
    tests = (str.__eq__, str.startswith) + ((str.__contains__,) if anywhere else ())
    for test in tests:
        hits = [i for i, n in enumerate(keys) if test(n, w)]
        if hits:
            return hits
    return []


def _choice(game: Game, decision: Decision, text: str, options: list, labels: Sequence[str]):
    """One option: the way out's word, a number, a name or the start of a label."""
    if name_key(text) in PASS_WORDS:
        for option in options:
            if is_pass(option):
                return option
        raise IllegalChoice("there is no pass here; choose one of the options")
    n = number(text)
    if n is not None:
        if 1 <= n <= len(options):
            return options[n - 1]
        raise IllegalChoice(f"choose a number from 1 to {len(options)}")
    not_digits(text)
    names = [option_name(game, decision, o) for o in options]
    labels = list(labels) or names
    # Labels ("Explore +5", "Old Earth: IV: consume ...") by their start, names (what Tab
    # completes) by any part: a part of a label's power text would match too much.
    hits = _match(text, labels, anywhere=False) or _match(text, names)
    if len({options[i] for i in hits}) == 1:
        return options[hits[0]]
    if not hits:
        raise IllegalChoice(f"{escape.shown(text)} is not one of the options; type a number "
                            "or a name")
    raise IllegalChoice(f"{escape.shown(text)} could mean "
                        + " or ".join(escape.shown(labels[i], 60)[1:-1] for i in hits[:3])
                        + "; type its number")


def not_digits(text: str) -> None:
    """Superscripts ('²', the key left of 1 on a French keyboard) and other digits that are
    not decimal look like numbers but are not: say so rather than match them as a name."""
    if number(text) is None and number(name_key(text).replace(",", "")) is not None:
        raise IllegalChoice(f"{escape.shown(text)} is not a number here; type digits like 2")


RANGE_RE = re.compile(r"(\w*)\s*-\s*(\w*)")


def _pick(game: Game, decision: Decision, text: str, options: list, labels: Sequence[str]):
    """A pick: numbers, ranges (`2-4`) and card names, separated by commas (numbers also by
    spaces). Empty parts (`1,,2`) are ignored."""
    if name_key(text) in PASS_WORDS:
        return ()
    names = [game.name(o) if isinstance(o, int) else str(o) for o in options]
    taken: set[int] = set()
    picks = []

    def take(i: int, part: str) -> None:
        if i in taken:
            raise IllegalChoice(f"{escape.shown(part)} names a card already chosen")
        taken.add(i)
        picks.append(options[i])

    def index(token: str, part: str) -> int:
        n = number(token)
        if n is None or not 1 <= n <= len(options):
            raise IllegalChoice(f"choose numbers from 1 to {len(options)} "
                                f"({escape.shown(part)} is not one)")
        return n - 1

    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        words = part.split()
        if all(number(w) is not None for w in words):
            for w in words:
                take(index(w, part), part)
            continue
        span = RANGE_RE.fullmatch(part)
        if span and (number(span[1]) is not None or number(span[2]) is not None):
            if not span[1] or not span[2]:
                raise IllegalChoice(f"{escape.shown(part)}: a range needs a number at each "
                                    "end, like 2-4")
            low, high = index(span[1], part), index(span[2], part)
            if low > high:
                raise IllegalChoice(f"{escape.shown(part)}: a range goes up, like 2-4")
            for i in range(low, high + 1):
                take(i, part)
            continue
        not_digits(part)
        hits = [i for i in _match(part, names) if i not in taken]
        if not hits:
            raise IllegalChoice(f"{escape.shown(part)} is not one of the cards here "
                                "(or was named twice)")
        if len({names[i] for i in hits}) > 1:
            raise IllegalChoice(f"{escape.shown(part)} could mean " + " or ".join(
                sorted({names[i] for i in hits})[:3]))
        take(hits[0], part)
    return tuple(picks)


# ---------------------------------------------------------------------- action codes

def action_cards(game: Game, decision: Decision) -> list:
    """The action cards this decision chooses from (`Action`s), in the engine's order."""
    index = game.rules.action_index()
    ids = dict.fromkeys(a for option in decision.options for a in option)
    return [index[a] for a in ids if a in index]


def picks_of(decision: Decision) -> int:
    return len(decision.options[0]) if decision.options else 0


def squash(text: str) -> str:
    """A name as typed loosely: folded, letters and digits only ('Explore +5' -> 'explore5')."""
    return "".join(ch for ch in name_key(text) if ch.isalnum())


def action_code(action) -> str:
    """The short code of an action card alone: its phase's initial and the digits of its
    name ('e5', 'e11', 'd', 'c2'). `action_codes` makes the codes of a table unique."""
    base = action.name.split("(")[0]
    return action.phase[:1] + "".join(ch for ch in base if ch.isdigit())


def action_codes(cards: list) -> list[str]:
    """One code per action card, unique among `cards`: the card's own code, or for a card
    whose code an earlier one holds, a second copy's `d2`, a card named otherwise than its
    phase gets its name's initial before the code (a card "Bonus Develop": `bd`), else the
    phase's first two letters (Search: `se`)."""
    codes: list[str] = []
    for a in cards:
        base = action_code(a)
        digits = base[1:]
        initial = a.name[:1].casefold()
        candidates = [base]
        if any(_same_card(a, b) for b in cards[:len(codes)]):
            candidates.append(base + "2")
        if initial != base[:1]:
            candidates.append(initial + base)
        candidates.append(a.phase[:2] + digits)
        candidates += [f"{base}{n}" for n in range(2, len(cards) + 2)]
        codes.append(next(c for c in candidates if c not in codes))
    return codes


def _same_card(a, b) -> bool:
    """Copies of one card (Develop and Develop (second)): either one will do."""
    return a.phase == b.phase and a.bonus == b.bonus


def _action_hits(token: str, cards: list) -> list[int]:
    """Indexes of the cards `token` names, by the first test that names any: number; a
    card's own code; id, shared code or whole name; start of the name or code; start of a
    word; any part."""
    n = number(token)
    if n is not None:
        return [n - 1] if 1 <= n <= len(cards) else []
    key = squash(token)
    if not key:
        return []
    own = [i for i, code in enumerate(action_codes(cards))
           if code == key != action_code(cards[i])]
    if own:     # a code given to tell a card apart (`d2`, `se`) names that card alone
        return own
    tests = [
        lambda a: key in (a.id, action_code(a), squash(a.name)),
        lambda a: squash(a.name).startswith(key) or action_code(a).startswith(key),
        lambda a: any(squash(w).startswith(key) for w in a.name.split()),
        lambda a: key in squash(a.name),
    ]
    for test in tests:
        hits = [i for i, a in enumerate(cards) if test(a)]
        # A card everyone holds before a once-per-game one sharing its code (Settle before
        # a Search, Develop before a once-per-game Develop): that one is typed by name.
        hits = [i for i in hits if not cards[i].once_per_game] or hits
        if hits:
            # A name of one copy names the other too: `develop develop` takes both.
            return [i for i, a in enumerate(cards)
                    if i in hits or any(_same_card(a, cards[h]) for h in hits)]
    return []


def _actions_typed(game: Game, decision: Decision, text: str, shown, labels) -> tuple:
    """Action cards typed compactly: `e5 d`, `develop settle`, `explore+5, consume-x2`, card
    numbers (`1 3`) or whole names; commas or spaces between cards."""
    cards = action_cards(game, decision)
    need = picks_of(decision)
    taken: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        words = part.split()
        i = 0
        while i < len(words):
            # The longest run of words that names a card ("Explore +5", "Consume: x2 VP").
            for j in range(len(words), i, -1):
                token = " ".join(words[i:j])
                hits = _action_hits(token, cards)
                free = [h for h in hits if h not in taken]
                if hits and (j == i + 1 or (free and all(_same_card(cards[free[0]], cards[h])
                                                         for h in free))):
                    break
            if not free:
                if hits:
                    raise IllegalChoice(f"{escape.shown(token)} names a card already chosen")
                raise IllegalChoice(f"{escape.shown(token)} is not an action card here; type "
                                    "codes or names such as " + example_actions(cards, need))
            if not all(_same_card(cards[free[0]], cards[h]) for h in free):
                raise IllegalChoice(f"{escape.shown(token)} could mean " + " or ".join(
                    dict.fromkeys(cards[h].name for h in free)) + "; type more of it")
            taken.append(free[0])
            i = j
    if len(taken) != need:
        raise IllegalChoice(f"choose {plural(need, 'action card')}, not {len(taken)} (for "
                            f"example {example_actions(cards, need)})")
    answer = tuple(cards[i].id for i in sorted(taken))
    if answer not in decision.options:
        raise IllegalChoice(" + ".join(cards[i].name for i in sorted(taken))
                            + " cannot be chosen together")
    return answer


def example_actions(cards: list, need: int) -> str:
    """`e5 d` for two picks, `d` for one: codes of the first distinct cards."""
    codes = list(dict.fromkeys(action_code(a) for a in cards))   # copies: one code
    return "`" + " ".join(codes[i] for i in (0, 2)[:need] if i < len(codes)) + "`"


# The card game's own notations, which the base game registers in every game's rules.
BASE: tuple[Notation, ...] = (
    Notation("action", ("action", "actions"), _action_text, _action_parse,
             short=_actions_typed),
    *(Notation(kind, (verb,), _pick_text, _pick_parse) for kind, verb in PICK_VERBS.items()),
    Notation("develop", ("develop", "pass"), _develop_text, _develop_parse),
    Notation("develop_way", ("develop",), _develop_way_text, _develop_way_parse),
    Notation("settle", ("settle", "conquer", "pass"), _settle_text, _settle_parse),
    Notation("upgrade", ("replace", "pass"), _upgrade_text, _upgrade_parse),
    Notation("trade", ("trade",), _world_text("trade"), _world_parse),
    Notation("windfall", ("produce", "skip"), _world_text("produce"), _world_parse),
    Notation("produce_order", ("use",), _use_text, _use_parse),
    Notation("ante_keep", ("keep",), _world_text("keep"), _world_parse),
    Notation("start_world", ("keep",), _world_text("keep"), _world_parse),
    Notation("good_paid", ("consume",), _world_text("consume"), _world_parse),
    Notation("consume", ("consume", "done"), _consume_text, _consume_parse),
)
