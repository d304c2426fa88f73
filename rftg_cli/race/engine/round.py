"""Setup, action selection, the round's phase plan, the end of a round and of the game."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from operator import attrgetter

from rftg_cli.driver import stack_order
from rftg_cli.words import plural
from .actions import Action, phase_cards
from rftg_cli.decision import Decision
from .game import Game, task

ACTIONS = attrgetter("actions")     # a seat's action cards this round
START_HAND = 6
START_KEEP = 4


# ---------------------------------------------------------------------- setup

@task("setup")
def setup(game: Game) -> None:
    from .first_game import preset_start
    from .start_worlds import start_pairs

    rng = game.rng
    numbers = range(len(game.design))
    starts = list(game.start_numbers)
    pairs: list[list[int]] = []
    if game.config.first_game:
        chosen, hands = preset_start(game, starts)
    elif game.rules.start_world_choice:
        chosen, hands = [], None
        pairs = start_pairs(game, starts)
    else:
        rng.shuffle(starts)
        chosen, hands = starts[: game.config.players], None
    removed = set(chosen) | {c for cards in (*(hands or ()), *pairs) for c in cards}
    game.deck = list(numbers)
    for n in sorted(removed, reverse=True):     # a card's number is its index here
        del game.deck[n]
    rng.shuffle(game.deck)
    for p, world in enumerate(chosen):
        place_card(game, p, world)
    for p, pair in enumerate(pairs):
        game.players[p].start_worlds = pair
    if chosen:
        game.order = timing_order([game.design[w].start_number or 0 for w in chosen])
    for step in game.rules.setup_steps:
        step(game)
    for p in range(game.config.players):
        if hands is not None:
            game.players[p].hand.extend(hands[p])
        else:
            game.players[p].hand.extend(game.draw(START_HAND))
    if pairs:
        # Each player keeps a start world and discards down, face down; then every start
        # world is revealed at once.
        steps: list[tuple] = [step for p in range(game.config.players)
                              for step in (("ask_start_world", p), ("ask_start_discard", p))]
        steps.append(("reveal_start_worlds",))
    else:
        steps = [] if hands is not None else [
            ("ask_start_discard", p) for p in range(game.config.players)]
    game.push(*steps, ("round_start",))


def timing_order(start_numbers: list[int]) -> tuple[int, ...]:
    """Seats in the order the rulebook resolves a phase when order matters ("TIMING":
    « dans le sens horaire [...] en commençant par le joueur dont le monde de départ porte le
    plus petit chiffre »): seat numbers run clockwise, so start at the lowest start world and
    go on round the table, not by rising start-world number."""
    first = min(range(len(start_numbers)), key=lambda p: start_numbers[p])
    n = len(start_numbers)
    return tuple((first + k) % n for k in range(n))


def start_keep(game: Game, player: int) -> int:
    from .start_worlds import start_cards

    specials = {s for c in start_cards(game, player) for s in game.design[c].specials}
    return 3 if "starthand_3" in specials else START_KEEP


def ask_discard_down(game: Game, player: int, keep: int, kind: str, prompt: str,
                     why: str) -> None:
    """Discard from hand down to `keep` cards (starting hand, hand limit)."""
    hand = game.players[player].hand
    n = len(hand) - keep
    if n > 0:
        game.ask(Decision(kind, player, tuple(hand), (n, n),
                          prompt.format(cards=plural(n, "card"))),
                 "discarded_down", player, why)


@task("discarded_down")
def discarded_down(game: Game, answer: tuple, player: int, why: str) -> None:
    game.discard_from_hand(player, answer)
    if why == "to start":
        from .start_worlds import start_save
        start_save(game, player)    # a start world face down still acts once revealed
    if why == "at the end of the round":
        game.players[player].discarded_at_end = len(answer)
    if game.record:
        game.log(-1, f"{game.players[player].name} discards {len(answer)} {why}.")


@task("ask_start_discard")
def ask_start_discard(game: Game, player: int) -> None:
    ask_discard_down(game, player, start_keep(game, player), "start_discard",
                     "Choose {cards} to discard from your starting hand", "to start")


def place_card(game: Game, player: int, card: int) -> None:
    """Put a card into a tableau; a windfall world comes with a good from the deck."""
    p = game.players[player]
    p.tableau.append(card)
    p.placed.append(card)
    design = game.design[card]
    if design.windfall and design.good:
        good = game.draw(1)
        if good:
            p.goods[card] = good[0]


def remove_from_tableau(game: Game, player: int, card: int) -> None:
    """A card leaves a tableau (one-shot powers): its good goes with it; its powers and
    attributes still count for its owner until the end of the phase (The Brink of War
    rulebook, « Pouvoirs »: « les pouvoirs et attributs d'une carte enlevée du tableau [...]
    persistent [...] jusqu'à la fin de cette phase »), so it stays among the active cards."""
    from .saved import discard_saved

    p = game.players[player]
    p.tableau.remove(card)
    discard_saved(game, card)
    good = p.goods.pop(card, None)
    if good is not None:
        game.discard_pile.append(good)
    game.discard_pile.append(card)


# ---------------------------------------------------------------------- action selection

@task("round_start")
def round_start(game: Game) -> None:
    game.round += 1
    game.phase = "action"
    for p in game.players:
        p.actions = ()
        p.kept = ()
    for step in game.rules.round_start_steps:
        step(game)
    if game.record:
        game.log(-1, f"Round {game.round} begins.")
    # Psi-Crystal World (The Brink of War, « Voir les actions des autres joueurs »): its
    # owner chooses after the others' actions are revealed, so it is asked last.
    seats = tuple(range(game.config.players))
    if game.specials.get("select_last"):
        seats = tuple(sorted(seats, key=lambda p: selects_last(game, p)))
    game.push_steps(_action_steps(seats))


@cache
def _action_steps(seats: tuple[int, ...]) -> tuple[tuple, ...]:
    """A round's action choices, seat after seat, then their reveal (`push_steps`)."""
    return stack_order([*[("ask_action", p) for p in seats], ("reveal",)])


def selects_last(game: Game, player: int) -> bool:
    return game.has_special(player, "select_last")


def player_actions(game: Game, player: int) -> tuple[Action, ...]:
    """The action cards this player may choose from now: everyone's cards, then the
    player's own (a once-per-game card is gone once used)."""
    return _available(game.rules, _own_actions(game, player), game.players[player].spent)


def _own_actions(game: Game, player: int) -> list[Action]:
    return [a for source in game.rules.player_actions for a in source(game, player)]


def _available(rules, own: list[Action], spent: frozenset[str]) -> tuple[Action, ...]:
    return tuple(a for a in (*rules.actions, *own) if a.id not in spent and a.card not in spent)


def action_options(game: Game, player: int = 0) -> tuple:
    key, own = _choice_key(game, player)
    memo = game.rules.memo("action_options")
    found = memo.get(key)
    if found is None:
        found = memo[key] = _action_choices(_available(game.rules, own, key[0]),
                                            game.rules.picks_per_round)
    return found


def _choice_key(game: Game, player: int) -> tuple[tuple, list[Action]]:
    """What a player's action choices depend on (the same cards offer the same choices: the
    cards spent, the player's own ones), and the player's own action cards."""
    spent = game.players[player].spent
    if not game.rules.player_actions:
        return (spent,), []
    own = _own_actions(game, player)
    return ((spent, *(a.id for a in own)) if own else (spent,)), own


def _action_choices(actions: tuple[Action, ...], picks: int) -> tuple:
    ids = [a.id for a in actions]
    shared = {a.id: a.card for a in actions if a.card}
    options = combinations(ids, picks)
    if not shared:
        return tuple(options)
    # One physical card serves one of its actions a round, and an action played as another
    # card (`base`) stands in for that card, so the two are never chosen together.
    base = {a.id: a.base for a in actions if a.base}
    return tuple(o for o in options
                 if len({shared[a] for a in o if a in shared}) == sum(a in shared for a in o)
                 and not any(base.get(a) in o for a in o))


@task("ask_action")
def ask_action(game: Game, player: int) -> None:
    if game.specials.get("select_last") and selects_last(game, player):
        game.ask(_select_last_decision(game, player), "action_chosen", player)
        return
    # The same cards offer the same choice: the decision is memoized (a decision is never
    # changed once made).
    rules = game.rules
    spent = game.players[player].spent
    key = (player, spent) if not rules.player_actions else (player, *_choice_key(game, player)[0])
    memo = rules.memo("action_decisions")
    found = memo.get(key)
    if found is None:
        options = action_options(game, player)
        decision = Decision("action", player, options, None,
                            _action_prompt(game.rules.picks_per_round))
        found = memo[key] = (decision, {o: once for o in options if (once := spends_cards(game, o))})
    game.ask(found[0], "action_chosen", player, found[1])


def _action_prompt(picks: int) -> str:
    return "Choose your action card" if picks == 1 else f"Choose {picks} action cards"


def _select_last_decision(game: Game, player: int) -> Decision:
    """Psi-Crystal World's owner sees the actions the others chose."""
    seen = {i: p.actions for i, p in enumerate(game.players)
            if i != player and not selects_last(game, i)}
    index = game.rules.action_index()
    prompt = _action_prompt(game.rules.picks_per_round) + " (seen: " + "; ".join(
        f"{game.players[i].name} {' and '.join(index[a].name for a in acts)}"
        for i, acts in seen.items()) + ")"
    return Decision("action", player, action_options(game, player), None, prompt,
                    {"seen": seen})


@task("action_chosen")
def action_chosen(game: Game, answer: tuple, player: int, spends: dict | None = None) -> None:
    """`spends`: the once-per-game cards each option that spends one spends, when the
    decision came with them."""
    p = game.players[player]
    p.actions = tuple(answer)   # secret until every seat has chosen
    once = spends_cards(game, p.actions) if spends is None else spends.get(p.actions)
    if once:
        p.spent = p.spent | once


def spends_cards(game: Game, actions: tuple[str, ...]) -> frozenset[str]:
    """The once-per-game cards a choice of action cards spends (memoized by the choice)."""
    memo = game.rules.memo("spends")
    once = memo.get(actions)
    if once is None:
        index = game.rules.action_index()
        once = memo[actions] = frozenset(index[a].card or a for a in actions
                                         if a in index and index[a].once_per_game)
    return once


def phase_counts(actions_per_seat: list[tuple[str, ...]], rules) -> dict[str, int]:
    """How many instances of each phase the chosen actions call this round (memoized: the
    same cards call the same phases)."""
    key = tuple(actions_per_seat)
    memo = rules.memo("phase_counts")
    counts: dict[str, int] | None = memo.get(key)
    if counts is None:
        counts = {}
        memo[key] = counts
        index = rules.action_index()
        for actions in actions_per_seat:
            for phase, slots in phase_cards(actions, index).items():
                counts[phase] = max(counts.get(phase, 0), len(slots))
    return counts


def bonuses(game: Game, player: int) -> set[tuple[str, int]]:
    """(phase, instance) pairs where this player gets the selector's bonus."""
    counts = phase_counts([game.players[player].actions], game.rules)
    return {(phase, i) for phase, n in counts.items() for i in range(n)}


@task("reveal")
def reveal(game: Game) -> None:
    seats = list(map(ACTIONS, game.players))
    for p in game.players:
        p.shown += (p.actions,)
    if game.record:
        index = game.rules.action_index()
        for p in game.players:
            game.log(-1, f"{p.name} chose " + " and ".join(index[a].name for a in p.actions)
                     + ".")
    for selector in game.rules.extra_selectors:
        seats.append(tuple(selector(game)))
    # The same cards call the same phases: the plan and its tasks are memoized.
    key = tuple(seats)
    memo = game.rules.memo("round_plan")
    found = memo.get(key)
    if found is None:
        counts = phase_counts(seats, game.rules)
        plan = [(ph, i) for ph in game.rules.phases for i in range(counts.get(ph, 0))]
        found = memo[key] = (plan, stack_order([("phase", ph, i) for ph, i in plan]
                                               + [("round_end",)]))
    game.bonus_phases = found[0].copy()
    game.push_steps(found[1])


# ---------------------------------------------------------------------- phases

@task("phase")
def run_phase(game: Game, phase: str, instance: int) -> None:
    game.phase = phase
    game.instance = instance
    for p in game.players:
        active = tuple(p.tableau)
        if active != p.active:      # the same tuple keeps its power lookups (`PlayerState`)
            p.active = active
        # Emptied, each copy of a game having its own containers (`PlayerState.copy`).
        if p.used:
            p.used = set()
        p.military_bonus = 0
        if p.produced:
            p.produced = []
        if p.produced_as:
            p.produced_as = {}
        if p.placed:
            p.placed = []
        p.placing = -1
        p.settle_ways = None
    rules = game.rules
    for step in rules.phase_start_steps:
        step(game, phase, instance)
    # A header for the log (the screen draws it as one): which phase the lines below are in.
    if game.record:
        game.log(-1, f"Phase: {phase}" + (f" ({instance + 1})" if instance else "") + ".")
    if rules.phase_finish_steps:
        game.push(*[("phase_finish", phase, instance, k)
                    for k in range(len(rules.phase_finish_steps))], ("phase_end", phase, instance))
    else:
        game.tasks.append(("phase_end", phase, instance))
    # The phase's own task, run at once: nothing is on the stack above it.
    name = PHASE_TASKS.get(phase) or PHASE_TASKS.setdefault(phase, f"{phase}_phase")
    game.steps[name](game, instance)


# The task playing each phase: "X_phase" for phase X (`Rules.phases`).
PHASE_TASKS: dict[str, str] = {}


@task("phase_finish")
def phase_finish(game: Game, phase: str, instance: int, k: int) -> None:
    """One finishing step of a phase (`Rules.phase_finish_steps`), as its own task so that
    the decisions it asks are answered before the next step runs."""
    game.rules.phase_finish_steps[k](game, phase, instance)


@task("phase_end")
def phase_end(game: Game, phase: str, instance: int) -> None:
    for hook in game.rules.phase_hooks:
        hook(game, phase, instance)
    for step in game.rules.phase_end_steps:
        step(game, phase, instance)
    for p in game.players:
        p.military_bonus = 0


# ---------------------------------------------------------------------- end of round

RAISED_HAND_LIMIT = 12     # with a "discard_to_12" card (Pan-Galactic Research, ...)


def hand_limit(game: Game, player: int) -> int:
    if game.has_special(player, "discard_to_12"):
        return RAISED_HAND_LIMIT
    return game.rules.hand_limit


@task("round_end")
def round_end(game: Game) -> None:
    game.phase = "round_end"
    for step in game.rules.round_end_steps:
        step(game)
    # Only a hand over the lowest limit can be over its own (no hand grows meanwhile).
    lowest = min(game.rules.hand_limit, RAISED_HAND_LIMIT)
    steps = []
    for i, p in enumerate(game.players):
        p.discarded_at_end = 0
        if len(p.hand) > lowest:
            steps.append(("ask_hand_limit", i))
    # Only a game dealt a card that takes the others' discards needs to see them.
    if game.specials.get("take_discards"):
        steps.append(("take_discards", len(game.discard_pile)))
    if steps:
        game.push(*steps, ("check_end",))
    else:
        check_end(game)


@task("take_discards")
def take_discards(game: Game, start: int) -> None:
    """Retrofit & Salvage, Inc (The Brink of War, « Gagner les défausses des autres joueurs
    »): after discarding to its own hand limit, its owner takes the cards the others
    discarded for theirs (`start`: the discard pile's size before the hand limits; each
    player's discards follow in seat order)."""
    takers = [p for p in range(len(game.players)) if game.has_special(p, "take_discards")]
    if not takers:
        return
    at, blocks = start, []
    for p in game.players:
        blocks.append(game.discard_pile[at:at + p.discarded_at_end])
        at += p.discarded_at_end
    taker = takers[0]
    taken = [c for i, block in enumerate(blocks) if i != taker for c in block]
    if taken:
        gone = set(taken)
        game.discard_pile[start:] = [c for c in game.discard_pile[start:] if c not in gone]
        game.players[taker].hand.extend(taken)
        game.log(-1, f"{game.players[taker].name} takes the {plural(len(taken), 'card')} the "
                     "others discarded.")


@task("ask_hand_limit")
def ask_hand_limit(game: Game, player: int) -> None:
    ask_discard_down(game, player, hand_limit(game, player), "hand_limit",
                     "Discard {cards} down to your hand limit", "at the end of the round")


def tableau_limit(game: Game, player: int) -> int:
    """The tableau size that ends the game for this player (12, or 14 with a card saying so)."""
    limit = game.rules.game_end_tableau
    if game.has_special(player, "game_end_14"):
        limit = max(limit, 14)
    return limit


def game_should_end(game: Game) -> bool:
    for i, p in enumerate(game.players):
        # A card may raise the limit, never lower it.
        if len(p.tableau) >= game.rules.game_end_tableau and len(p.tableau) >= tableau_limit(
                game, i):
            return True
    if game.pool <= 0:
        return True
    for check in game.rules.end_checks:
        if check(game):
            return True
    return False


@task("check_end")
def check_end(game: Game) -> None:
    if game_should_end(game):
        game.phase = "over"
        for step in game.rules.game_end_steps:
            step(game)
        return
    round_start(game)
