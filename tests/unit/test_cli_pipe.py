"""A command whose reader goes away (`battlebook steps | head -1`) ends quietly, never with a traceback."""

from __future__ import annotations

import subprocess
import sys


def test_a_closed_pipe_ends_the_command_without_a_traceback() -> None:
    command = [sys.executable, "-c", "import sys; from battlebook.cli import command; sys.exit(command())", "steps"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader goes away before the catalogue is written
        errors = process.stderr.read().decode()
        status = process.wait(timeout=60)
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
    assert status == 1
