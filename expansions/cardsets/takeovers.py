"""Takeovers (Rebel vs Imperium, extended by The Brink of War): taking another player's world.

The rules, as played here (rulebook « Rebel vs Imperium », takeover section; the BGG thread
« Takeover Rules & FAQ »; The Brink of War, « Cette extension étend le principe de conquête »):

- **Who declares.** In Settle, a takeover is declared instead of placing a world, whether or
  not the player chose Settle: one with no world placed, and one more instead of Improved
  Logistics' second placement (Keldon's RFTG engine: both of its placements may be
  takeovers, and the second fails when the first does). Declarations come once every world
  is placed, in the timing order (lowest start world first, then clockwise).
- **Which worlds.** A military world that was in another player's tableau when the phase
  began and that the power allows: Imperium Seat, Rebel military worlds; Rebel Alliance and
  Rebel Sneak Attack, any military world of a player with an Imperium card; Imperium Cloaking
  Technology and Imperium Planet Buster, any military world of a player whose total military
  is 1 or more; Interstellar Casus Belli, any military world (spend 1 prestige). A power
  that conquers a non-military world as a military one (Imperium Invasion Fleet, not one
  marked « not for takeovers ») makes that player's non-military worlds targets too.
- **Declaring** needs an attack that reaches the world's defense as it stands (the
  attacker's military with the temporary military committed); it spends what the power
  costs (a one-shot card leaves the tableau, Casus Belli 1 prestige) and the temporary
  military committed (one-shot boosts, cards from hand, goods).
- **Cancelling.** Before the takeovers are resolved, the owner of Pan-Galactic Security
  Council may spend 1 prestige to cancel any one declared takeover.
- **Resolving**, in the order declared (a player's later takeover fails when an earlier one
  of theirs failed or was cancelled, Keldon's RFTG engine): the attack is the attacker's
  military against that world (specialised military counts, powers marked « not for
  takeovers » do not) plus its temporary military and the power's bonus (Rebel Alliance: +2
  per Rebel military world of the attacker); the defense is the world's defense plus the
  owner's military against it and Rebel Pact's bonus. When the attack reaches the defense, the owner may still add
  temporary military; then the attacker wins if the attack is at least the defense (ties go
  to the attacker). The world moves with its good and the cards saved under it (Planet
  Buster destroys it instead: it is discarded, its good too). A success counts as placing
  a world for bonuses (BGG rules summary, filepage 51680): the Settle bonus card of an
  attacker who chose Settle (once a phase) and the « after placing a world » powers (not
  Golden Age of Terraforming's good, Keldon's RFTG engine), but no prestige for
  the world's prestige symbol (The Brink of War: « ne procure pas de Prestige s'il est
  conquis »). Casus Belli, Planet Buster and Imperium Invasion Fleet each give 2 prestige
  on success.

Power kinds and their roles (handlers take `(game, player, card, power, ...)`):
  target(…, world, owner) -> int | None   the bonus military against this world, or None
                                          when the power cannot take it over
  usable(…) -> bool                       the power can be declared now (Casus Belli: prestige)
  declared(…)                             pay for the declaration
  won(…, world)                           after a successful takeover
  defense(…, world) -> int                more defense for the owner (Rebel Pact)
  cancel(…) -> bool                       may cancel a declared takeover now
Declared attempts are public state: `game.extra["takeovers"]`.

Decisions and their text forms (saves hold them):
  takeover          takeover "Rebel Outpost" of "Ann" with "Imperium Seat", "New Military
                    Tactics", "Space Mercenaries" x2  (the takeover power first, then the
                    temporary military committed) | no takeover
  prevent_takeover  prevent takeover of "Rebel Outpost" | pass
  takeover_defense  defend "Rebel Outpost" with "New Military Tactics" | no defense
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from itertools import combinations

from rftg_cli.expansions.cardsets import ai
from rftg_cli.expansions.prestige.state import COUNTER as PRESTIGE
from rftg_cli.race.cards.text import to_cost, signed
from rftg_cli.decision import Decision, IllegalChoice
from rftg_cli.race.engine.game import Game, task
from rftg_cli.race.engine.goods_paid import can_pay, push_payments
from rftg_cli.race.engine.notation import (Cards, Notation, name_key, quote,
                                          read_settle_powers, settle_powers_text)
from rftg_cli.race.engine.notation import add as add_notations
from rftg_cli.race.engine.powers import PowerKind
from rftg_cli.race.engine.round import remove_from_tableau
from rftg_cli.race.engine.settle import (as_military, commit_powers, hand_uses,
                                    military_strength, per_count, placement_rewards)

KEY = "takeovers"
NO_TAKEOVER = (-1, ())
PASS = -1


@dataclass(frozen=True)
class Attempt:
    attacker: int
    world: int
    defender: int
    powers: tuple        # (card, power index): the takeover power first, then what it used
    cancelled: bool = False
    void: bool = False   # an earlier takeover of the same attacker failed


class TakeoverState:
    """The takeovers declared this Settle phase (public: declared aloud)."""

    def __init__(self) -> None:
        self.attempts: list[Attempt] = []

    def copy(self) -> TakeoverState:
        new = TakeoverState()
        new.attempts = self.attempts.copy()
        return new

    def digest_part(self) -> str:
        return repr([(a.attacker, a.world, a.defender, a.powers, a.cancelled)
                     + ((True,) if a.void else ()) for a in self.attempts])

    def view(self, player: int) -> dict:
        return {"attempts": [{"attacker": a.attacker, "world": a.world,
                              "defender": a.defender, "cancelled": a.cancelled}
                             for a in self.attempts]}

    def hidden_card_lists(self) -> list[list[int]]:
        return []


def state(game: Game) -> TakeoverState:
    if KEY not in game.extra:
        game.extra[KEY] = TakeoverState()
    return game.extra[KEY]


# ---------------------------------------------------------------------- the power kinds

def _military_world(world) -> bool:
    return world.is_world and world.military


def _target_rebel(game, player, card, power, world, owner) -> int | None:
    """Imperium Seat: « Rebel military worlds » of any player."""
    return 0 if _military_world(world) and world.has_keyword("rebel") else None


def _target_imperium(game, player, card, power, world, owner) -> int | None:
    """Rebel Alliance, Rebel Sneak Attack: a tableau holding an Imperium card, +`value`
    military per Rebel military world of the attacker (at the start of the phase)."""
    if per_count(game, owner, "imperium") == 0:
        return None
    return power.value * per_count(game, player, "rebel_military")


def _target_military(game, player, card, power, world, owner) -> int | None:
    """Imperium Cloaking Technology, Imperium Planet Buster: a tableau whose total military
    is at least 1 (BoW: « un tableau dont la force militaire totale est d'au moins 1 »),
    its cards' military without this phase's temporary military (Keldon's RFTG engine
    counts the tableau's total military)."""
    return 0 if military_strength(game, owner, temporary=False) >= 1 else None


def _target_any(game, player, card, power, world, owner) -> int | None:
    """Interstellar Casus Belli: « dans le tableau de n'importe quel joueur »."""
    return 0


def _has_prestige(game, player, card, power) -> bool:
    return game.players[player].count(PRESTIGE) >= 1


def _spend_prestige(game, player, card, power) -> None:
    game.add_count(PRESTIGE, player, -1, game.name(card))


def _prestige_won(game, player, card, power, world) -> None:
    """Casus Belli: « En cas de succès, gagner 2 Prestiges »."""
    game.add_count(PRESTIGE, player, power.value, game.name(card))


def _military_won(game, player, card, power, world) -> None:
    """Planet Buster (`destroy`): « gagner 2 Prestiges » when the world is destroyed."""
    if "destroy" in power.flags:
        game.add_count(PRESTIGE, player, power.value, game.name(card))


def _pact_defense(game, player, card, power, world) -> int:
    """Rebel Pact: +1 defense per military world of its owner, +1 more per Rebel one."""
    return per_count(game, player, "military") + per_count(game, player, "rebel_military")


def _takeover_text(target: str):
    """What a takeover power says: the worlds it may take over, then its bonus."""
    def text(power, card) -> str:
        body = to_cost(power, f"take over {target}")
        if power.value and power.kind == "takeover_imperium":
            body += f", with {signed(power.value)} military per Rebel military world you have"
        elif power.value:
            body += f"; gain {power.value} prestige if it succeeds"
        return body
    return text


# The flags of the card data these rules read, with the note each adds to a power's text:
# a conquering power that cannot take over (Imperium Cloaking Technology), a takeover that
# destroys the world (Imperium Planet Buster). The cards print them whether takeovers are
# played or not.
FLAGS = {"no_takeover": "not for takeovers",
         "destroy": "the world taken over is destroyed instead"}

POWERS = (
    PowerKind("settle", "takeover_rebel", "may take over Rebel military worlds",
              {"target": _target_rebel}, text=_takeover_text("Rebel military worlds")),
    PowerKind("settle", "takeover_imperium",
              "may take over worlds of a player with an Imperium card, +`value` military "
              "per Rebel military world", {"target": _target_imperium},
              text=_takeover_text("worlds of a player with an Imperium card")),
    PowerKind("settle", "takeover_military",
              "may take over military worlds of a player with military 1 or more "
              "(`destroy`: discard the world and gain `value` prestige)",
              {"target": _target_military, "won": _military_won},
              text=_takeover_text("military worlds of a player with military 1 or more")),
    PowerKind("settle", "takeover_prestige",
              "spend 1 prestige: may take over any military world; gain `value` prestige "
              "on success", {"target": _target_any, "usable": _has_prestige,
                             "declared": _spend_prestige, "won": _prestige_won},
              text="spend 1 prestige to take over a military world of any player; gain "
                   "{value} prestige if it succeeds"),
    PowerKind("settle", "takeover_defense", "extra defense against takeovers",
              {"defense": _pact_defense},
              text="against takeovers, +1 defense per military world you have, +1 more per "
                   "Rebel one"),
    PowerKind("settle", "prevent_takeover",
              "spend 1 prestige: cancel any one takeover declared this phase",
              {"cancel": _has_prestige},
              text="spend 1 prestige to cancel one declared takeover against any player"),
)


# ---------------------------------------------------------------------- declaring

def _unused(game: Game, player: int, role: str) -> list[tuple]:
    """(card, index, power, handler) of the active powers of `role` not used this phase; a
    one-shot power only while its card is still in the tableau."""
    p = game.players[player]
    return [(c, i, pw, fn) for c, i, pw, fn in game.power_handlers(player, "settle", role)
            if (c, i) not in p.used and (not pw.one_shot or c in p.tableau)]


def may_declare(game: Game, player: int) -> tuple[int, int] | None:
    """Takeovers are declared instead of placing a world: with no world placed nor takeover
    declared this phase (); with one of them and Improved Logistics' second placement
    unused, that power (it is used up by the declaration). None when the player may not
    declare. Neither rulebook nor the BGG « Takeover Rules & FAQ » thread says whether both
    placements may be takeovers; the reference program (Keldon's RFTG engine,
    `settle_chosen`) lets the second placement be one whatever the first was."""
    p = game.players[player]
    placements = sum(1 for c in p.placed if game.design[c].is_world) + sum(
        1 for a in state(game).attempts if a.attacker == player)
    if not placements:
        return ()
    if placements == 1:
        for c, i, pw, fn in _unused(game, player, "again"):
            if fn(game, player, c, pw):
                return (c, i)
    return None


def targets(game: Game, player: int) -> list[tuple[int, tuple]]:
    """(world, powers) for each world a takeover power of `player` may be declared against:
    the takeover power, then the power conquering a non-military world when one is needed."""
    conquer = [(c, i, pw, fn) for c, i, pw, fn in _unused(game, player, "conquer")
               if "no_takeover" not in pw.flags]
    out = []
    declared = {a.world for a in state(game).attempts if a.attacker == player}
    for c, i, pw, fn in _unused(game, player, "target"):
        usable = [u for u in game.power_handlers(player, "settle", "usable") if u[:2] == (c, i)]
        if any(not u[3](game, player, c, u[2]) for u in usable):
            continue
        for owner, q in enumerate(game.players):
            if owner == player:
                continue
            for world in q.tableau:
                design = game.design[world]
                if world not in q.active or not design.is_world or world in declared:
                    continue
                if design.military:
                    if fn(game, player, c, pw, design, owner) is not None:
                        out.append((world, ((c, i),)))
                    continue
                for cc, ci, cpw, cfn in conquer:
                    if cfn(game, player, cc, cpw, design) is not None and \
                            fn(game, player, c, pw, as_military(design), owner) is not None:
                        out.append((world, ((c, i), (cc, ci))))
    return out


def boost_choices(game: Game, player: int, exclude=()) -> list[tuple]:
    """Each set of temporary military a player may commit now: one-shot or good-paid boosts
    (New Military Tactics, Rebel Fuel Refinery) and cards from hand (Space Mercenaries), as
    the powers named in an answer (a hand power once per card)."""
    boosts = [(c, i, pw) for c, i, pw, fn in _unused(game, player, "boost")
              if (c, i) not in exclude and c not in {e[0] for e in exclude}
              and fn(game, player, c, pw) > 0]
    p = game.players[player]
    from_hand: list[tuple[int, int]] = []
    for c, i, pw, fn in game.power_handlers(player, "settle", "hand_military"):
        from_hand.extend([(c, i)] * max(0, fn(game, player, c, pw) - hand_uses(p, c, i)))
    from_hand = from_hand[:len(p.hand)]
    out = []
    for n in range(len(boosts) + 1):
        for combo in combinations(boosts, n):
            if not can_pay(game, player, [pw for _, _, pw in combo]):
                continue
            for k in range(len(from_hand) + 1):
                out.append(tuple((c, i) for c, i, _ in combo) + tuple(from_hand[:k]))
    return out


def boost_value(game: Game, player: int, powers) -> int:
    """The temporary military these committed powers add."""
    total = 0
    registry = game.rules.powers
    for c, i in powers:
        power = game.design[c].powers[i]
        if registry.handler("settle", power.kind, "hand_military") is not None:
            total += 1
            continue
        boost = registry.handler("settle", power.kind, "boost")
        if boost is not None:
            total += boost(game, player, c, power)
    return total


def declare_options(game: Game, player: int) -> tuple[dict[tuple, int], dict[int, tuple]]:
    """No takeover, then each declaration whose attack, with the temporary military it
    commits, reaches the world's defense as it stands (a takeover that cannot succeed is not
    declared), each with its margin: the attack less the defense and the most temporary
    military the defender could still add (0 or more: it wins whatever the defender does).
    Also, per world, the attack before temporary military and the defense."""
    margins: dict[tuple, int] = {NO_TAKEOVER: 0}
    strengths: dict[int, tuple[int, int]] = {}
    for world, powers in targets(game, player):
        trial = Attempt(player, world, _owner(game, world), powers)
        hit, held = strengths[world] = attack(game, trial), defense(game, trial)
        reserve = max(boost_value(game, trial.defender, b)
                      for b in boost_choices(game, trial.defender))
        for boosts in boost_choices(game, player, exclude=powers):
            added = boost_value(game, player, boosts)
            if hit + added >= held:
                margins[(world, powers + boosts)] = hit + added - held - reserve
    return (margins if len(margins) > 1 else {}), strengths


def finish_settle(game: Game, phase: str, instance: int) -> None:
    """Rules.phase_finish_steps: after every world is placed, declare, cancel, resolve."""
    if phase != "settle":
        return
    state(game).attempts.clear()
    game.push(*[("takeover_ask", p) for p in game.order], ("takeover_cancel_all",),
              ("takeover_resolve_all",))


@task("takeover_ask")
def takeover_ask(game: Game, player: int) -> None:
    if may_declare(game, player) is None:
        return
    margins, strengths = declare_options(game, player)
    if margins:
        seen = "; ".join(f"{game.name(w)}: {hit} against {held}"
                         for w, (hit, held) in strengths.items()
                         if any(o[0] == w for o in margins))
        game.ask(Decision("takeover", player, tuple(margins), None,
                          f"Declare a takeover ({seen}, before temporary military), "
                          "or no takeover", {"margins": margins, "short": short(game, margins)}),
                 "takeover_declared", player)


def short(game: Game, options) -> dict:
    """The takeovers as a list at the table words them ("Rebel Outpost of Ann"; "with" the
    powers only where a world may be taken over in more than one way)."""
    worlds = [world for world, _ in options if world != -1]
    out = {}
    for world, powers in options:
        if world != -1:
            how = f" with {', '.join(game.name(c) for c, _ in powers)}" \
                if worlds.count(world) > 1 else ""
            out[(world, powers)] = \
                f"{game.name(world)} of {game.players[_owner(game, world)].name}{how}"
    return out


@task("takeover_declared")
def takeover_declared(game: Game, answer: tuple, player: int) -> None:
    world, powers = answer
    if world == -1:
        return
    p = game.players[player]
    logistics = may_declare(game, player)
    if logistics:
        p.used.add(logistics)            # the second placement is the takeover
    owner = _owner(game, world)
    (c, i), rest = powers[0], powers[1:]
    game.log(-1, f"{p.name} declares a takeover of {game.name(world)} "
                 f"({game.players[owner].name}) with {game.name(c)}.")
    for cc, ci, pw, fn in game.power_handlers(player, "settle", "declared"):
        if (cc, ci) == (c, i):
            fn(game, player, c, pw)
    p.used.add((c, i))
    discards = commit_powers(game, player, powers)
    state(game).attempts.append(Attempt(player, world, owner, powers))
    steps = [("ask_military_discard", player, world, discards)] if discards else []
    game.push(*steps, *push_payments(game, player, [game.design[x].powers[y] for x, y in rest],
                                     f"Takeover of {game.name(world)}"),
              ("takeover_ask", player))       # Improved Logistics: one more instead


# ---------------------------------------------------------------------- cancelling

@task("takeover_cancel_all")
def takeover_cancel_all(game: Game) -> None:
    if state(game).attempts:
        game.push(*[("takeover_ask_cancel", p) for p in game.order])


@task("takeover_ask_cancel")
def takeover_ask_cancel(game: Game, player: int) -> None:
    """Pan-Galactic Security Council: « Avant la résolution des conquêtes, le joueur peut
    dépenser 1 Prestige pour faire échouer une tentative de conquête visant le tableau de
    n'importe quel joueur »."""
    powers = [u for u in _unused(game, player, "cancel") if u[3](game, player, u[0], u[2])]
    open_ = [a.world for a in state(game).attempts if not a.cancelled]
    if not powers or not open_:
        return
    # Attempts against the player's own worlds first: the choice a player makes by default.
    own = [w for w in open_ if w in game.players[player].tableau]
    options = tuple(own) + (PASS,) + tuple(w for w in open_ if w not in own)
    declared = "; ".join(f"{game.players[a.attacker].name} against {game.name(a.world)}"
                         for a in state(game).attempts if not a.cancelled)
    game.ask(Decision("prevent_takeover", player, options, None,
                      f"Spend 1 prestige to cancel a declared takeover ({declared}), or pass"),
             "takeover_cancelled", player)


@task("takeover_cancelled")
def takeover_cancelled(game: Game, answer: int, player: int) -> None:
    if answer == PASS:
        return
    c, i, _, _ = next(u for u in _unused(game, player, "cancel")
                      if u[3](game, player, u[0], u[2]))
    game.players[player].used.add((c, i))
    game.add_count(PRESTIGE, player, -1, game.name(c))
    attempts = state(game).attempts
    k = next(k for k, a in enumerate(attempts) if a.world == answer and not a.cancelled)
    attempts[k] = replace(attempts[k], cancelled=True)
    game.log(-1, f"{game.players[player].name} cancels the takeover of {game.name(answer)}.")


# ---------------------------------------------------------------------- resolving

def target_design(game: Game, world: int):
    design = game.design[world]
    return design if design.military else as_military(design)


def attack(game: Game, attempt: Attempt) -> int:
    """The attacker's military against the world, its temporary military and the power's
    bonus, without military marked « not for takeovers »."""
    player, world = attempt.attacker, target_design(game, attempt.world)
    total = military_strength(game, player, world)
    for c, _, pw, fn in game.power_handlers(player, "settle", "military"):
        if "no_takeover" in pw.flags:
            total -= fn(game, player, c, pw, world)
    used = set(attempt.powers)
    for role, args in (("target", (world, attempt.defender)), ("conquer", (world,))):
        for c, i, pw, fn in game.power_handlers(player, "settle", role):
            if (c, i) in used:
                total += fn(game, player, c, pw, *args) or 0
    return total


def defense(game: Game, attempt: Attempt) -> int:
    """The world's defense, its owner's military against it (temporary military included)
    and defense powers (Rebel Pact)."""
    owner, world = attempt.defender, target_design(game, attempt.world)
    return world.cost + military_strength(game, owner, world) + game.power_total(
        owner, "settle", "defense", world)


@task("takeover_resolve_all")
def takeover_resolve_all(game: Game) -> None:
    game.push(*[("takeover_resolve", k) for k in range(len(state(game).attempts))])


@task("takeover_resolve")
def takeover_resolve(game: Game, k: int) -> None:
    a = state(game).attempts[k]
    who, world = game.players[a.attacker].name, game.name(a.world)
    if a.void:
        game.log(-1, f"{who}'s takeover of {world} fails: an earlier takeover of theirs "
                     "failed.")
        return
    if a.cancelled:
        game.log(-1, f"{who}'s takeover of {world} is cancelled.")
        _failed(game, k)
        return
    if a.world not in game.players[a.defender].tableau:
        game.log(-1, f"{who}'s takeover of {world} fails: the world has left that tableau.")
        _failed(game, k)
        return
    hit, held = attack(game, a), defense(game, a)
    if hit >= held:
        options = [b for b in boost_choices(game, a.defender)
                   if b and held + boost_value(game, a.defender, b) > hit]
        if options:
            options.sort(key=lambda b: (len(b), boost_value(game, a.defender, b)))
            game.ask(Decision("takeover_defense", a.defender, tuple(options) + ((),), None,
                              f"{who} attacks {world} with {hit} military against your "
                              f"defense of {held}: add temporary military, or not",
                              {"world": a.world}),
                     "takeover_defended", k)
            return
    game.push(("takeover_outcome", k))


def _failed(game: Game, k: int) -> None:
    """Takeover `k` failed: its attacker's later ones this phase fail with it (Keldon's RFTG
    engine, `resolve_takeovers`)."""
    attempts = state(game).attempts
    for j in range(k + 1, len(attempts)):
        if attempts[j].attacker == attempts[k].attacker:
            attempts[j] = replace(attempts[j], void=True)


@task("takeover_defended")
def takeover_defended(game: Game, answer: tuple, k: int) -> None:
    a = state(game).attempts[k]
    discards = commit_powers(game, a.defender, answer)
    steps = [("ask_military_discard", a.defender, a.world, discards)] if discards else []
    steps += push_payments(game, a.defender, [game.design[c].powers[i] for c, i in answer],
                           f"Defense of {game.name(a.world)}")
    game.push(*steps, ("takeover_outcome", k))


@task("takeover_outcome")
def takeover_outcome(game: Game, k: int) -> None:
    a = state(game).attempts[k]
    p, q = game.players[a.attacker], game.players[a.defender]
    hit, held = attack(game, a), defense(game, a)
    world = game.name(a.world)
    game.log(-1, f"{p.name} attacks {world} with {hit} military; {q.name} defends with "
                 f"{held}.")
    if hit < held:                      # ties go to the attacker
        game.log(-1, f"{p.name} fails to take over {world}.")
        _failed(game, k)
        return
    c, i = a.powers[0]
    power = game.design[c].powers[i]
    if "destroy" in power.flags:
        remove_from_tableau(game, a.defender, a.world)       # its good and saved cards too
        game.log(-1, f"{p.name} destroys {world}.")
    else:
        q.tableau.remove(a.world)
        p.tableau.append(a.world)
        good = q.goods.pop(a.world, None)
        if good is not None:
            p.goods[a.world] = good
        game.log(-1, f"{p.name} takes over {world} from {q.name}.")
    for cc, ci, pw, fn in game.power_handlers(a.attacker, "settle", "won"):
        if (cc, ci) == (c, i):
            fn(game, a.attacker, c, pw, a.world)
    # « If attacker wins, it counts as placing a settlement for purposes of bonuses » (BGG
    # filepage 51680): Imperium Invasion Fleet's prestige, the Settle bonus card, the
    # « after placing a world » powers; not the prestige icon (`rules.place_steps`): « Un
    # monde qui procure 1 Prestige quand il est posé ne procure pas de Prestige s'il est
    # conquis » (BoW).
    placement_rewards(game, a.attacker, a.world, a.powers[1:])


# ---------------------------------------------------------------------- answers as text

def _cards(game: Game, decision: Decision) -> Cards:
    numbers = []
    for option in decision.options:
        if isinstance(option, int):
            numbers.append(option)
        elif decision.kind == "takeover":
            numbers += [option[0]] + [c for c, _ in option[1]]
        else:
            numbers += [c for c, _ in option]
    if "world" in decision.info:
        numbers.append(decision.info["world"])
    return Cards(game, decision.player, [n for n in numbers if n != -1])


def _owner(game: Game, world: int) -> int:
    return next(i for i, q in enumerate(game.players) if world in q.tableau)


def _takeover_text(game: Game, decision: Decision, answer: tuple) -> str:
    world, powers = answer
    if world == -1:
        return "no takeover"
    cards = _cards(game, decision)
    owner = game.players[_owner(game, world)].name
    return (f"takeover {cards.text(world)} of {quote(owner)} with "
            + settle_powers_text(game, cards, powers))


def _read_no(reader, word: str) -> None:
    """The rest of `no WORD`."""
    if not reader.at_word(word):
        raise IllegalChoice(f"say `no {word}`")
    reader.pos += 1
    reader.end()


def _takeover_parse(game: Game, decision: Decision, verb: str, reader):
    if verb == "no":
        _read_no(reader, "takeover")
        return NO_TAKEOVER
    cards = _cards(game, decision)
    worlds = {o[0] for o in decision.options if o[0] != -1}
    world = cards.resolve(reader.ref(frozenset(("of", "with"))), worlds, where="to take over")
    if reader.at_word("of"):
        reader.pos += 1
        named = reader.ref(frozenset(("with",)))
        owner = game.players[_owner(game, world)].name
        if named.key != name_key(owner):
            raise IllegalChoice(f"{cards.text(world)} is {owner}'s, not {named.shown()}'s")
    if not reader.at_word("with"):
        raise IllegalChoice('name the takeover power: takeover "WORLD" of "PLAYER" with "CARD"')
    reader.pos += 1
    allowed = {pair for o in decision.options if o[0] == world for pair in o[1]}
    pairs = read_settle_powers(game, cards, reader, allowed)
    reader.end()
    for option in decision.options:
        if option[0] == world and sorted(option[1]) == sorted(pairs) \
                and option[1][0] == pairs[0]:
            return option
    raise IllegalChoice(f"{cards.text(world)} cannot be taken over with those powers "
                        "(name the takeover power first)")


def _prevent_text(game: Game, decision: Decision, answer: int) -> str:
    if answer == PASS:
        return "pass"
    return f"prevent takeover of {_cards(game, decision).text(answer)}"


def _prevent_parse(game: Game, decision: Decision, verb: str, reader):
    if verb == "pass":
        reader.end()
        return PASS
    for word in ("takeover", "of"):
        if not reader.at_word(word):
            raise IllegalChoice('say `prevent takeover of "WORLD"` or `pass`')
        reader.pos += 1
    world = _cards(game, decision).resolve(reader.ref(frozenset()),
                                           {o for o in decision.options if o != PASS},
                                           where="under a declared takeover")
    reader.end()
    return world


def _defense_text(game: Game, decision: Decision, answer: tuple) -> str:
    if not answer:
        return "no defense"
    cards = _cards(game, decision)
    return (f"defend {cards.text(decision.info['world'])} with "
            + settle_powers_text(game, cards, answer))


def _defense_parse(game: Game, decision: Decision, verb: str, reader):
    if verb == "no":
        _read_no(reader, "defense")
        return ()
    cards = _cards(game, decision)
    world = decision.info["world"]
    cards.resolve(reader.ref(frozenset(("with",))), {world}, where="under attack")
    if not reader.at_word("with"):
        raise IllegalChoice('name what you add: defend "WORLD" with "CARD"')
    reader.pos += 1
    allowed = {pair for o in decision.options for pair in o}
    pairs = read_settle_powers(game, cards, reader, allowed)
    reader.end()
    for option in decision.options:
        if sorted(option) == sorted(pairs):
            return option
    raise IllegalChoice("those powers are not a defense offered here")


NOTATIONS = (
    Notation("takeover", ("takeover", "no"), _takeover_text, _takeover_parse),
    Notation("prevent_takeover", ("prevent", "pass"), _prevent_text, _prevent_parse),
    Notation("takeover_defense", ("defend", "no"), _defense_text, _defense_parse),
)


def configure(rules) -> None:
    """Turn takeovers on in a game's rules."""
    rules.powers.add(*POWERS)
    rules.tasks.add_module(sys.modules[__name__])     # the steps of this module
    rules.greedy["takeover"] = ai.takeover
    add_notations(rules, *NOTATIONS)
    rules.phase_finish_steps.append(finish_settle)
