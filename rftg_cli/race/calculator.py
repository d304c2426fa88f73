"""The card game's table-side calculator: `rftg score CARD... [--chips N] [--goods N]
[--NAME VALUE]...`, registered as `Ruleset.calculator` (the command itself is the host's).

The named cards are laid in a one-player tableau and scored by the engine's own scoring
(printed VP, VP chips, every 6-cost development's bonus), so the calculator and the game
never disagree. `--goods N` puts a good on N of the tableau's worlds (the ones that hold
goods, production worlds first), for the developments that count goods and for the
tie-break. The other options are the plugins' (`rules.calculator_inputs`, with every card
set's expansion on and the rules they imply): what the player holds that they score (tiles,
tokens).
"""

from __future__ import annotations

from rftg_cli.errors import UsageError
from rftg_cli.words import plural


def resolve_names(words: list[str], db) -> list:
    """Card designs named by the arguments. A name may be one quoted argument or spread over
    several words (`Galactic Federation` unquoted): the longest run of words that names a card
    wins."""
    designs = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):
            name = " ".join(w.strip() for w in words[i:j])
            try:
                designs.append(db.named(name))
            except KeyError:
                continue
            i = j
            break
        else:
            from rftg_cli.ui.escape import printable, shown

            # The name is echoed: escaped and cut, so the message stays one inert line.
            raise UsageError(f"unknown card {shown(words[i], 60)}: see `rftg cards "
                             f"{printable(words[i][:60])}` for the names")
    return designs


def build_tableau(designs: list, chips: int, goods: int, inputs: dict | None = None):
    """A one-player game holding exactly this tableau, these chips and goods, and the
    `inputs` plugins take (`rules.calculator_inputs`: name -> values)."""
    from rftg_cli.config import GameConfig

    from .base_game import rftg_configure_rules
    from .cards.loader import load_cards
    from .cards.model import SETS
    from .engine import Game, Rules

    config = GameConfig(players=1)
    rules = Rules(card_sets=set(SETS), min_players=1)
    if inputs:
        config = with_card_set_plugins(rules)
    else:
        rftg_configure_rules(config=config, rules=rules)   # the base power kinds: military
    db = load_cards()
    rules.powers.allow_unplayed(db.cards, "the calculator plays no phase")
    # Every design of every set must be scorable: a design that a later set replaces in the
    # deck (base Gambling World under Rebel vs Imperium) still gets its one copy here.
    in_deck = set(db.deck_copies(rules.card_sets))
    rules.extra_cards.extend((card, 1) for card in db.cards if card.id not in in_deck)
    game = Game(config, 0, rules, db, record=False)
    p = game.players[0]
    # Every card of the game is free, whatever setup dealt (a hand, the pair of start worlds
    # to choose from when the sets are on): the position holds only the cards named.
    free = list(range(len(game.design)))
    p.hand, p.tableau, p.goods, p.explore_seen, p.start_worlds = [], [], {}, [], []
    numbers = []
    seen_developments = set()
    for design in designs:
        if design.is_development:
            if design.name in seen_developments:
                raise UsageError(f"{design.name} is named twice: a tableau never holds two "
                                 "copies of a development")
            seen_developments.add(design.name)
        copy = next((n for n in free if game.design[n].id == design.id), None)
        if copy is None:
            # A name two designs share (one per set, same VP): any copy of that name.
            copy = next((n for n in free if game.design[n].name == design.name), None)
        if copy is None:
            raise UsageError(f"{design.name} is named more times than it has copies")
        free.remove(copy)
        numbers.append(copy)
    p.tableau = numbers
    p.active = tuple(numbers)
    p.vp = chips
    holders = [n for n in numbers if game.design[n].is_world and game.design[n].good]
    holders.sort(key=lambda n: not game.design[n].produces)
    if goods > len(holders):
        raise UsageError(f"--goods {goods}: only {plural(len(holders), 'world')} of this "
                         "tableau can hold a good")
    for world in holders[:goods]:
        p.goods[world] = free.pop()
    game.deck = free
    game.discard_pile = []
    for name, values in (inputs or {}).items():
        given = rules.calculator_inputs.get(name)
        if given is None:
            raise UsageError(f"--{name}: no expansion scores it")
        try:
            given.apply(game, 0, values)
        except (KeyError, ValueError) as exc:
            raise UsageError(f"--{name}: {exc.args[0] if exc.args else exc}") from exc
    return game


def with_card_set_plugins(rules):
    """Let the plugins shape the calculator's rules with every expansion that adds a card
    set on (their score rules and inputs); returns that configuration."""
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import call_hook, default_registry, with_implied

    registry = default_registry()
    names = with_implied([n for n, exp in registry.expansions.items() if exp.card_sets],
                         registry)
    config = GameConfig(players=1, expansions=names)
    call_hook(registry, "rftg_configure_rules", config=config, rules=rules)
    rules.min_players = 1
    return config


def breakdown(designs: list, chips: int, goods: int, inputs: dict | None = None) -> dict:
    from .engine.scoring import score, tie_break

    game = build_tableau(designs, chips, goods, inputs)
    result = score(game, 0)
    return {
        "tableau": [game.name(n) for n in game.players[0].tableau],
        "cards": result.cards,
        "chips": result.chips,
        "bonuses": dict(result.bonuses),
        "extras": dict(result.extras),
        "goods": len(game.players[0].goods),
        "tie_break": tie_break(game, 0),
        "total": result.total,
    }


def breakdown_table(data: dict):
    """A `breakdown` as the player reads it: a rich table of VP, then the tableau and goods."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table(title=plural(len(data["tableau"]), "card"), show_footer=True)
    table.add_column("", footer="total")
    table.add_column("VP", justify="right", footer=str(data["total"]))
    table.add_row("printed card VP", str(data["cards"]))
    table.add_row("VP chips", str(data["chips"]))
    for name, points in data["bonuses"].items():
        table.add_row(f"{name} bonus", str(points))
    for label, points in data["extras"].items():
        table.add_row(label, str(points))
    return Group(table, Text(f"tableau: {', '.join(data['tableau'])}"),
                 Text(f"goods {data['goods']} (tie-break: goods + cards in hand)"))


class Calculator:
    """What `rftg score` asks of the card game (`Ruleset.calculator`)."""

    def inputs(self) -> dict:
        """The options plugins give the calculator: name -> `CalculatorInput`."""
        from .cards.model import SETS
        from .engine import Rules

        rules = Rules(card_sets=set(SETS), min_players=1)
        with_card_set_plugins(rules)
        return rules.calculator_inputs

    def score(self, words: list[str], chips: int, goods: int, inputs: dict) -> dict:
        """The breakdown of the tableau `words` names (`UsageError` for bad input); `inputs`:
        name -> the values given to a plugin's calculator input (`--NAME`)."""
        from .cards.loader import load_cards

        if chips < 0 or goods < 0:
            raise UsageError("--chips and --goods cannot be negative")
        return breakdown(resolve_names(words, load_cards()), chips, goods, inputs or None)

    def show(self, data: dict):
        return breakdown_table(data)


CALCULATOR = Calculator()
