"""What people look at: the board drawing, the game viewer, Jupyter
display, matplotlib plots and the club report (a folder of HTML).

Depends on every stage below; nothing below imports from here except the
documented conveniences (``Position._repr_svg_``, ``GameReport.to_html``).
"""

from typing import TYPE_CHECKING

from narde_notation._lazy import lazy_names

if TYPE_CHECKING:  # the lazy names, for type checkers
    from narde_notation.show._board_state import BoardError
    from narde_notation.show.board_app import create_app, load_record
    from narde_notation.show.board_svg import board_drawing, position_svg
    from narde_notation.show.club_report import write_report
    from narde_notation.show.jupyter import register_ipython_formatters
    from narde_notation.show.plots import (
        plot_dice,
        plot_equity,
        plot_game_lengths,
        plot_mars_rate,
        plot_race,
        plot_ratings,
    )
    from narde_notation.show.viewer import game_page, half_turn_shown, viewer_html

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "position_svg": ".board_svg",
        "game_page": ".viewer",
        "viewer_html": ".viewer",
        "plot_dice": ".plots",
        "plot_game_lengths": ".plots",
        "plot_mars_rate": ".plots",
        "plot_race": ".plots",
        "plot_ratings": ".plots",
        "write_report": ".club_report",
        "BoardError": ".board_app",
        "create_app": ".board_app",
        "load_record": ".board_app",
        "board_drawing": ".board_svg",
        "half_turn_shown": ".viewer",
        "plot_equity": ".plots",
        "register_ipython_formatters": ".jupyter",
    },
)

__all__ = [
    "BoardError",
    "board_drawing",
    "create_app",
    "game_page",
    "half_turn_shown",
    "load_record",
    "plot_dice",
    "plot_equity",
    "plot_game_lengths",
    "plot_mars_rate",
    "plot_race",
    "plot_ratings",
    "position_svg",
    "register_ipython_formatters",
    "viewer_html",
    "write_report",
]
