"""Step definitions, one module per domain concept.

Every module here whose name does not start with an underscore is loaded as a pytest
plugin by `tests/conftest.py`, so a new module of steps needs no other change.
"""
