"""Hostile input: feature files, maps, tables and arguments written to break the rulebook."""
