"""Manage Empire (rulebook, "Gérer l'empire"): recruit, the $1 floor, recall.

* Recruit: $1 per die from the citizenry to the cup, as many as the credits allow (FAQ: yes,
  recruiting is compulsory); the player picks which when he cannot pay for all.
* A player at $0 afterwards goes to $1.
* Recall (optional, free): dice waiting on construction tiles and goods may go back to the
  cup; a player whose cup would be empty must recall at least one (Board Game Arena rule,
  docs/roll.md).
"""

from __future__ import annotations

from rftg_cli.decision import Decision

from .data import choices
from .state import Player, RollGame, task
from .words import agrees, counted


@task("manage")
def manage(game: RollGame) -> None:
    game.phase = "manage"
    game.push(*[("recruit", i) for i in range(len(game.players))],
              *[("recall", i) for i in range(len(game.players))])
    if game.bot:
        game.push(("bot_manage",))


@task("recruit")
def recruit(game: RollGame, pi: int) -> None:
    p = game.players[pi]
    cost = game.data.rules["recruit_cost"]
    n = min(p.credits // cost, len(p.citizenry))
    if n < len(p.citizenry) and len(set(p.citizenry)) > 1 and n > 0:
        options = tuple((c, i) for c in sorted(set(p.citizenry))
                        for i in range(p.citizenry.count(c)))
        game.ask(Decision("recruit", pi, options, count=(n, n), prompt=(
            f"Recruit: which {counted(n, 'die')} {agrees(n == 1, 'come')} back to your cup "
            f"(${cost} each)?")),
            "recruit_answer", pi)
        return
    _recruit(game, p, sorted(p.citizenry)[:n])


@task("recruit_answer")
def recruit_answer(game: RollGame, answer: tuple, pi: int) -> None:
    _recruit(game, game.players[pi], [c for c, _ in answer])


def _recruit(game: RollGame, p: Player, dice: list[str]) -> None:
    cost = game.data.rules["recruit_cost"]
    for c in dice:
        p.citizenry.remove(c)
        p.cup.append(c)
    p.credits -= cost * len(dice)
    if dice:
        game.note(p, "manage", "recruit",
                  f" {counted(len(dice), 'die')} for ${cost * len(dice)}")
    floor = game.data.rules["credit_floor"]
    p.credits = max(p.credits, floor)


def recall_options(p: Player) -> list[tuple]:
    out = []
    for kind in ("development", "world"):
        dice = p.building[kind]
        out += [("stack", kind, c, i) for c in sorted(set(dice)) for i in range(dice.count(c))]
    for world in sorted(p.goods):
        goods = p.goods[world]
        out += [("good", world, c, i) for c in sorted(set(goods)) for i in range(goods.count(c))]
    return out


@task("recall")
def recall(game: RollGame, pi: int) -> None:
    p = game.players[pi]
    options = tuple(recall_options(p))
    low = 1 if not p.cup and options and choices()["recall_one_when_cup_empty"] else 0
    game.ask(Decision("recall", pi, options, count=(low, len(options)), prompt=(
        "Recall: which waiting dice and goods go back to your cup?")), "recall_answer", pi)


@task("recall_answer")
def recall_answer(game: RollGame, answer: tuple, pi: int) -> None:
    p = game.players[pi]
    for where, place, colour, _ in answer:
        if where == "stack":
            p.building[place].remove(colour)
        else:
            p.goods[place].remove(colour)
            if not p.goods[place]:
                del p.goods[place]
        p.cup.append(colour)
    if answer:
        game.note(p, "manage", "recall", f" {counted(len(answer), 'die')}")
