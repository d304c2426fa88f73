"""A newcomer's words at the table and in the glossary (issues 37 and 39): what the list,
the glossary and the legend say must read as the screen means it, with nothing that says
nothing."""

from __future__ import annotations

from rftg_cli.legend import legend, marks_of
from rftg_cli.plugins import default_registry
from rftg_cli.rulebook import all_topics

from tests.host.test_learn_terms import roll_game
from tests.host.test_table_app import asked, game_at, look_at, table_view


def test_a_face_down_settle_choice_names_the_world_without_place():
    """Every world of the face-down settle choice said "(place)" ("Rebel Fuel Cache (place)
    conquer"): noise; the note beside it says what it costs."""
    game = game_at(asked("settle"))
    view = table_view(game, game.pending)
    labels = [row.label for row in view.sections[0].rows]
    assert labels == ["Gem World", "Radioactive World", "Plague World", "pass"]
    screen = "\n".join(look_at(view))
    assert "(place)" not in screen and "Gem World" in screen, screen


def test_the_glossary_spells_the_explore_card_as_the_action_list_does():
    """The list shows "e11 Explore +1/+1"; `help terms` listed "+1,+1" beside "+1/+1"."""
    terms = "\n".join(all_topics(default_registry())["terms"].lines())
    assert "+1,+1" not in terms
    assert "+5, +1/+1" in terms


def test_the_dice_legend_names_credits_as_a_mark_not_as_an_amount():
    """The legend read "$5 credits", as if you had $5: the mark is "$N"."""
    game = roll_game(1, 3)
    line = legend(marks_of(game.config), "You $3 · cup 4", 80)
    assert line.startswith("$N credits"), line
    assert "$5" not in line


def test_rules_piped_wraps_each_paragraph_at_80_columns_keeping_every_word():
    """`rftg rules explore | less` showed each paragraph as one long line: not a terminal,
    nothing wraps it but us. Glossary rows go on under their explanation."""
    from tests.cli_helpers import rftg

    for name in ("explore", "terms", "roll-terms"):
        result = rftg("rules", name)
        assert result.exit_code == 0, result.output
        rows = result.output.splitlines()
        assert max(map(len, rows)) <= 80, max(rows, key=len)
        assert result.output.split() == " ".join(all_topics(default_registry())[name]
                                                 .lines()).split()
    rows = rftg("rules", "terms").output.splitlines()
    at = next(i for i, row in enumerate(rows) if row.startswith("VP  "))
    assert rows[at + 1].startswith(" " * 14 + "it is empty"), rows[at:at + 2]
