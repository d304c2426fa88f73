"""The rules by topic, in our own words: `rftg rules [TOPIC]`, and `help TOPIC` / `rules
TOPIC` at a game's prompt.

Each ruleset keeps its topics as data (`Ruleset.rules`, "package:file"): a Markdown file of
sections "## name: title", each opened by a "Summarizes: ..." line naming the rulebook
section it restates; lines starting with "# " outside a section are notes. The host reads
them without knowing the ruleset. In a game a topic is looked up in that game's ruleset
first, also under the ruleset's prefix (`help explore` in the dice game: `roll-explore`).
Words in braces ("a {good} on that world") name a glossary line's mark in the board's legend
(`rftg_cli.legend`); topics are shown without the braces.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Topic:
    name: str
    title: str
    source: str         # the rulebook section it summarizes
    body: str
    ruleset: str

    def lines(self) -> list[str]:
        """The title, the source and the body, each paragraph, list item and glossary row
        one line: the file is wrapped to be read, every screen wraps them at its width."""
        body = self.body.replace("{", "").replace("}", "")
        return [self.title, f"({self.source})", "",
                *(line for block in body.split("\n\n") for line in [*reflowed(block), ""])][:-1]


GLOSSARY_ROW = re.compile(r"\S {2,}\S")    # a mark, two spaces or more, what it means
LIST_ITEM = re.compile(r"\d+\. |- ")


def reflowed(block: str) -> list[str]:
    """A block of the rules file as screen lines: a line that goes on (indented, or the next
    line of prose) joins the one before; a list item or a glossary row starts a line."""
    lines = block.splitlines()
    glossary = any(GLOSSARY_ROW.search(line) for line in lines)
    out: list[str] = []
    for line in lines:
        goes_on = line[:1].isspace() or not (glossary or LIST_ITEM.match(line))
        if out and goes_on:
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


def parse(text: str, ruleset: str) -> list[Topic]:
    """The topics of one rules file, in order."""
    topics: list[Topic] = []
    for section in text.split("\n## ")[1:]:
        head, _, rest = section.partition("\n")
        name, _, title = head.partition(":")
        source, _, body = rest.strip().partition("\n\n")
        topics.append(Topic(name.strip(), title.strip(), " ".join(source.split()),
                            body.strip(), ruleset))
    return topics


def ruleset_topics(ruleset) -> tuple[Topic, ...]:
    """The topics a ruleset registers (none when it has no rules file)."""
    if not ruleset.rules:
        return ()
    return topics_in(ruleset.rules, ruleset.name)


@functools.cache
def topics_in(rules: str, ruleset: str) -> tuple[Topic, ...]:
    """The topics of a rules file ("package:file"), read once (the board's legend reads
    the glossary at every redraw)."""
    package, _, name = rules.partition(":")
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return tuple(parse(text, ruleset))


def all_topics(registry) -> dict[str, Topic]:
    """Every topic of every ruleset, by name, in the order the rulesets registered."""
    return {t.name: t for r in registry.rulesets.values() for t in ruleset_topics(r)}


def find(name: str, registry, ruleset: str | None = None) -> Topic | None:
    """The topic `name` (any case), in `ruleset`'s own topics first when one is given."""
    folded = name.strip().casefold()
    topics = all_topics(registry)
    if ruleset is not None:
        for key in (folded, f"{ruleset}-{folded}"):
            if key in topics and topics[key].ruleset == ruleset:
                return topics[key]
    return topics.get(folded)


def listing(registry) -> list[str]:
    """One line per topic: its name and title."""
    topics = all_topics(registry)
    width = max((len(n) for n in topics), default=0)
    return [f"  {n:<{width}}  {t.title}" for n, t in topics.items()]


def unknown(name: str, registry) -> str:
    """The one-line refusal of a topic that does not exist, with the list."""
    from .ui.escape import printable

    return (f"no rules topic {printable(name)!r}; topics: "
            f"{', '.join(all_topics(registry))}")


def lesson(phase: str | None, ruleset, told: set[str]) -> list[str]:
    """What a learning game teaches before a decision in `phase`: the ruleset's first topic
    (its overview) at the first decision, then each phase's topic the first time it comes
    (the ruleset's second topic, its round, for a step with no topic of its own); `told`
    holds the topics already taught."""
    topics = ruleset_topics(ruleset)
    by_name = {t.name: t for t in topics}
    due = list(topics[:1]) if not told else []
    due.append(by_name.get(str(phase)) or by_name.get(f"{ruleset.name}-{phase}")
               or (topics[1] if len(topics) > 1 else None))
    lines: list[str] = []
    for topic in due:
        if topic is not None and topic.name not in told:
            told.add(topic.name)
            lines += ["", *topic.lines(), ""]
    return lines


def help_lines(name: str, config) -> list[str]:
    """`help NAME` / `rules NAME` at a game's prompt: the topic's lines in this game's
    ruleset, or one line saying it is unknown; `rules` alone lists the topics."""
    from .plugins import default_registry, ruleset_name

    registry = default_registry()
    if not name.strip():
        return ["Rules topics (`rules TOPIC`, `help TOPIC`):", *listing(registry)]
    topic = find(name, registry, ruleset_name(config, registry))
    return topic.lines() if topic is not None else [unknown(name, registry)[:1].upper()
                                                    + unknown(name, registry)[1:] + "."]
