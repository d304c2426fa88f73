"""The start-world choice (`rules.start_world_choice`): each player is dealt a red and a blue
start world with the six cards, keeps one face down, discards the other, and once every seat
has also discarded to start, all the kept worlds are revealed at once (base rulebook,
« Mondes de départ pour joueurs expérimentés »; the standard setup of Rebel vs Imperium).

While face down the kept world lies in `PlayerState.start_worlds`, seen by its owner only
(`engine.view`, `engine.determinize`); its start power acts on its owner's first discard.
"""

from __future__ import annotations

from rftg_cli.errors import ConfigError
from rftg_cli.decision import Decision
from .event import KEEP
from .game import Game, task
from .round import place_card, timing_order


def start_pairs(game: Game, starts: list[int]) -> list[list[int]]:
    """A red and a blue start world for each player; the rest go into the deck (rulebook,
    « Mondes de départ pour joueurs expérimentés »: « triez les mondes de départ, en deux
    groupes : impairs (rouges) et pairs (bleus). Mélangez les cartes de chaque groupe et
    distribuez-en une de chaque à chaque joueur. Mélangez les mondes de départ restant avec
    les autres cartes de jeu »)."""
    n = game.config.players
    groups = []
    for color in ("red", "blue"):
        group = [c for c in starts if game.design[c].start_color == color]
        if len(group) < n:
            raise ConfigError(f"{n} players need {n} {color} start worlds to choose from; "
                              f"these card sets have {len(group)}")
        game.rng.shuffle(group)
        groups.append(group)
    return [[red, blue] for red, blue in zip(groups[0][:n], groups[1][:n])]


@task("ask_start_world")
def ask_start_world(game: Game, player: int) -> None:
    game.ask(Decision("start_world", player, tuple(game.players[player].start_worlds), None,
                      "Keep one of your two start worlds (the other is discarded)"),
             "start_world_kept", player)


@task("start_world_kept")
def start_world_kept(game: Game, answer: int, player: int) -> None:
    p = game.players[player]
    game.discard_pile.extend(c for c in p.start_worlds if c != answer)
    p.start_worlds = [answer]
    game.log(player, f"You keep {game.name(answer)}.", KEEP,
             told=f"{p.name} keeps a start world, face down: {game.name(answer)}.")
    game.log(-1, f"{p.name} keeps a start world, face down.", KEEP, player)


@task("reveal_start_worlds")
def reveal_start_worlds(game: Game) -> None:
    """« Les joueurs révèlent ensuite simultanément leur monde de départ »: the kept worlds
    enter the tableaux (a windfall world with its good) and set the timing order."""
    saves = []
    for i, p in enumerate(game.players):
        world, *waiting = p.start_worlds
        p.start_worlds = []
        place_card(game, i, world)
        game.log(-1, f"{p.name} reveals {game.name(world)}.")
        # Cards wait with a start world only in a seat's determinized copy (its guess of
        # another seat's hidden cards).
        game.discard_pile.extend(waiting)
        if "start_save" in game.design[world].specials:
            saves.append(("start_save", i))
    game.order = timing_order([game.design[p.tableau[0]].start_number or 0
                               for p in game.players])
    game.push(*saves)


@task("start_save")
def start_save(game: Game, player: int) -> None:
    """Galactic Scavengers' start power (The Brink of War: « Le monde de départ [...] les
    Fourgueurs galactiques, a un pouvoir de départ », the rulebook names it only): once its
    owner has discarded its starting hand down, one of the cards it kept is saved under it,
    as Keldon's engine and Board Game Arena play it (« place 1 card from your hand under
    this world before your first action »). Kept face down (start-world choice), it acts
    once revealed."""
    from .saved import ask_save

    p = game.players[player]
    savers = [c for c in p.tableau if "start_save" in game.design[c].specials]
    if savers and p.hand:
        ask_save(game, player, savers[0], p.hand, (), "kept in your starting hand")


def start_cards(game: Game, player: int) -> list[int]:
    """The tableau at the start, with the start world kept face down (start-world choice):
    its start power (Ancient Race, Galactic Scavengers) acts on its owner's first discard."""
    p = game.players[player]
    return p.tableau + p.start_worlds
