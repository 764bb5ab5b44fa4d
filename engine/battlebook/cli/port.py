"""Whether `make docs` can serve on a port: `python -m battlebook.cli.port 8000`.

`make docs` runs this before it runs the examples, so a port that is taken (another
`make docs` still running, say) is named at once, with how to choose another, instead of
ending in an `OSError` traceback after every example has run.
"""

from __future__ import annotations

import errno
import socket
import sys
from collections.abc import Sequence

from battlebook.bounds import BoundError, read_whole
from battlebook.cli import say

HOST = "127.0.0.1"


def port_problem(text: str, host: str = HOST) -> str | None:
    """Why `make docs` cannot serve on the port written `text`, or `None` when it can.

    Examples:
        >>> port_problem("http")
        "'http' is not a port number: give a whole number from 1 to 65535, as in PORT=8001 make docs"
    """
    try:
        port = read_whole(text, "the port", 1, 65535) if text.strip() == text else 0
    except BoundError:
        port = 0
    if not port:
        return f"{text[:20]!r} is not a port number: give a whole number from 1 to 65535, as in PORT=8001 make docs"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (
                    f"port {port} on {host} is taken (is another make docs still running?); "
                    f"choose another: PORT={port + 1 if port < 65535 else 8001} make docs"
                )
            return f"cannot serve on port {port} of {host} ({error.strerror}); choose another: PORT=8001 make docs"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Exit 0 when the port given is free, else print why on standard error and exit 2."""
    args = list(sys.argv[1:] if argv is None else argv)
    problem = port_problem(args[0] if args else "8000")
    if problem is not None:
        say(f"make docs: {problem}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
