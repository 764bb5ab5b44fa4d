"""`python -m battlebook`: the `battlebook` command, for where its script is not on the PATH.

Examples:
    >>> import subprocess, sys
    >>> done = subprocess.run([sys.executable, "-m", "battlebook", "--version"], capture_output=True, text=True)
    >>> done.stdout.startswith("battlebook ")
    True
"""

from __future__ import annotations

import sys

from battlebook.cli import command

if __name__ == "__main__":
    sys.exit(command())
