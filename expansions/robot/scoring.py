"""The robot's score (spec §8), the winner between you and the robot, and its public status:
what the host sees of it through the `Opponent` it registers (`standing`, `status_lines`)."""

from __future__ import annotations

from rftg_cli.ruleset import SeatResult
from rftg_cli.words import plural

from .data import load_data
from .dice import CELL_NAMES, FACE_NAMES, PHASE_OF_CELL
from .state import KEY, RobotState


def _tile_vp(st: RobotState) -> int:
    return load_data().difficulty[st.difficulty]["tile_vp"]


def _variable_vp(game, st: RobotState, card) -> int:
    """A variable-VP card that is not a 6-cost development (BoW Federation Capital), scored
    with the robot's own state [P]: per-card rules over its tableau; prestige and chips
    aggregates from its tracks; military and goods aggregates are 0 (it has neither)."""
    from rftg_cli.race.engine.scoring import AGGREGATE, rule_matches

    total = 0
    per_card = [r for r in card.vp_rules if r.match not in AGGREGATE]
    for c in st.tableau:
        other = game.design[c]
        for rule in per_card:
            if rule_matches(rule, other, game.rules.powers):
                total += rule.points
                break
    for rule in card.vp_rules:
        if rule.match == "prestige":
            total += st.prestige
        elif rule.match == "three_vp":
            total += st.vp // 3
    return total


def robot_result(game) -> dict:
    """The robot's score breakdown: chips + printed VP of its cards, every 6-cost development
    and every tile at 6 (Easy/Normal) or 9 (Hard), + 1 per prestige."""
    st: RobotState = game.extra[KEY]
    per = _tile_vp(st)
    printed = six = variable = 0
    for c in st.tableau:
        card = game.design[c]
        if card.is_six_cost:
            six += per
        else:
            printed += card.vp
            if card.vp_rules:
                variable += _variable_vp(game, st, card)
    tiles = st.tiles_placed * per
    total = st.vp + printed + six + variable + tiles + st.prestige
    return {
        "chips": st.vp,
        "cards": printed,
        "variable": variable,
        "six_cost_developments": six,
        "tiles": tiles,
        "prestige": st.prestige,
        "total": total,
        "tie_break": st.credits + st.economy,
    }


NAME = "Robot"
KIND = "robot"


def _robot_wins_ties() -> bool:
    return load_data().rules["tie_still_tied"] == "robot"


def standing(game) -> SeatResult:
    """The robot in the standings, on the seats' scale: its breakdown has the same parts as
    a player's (chips, cards, bonuses, extras) and its tie-break is credits + economy."""
    st: RobotState = game.extra[KEY]
    r = robot_result(game)
    # Its tiles are not cards of its tableau: they score under "Other", not as 6-dev bonuses.
    bonuses = {"6-cost developments": r["six_cost_developments"]}
    extras = {"tiles": r["tiles"], "prestige": r["prestige"]}
    return SeatResult(
        name=NAME, kind=KIND, score=r["total"],
        breakdown={"chips": r["chips"], "cards": r["cards"] + r["variable"],
                   "bonuses": {k: v for k, v in bonuses.items() if v},
                   "extras": {k: v for k, v in extras.items() if v}},
        # Still tied after the tie-break: shared, or the robot wins (`tie_still_tied`): a
        # longer tie-break tuple beats an equal shorter one.
        tie_break=(r["tie_break"],) + ((1,) if _robot_wins_ties() else ()),
        details={"vp_chips": st.vp, "prestige": st.prestige,
                 "tableau": [game.name(c) for c in st.tableau],
                 "tiles_placed": st.tiles_placed, "pile_size": len(st.pile),
                 "tableau_size": st.tableau_size})


def status_lines(game) -> tuple[str, list[str]]:
    """The robot as the screen shows it (public facts only): a title and lines."""
    st = robot_status(game)
    dice = ", ".join(f"{d['text']} -> {d['cell_name']}" for d in st["dice"]) or "not rolled"
    lines = [
        f"Dice: {dice}   (Robot = {st['robot_equals_name']})",
        (f"Credits {st['credits']}/4  Economy {st['economy']}/5  VP chips {st['vp']}  "
         f"Pile {st['pile_size']}  Tiles {st['tiles_left']} left, {st['tiles_placed']} "
         "placed"),
        (f"Tableau {st['tableau_size']}/{st['tableau_limit']}: "
         + (", ".join(st["tableau_names"]) or "-")
         + (f" + {plural(st['tiles_placed'], 'tile')}" if st["tiles_placed"] else "")),
    ]
    lines += st["log"]
    return f"Robot ({st['difficulty']})", lines


def solo_result(game) -> dict:
    """You against the robot: both totals, tie-breaks and the winner ("human", "robot" or
    "tie"): still tied after the tie-break, the data's `tie_still_tied` decides [P]."""
    from rftg_cli.race.engine.scoring import score, tie_break

    mine = score(game, 0)
    rob = robot_result(game)
    human_key = (mine.total, tie_break(game, 0))
    robot_key = (rob["total"], rob["tie_break"])
    winner = "human" if human_key > robot_key else "robot" if robot_key > human_key else \
        "robot" if _robot_wins_ties() else "tie"
    return {"human": mine.total, "human_tie_break": human_key[1], "robot": rob["total"],
            "robot_tie_break": rob["tie_break"], "winner": winner, "robot_score": rob}


def robot_status(game) -> dict | None:
    """Everything public about the robot, for the screen (its pile's contents stay hidden)."""
    st: RobotState | None = game.extra.get(KEY)
    if st is None:
        return None
    return {
        "name": NAME,
        "difficulty": st.difficulty,
        "start_world": game.name(st.start_world) if st.start_world >= 0 else None,
        "robot_equals": st.robot_equals,
        "robot_equals_name": FACE_NAMES[st.robot_equals],
        "dice": [
            {"face": raw, "means": face, "cell": cell, "cell_name": CELL_NAMES[cell],
             "phase": PHASE_OF_CELL[cell], "text": FACE_NAMES[raw]}
            for raw, face, cell in zip(st.roll, st.faces, st.cells)
        ],
        "credits": st.credits,
        "economy": st.economy,
        "vp": st.vp,
        "prestige": st.prestige,
        "pile_size": len(st.pile),
        "tiles_left": st.tiles_left,
        "tiles_placed": st.tiles_placed,
        "tableau": list(st.tableau),
        "tableau_names": [game.name(c) for c in st.tableau],
        "tableau_size": st.tableau_size,
        "tableau_limit": game.rules.game_end_tableau,   # the game ends at this many cards
        "tableau_cards": [{"name": game.name(c), "vp": game.design[c].vp,
                           "six_cost": game.design[c].is_six_cost} for c in st.tableau],
        "log": list(st.lines),
    }
