"""Test configuration.

The step definitions and the rulebook recorder are not listed here: the installed
`battlebook` package provides them as a pytest plugin (entry point `battlebook.steps`).
"""
