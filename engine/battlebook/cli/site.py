"""`battlebook site`: generate the rulebook's pages, finish a built site, serve it while you write.

- `battlebook site pages OUT` writes every generated page, the navigation and the data of
  the pass after the build under `OUT` (see [`battlebook.site.pages`][battlebook.site.pages]);
  with `--strict`, anything that must not be published (an example that is not verified, a
  link to an unknown rule...) fails it, with exit status 1.
- `battlebook site finish SITE` makes a built site safe and checks it (see
  [`battlebook.site.finish`][battlebook.site.finish]): exit status 1 when a page is not safe.
- `battlebook site serve` serves the rulebook, rebuilt on every change (see
  [`battlebook.site.serve`][battlebook.site.serve]).

Each needs the `site` extra; without it, the command says which extra to install.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from battlebook.cli import say

BUILDERS = ("mkdocs", "properdocs")


def register(subparsers: Any) -> None:
    """Add the `site` subcommand and its three commands."""
    parser = subparsers.add_parser(
        "site",
        help="generate the rulebook's pages, finish a built site, or serve it",
        description="Generate the rulebook's pages for a builder, make a built site safe, or serve it while you write.",
    )
    commands = parser.add_subparsers(dest="site_command", metavar="COMMAND", required=True)
    pages = commands.add_parser("pages", help="write every generated page under OUT", description=__doc__)
    pages.add_argument("out", type=Path, metavar="OUT", help="the folder to write (build/pages for mkdocs.yml)")
    pages.add_argument("--root", type=Path, default=Path("."), help="the project (default: the current folder)")
    pages.add_argument("--strict", action="store_true", help="fail on anything that must not be published")
    pages.add_argument("--no-api", dest="api", action="store_false", help="leave out the Engine API's pages")
    pages.set_defaults(handler=run_pages)
    done = commands.add_parser("finish", help="make a built site safe and check it", description=__doc__)
    done.add_argument("site", type=Path, metavar="SITE", help="the built site (site/)")
    done.add_argument("--pages", type=Path, default=Path("build/pages"), help="the generated pages (build/pages)")
    done.add_argument(
        "--runtime", type=Path, default=None, help="the in-page runtime to copy in (build/inpage/runtime)"
    )
    done.set_defaults(handler=run_finish)
    serve = commands.add_parser("serve", help="serve the rulebook, rebuilt on every change", description=__doc__)
    serve.add_argument("--port", default="8000", help="the port on 127.0.0.1 (default 8000)")
    serve.add_argument("--builder", choices=BUILDERS, default="mkdocs", help="the builder (default mkdocs)")
    serve.add_argument("--api", action="store_true", help="build the Engine API's module pages too (slower rebuilds)")
    serve.add_argument(
        "--results-only",
        action="store_true",
        help="rebuild when the results change, not on a saved feature file (another process runs its examples)",
    )
    serve.set_defaults(handler=run_serve)


def _missing_extra(error: ImportError) -> int:
    say(f"battlebook site: {error.name or 'a module'} is missing: pip install 'battlebook[site]'", file=sys.stderr)
    return 2


def run_pages(args: argparse.Namespace) -> int:
    """Generate the pages; exit 1 on a problem when strict, 2 when they cannot be generated."""
    try:
        from battlebook.site.pages import GenerationError, generate, output_problem, problems_text, write_pages
    except ImportError as error:
        return _missing_extra(error)
    if not (args.root / "features").is_dir():
        say(f"battlebook site pages: no features/ folder in {args.root}", file=sys.stderr)
        return 2
    problem = output_problem(args.out, args.root)
    if problem:
        say(f"battlebook site pages: {problem}", file=sys.stderr)
        return 2
    try:
        pages = generate(args.root.resolve(), api=args.api)
    except GenerationError as error:
        say(f"battlebook site pages: {error}", file=sys.stderr)
        return 2
    try:
        changed = write_pages(pages, args.out, args.root)
    except GenerationError as error:
        say(f"battlebook site pages: {error}", file=sys.stderr)
        return 2
    sys.stderr.write(problems_text(pages.problems))
    say(f"battlebook site pages: {len(pages.files)} files under {args.out / 'docs'} ({changed} changed)")
    if args.strict and pages.problems:
        say(f"battlebook site pages: {len(pages.problems)} problems: not publishable (strict)", file=sys.stderr)
        return 1
    return 0


def run_finish(args: argparse.Namespace) -> int:
    """Finish the built site; exit 1 when a page is not safe, 2 when there is no site."""
    try:
        from battlebook.site.finish import SiteData, SiteError, finish, runtime_problem
    except ImportError as error:
        return _missing_extra(error)

    if args.site.is_symlink() or not (args.site / "index.html").is_file() or (args.site / "index.html").is_symlink():
        say(f"battlebook site finish: no built site at {args.site}", file=sys.stderr)
        return 2
    overlap = runtime_problem(args.site, args.runtime) if args.runtime is not None else None
    if overlap:
        say(f"battlebook site finish: {overlap}", file=sys.stderr)
        return 2
    data_file = args.pages / "site.json"
    try:
        data = SiteData.read(data_file) if data_file.is_file() else None
    except SiteError as error:
        say(f"battlebook site finish: {error}", file=sys.stderr)
        return 2
    if data is None:
        say(f"battlebook site finish: no {data_file}: rule links and search ranking skipped", file=sys.stderr)
    try:
        problems = finish(args.site, data, args.runtime)
    except SiteError as error:
        say(f"battlebook site finish: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        say(f"battlebook site finish: {problem}", file=sys.stderr)
    if problems:
        say(f"battlebook site finish: {len(problems)} problems: the site is not safe to publish", file=sys.stderr)
        return 1
    say(f"battlebook site finish: {args.site} checked: every page has the policy, none holds live script")
    return 0


def run_serve(args: argparse.Namespace) -> int:
    """Serve the rulebook until interrupted."""
    from battlebook.cli.port import port_problem

    problem = port_problem(str(args.port))
    if problem:
        say(f"battlebook site serve: {problem}", file=sys.stderr)
        return 2
    try:
        from battlebook.site.serve import builder_command, serve
    except ImportError as error:
        return _missing_extra(error)
    return serve(
        Path(".").resolve(), int(args.port), builder_command(args.builder), api=args.api, results_only=args.results_only
    )
