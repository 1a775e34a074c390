"""The phases of a Rallyman GT turn: the seat to act decides in some, chance in others, and a
championship waits between two races on its standings (see rules.py for the turn's flow)."""

# phases where a seat decides
PLAN, STEPS, PLACEMENT, PIT, SPUN, TYRES = "plan", "steps", "placement", "pit", "spun", "tyres"
# phases at a CHANCE node
FLAT_ROLL, STEP_ROLL, TOKENS = "flat_roll", "step_roll", "tokens"
#: a championship between two races: the standings, until the leader starts the next race
STANDINGS = "standings"
OVER = "over"
