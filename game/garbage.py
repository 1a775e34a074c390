"""When the window collects Python's cyclic garbage: in a frame's spare time, not in the middle
of one.

Left to itself, CPython collects whenever enough objects were made, wherever that happens: in
a move, in a panel's render. Measured in a Rallyman race here, the middle collections took 1.4
to 5 ms and a full one 25 ms, and they were most of the frames over the 8 ms budget. So while
the app runs, automatic collection waits far longer (a backstop only), and the app collects
itself after each frame, when the frame was cheap:

- the young generations as soon as they are due, after a frame that left time for it;
- the oldest only when the app has nothing to show (a person thinking, the menu), or when it
  is long overdue (a table of bots that never rests);
- everything that lives from the start (fonts, themes, the games' data) frozen out of the
  collections once a table opens, so a full collection looks at what a game made only.

`release()` gives CPython its own thresholds back (tests make and drop many apps).
"""
from __future__ import annotations

import gc

#: objects made (net) before the young generation is collected, as CPython's default
YOUNG_DUE = 700
#: how many collections of a generation make the next one due, as CPython's default
NEXT_DUE = 10
#: a frame that took longer than this has no time left over for a collection; it waits
SPARE_AFTER_S = 0.004
#: the automatic backstop while the app runs: young objects beyond this are collected wherever
AUTO_BACKSTOP = 25_000
#: full collections put off this many times over their due count are run after any frame
OLD_OVERDUE = 3


class GarbagePolicy:
    def __init__(self) -> None:
        self._thresholds = gc.get_threshold()
        self.active = False
        self.collections = [0, 0, 0]   # how many of each generation this policy ran

    def start(self) -> None:
        if not self.active:
            gc.set_threshold(AUTO_BACKSTOP, NEXT_DUE, NEXT_DUE)
            self.active = True

    def release(self) -> None:
        if self.active:
            gc.set_threshold(*self._thresholds)
            self.active = False

    def after_frame(self, spent_s: float, idle: bool = False) -> int | None:
        """Collect what is due if the frame left time (`spent_s` it took; `idle`: nothing
        moves). Returns the generation collected, or None."""
        if not self.active:
            return None
        young, middle, old = gc.get_count()
        if young < YOUNG_DUE and not (idle and old >= NEXT_DUE):
            return None
        if spent_s > SPARE_AFTER_S and young < AUTO_BACKSTOP // 2:
            return None
        if old >= NEXT_DUE and (idle or old >= OLD_OVERDUE * NEXT_DUE):
            generation = 2
        elif middle >= NEXT_DUE:
            generation = 1
        else:
            generation = 0
        gc.collect(generation)
        self.collections[generation] += 1
        return generation

    def settle(self) -> None:
        """A table opened: collect everything once, then keep what lives now out of later
        collections (what the game makes from here on is all they look at)."""
        gc.collect()
        gc.freeze()

    def unsettle(self) -> None:
        """A table closed: what it froze may be garbage now."""
        gc.unfreeze()
