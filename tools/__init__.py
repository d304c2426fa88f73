"""Tools for rftg's developers, not installed with it: training the AI's learned judgements
(`train_ai.py`, `train_roll.py`, on numpy from the `train` extra) and the converters that make
the shipped data from the reference facts (`keldon_cards.py`, `roll_tiles.py`). Run them from
the checkout, e.g. `python tools/train_ai.py --help`."""
