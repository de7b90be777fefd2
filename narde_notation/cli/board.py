"""``narde board [RECORD]``: the analysis board, a local web page.

Serves :mod:`narde_notation.show.board_app` on 127.0.0.1 (``--host`` to
change it) and opens the browser unless ``--no-browser``.  RECORD (native
or ``.mat``, ``--game N``) is the only file read; ``--out FILE`` the only
file written (the page's Save).  Ctrl-C stops the server: exit 130.
Exit 2: a usage error, an unreadable RECORD, a port in use, Flask missing
(the ``board`` extra).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import click

from narde_notation.cli import EXIT_INTERRUPTED, echo_error, echo_notice
from narde_notation.model import Side, visible

__all__ = ["board_command"]

PROGRAM = "narde board"
_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


@click.command("board")
@click.argument("record", required=False, type=click.Path(dir_okay=False))
@click.option("--game", "game_index", type=click.IntRange(min=0), default=0, show_default=True,
              help="Which game of RECORD: its 0-based index.")
@click.option("--out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="The file the page's Save writes the record to (native notation).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="The port to listen on; 0 = any free port.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (other machines can reach any but loopback).")
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
@click.option("--from", "from_side", type=click.Choice(["white", "black"]), default="white",
              show_default=True, help="Draw the board as this side sees it.")
def board_command(record: str | None, game_index: int, out: str | None, port: int, host: str,
                  no_browser: bool, from_side: str) -> None:
    """Enter, replay and study a game on a board in the browser.

    Start from the opening, from RECORD (native or .mat, game --game), or from
    a position set up on the page.  Type or roll the dice, click a checker to
    see where it may go, click a marked point to move it; the rules engine
    refuses illegal moves and says why, the evaluator gives hints and
    analyses the game.  The record so far is shown in native notation, for
    download or, with --out, saved to a file.
    """
    try:
        from werkzeug.serving import make_server

        from narde_notation.show import BoardError, create_app, load_record
    except ImportError:
        echo_error(PROGRAM, "the board needs Flask: pip install 'narde-notation[board]'")
        sys.exit(2)
    loaded = None
    if record is not None:
        try:
            loaded = load_record(record, game_index)
        except OSError as exc:
            echo_error(PROGRAM, f"{visible(record)}: cannot read: {exc.strerror or exc}")
            sys.exit(2)
        except BoardError as exc:
            echo_error(PROGRAM, str(exc))
            sys.exit(2)
        if loaded.note:
            echo_notice(PROGRAM, loaded.note)
    app = create_app(loaded, from_side=Side(from_side[0].upper()),
                     out=None if out is None else Path(out),
                     hosts=("127.0.0.1", "localhost", "::1") if host in _LOOPBACK else None)
    # the request lines of werkzeug's log are noise on the terminal: warnings only
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    try:
        # one request at a time: one player, and the engine's caches are not for threads
        server = make_server(host, port, app, threaded=False)
    except (OSError, SystemExit) as exc:
        echo_error(PROGRAM, f"cannot listen on {visible(host)}:{port}: {exc}")
        sys.exit(2)
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{server.port}/"
    if host not in _LOOPBACK:
        echo_notice(PROGRAM, f"listening on {visible(host)}: other machines can reach the board")
    click.echo(f"The board is at {url} (Ctrl-C stops it)")
    if not no_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        # werkzeug's serve_forever returns on Ctrl-C (it catches KeyboardInterrupt
        # itself); nothing else stops it, so its return is the interrupt: exit 130
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    click.echo("stopped")
    sys.exit(EXIT_INTERRUPTED)
