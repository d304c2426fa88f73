"""Why an AI seat answered as it did: what its last decision considered and the value it
gave each option, in plain English (the `why` command at a prompt, `rftg simulate --why`).

A seat that explains itself keeps a `Why` in `last_why` after each decision; `why_lines`
turns it into text while the decision is still pending (answers are named by their text
form, which depends on the decision asked).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..words import plural, verb

SHOWN = 12       # options listed, best first; the rest are counted
QUICK = "a quick rule of thumb (not worth a look-ahead)"     # how a quick answer was found


@dataclass
class Why:
    """One decision: how it was judged, and (option, value, simulated games) per option;
    a value of None: the option was not valued (a quick answer)."""

    player: int
    kind: str
    method: str
    options: list[tuple[object, float | None, int]] = field(default_factory=list)
    chosen: object = None
    unit: str = "VP of margin over the best other player"
    parts: str = ""      # what the chosen option's value is made of, in words


def why_lines(game, why: Why, who: str, viewer: int | None = None) -> list[str]:
    """The explanation, one line each; `game` is at the decision `why` answered. Told to
    the seat `viewer` during a game, it names no card the deciding seat holds out of sight
    (the game's `names_secret`): those options are counted, not named (the full explanation is for
    `rftg simulate --why`)."""
    decision = game.pending
    # The ruleset says whether an answer names what the deciding seat holds out of sight.
    names_secret = getattr(game, "names_secret", None) if viewer is not None \
        and viewer != why.player and not game.over else None

    def text(answer) -> str:
        try:
            return game.answer_text(answer)
        except Exception:  # noqa: BLE001  (an answer with no text form is shown as data)
            return repr(answer)

    def seen(answer) -> bool:
        return names_secret is None or not names_secret(text(answer), why.player)

    out = [f"{who} ({decision.prompt if decision is not None else why.kind}): {why.method}."]
    valued = [o for o in why.options if o[1] is not None]
    if not valued:
        out.append(f"  It answered {text(why.chosen)} without looking ahead." if seen(why.chosen)
                   else "  It answered without looking ahead, naming cards you cannot see.")
        return out
    ranked = sorted(valued, key=lambda o: -o[1])
    out.append(f"  Each option's value: the mean, over its simulated games, of {why.unit}.")
    for option, value, games in [o for o in ranked if seen(o[0])][:SHOWN]:
        mark = "chose" if option == why.chosen else "     "
        played = f", {plural(games, 'game')}" if games else ""
        out.append(f"  {mark} {text(option)}: {value:+.1f}{played}")
    unseen = sum(1 for o in ranked if not seen(o[0]))
    if unseen:
        which = f"Its {unseen} options" if unseen == len(ranked) else \
            f"{unseen} more option(s)"
        chose = ", its choice among them," if not seen(why.chosen) else ""
        out.append(f"  {which}{chose} name cards in its hand, which you cannot see (`rftg "
                   "simulate --why` explains such choices in full).")
    if len(ranked) - unseen > SHOWN:
        out.append(f"  ... and {len(ranked) - unseen - SHOWN} more options, valued lower.")
    if len({games for _, _, games in valued}) > 1:
        out.append("  An option with fewer games was dropped after them: in those same games "
                   "the options kept did better (a value over fewer games is rougher).")
    if why.parts:
        out.append(f"  Its choice, on average where the look-ahead stopped: {why.parts}.")
    skipped = len(why.options) - len(valued)
    if skipped:
        out.append(f"  {plural(skipped, 'option')} {verb(skipped, 'was', 'were')} not "
                   "simulated: its quick judgement ranked "
                   f"{verb(skipped, 'it', 'them')} too low.")
    return out
