"""The table kit: what every game scene is built from (game/DESIGN.md, "The table kit").

- controller.py (no pygame): viewer, curtain, turns, bot requests, and the TableContext that is
  all a game scene may read;
- frame.py: the frame around the board (moves, undo, rules, pause, keys and pointer) that a
  game scene subclasses, made of mixins: status.py (the status line), side.py (seats and log),
  targets.py (click targets and their glow) and driving.py (bots, curtain, results), on
  base.py (what they all read), and layers.py (the layered compositor); layout.py places the
  parts on the canvas;
- picker.py: narrows the legal actions click by click; panel.py: choices and buttons;
  overlay.py: keyed pictures drawn over the board; board.py: the map's picture with its
  plain-paper fallback; curtain.py: the pass-the-device curtain.
"""
