"""Setup and the round: Roll, Assign, Reveal, the phases, Manage Empire, the end check
(rulebook: "Déroulement de la partie"; our summary, sections 2 and 3)."""

from __future__ import annotations

from rftg_cli.decision import Decision

from .data import PHASES, choices
from .state import RollGame, task
from .words import counted, says

# ---------------------------------------------------------------- setup


@task("setup")
def setup(game: RollGame) -> None:
    """Each player: a random faction and home world, both built; 3 white dice in the cup and
    2 in the citizenry; $1 (Doomed World: $8); the immediate effects of the faction world(s)
    and home world; then two tiles from the bag, one on each construction stack."""
    data, rng, rules = game.data, game.rng, game.data.rules
    factions = list(data.factions)
    homes = list(data.homes)
    rng.shuffle(factions)
    rng.shuffle(homes)
    order: list[tuple] = []
    for i, p in enumerate(game.players):
        faction, home = factions[i], homes[i]
        p.faction, p.home = faction.number, home.number
        p.credits = home.start_credits
        for _ in range(rules["start_cup"]):
            if game.take_supply("white"):
                p.cup.append("white")
        for _ in range(rules["start_citizenry"]):
            if game.take_supply("white"):
                p.citizenry.append("white")
        game.log(-1, f"{p.name} {says(p.name, 'start')} with {faction.name} and "
                     f"{home.side.name}.")
        for side in (home.side, *faction.sides):
            p.tableau.append(side.name)
            if side.is_world:
                order.append(("world_effect", i, side.name))
        # The two tiles lie on the stacks at once; the player then says which goes where.
        p.dev_stack.append(game.draw_tile())
        p.world_stack.append(game.draw_tile())
        order.append(("start_tiles", i))
    if game.bot:
        order.append(("bot_setup",))
    order.append(("round_start",))
    game.push(*order)


@task("start_tiles")
def start_tiles(game: RollGame, pi: int) -> None:
    p = game.players[pi]
    a, b = p.dev_stack[0], p.world_stack[0]
    options = ((a, b), (b, a))
    game.ask(Decision("start", pi, options, prompt="Which tile goes on your development "
                      "stack (the other goes world side up on your world stack)?"),
             "start_tiles_answer", pi)


@task("start_tiles_answer")
def start_tiles_answer(game: RollGame, answer, pi: int) -> None:
    dev, world = answer
    p = game.players[pi]
    p.dev_stack[:] = [dev]
    p.world_stack[:] = [world]


# ---------------------------------------------------------------- the round


@task("round_start")
def round_start(game: RollGame) -> None:
    game.round += 1
    game.phase = "assign"
    game.selected = ()
    game.white_die = ""
    game.log(-1, f"Round {game.round}.")
    steps: list[tuple] = []
    for i, p in enumerate(game.players):
        roll(game, p)
        steps.append(("assign", i))
    steps += [("reveal",), ("phases", 0), ("manage",), ("round_end",)]
    game.push(*steps)


def roll(game: RollGame, p) -> None:
    """Roll the cup; each die goes to the column of its face, wild dice to Explore (they can
    be moved freely while assigning, as on Board Game Arena)."""
    rng, dice = game.rng, game.data.dice
    wild_column = choices()["wild_column"]
    for ph in PHASES:
        p.columns[ph].clear()
    for colour in sorted(p.cup):
        face = rng.choice(dice[colour].faces)
        if face == "wild":
            p.columns[wild_column].append((colour, True))
        else:
            p.columns[face].append((colour, False))
    p.cup.clear()
    for ph in PHASES:
        p.columns[ph].sort()
    p.selection = None
    p.dictates = 0
    p.used.clear()
    p.did = {}


@task("reveal")
def reveal(game: RollGame) -> None:
    """Every phase selected by someone happens; with two players a white die adds one more;
    in a solo game the bot's two phases do (roll-solo-bot.md 5). Dice in the columns of
    phases that do not happen go back to the cup at once."""
    selected = set()
    for p in game.players:
        if p.selection:
            phase, colour = p.selection
            selected.add(phase)
            p.columns[phase].append((colour, False))
            game.log(-1, f"{p.name} selected {phase.capitalize()}.")
    if len(game.players) == 2:
        face = game.rng.choice(game.data.dice["white"].faces)
        game.white_die = face
        selected.add(face)
        game.log(-1, f"The extra white die shows {face.capitalize()}.")
    if game.bot:
        from .bot import bot_roll_phases
        selected.update(bot_roll_phases(game))
    game.selected = tuple(ph for ph in PHASES if ph in selected)
    for p in game.players:
        for ph in PHASES:
            if ph not in selected and p.columns[ph]:
                p.cup += [c for c, _ in p.columns[ph]]
                p.columns[ph].clear()
        # The Dictate area's dice go back to the cup now (rulebook, Dévoilement).
        p.cup += p.dictate
        p.dictate.clear()
        p.selection = None


@task("phases")
def phases(game: RollGame, index: int) -> None:
    if index >= len(PHASES):
        return
    phase = PHASES[index]
    game.push(("phases", index + 1))
    if phase not in game.selected:
        return
    steps: list[tuple] = [("phase_begin", phase)]
    if phase in game.selected:
        # Where the order matters (draws from the bag), players go from the lowest faction
        # number round the table (rulebook, Timing).
        steps += [(phase, i) for i in play_order(game)]
        steps += [("phase_end", phase)]
    if game.bot:
        steps.append(("bot_phase", phase))
    game.push(*steps)


def play_order(game: RollGame) -> list[int]:
    n = len(game.players)
    first = min(range(n), key=lambda i: game.players[i].faction)
    return [(first + k) % n for k in range(n)]


@task("phase_begin")
def phase_begin(game: RollGame, phase: str) -> None:
    from .powers import temporary_workers
    game.phase = phase
    if phase not in game.selected:
        return
    for p in game.players:
        p.temps = temporary_workers(game, p, phase)
        p.scouted_yellow = False


@task("phase_end")
def phase_end(game: RollGame, phase: str) -> None:
    steps = []
    for p in game.players:
        p.temps = []
        # Workers who found nothing to do go back to the cup (rulebook, Phases).
        if p.columns[phase]:
            p.cup += [c for c, _ in p.columns[phase]]
            p.columns[phase].clear()
        steps.append(("end_powers", game.player_index(p), phase))
    steps.append(("return_abandoned",))
    game.push(*steps)


@task("end_powers")
def end_powers(game: RollGame, pi: int, phase: str) -> None:
    from .powers import end_of_phase
    end_of_phase(game, game.players[pi], phase)


@task("return_abandoned")
def return_abandoned(game: RollGame) -> None:
    """Tiles abandoned while scouting go back into the bag at the end of Explore."""
    if game.abandoned:
        game.bag.extend(game.abandoned)
        game.abandoned.clear()
        game.bag.sort()


@task("round_end")
def round_end(game: RollGame) -> None:
    """The game ends after a round in which the VP pool ran out, or a player reached 12
    tiles (rulebook, Fin de la partie)."""
    from .scoring import final_log
    reasons = end_reasons(game)
    if reasons:
        game.end_reason = "; ".join(reasons)
        game.phase = "over"
        final_log(game)
        return
    game.push(("round_start",))


def end_reasons(game: RollGame) -> list[str]:
    """Why the game ends with this round, in English: the VP pool ran out, or a player (or
    the bot) has 12 tiles (rulebook, Fin de la partie). Empty while neither holds."""
    end = game.data.rules["end_tiles"]
    reasons = []
    if game.pool <= 0:
        reasons.append("the VP pool is empty")
    counts = [(p.name, game.tile_count(p)) for p in game.players]
    if game.bot:
        counts.append((game.bot.name, game.bot.tile_count()))
    for name, count in counts:
        if count >= end:
            reasons.append(f"{name} {says(name, 'have')} {counted(count, 'tile')}")
    return reasons
