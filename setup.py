"""The optional compiled build: the hottest engine modules compiled to C extensions by mypyc.

Everything is declared in pyproject.toml; this file only adds the extensions, and only when
asked. By default (`pip install -e '.[test]'`, CI) rftg is pure Python and needs no compiler.
With a C compiler and mypy (the `compile` extra: 1.18 or later, since earlier mypyc ignores the
`__new__` methods the copies rely on; tested with 2.4.1), build them next to their sources:

    python -m pip install -e '.[compile]'
    RFTG_COMPILE=1 python setup.py build_ext --inplace

Python then imports each module's .so in preference to its .py; delete the .so files
(`git clean -fdX rftg_cli` or `find rftg_cli -name '*.so' -delete`) to go back to pure Python.
A compiled module behaves as its source does, and seeded games end identically; the random
generator runs as its machine-word twin (`rftg_cli.rng.NativeRng`). CI builds it and runs the
test suite on it (.ci/compiled).
"""

import os

from setuptools import setup

# The modules a game spends its time in (the task driver, the RNG, the phases, the AI),
# compiled together so that their calls to one another are direct C calls (their shared
# runtime is rftg_cli/_native__mypyc*.so).
COMPILED = [
    "rftg_cli/rng.py",
    "rftg_cli/driver.py",
    "rftg_cli/decision.py",
    "rftg_cli/players/seat.py",
    "rftg_cli/race/engine/game.py",
    "rftg_cli/race/engine/state.py",
    "rftg_cli/race/engine/round.py",
    "rftg_cli/race/engine/explore.py",
    "rftg_cli/race/engine/develop.py",
    "rftg_cli/race/engine/settle.py",
    "rftg_cli/race/engine/consume.py",
    "rftg_cli/race/engine/produce.py",
    "rftg_cli/race/engine/powers.py",
    "rftg_cli/race/engine/scoring.py",
    "rftg_cli/race/engine/goods_paid.py",
    # The AI: its look-ahead, quick play and judgement.
    "rftg_cli/race/engine/determinize.py",
    "rftg_cli/race/ai/lookahead.py",
    "rftg_cli/race/ai/features.py",
    "rftg_cli/race/ai/heuristic.py",
    "rftg_cli/race/ai/policy.py",
    "rftg_cli/race/ai/search.py",
    "rftg_cli/race/ai/value.py",
    "rftg_cli/players/halving.py",
]

ext_modules = []
if os.environ.get("RFTG_COMPILE") == "1":
    from mypyc.build import mypycify

    # Type-checked on their own: the modules they import are read for types only.
    ext_modules = mypycify(["--follow-imports=silent", "--ignore-missing-imports", *COMPILED],
                           group_name="rftg_cli._native", opt_level="3")

setup(ext_modules=ext_modules)
