"""The Homesteaders rule catalogue: every Violation the model returns names one of these ids.

Sections: "rulebook: <heading>" is a heading of the Homesteaders rulebook; "reference: <topic>" is
the tile, price and ruling data collected from public sources where the rulebook is silent (the
numbers live in ``data/*.toml``); "FORMAT.md §n" is a section of ``replays/FORMAT.md``.
"""

from __future__ import annotations

from referee.model.core import Rule, RuleCatalogue

_RULES = [
    # setup and the order of play
    ("HS-VOCAB", "Events use the Homesteaders vocabulary: known actions, phases, chance events "
                 "and fields of the right types.", "FORMAT.md §2"),
    ("HS-SETUP-PLAYERS", "2 to 4 distinct players; each starts with a Homestead, 1 worker, "
                         "6 silver and the railroad marker before space 1.",
     "rulebook: Setup 2"),
    ("HS-SETUP-OPTIONS", "The game has no options; an unknown option is refused.", "FORMAT.md §1"),
    ("HS-SETUP-COPIES", "The building supply holds 3-4 player copies, or the 2-player copies "
                        "(one fewer of buildings with 2 or more).", "rulebook: Setup 4"),
    ("HS-SETUP-AUCTIONS", "Auctions 1 and 2 are used; Auction 3 only with 4 players.",
     "rulebook: Setup 3"),
    ("HS-START-PLAYER", "The start player is chosen at random before round 1.",
     "rulebook: Setup 5"),
    ("HS-ANYTIME", "Market actions, hiring and taking debt are allowed at any time once the "
                   "game has started.", "reference: market, debt and gold"),
    ("HS-ROUND-ORDER", "Each of rounds 1-10 passes setup, income, bidding and building in "
                       "order; then final income and scoring.", "rulebook: Round Phases"),
    ("HS-STAGE", "Round 5 replaces unbuilt Settlement buildings with Town buildings; round 9 "
                 "replaces all unbuilt buildings with City buildings.", "rulebook: 1. Setup"),
    ("HS-REVEAL", "Each round one tile of the round's stage group is revealed for Auction 2 "
                  "(and 3), never one revealed before, before the income phase.",
     "rulebook: Setup 3; 1. Setup"),
    # income
    ("HS-ALLOCATE", "Workers are allocated after the setup marker and before the income "
                    "marker (for the final income: after round 10's building marker).",
     "rulebook: Allocate Workers"),
    ("HS-ALLOC-SLOTS", "An allocation uses slots of the player's own buildings, each within "
                       "its capacity (double slots take 2), no more workers than owned.",
     "rulebook: Allocate Workers"),
    ("HS-ALLOC-STANDS", "Workers not placed are idle; without a new allocation the last one "
                        "stands.", "FORMAT.md §2"),
    ("HS-INCOME", "At the income marker each player collects automatic building income, 1 "
                  "silver per rail line, and the income of occupied slots (a double slot "
                  "needs 2 workers).", "rulebook: Collect Income"),
    ("HS-PAY-WORKERS", "Each player pays 1 silver per worker once, after income and before "
                       "bidding (final round: before scoring).", "rulebook: Pay Workers"),
    ("HS-PAY-AUTO", "Workers not yet paid are paid in silver at the bidding (or scoring) "
                    "marker; a player without enough silver blocks the marker.", "FORMAT.md §2"),
    ("HS-GOLD-PAY", "A gold counts as 5 silver, without change, when paying workers, a won "
                    "bid or debt; no more gold than the cost needs.",
     "reference: market, debt and gold"),
    # bidding
    ("HS-BID-TURN", "Bidding goes clockwise from the start player; players who passed or "
                    "hold a high bid are skipped; outbid players act again.",
     "rulebook: Bidding"),
    ("HS-BID-AUCTION", "Bids go on an auction in play this round (Auction 3 only with 4 "
                       "players).", "rulebook: Setup 3"),
    ("HS-BID-LADDER", "A bid is one of 3, 4, 5, 6, 7, 9, 12, 16, 21.", "rulebook: Bidding"),
    ("HS-BID-RAISE", "A bid must exceed the auction's high bid.", "rulebook: Bidding"),
    ("HS-BID-CASH", "A player may bid regardless of cash on hand; the winner pays in full, "
                    "trading or taking debt as needed.", "rulebook: Bidding"),
    ("HS-LAWYER", "The Lawyer's owner may bid the same amount as the high bid to outbid it.",
     "reference: buildings"),
    ("HS-PASS", "A pass ends the player's bidding for the round and advances the railroad "
                "marker.", "rulebook: Bidding"),
    ("HS-TRACK-REWARD", "Each railroad advance (at most to space 5, which repeats) gives one "
                        "reward of the reached space or an earlier one: trade, rail line, "
                        "worker, a resource, 3 VP.", "reference: railroad track"),
    ("HS-BID-END", "Bidding ends when every player has passed or holds a high bid; the "
                   "building marker comes only then.", "rulebook: Bidding"),
    ("HS-NEUTRAL-BID", "With 2 players the start player first places the neutral bid on an "
                       "auction at the neutral level.", "rulebook: Two Player Game Bidding"),
    ("HS-NEUTRAL-LEVEL", "The neutral level starts at 5, rises one ladder step (to 9) when "
                         "both players win an auction and falls one step (to 3) per pass.",
     "rulebook: Two Player Game Bidding"),
    ("HS-NO-BIDS", "An auction without a player's winning bid is discarded and awarded to "
                   "nobody.", "rulebook: Bidding"),
    # building
    ("HS-BUILD-ORDER", "Won auctions resolve in order 1, 2, 3: the winner pays the bid, then "
                       "may build, then may take the bonus.", "rulebook: Building"),
    ("HS-PAY-BID", "The winner pays the winning bid in full.", "rulebook: Building"),
    ("HS-BUILD-TYPE", "The building's type must be one the tile allows.", "rulebook: Building"),
    ("HS-BUILD-SUPPLY", "The building must be in the building supply.", "rulebook: Building"),
    ("HS-BUILD-UNIQUE", "A player may not own two buildings of the same name.",
     "reference: buildings"),
    ("HS-BUILD-COST", "The building's cost is paid in resources when built.",
     "rulebook: Building"),
    ("HS-BONUS", "A tile's bonus is taken at most once, after paying the bid (and building), "
                 "paying what it asks; a tile that allows no building awards its items (a "
                 "worker, a railroad advance) at once, before the game moves on.",
     "rulebook: Building"),
    ("HS-TILE-30", "Auction 3 tile 30 gives 6 VP when its bid is paid.",
     "reference: auction tiles"),
    ("HS-START-MARKER", "The Auction 1 winner takes the start player marker; otherwise it "
                        "stays (2 players: it passes to the other player).",
     "rulebook: Building; Two Player Game Bidding"),
    # the marketplace and debt
    ("HS-MARKET-BUY", "Buying: 1 trade plus the price (wood 1, food 2, steel 3, gold 4 silver; "
                      "copper, livestock 1 gold) per resource.",
     "reference: market, debt and gold"),
    ("HS-MARKET-SELL", "Selling: 1 trade plus the resource gives its price and 1 VP.",
     "reference: market, debt and gold"),
    ("HS-HIRE", "Hiring: 1 trade plus 1 food gives 1 worker.", "reference: market, debt and gold"),
    ("HS-DEBT-TAKE", "Each debt taken gives 2 silver.", "reference: market, debt and gold"),
    ("HS-DEBT-PAY", "Debt is paid off only in scoring, 5 silver or 1 gold each.",
     "reference: market, debt and gold"),
    ("HS-CONVERT", "Market: 1 trade + wood -> food, 1 trade + food -> steel; Bank: 1 trade -> "
                   "1 silver; owners only.", "reference: buildings"),
    # building abilities
    ("HS-GENERAL-STORE", "The General Store's owner gets 1 extra silver per sale.",
     "reference: buildings"),
    ("HS-RIVER-PORT", "The River Port's owner may pay gold instead of copper or livestock in "
                      "building costs and tile bonuses.", "reference: buildings"),
    ("HS-RODEO", "Rodeo income: 1 silver per worker owned, at most 5.", "reference: buildings"),
    ("HS-BANK-INCOME", "Bank income: discard 1 debt; with no debt, 2 silver.",
     "reference: market, debt and gold"),
    ("HS-BOARDING-HOUSE", "Building the Boarding House discards 1 debt, or gives 2 silver "
                          "without debt.", "reference: buildings"),
    ("HS-RANCH", "Building the Ranch gives 1 trade.", "reference: buildings"),
    ("HS-WORKSHOP", "Building the Workshop may give 1 worker free.", "reference: buildings"),
    ("HS-TRACK-BUILD", "Building the Depot, Forge or Rail Yard advances the railroad marker "
                       "with its reward.", "reference: buildings"),
    ("HS-FORGE", "The Forge's owner gains 1 VP for each building built after it.",
     "reference: buildings"),
    ("HS-TRAIN-STATION", "Building the Train Station gives 1 rail line and one extra building "
                         "of any type, paying its cost.", "reference: buildings"),
    # the end
    ("HS-FINAL-INCOME", "After round 10 players allocate, collect income and pay workers once "
                        "more, without an auction.", "rulebook: End of the Game"),
    ("HS-SCORE", "Score: VP chits + printed points + end bonuses + 2 per gold, copper and "
                 "livestock - 1, 2, 3, ... per unpaid debt.", "rulebook: End of the Game"),
    ("HS-HOMESTEAD-RESIDENTIAL", "The Homestead is a Residential building: it counts for "
                                 "'+1 per Residential' and '+1 per building' bonuses.",
     "reference: decisions"),
    ("HS-TIE", "Ties go to the most silver; otherwise all tied players win.",
     "rulebook: End of the Game"),
    ("HS-CHECK", "A check names known players and quantities with values of the right type.",
     "FORMAT.md §2"),
    ("HS-POSITION", "A starting position names known players, buildings and tiles, with "
                    "counts and placements the rules allow.", "FORMAT.md §4"),
]

RULES = RuleCatalogue("homesteaders", [Rule(i, text, section) for i, text, section in _RULES])
