"""Record texts that several test files share (worked out by hand)."""

# White's last checker on own 1 bears off with the 1; Black has all 15 on its
# head, none off: mars, 2 points (R9).  The 2 is lost (the game is over): 3
# pips rolled, 1 played (the pip count dropped from 1 to 0).
MARS_GAME = """\
[White "Ann"]
[Black "Bob"]
[Position "1 / 24:15 / W"]
[Result "2-0"]

1. 21: 1/off
2-0
"""
