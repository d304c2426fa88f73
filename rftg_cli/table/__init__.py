"""The full-screen table: a prompt_toolkit application that draws what a ruleset's table
view (`rftg_cli.table.view`) describes for the seat that is asking, and owns no rule."""
