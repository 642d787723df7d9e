"""The Homesteaders rule catalogue: every Violation the model returns names one of these ids.

Sources: "rulebook: <heading>" is a heading of the Homesteaders rulebook
(``shared/rulebooks/homesteaders.txt``), whose text the rule follows; "decision: <what and why>"
is where the project decided: the log format's own choices, and the tile, price and ruling data
of the reference (``shared/reference/homesteaders.md``) where the rulebook is silent (the numbers
live in ``data/*.toml``).
"""

from __future__ import annotations

from referee.model.core import Rule, RuleCatalogue

_RULES = [
    # setup and the order of play
    ("HS-VOCAB",
     "Events use the Homesteaders vocabulary: known actions, phases, chance events and fields"
     " of the right types.",
     "decision: the log's vocabulary (replay format §2), so that any recorder writes the same"
     " events"),
    ("HS-SETUP-PLAYERS",
     "2 to 4 distinct players; each starts with a Homestead, 1 worker, 6 silver and the "
     "railroad marker before space 1.",
     "rulebook: Setup 2"),
    ("HS-SETUP-OPTIONS",
     "The game has no options; an unknown option is refused.",
     "decision: the rulebook has no variants, so an option can only be a mistake (FORMAT.md "
     "§1)"),
    ("HS-SETUP-COPIES",
     "The building supply holds the Settlement and Settlement/Town buildings; with 2 players "
     "only one of each building, except two of Farm, Market and Foundry.",
     "rulebook: Setup 4"),
    ("HS-SETUP-AUCTIONS",
     "Auctions 1 and 2 are used; Auction 3 only with 4 players.",
     "rulebook: Setup 3"),
    ("HS-START-PLAYER",
     "The start player is chosen at random before round 1.",
     "rulebook: Setup 5"),
    ("HS-ANYTIME",
     "Market actions, hiring and taking debt are allowed at any time once the game has "
     "started.",
     "decision: the rulebook names the Marketplace, Gold and Debt in the phases that pay; the"
     " reference data (shared/reference/homesteaders.md, decisions) allows them at any time"),
    ("HS-ROUND-ORDER",
     "Each of rounds 1-10 passes setup, income, bidding and building in order; then final "
     "income and scoring.",
     "rulebook: Round Phases; End of the Game"),
    ("HS-STAGE",
     "Round 5 removes the unbuilt Settlement-only buildings and adds the Town buildings; "
     "round 9 removes every unbuilt building and adds the City buildings.",
     "rulebook: 1. Setup"),
    ("HS-REVEAL",
     "Each round one tile of the round's stage group is revealed for Auction 2 (and 3), never"
     " one revealed before, before the income phase.",
     "rulebook: Setup 3; 1. Setup"),
    # income
    ("HS-ALLOCATE",
     "Workers are allocated after the setup marker and before the income marker (for the "
     "final income: after round 10's building marker).",
     "rulebook: Allocate Workers"),
    ("HS-ALLOC-SLOTS",
     "An allocation uses slots of the player's own buildings, each within its capacity "
     "(double slots take 2), no more workers than owned.",
     "rulebook: Allocate Workers"),
    ("HS-ALLOC-STANDS",
     "Workers not placed are idle; without a new allocation the last one stands.",
     "decision: the log records decisions only (replay format §2), so a placement stands "
     "until a new one; the rulebook lets players reallocate every round"),
    ("HS-INCOME",
     "At the income marker each player collects automatic building income, 1 silver per rail "
     "line, and the income of occupied slots (a double slot needs 2 workers).",
     "rulebook: Collect Income"),
    ("HS-PAY-WORKERS",
     "Each player pays 1 silver per worker once, after income and before bidding (final "
     "round: before scoring).",
     "rulebook: Pay Workers"),
    ("HS-PAY-AUTO",
     "Workers not yet paid are paid in silver at the bidding (or scoring) marker; a player "
     "without enough silver blocks the marker.",
     "decision: payment is compulsory (rulebook: Pay Workers), so the bidding or scoring "
     "marker pays what is still owed (replay format §2)"),
    ("HS-GOLD-PAY",
     "A gold counts as 5 silver, without change, when paying workers, a won bid or debt; no "
     "more gold than the cost needs.",
     "decision: the rulebook refers to Spending Gold without printing it; the reference data "
     "(shared/reference/homesteaders.md, decisions) says 5 silver without change"),
    # bidding
    ("HS-BID-TURN",
     "Bidding goes clockwise from the start player; players who passed or hold a high bid are"
     " skipped; outbid players act again.",
     "rulebook: Bidding"),
    ("HS-BID-AUCTION",
     "Bids go on an auction in play this round (Auction 3 only with 4 players).",
     "rulebook: Setup 3; Bidding"),
    ("HS-BID-LADDER",
     "A bid is one of 3, 4, 5, 6, 7, 9, 12, 16, 21.",
     "rulebook: Bidding"),
    ("HS-BID-RAISE",
     "A bid must exceed the auction's high bid.",
     "rulebook: Bidding"),
    ("HS-BID-CASH",
     "A player may bid regardless of cash on hand; the winner pays in full, trading or taking"
     " debt as needed.",
     "rulebook: Bidding; Building"),
    ("HS-LAWYER",
     "The Lawyer's owner may bid the same amount as the high bid to outbid it.",
     "decision: the building's ability is printed on its tile, not in the rulebook; after the"
     " reference data (shared/reference/homesteaders.md §2)"),
    ("HS-PASS",
     "A pass ends the player's bidding for the round and advances the railroad marker.",
     "rulebook: Bidding"),
    ("HS-TRACK-REWARD",
     "Each railroad advance (at most to space 5, which repeats) gives one reward of the "
     "reached space or an earlier one: trade, rail line, worker, a resource, 3 VP.",
     "rulebook: Bidding (the items of the spaces are printed on the board: "
     "shared/reference/homesteaders.md §3)"),
    ("HS-BID-END",
     "Bidding ends when every player has passed or holds a high bid; the building marker "
     "comes only then.",
     "rulebook: Bidding"),
    ("HS-NEUTRAL-BID",
     "With 2 players the start player first places the neutral bid on an auction at the "
     "neutral level.",
     "rulebook: Two Player Game Bidding"),
    ("HS-NEUTRAL-LEVEL",
     "The neutral level starts at 5, rises one ladder step (to 9) when both players win an "
     "auction and falls one step (to 3) per pass.",
     "rulebook: Two Player Game Bidding"),
    ("HS-NO-BIDS",
     "An auction without a player's winning bid is discarded and awarded to nobody.",
     "rulebook: Bidding"),
    # building
    ("HS-BUILD-ORDER",
     "Won auctions resolve in order 1, 2, 3: the winner pays the bid, then may build, then "
     "may take the bonus.",
     "rulebook: Building"),
    ("HS-PAY-BID",
     "The winner pays the winning bid in full.",
     "rulebook: Building"),
    ("HS-BUILD-TYPE",
     "The building's type must be one the tile allows.",
     "rulebook: Building"),
    ("HS-BUILD-SUPPLY",
     "The building must be in the building supply.",
     "rulebook: Building"),
    ("HS-BUILD-UNIQUE",
     "A player may not own two buildings of the same name.",
     "decision: the rulebook is silent; the tile legend and BGA forbid two buildings of one "
     "name (shared/reference/homesteaders.md §2)"),
    ("HS-BUILD-COST",
     "The building's cost is paid in resources when built.",
     "rulebook: Building"),
    ("HS-BONUS",
     "A tile's bonus is taken at most once, after paying the bid (and building), paying what "
     "it asks; a tile that allows no building awards its items (a worker, a railroad advance)"
     " at once, before the game moves on, and they cannot be declined.",
     "rulebook: Building"),
    ("HS-TILE-30",
     "Auction 3 tile 30 gives 6 VP when its bid is paid.",
     "decision: the tile's bonus is printed on the tile, not in the rulebook; after the "
     "reference data (shared/reference/homesteaders.md §4)"),
    ("HS-START-MARKER",
     "The Auction 1 winner takes the start player marker; otherwise it stays (2 players: it "
     "passes to the other player).",
     "rulebook: Building; Two Player Game Bidding (with 3-4 players and no Auction 1 winner "
     "the rulebook is silent: the marker stays, after shared/reference/homesteaders.md, "
     "decisions)"),
    # the marketplace and debt
    ("HS-MARKET-BUY",
     "Buying: 1 trade plus the price (wood 1, food 2, steel 3, gold 4 silver; copper, "
     "livestock 1 gold) per resource.",
     "decision: the Marketplace's prices are printed on the Market Reference tiles, not in "
     "the rulebook; after shared/reference/homesteaders.md §5"),
    ("HS-MARKET-SELL",
     "Selling: 1 trade plus the resource gives its price and 1 VP.",
     "decision: the Marketplace's prices are printed on the Market Reference tiles, not in "
     "the rulebook; after shared/reference/homesteaders.md §5"),
    ("HS-HIRE",
     "Hiring: 1 trade plus 1 food gives 1 worker.",
     "decision: the rulebook refers to the Marketplace without printing it; after "
     "shared/reference/homesteaders.md §5"),
    ("HS-DEBT-TAKE",
     "Each debt taken gives 2 silver.",
     "decision: the rulebook refers to Debt without printing its value; after "
     "shared/reference/homesteaders.md §5"),
    ("HS-DEBT-PAY",
     "Debt is paid off only in scoring, 5 silver or 1 gold each.",
     "rulebook: End of the Game (5 silver each; paying with gold and paying only in scoring "
     "are decisions of shared/reference/homesteaders.md)"),
    ("HS-CONVERT",
     "Market: 1 trade + wood -> food, 1 trade + food -> steel; Bank: 1 trade -> 1 silver; "
     "owners only.",
     "decision: building abilities are printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2"),
    # building abilities
    ("HS-GENERAL-STORE",
     "The General Store's owner gets 1 extra silver per sale.",
     "decision: building abilities are printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2"),
    ("HS-RIVER-PORT",
     "The River Port's owner may pay gold instead of copper or livestock in building costs "
     "and tile bonuses.",
     "decision: building abilities are printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2"),
    ("HS-RODEO",
     "Rodeo income: 1 silver per worker owned, at most 5.",
     "decision: building income is printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2"),
    ("HS-BANK-INCOME",
     "Bank income: discard 1 debt; with no debt, 2 silver.",
     "decision: building income is printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2 and its decisions"),
    ("HS-BOARDING-HOUSE",
     "Building the Boarding House discards 1 debt, or gives 2 silver without debt.",
     "decision: building abilities are printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2"),
    ("HS-RANCH",
     "Building the Ranch gives 1 trade.",
     "rulebook: Building (the Ranch's Trade chit is the rulebook's own example)"),
    ("HS-WORKSHOP",
     "Building the Workshop may give 1 worker free.",
     "decision: building abilities are printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2"),
    ("HS-TRACK-BUILD",
     "Building the Depot, Forge or Rail Yard advances the railroad marker with its reward.",
     "decision: building abilities are printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2, §3"),
    ("HS-FORGE",
     "The Forge's owner gains 1 VP for each building built after it.",
     "decision: building abilities are printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2"),
    ("HS-TRAIN-STATION",
     "Building the Train Station gives 1 rail line and one extra building of any type, paying"
     " its cost.",
     "decision: building abilities are printed on the tiles, not in the rulebook; after "
     "shared/reference/homesteaders.md §2"),
    # the end
    ("HS-FINAL-INCOME",
     "After round 10 players allocate, collect income and pay workers once more, without an "
     "auction.",
     "rulebook: End of the Game"),
    ("HS-SCORE",
     "Score: VP chits + printed points + end bonuses + 2 per gold, copper and livestock - 1, "
     "2, 3, ... per unpaid debt.",
     "rulebook: End of the Game"),
    ("HS-HOMESTEAD-RESIDENTIAL",
     "The Homestead is a Residential building: it counts for '+1 per Residential' and '+1 per"
     " building' bonuses.",
     "decision: the rulebook is silent; BGA counts the Homestead as a Residential building "
     "(shared/reference/homesteaders.md, decisions)"),
    ("HS-TIE",
     "The most points wins; a tie goes to the tied player with the most silver; if that ties "
     "too, all of them win.",
     "rulebook: End of the Game"),
    ("HS-CHECK",
     "A check names known players and quantities with values of the right type.",
     "decision: check lines (replay format §2, Check quantities) name only what the state "
     "holds"),
    ("HS-POSITION",
     "A starting position names known players, buildings and tiles, with counts and "
     "placements the rules allow.",
     "decision: starting positions (replay format §4) are checked on their face"),
]

RULES = RuleCatalogue("homesteaders", [Rule(i, text, section) for i, text, section in _RULES],
                      score_rule="HS-SCORE", winner_rule="HS-TIE")
