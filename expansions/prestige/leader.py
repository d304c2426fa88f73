"""The Prestige leader tile (The Brink of War, « Leader du Prestige »), its start-of-round
bonus, the end of the game at 15 prestige and 1 VP per prestige at the end.

The tile is checked at the end of every phase: a sole leader takes it, ">" side up, and puts
on it 1 of the prestige they gained in that phase; whatever a sole leader gains afterwards
goes on it too. A tie for the most (with at least 1 prestige) puts it in the middle, "="
side up. A spending that costs the leader the lead hands it on at once.
"""

from __future__ import annotations

from .state import KEY, OFFER_LEADER_BONUS, OFFER_PRESTIGE, PrestigeState

END_PRESTIGE = 15            # « si un joueur a 15 Prestiges ou plus à la fin d'un tour »
EXTRA_CHIP = 5               # « Ajoutez un jeton 5 PV supplémentaire »


def rivals(game) -> list:
    """The opponents that are not seats but hold prestige (the solitaire robot)."""
    return [o for o in game.rules.opponents if OFFER_PRESTIGE in o.offers]


def counts(game) -> tuple[int, ...]:
    """Every contender's prestige: the seats, then those opponents."""
    return (tuple(p.prestige for p in game.players)
            + tuple(o.offers[OFFER_PRESTIGE](game) for o in rivals(game)))


def contender_name(game, who: int) -> str:
    n = len(game.players)
    return game.players[who].name if who < n else rivals(game)[who - n].name


def setup(game) -> None:
    game.pool += EXTRA_CHIP
    game.extra[KEY] = PrestigeState(len(counts(game)))


def check_leader(game, st: PrestigeState) -> None:
    now = counts(game)
    top = max(now)
    at_top = [i for i, c in enumerate(now) if c == top]
    if top <= 0:
        st.leader, st.tied, st.on_tile = -1, False, 0
    elif len(at_top) > 1:
        if not st.tied:
            game.log(-1, "Prestige leader: a tie; the tile goes to the middle, \"=\" side up.")
        st.leader, st.tied, st.on_tile = -1, True, 0
    elif at_top[0] != st.leader:
        new = at_top[0]
        st.leader, st.tied = new, False
        # « Il place, sur la tuile, 1 Prestige (non dépensé) lui appartenant lors de cette
        # phase »: one of those gained in this phase and not spent since, if any (a seat's
        # gains counted as they come, not its prestige less what it held when the phase
        # began: a spending before a gain leaves the gain unspent).
        gained = (st.phase_gained[new] if new < len(game.players)
                  else now[new] - st.phase_start[new])
        st.on_tile = min(1, max(0, gained))
        game.log(-1, f"{contender_name(game, new)} becomes the Prestige leader.")


def on_prestige(game, player: int, amount: int) -> None:
    """`rules.prestige_steps`: a sole leader's gains go on the tile; a spending that costs
    the leader the lead hands the tile on « immédiatement »."""
    st = game.extra[KEY]
    gained = list(st.phase_gained)
    held = game.players[player].prestige
    gained[player] = (gained[player] + amount if amount > 0
                      else min(gained[player], held))
    st.phase_gained = tuple(gained)
    if player != st.leader:
        return
    if amount > 0:
        st.on_tile += amount
        return
    st.on_tile = min(st.on_tile, game.players[player].prestige)
    now = counts(game)
    if any(c >= now[player] for i, c in enumerate(now) if i != player):
        check_leader(game, st)


def phase_start(game, phase: str, instance: int) -> None:
    st = game.extra[KEY]
    st.phase_start = counts(game)
    st.phase_gained = (0,) * len(st.phase_start)


def phase_end(game, phase: str, instance: int) -> None:
    st = game.extra[KEY]
    if st.leader >= len(game.players):
        # An opponent's gains are heard here, not through `add_prestige`.
        st.on_tile += max(0, counts(game)[st.leader] - st.phase_start[st.leader])
    check_leader(game, st)


def round_start(game) -> None:
    """« Au début de chaque tour, avant de choisir une carte action »: a sole leader with
    prestige on the tile gains 1 VP, draws a card and takes the prestige off the tile; a
    sole leader without, or each of those tied, gains 1 VP. The robot, as sole leader, gets
    its own bonus if it gained prestige in the round before (its solitaire rules)."""
    st = game.extra[KEY]
    now = counts(game)
    n = len(game.players)
    if st.leader >= n:
        rivals(game)[st.leader - n].offers[OFFER_LEADER_BONUS](
            game, now[st.leader] > st.round_start[st.leader])
        st.on_tile = 0
    elif st.leader >= 0:
        game.gain_vp(st.leader, 1, "Prestige leader")
        if st.on_tile:
            game.draw_to_hand(st.leader, 1, "Prestige leader")
            st.on_tile = 0
    elif st.tied:
        top = max(now)
        for i, c in enumerate(now):
            if c == top and i < n:
                game.gain_vp(i, 1, "tied Prestige leader")
            elif c == top:
                rivals(game)[i - n].offers[OFFER_LEADER_BONUS](game, False)
    st.round_start = now


def end_check(game) -> str:
    now = counts(game)
    for i, c in enumerate(now):
        if c >= END_PRESTIGE:
            return f"{contender_name(game, i)} has {c} prestige at the end of a round"
    return ""


def score(game, player: int) -> list[tuple[str, int]]:
    """« Chaque jeton Prestige détenu par un joueur lui rapporte 1 PV à la fin du jeu »."""
    prestige = game.players[player].prestige
    return [("prestige", prestige)] if prestige else []


def board_line(game, me: int) -> list[str]:
    """`rules.board_lines`: every contender's prestige and the tile (side, prestige on it)."""
    st = game.extra[KEY]
    now = counts(game)
    held = ", ".join(f"{contender_name(game, i)} {c}" for i, c in enumerate(now))
    if st.leader >= 0:
        where = f"{contender_name(game, st.leader)} (>, {st.on_tile} on it)"
    else:
        where = "middle (= tie)" if st.tied else "middle (>)"
    return [f"Prestige: {held} | leader tile: {where}"]
