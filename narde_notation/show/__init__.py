"""What people look at: the board drawing, the game viewer, Jupyter
display, matplotlib plots and the club report (a folder of HTML).

Depends on every stage below; nothing below imports from here except the
documented conveniences (``Position._repr_svg_``, ``GameReport.to_html``).
"""

from narde_notation._lazy import lazy_names

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
    },
)
