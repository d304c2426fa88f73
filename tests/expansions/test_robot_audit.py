"""Audit of the solitaire robot against its spec (shared/rules/solo-robot.md), in real games
through the engine rather than one phase at a time: which phases the robot takes part in,
whether it does its action or its response there (§4.3, §4.4), and what each does to its
tracks and pile (§6), with Epsilon Eridani's marker (§7) in a constructed round."""

import pytest
from rftg_cli.expansions.robot import phases
from rftg_cli.expansions.robot.data import load_data
from rftg_cli.expansions.robot.dice import human_cells

from rftg_cli.rng import Rng
from tests.helpers import random_answer
from tests.robot_helpers import (
    ALL_SETS,
    Dice,
    dev_not_six,
    make_game,
    military,
    non_dev_world,
    put_on_deck,
    reset_robot,
    set_pile,
    take,
)

PAIR = {"explore": ("E1", "E2"), "develop": ("D1", "D2"), "settle": ("S1", "S2")}


def expected_plan(cells, human) -> list[tuple[str, int, bool]]:
    """(phase, instance, robot action?) for every phase the round has, in order (§4.4)."""
    robot, both = set(cells), set(cells) | set(human)
    plan = []
    if both & {"E1", "E2"}:
        plan.append(("explore", 0, bool(robot & {"E1", "E2"})))
    for phase in ("develop", "settle"):
        for i, cell in enumerate(PAIR[phase]):
            if cell in both:
                plan.append((phase, i, cell in robot))
    if both & {"C$", "Cx2"}:
        plan.append(("consume", 0, bool(robot & {"C$", "Cx2"})))
    if "P" in both:
        plan.append(("produce", 0, "P" in robot))
    return plan


def role_of(line: str) -> bool:
    """Whether a robot log line tells of an action (True) or a response (False)."""
    if "response)" in line:
        return False
    assert "action" in line or "actions)" in line, line
    return True


@pytest.mark.parametrize("level,sets", [("hard", ()), ("hard", ALL_SETS), ("easy", ALL_SETS)])
def test_the_robot_acts_once_in_each_phase_of_the_round_and_only_there(level, sets):
    """In each phase someone chose, the robot acts once, after you: its action where one of
    its dice lies on that phase's cell, its response where only your marker does; in no
    other phase (§4.4)."""
    for seed in range(40):
        game = make_game(seed, difficulty=level, sets=sets)
        calls = []

        def hook(g, phase, instance, calls=calls):
            st = g.extra["robot"]
            before = len(st.lines)
            phases.phase_hook(g, phase, instance)
            said = [line for line in st.lines[before:] if "now treats" not in line]
            assert len(said) == 1, said
            calls.append((g.round, phase, instance, role_of(said[0]), st.cells,
                          phases.mat_actions(g)))

        game.rules.phase_hooks = [hook]
        rng = Rng(seed * 7919 + 1)
        while not game.over:
            game.apply(random_answer(game.pending, rng))
        by_round: dict[int, list] = {}
        for call in calls:
            by_round.setdefault(call[0], []).append(call)
        assert by_round, "the robot never acted"
        for calls_in_round in by_round.values():
            cells, mine = calls_in_round[0][4], calls_in_round[0][5]
            human = human_cells(mine, load_data().rules["your_single_marker"])
            got = [(phase, i, action) for _, phase, i, action, _, _ in calls_in_round]
            assert got == expected_plan(cells, human)


def test_epsilon_eridani_round_x2_by_its_robot_face_and_a_free_military_settle_response():
    """Epsilon Eridani (§3.6, §7): economy 1; a robot face means Consume-x2 [?]; its Settle
    response needs and costs no credit and searches military worlds. You chose Settle and
    Consume-Trade; the robot rolls robot + Develop: die on Cx2, die on D1 (§4.3)."""
    game = make_game(25)
    if game.name(game.players[0].tableau[0]) == "Epsilon Eridani":
        game = make_game(26)
    st = reset_robot(game, "Epsilon Eridani")
    assert (st.credits, st.economy, st.robot_equals, len(st.pile)) == (1, 1, "consume2", 4)
    game.players[0].actions = ("settle", "trade")
    game.rng = Dice(["robot", "develop"])
    assert phases.select(game) == ("develop", "consume2")
    assert st.cells == ("Cx2", "D1")
    # Develop action: 1 credit < 2, no tile; draws 1 and searches any development.
    dev = take(game, dev_not_six)
    set_pile(game, st, take(game, non_dev_world, 3))
    put_on_deck(game, dev)
    phases.phase_hook(game, "develop", 0)
    assert st.tableau[-1] == dev[0] and st.credits == 1 and st.tiles_left == 2
    assert len(st.pile) == 3
    # Settle response with 0 credits: draws 2, finds the military world, pays nothing.
    st.credits = 0
    mil = take(game, military)
    put_on_deck(game, mil + take(game, non_dev_world))
    phases.phase_hook(game, "settle", 0)
    assert st.tableau[-1] == mil[0] and st.credits == 0 and len(st.pile) == 4
    # Consume: its x2 action (no response to your Trade besides): 2 x economy, economy +1.
    pool = game.pool
    phases.phase_hook(game, "consume", 0)
    assert (st.vp, st.economy, st.credits, game.pool) == (2, 2, 0, pool - 2)
    assert st.robot_equals == "consume2"
