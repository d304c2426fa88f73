"""What the robot does: setup, the dice each round, and its action or response in each phase.

Every card the robot touches is a real card moved between `game.deck`, `game.discard_pile`,
its hand pile and its tableau. All randomness is `game.rng`.
"""

from __future__ import annotations

from rftg_cli.words import plural

from .data import DEFAULT_LEVEL, Marker, load_data
from .dice import (ACTION_OF_CELL, CELL_NAMES, FACE_NAMES, human_cells, place_dice, robot_actions,
                   translate)
from .state import KEY, RobotState


def robot(game) -> RobotState:
    return game.extra[KEY]


def marker(st: RobotState) -> Marker:
    return load_data().marker(st.marker)


def say(game, st: RobotState, text: str) -> None:
    if game.record:
        line = "Robot " + text
        st.lines.append(line)
        game.log(-1, line)




# ---------------------------------------------------------------------- tracks and cards

def add_credits(st: RobotState, n: int) -> None:
    st.credits = max(0, min(load_data().rules["max_credits"], st.credits + n))


def add_economy(st: RobotState, n: int) -> None:
    st.economy = max(0, min(load_data().rules["max_economy"], st.economy + n))


def gain_vp(game, st: RobotState, n: int) -> None:
    """VP chips from the pool; the round still pays in full when it runs dry."""
    if n > 0:
        st.vp += n
        game.pool = max(0, game.pool - n)


def draw(game, st: RobotState, n: int) -> int:
    if n <= 0:
        return 0
    if load_data().rules["robot_draw_reshuffles"]:
        cards = game.draw(n)
    else:
        # Only what the deck holds: the reshuffle waits for the next draw that needs it.
        cards = [game.deck.pop() for _ in range(min(n, len(game.deck)))]
    st.pile.extend(cards)
    return len(cards)


def matches(game, st: RobotState, card, kind: str, exclude: str = "") -> bool:
    if exclude and card.has_keyword(exclude):
        return False
    world, military = card.is_world, card.military
    # An "Alien world" is a world of Alien goods (production or windfall), as BoW's search
    # category « mondes trouvaille ou producteurs Alien » reads; other ALIEN cards are not.
    alien = card.good == "alien"
    if kind in ("development", "development_not_six"):
        if not card.is_development or (kind == "development_not_six" and card.is_six_cost):
            return False
        if load_data().rules["skip_duplicate_developments"]:
            return all(game.design[c].id != card.id for c in st.tableau)
        return True
    return {
        "nonmilitary_world": world and not military,
        "military_world": world and military,
        "alien_world": world and alien,
        "alien_military_world": world and alien and military,
        "alien_military_or_nonmilitary_world": world and (not military or alien),
    }[kind]


def search(game, st: RobotState, kind: str, exclude: str = "") -> tuple[int | None, int]:
    """Flip the pile until a card of `kind` shows; the others go to the discard pile.
    Returns (card found or None, cards discarded)."""
    discarded = 0
    while st.pile:
        c = st.pile.pop()
        if matches(game, st, game.design[c], kind, exclude):
            return c, discarded
        game.discard_pile.append(c)
        discarded += 1
    return None, discarded


def place(game, st: RobotState, c: int) -> None:
    st.tableau.append(c)
    card = game.design[c]
    m = marker(st)
    kw = load_data().rules["prestige_keyword"]
    gained = 1 if kw and card.has_keyword(kw) else 0
    if any(card.has_keyword(k) for k in m.prestige_keywords) and (
            card.is_development or card.military):
        gained += 1
    st.prestige += gained


def _search_text(game, found, discarded: int, what: str) -> str:
    flips = f"discards {discarded}, " if discarded else ""
    if found is None:
        return f"searches its pile for a {what}: {flips}finds nothing"
    return f"searches its pile for a {what}: {flips}places {game.name(found)}"


KIND_TEXT = {
    "development": "development", "development_not_six": "development that is not 6-cost",
    "nonmilitary_world": "non-military world", "military_world": "military world",
    "alien_world": "world of Alien goods",
    "alien_military_world": "military world of Alien goods",
    "alien_military_or_nonmilitary_world": "non-military world or military world of Alien goods",
}


# ---------------------------------------------------------------------- setup and dice

def setup(game) -> None:
    """Deal the robot a start world (after yours, at random from those left), its tracks,
    tiles and hand pile."""
    starts = [i for i, c in enumerate(game.deck) if game.design[c].is_start_world]
    world = game.deck.pop(game.rng.choice(starts)) if starts else None
    start(game, world)


def start(game, world: int | None) -> RobotState:
    """Set the robot up with this start world (already out of the deck)."""
    data = load_data()
    level = data.level(game.config.option("difficulty", DEFAULT_LEVEL))
    if level is None:
        raise ValueError(f"unknown robot difficulty {game.config.option('difficulty')!r}")
    st = RobotState(level)
    name = ""
    if world is not None:
        st.start_world = world
        st.tableau.append(world)
        name = game.name(world)
    st.marker = name if name in data.starts else ""
    m = marker(st)
    st.credits, st.economy, st.robot_equals = m.credits, m.economy, m.robot
    st.tiles_left = data.difficulty[level]["tiles"]
    game.extra[KEY] = st
    draw(game, st, m.hand)
    say(game, st, f"starts with {name or 'no start world'} ({level}): "
                  f"{plural(st.credits, 'credit')}, economy {st.economy}, "
                  f"{plural(len(st.pile), 'card')} in its pile, {plural(st.tiles_left, 'tile')}, "
                  f"Robot = "
                  f"{FACE_NAMES[st.robot_equals]}.")
    return st


def mat_actions(game) -> tuple[str, ...]:
    """Your markers: the action cards you chose, a card played as another (BoW's Prestige
    bonus, played with the card of its phase) as that one; a card calling no phase of the
    mat (BoW's search) puts no marker."""
    index = game.rules.action_index()
    out = []
    for a in game.players[0].actions:
        a = index[a].base or a
        if a in ACTION_OF_CELL.values():
            out.append(a)
    return tuple(out)


def select(game) -> tuple[str, ...]:
    """Roll and place the dice (after you chose); the action ids they give the robot."""
    st = robot(game)
    st.lines = []
    roll = tuple(game.rng.choice(die) for die in load_data().dice)
    faces = tuple(translate(f, st.robot_equals) for f in roll)
    human = human_cells(mat_actions(game), load_data().rules["your_single_marker"])
    cells = place_dice(human, faces)
    st.roll, st.faces, st.cells = roll, faces, cells
    if game.record:
        shown = []
        for raw, face, cell in zip(roll, faces, cells):
            label = FACE_NAMES[raw] + (f" (= {FACE_NAMES[face]})" if raw == "robot" else "")
            shown.append(f"{label} on {CELL_NAMES[cell]}")
        say(game, st, "rolls " + " and ".join(shown) + ".")
    return robot_actions(cells)


def end_check(game) -> str:
    """Its tableau (tiles count as cards) ends the game like a player's; says why, or ""."""
    st = game.extra.get(KEY)
    if st is None or st.tableau_size < game.rules.game_end_tableau:
        return ""
    said = f"the robot has {st.tableau_size} cards in its tableau"
    if not st.tiles_placed:
        return said
    cards = plural(st.tableau_size - st.tiles_placed, "card")
    return f"{said} ({cards} and {plural(st.tiles_placed, 'development tile')})"


# ---------------------------------------------------------------------- phases

def phase_hook(game, phase: str, instance: int) -> None:
    st = game.extra.get(KEY)
    if st is None:
        return
    cells = set(st.cells)
    performed: list[str] = []
    if phase == "explore":
        n = len(cells & {"E1", "E2"})
        explore(game, st, n)
        if n:
            performed.append("explore")
    elif phase in ("develop", "settle"):
        cell = ("D" if phase == "develop" else "S") + str(instance + 1)
        action = cell in cells
        (develop if phase == "develop" else settle)(game, st, action)
        if action:
            performed.append(phase)
    elif phase == "consume":
        trade, x2 = "C$" in cells, "Cx2" in cells
        for _ in range(max(_times(st, "C$"), _times(st, "Cx2"))):
            consume(game, st, trade, x2)
        performed += [k for k, on in (("trade", trade), ("consume2", x2)) if on]
    elif phase == "produce":
        action = "P" in cells
        for _ in range(_times(st, "P")):
            produce(game, st, action)
        if action:
            performed.append("produce")
    switch = dict(marker(st).after_action)
    for kind in performed:
        if st.robot_equals == kind and kind in switch:
            st.robot_equals = switch[kind]
            say(game, st, f"now treats its robot face as {FACE_NAMES[st.robot_equals]}.")
            break


def _times(st: RobotState, cell: str) -> int:
    """How many times the robot does a single cell's action: once, or once per die on it
    when `doubled_single_cell` is "twice" (at least once: a response)."""
    if load_data().rules["doubled_single_cell"] == "twice":
        return max(1, st.cells.count(cell))
    return 1


def explore(game, st: RobotState, dice: int) -> None:
    mat = marker(st).mat["explore"]
    if dice >= 2:
        n, credits, what = mat["double_draw"], mat["double_credits"], "double Explore action"
    elif dice == 1:
        n, credits, what = mat["action_draw"], mat["action_credits"], "Explore action"
    else:
        n, credits, what = mat["response_draw"], 0, "Explore response"
    got = draw(game, st, n)
    add_credits(st, credits)
    text = f"({what}): draws {got}"
    if credits:
        text += f", +{plural(credits, 'credit')} (credits {st.credits})"
    say(game, st, text + f"; {plural(len(st.pile), 'card')} in its pile.")


def develop(game, st: RobotState, action: bool) -> None:
    mat = marker(st).mat["develop"]
    what = "Develop action" if action else "Develop response"
    tile_cost = mat["tile_cost_action" if action else "tile_cost_response"]
    if st.tiles_left > 0 and st.credits >= tile_cost:
        st.credits -= tile_cost
        st.tiles_left -= 1
        st.tiles_placed += 1
        say(game, st, f"({what}): pays {plural(tile_cost, 'credit')} and places a 6-cost "
                      f"development tile (credits {st.credits}, {plural(st.tiles_left, 'tile')} left).")
        return
    exclude = mat["exclude_keyword"]
    if action:
        got = draw(game, st, mat["action_draw"])
        kind = "development" if st.credits >= 1 else "development_not_six"
        found, discarded = search(game, st, kind, exclude)
        text = f"({what}): draws {got}, " + _search_text(game, found, discarded, KIND_TEXT[kind])
        if found is not None:
            place(game, st, found)
            if game.design[found].is_six_cost:
                price = min(st.credits, mat["action_six_cost_price"])
                st.credits -= price
                text += f", pays {plural(price, 'credit')} (credits {st.credits})"
            else:
                text += " free"
        say(game, st, text + ".")
        return
    if st.credits < mat["response_min_credits"]:
        say(game, st, f"({what}): no credits, does nothing.")
        return
    got = draw(game, st, mat["response_draw"])
    found, discarded = search(game, st, "development", exclude)
    text = f"({what}): " + (f"draws {got}, " if got else "") + _search_text(
        game, found, discarded, "development")
    if found is not None:
        place(game, st, found)
        price = min(st.credits, mat["response_cost"])
        st.credits -= price
        text += f", pays {plural(price, 'credit')} (credits {st.credits})"
    say(game, st, text + ".")


def _settle_draw(game, st: RobotState, mat, which: str) -> int:
    n = mat[f"{which}_draw"]
    per = mat[f"{which}_draw_per_keyword"]
    if per:
        n += sum(1 for c in st.tableau
                 if game.design[c].is_world and game.design[c].has_keyword(per))
    return draw(game, st, n)


def settle(game, st: RobotState, action: bool) -> None:
    m = marker(st)
    mat = m.mat["settle"]
    exclude = mat["exclude_keyword"]
    if action:
        if m.first_settle_action is not None and "first_settle" not in st.used:
            first_settle(game, st, m.first_settle_action)
            return
    elif st.credits < mat["response_min_credits"]:
        say(game, st, "(Settle response): no credits, does nothing.")
        return
    role = "action" if action else "response"
    got = _settle_draw(game, st, mat, role)
    kind = mat[f"{role}_search"]
    found, discarded = search(game, st, kind, exclude)
    text = f"(Settle {role}): draws {got}, " + _search_text(
        game, found, discarded, KIND_TEXT[kind])
    if found is not None:
        place(game, st, found)
        price = min(st.credits, mat[f"{role}_cost"])
        st.credits -= price
        if price:
            text += f", pays {plural(price, 'credit')} (credits {st.credits})"
    say(game, st, text + ".")


def first_settle(game, st: RobotState, spec) -> None:
    """Doomed World: search the draw deck (non-matching cards are discarded [P]). The flipped
    cards are held aside until the search ends, so a reshuffle never brings one back: no card
    is flipped twice. `search_deck_limit`: the deck only, or the deck then the discard pile."""
    st.used = st.used + ("first_settle",)
    limit = len(game.deck)
    if load_data().rules["search_deck_limit"] == "deck_and_discard":
        limit += len(game.discard_pile)
    found, flipped = None, []
    while len(flipped) < limit:
        top = game.draw(1)
        if not top:
            break
        c = top[0]
        card = game.design[c]
        if matches(game, st, card, spec["search"]) and card.vp >= spec.get("min_vp", 0):
            found = c
            break
        flipped.append(c)
    game.discard_pile.extend(flipped)
    discarded = len(flipped)
    what = KIND_TEXT[spec["search"]] + f" worth {spec.get('min_vp', 0)}+ VP"
    text = "(first Settle action): searches the deck for a " + what + ": " + (
        f"discards {discarded}, " if discarded else "")
    if found is None:
        text += "finds nothing"
    else:
        place(game, st, found)
        text += f"places {game.name(found)}"
    add_credits(st, spec.get("credits", 0))
    add_economy(st, spec.get("economy", 0))
    text += f"; credits {st.credits}, economy {st.economy}"
    if spec.get("discard_start_world") and st.start_world in st.tableau:
        st.tableau.remove(st.start_world)
        game.discard_pile.append(st.start_world)
        text += f"; discards {game.name(st.start_world)} from its tableau"
        st.start_world = -1
    say(game, st, text + ".")


def consume(game, st: RobotState, trade: bool, x2: bool) -> None:
    mat = marker(st).mat["consume"]
    e = st.economy
    if trade and x2:
        vp = mat["x2_vp_per_economy"] * e
        gain_vp(game, st, vp)
        add_credits(st, mat["trade_credits"])
        add_economy(st, mat["x2_economy"])
        what = "Trade and x2 actions"
    elif trade:
        add_credits(st, mat["trade_credits"])
        vp = mat["trade_vp_per_economy"] * e
        gain_vp(game, st, vp)
        what = "Trade action"
    elif x2:
        vp = mat["x2_vp_per_economy"] * e
        gain_vp(game, st, vp)
        add_economy(st, mat["x2_economy"])
        what = "x2 action"
    else:
        vp = mat["response_vp_per_economy"] * e
        gain_vp(game, st, vp)
        say(game, st, f"(Consume response): gains {vp} VP (economy {e}).")
        return
    kind = mat["x2_prestige_if_world"]
    extra = ""
    if x2 and kind and any(matches(game, st, game.design[c], kind) for c in st.tableau):
        st.prestige += 1
        extra = ", +1 prestige"
    say(game, st, f"(Consume: {what}): gains {vp} VP{extra}; credits {st.credits}, "
                  f"economy {st.economy}.")


def produce(game, st: RobotState, action: bool) -> None:
    mat = marker(st).mat["produce"]
    which = "action" if action else "response"
    econ, credits = mat[f"{which}_economy"], mat[f"{which}_credits"]
    add_economy(st, econ)
    add_credits(st, credits)
    if not econ and not credits:
        say(game, st, f"(Produce {which}): does nothing.")
        return
    text = f"(Produce {which}): economy {st.economy}"
    if credits:
        text += f", +{plural(credits, 'credit')} (credits {st.credits})"
    say(game, st, text + ".")


# ---------------------------------------------------------------------- prestige

def prestige(game) -> int:
    """Its prestige, for the Prestige leader tile (`OFFER_PRESTIGE`)."""
    st = game.extra.get(KEY)
    return 0 if st is None else st.prestige


def leader_bonus(game, full: bool) -> None:
    """As sole Prestige leader at the start of a round, having gained prestige in the round
    before (`full`): « il gagne 1 PV, place une carte dans sa pioche et augmente son crédit
    d'1 » (BoW solitaire rules); otherwise (a leader without a gain, or tied) 1 VP."""
    st = game.extra[KEY]
    gain_vp(game, st, 1)
    if full:
        draw(game, st, 1)
        add_credits(st, 1)
        say(game, st, f"(Prestige leader): gains 1 VP, a card in its pile and 1 credit "
                      f"(credits {st.credits}).")
    else:
        say(game, st, "(Prestige leader): gains 1 VP.")
