"""The table kit: what every game scene is built from (game/DESIGN.md, "The table kit").

- controller.py (no pygame): viewer, curtain, turns, bot requests, and the TableContext that is
  all a game scene may read;
- frame.py: the frame around the board (status line, seats, log, undo, rules, pause) that a
  game scene subclasses;
- picker.py: narrows the legal actions click by click; panel.py: choices and buttons;
  overlay.py: keyed pictures drawn over the board; board.py: the map's picture with its
  plain-paper fallback; curtain.py: the pass-the-device curtain.
"""
