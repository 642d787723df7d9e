"""The Pionjär rule catalogue, in rulebook order.

Sources: "rulebook: <heading>" is a heading of the Pionjär rulebook
(``shared/rulebooks/pionjar.txt``); "decision: <what and why>" is where the project decided. A
rule the rulebook states in part keeps its rulebook heading and marks the rest "assumption:" in
its text; a rule wholly assumed ("Assumption: ...") is a decision. PJ-DATA covers every invented
number of the bundled data set."""

from __future__ import annotations

from referee.model.core import Rule, RuleCatalogue

_PREP = "Preparation"
_ROAD = "How to Play: Moving Into the Country"
_ALM = "How to Play: The Almanac"
_SELL = "How to Play: Selling Harvests and Timber"
_REDEEM = "How to Play: Paying Off Property"
_POST = "How to Play: Post and Telegram"
_TRAIL = "How to Play: Hunting and Fishing Trails"
_SALOON = "How to Play: The Saloon"
_TP = "How to Play: Trading Post"
_AUC = "How to Play: Auctions"
_FUR = "How to Play: Fur Trappers"
_PRISON = "How to Play: Prison"
_END = "How to Play: End of the Game"


def _sourced(rule: Rule) -> Rule:
    """The rule with its source: the rulebook heading, or for a rule wholly assumed, the
    decision where that heading is silent."""
    if rule.section.startswith("decision: "):
        return rule
    if rule.text.startswith("Assumption:"):
        return Rule(rule.id, rule.text, f"decision: the rulebook ({rule.section}) is silent; "
                    "the assumption is the rule's text, listed in docs/pionjar.md")
    return Rule(rule.id, rule.text, f"rulebook: {rule.section}")

_RULES = [
    Rule("PJ-DATA", "Assumption: the board, almanac steps, price tables, redemption and full "
         "values, card texts and card values of the bundled data set are a reconstruction for "
         "testing, not the printed game; option 'data' selects another data set.",
         "decision: the rulebook lists the components (Components) but no public source gives "
         "their numbers; the bundled set invents them for testing"),
    Rule("PJ-VOCAB", "A Pionjär log uses its vocabulary: the known actions and chance events, "
         "known players, and no phase markers.",
         "decision: the log's vocabulary (replays/FORMAT-pionjar.md), so that any recorder "
         "writes the same events"),
    Rule("PJ-OPTIONS", "Header options are data, end and banker only.",
         "decision: the header's options (replays/FORMAT-pionjar.md §1): the data set, an "
         "agreed end and the banker, the only choices the rulebook leaves to the table"),
    Rule("PJ-POSITION", "A starting position names known players, properties and spaces, with "
         "counts and amounts the game allows.",
         "decision: starting positions (replays/FORMAT-pionjar.md) are checked on their face"),
    Rule("PJ-SETUP-PLAYERS", "2 to 6 players; each starts with 5,000 from the bank and the "
         "Saloon with 10,000.", "Number of Players; " + _PREP),
    Rule("PJ-SETUP-STACKS", "Post and proclamation cards are shuffled face down, buffalo, fish "
         "and gold cards face up; a draw is a chance event naming a card still in its stack, "
         "every such card equally likely.", _PREP),
    Rule("PJ-SETUP-BANKER", "One player is the banker (option 'banker', default the first "
         "seat); the banker runs auctions while the trading post is unowned.", _PREP),
    Rule("PJ-SETUP-START", "Assumption: the start player is chosen by chance; turns then go "
         "clockwise in seat order.", _PREP),
    Rule("PJ-TURN-ORDER", "Only the player whose turn it is decides, and only what the current "
         "step of the turn allows.", "How to Play"),
    Rule("PJ-TURN-END", "Assumption: a turn ends with 'end_turn' while the player still has an "
         "optional action; it ends by itself when nothing is left to decide.", "How to Play"),
    Rule("PJ-CHANCE-DIE", "A die roll is a whole number from 1 to 6, rolled by the player whose "
         "roll is due.", _ROAD),
    Rule("PJ-ROAD-CHOOSE", "In Missouri, where the road divides, a player on the road names a "
         "free property, or earlier before a roll; assumption: a roll that reaches Missouri "
         "without one stops there for the choice and the rest of the roll follows on the chosen "
         "branch; the choice stands unless the player is sent back; the branches are equally "
         "long.", _ROAD),
    Rule("PJ-ROAD-DIE", "On the road a player moves exactly the number of dots the die shows.",
         _ROAD),
    Rule("PJ-ROAD-BLACK", "Landing on a black dot: skip the next turn.", _ROAD),
    Rule("PJ-ROAD-RED", "Landing on a red dot: five extra steps (assumption: the dot reached "
         "with them has no further effect).", _ROAD),
    Rule("PJ-ROAD-ARRIVE", "The first to reach a property takes it (assumption: reaching or "
         "passing the end dot), registers at the Land Office in Pioneer City and becomes a "
         "squatter.", _ROAD),
    Rule("PJ-ROAD-BACK", "Assumption: when a property is taken, every other player heading for "
         "it goes back to Missouri (the fork) and names another free property; nothing else is "
         "lost.", _ROAD),
    Rule("PJ-CITY-VISIT", "A player visits Pioneer City when registering and (assumption) when "
         "an almanac move ends on or passes the city's space; what is bought after the move "
         "belongs to the visit: it is paid from the cash the player had there and fills the "
         "fields and stands as they were there, so money or cards that arrive after the piece "
         "left the city count at the next visit.", _ROAD + "; " + _SELL + "; " + _TP),
    Rule("PJ-EQUIP-BUY", "Harvest and axe cards cost 500 each, at most one per field or stand, "
         "bought only while visiting Pioneer City, from the bank's supply.", _ROAD),
    Rule("PJ-ALMANAC-START", "Time starts at January 1858 when the first player registers.",
         _ALM),
    Rule("PJ-ALMANAC-ADVANCE", "The marker moves one month at each later turn of the first "
         "squatter, even when that turn is skipped, spent in prison or on the trails.", _ALM),
    Rule("PJ-ALMANAC-MOVE", "A squatter on the square spaces moves clockwise the steps of the "
         "current month on the property card; late squatters start in the current month.", _ALM),
    Rule("PJ-ALMANAC-CHOICE", "Assumption: on the square spaces a squatter's turn is either the "
         "almanac move ('advance') or entering a trail ('enter_trail').", _ALM),
    Rule("PJ-SPACE-LAND", "Assumption: a square's order applies when a move ends on it (only "
         "Pioneer City also counts when passed).", _SELL),
    Rule("PJ-SELL-CROPS", "On a harvest sell space all harvest cards must be sold at the "
         "month's price changed by proclamations (never below 0); they return to the bank.",
         _SELL),
    Rule("PJ-SELL-TIMBER", "On a timber sell space all axe cards must be sold at the month's "
         "price changed by proclamations (never below 0); they return to the bank.", _SELL),
    Rule("PJ-REDEEM", "Completing the first lap (reaching or passing Pioneer City) the "
         "redemption sum is paid; a player who cannot pay keeps farming without owning the "
         "land.", _REDEEM),
    Rule("PJ-REDEEM-FULL", "A player who could not redeem may buy the land later at its full "
         "value while visiting Pioneer City.", _REDEEM),
    Rule("PJ-CARD-DRAW", "A post or proclamation space draws the top card of its stack; the "
         "card is followed at once and set aside unless it is kept.", _POST),
    Rule("PJ-CARD-RESHUFFLE", "When a stack is empty at a draw, the set-aside cards are "
         "shuffled into a new stack (no event; the next draw is uniform over them).", _POST),
    Rule("PJ-PAY-SHORT", "Assumption: a payment larger than the payer's cash takes all the cash "
         "and the rest is forgiven; cash is never negative.", _POST),
    Rule("PJ-POST-MONEY", "Post cards pay from or to the bank, collect from or pay every other "
         "player, or pay into the Saloon.", _POST),
    Rule("PJ-POST-SKIP", "A post card may make the player skip the next turn.", _POST),
    Rule("PJ-POST-SHERIFF", "The sheriff post card is kept and makes its holder sheriff for the "
         "rest of the game.", _POST + "; " + _FUR),
    Rule("PJ-PROC-PRICE", "A proclamation changes the sale price of harvest, timber, buffalo, "
         "fish or gold by the stated amount.", _POST),
    Rule("PJ-PROC-DURATION", "Assumption: a price proclamation lasts until the end of the "
         "current year; changes add up.", _POST),
    Rule("PJ-PROC-TAX", "A tax proclamation makes every squatter pay the stated sum to the "
         "bank.", _POST),
    Rule("PJ-PROC-INDIAN", "Proclamations place an Indian on a camp circle of a trail, or send "
         "all Indians away; assumption: with both Indians out, the earliest placed one moves.",
         _TRAIL),
    Rule("PJ-TRAIL-ENTER", "Assumption: a squatter past the road may enter a trail on the "
         "turn instead of the almanac move, starting at the trailhead and rolling at once.",
         _TRAIL),
    Rule("PJ-TRAIL-DIE", "On a trail the player moves by the die; assumption: the last circle "
         "stops the move.", _TRAIL),
    Rule("PJ-TRAIL-CARD", "Landing on a buffalo, fish or gold circle takes the top card of that "
         "stack (nothing when it is empty).", _TRAIL),
    Rule("PJ-TRAIL-LEAVE", "Assumption: a player whose turn starts on an exit circle may leave "
         "(placed on the exit's square, then the almanac move of the same turn) or roll on; "
         "at the last circle leaving is compulsory.", _TRAIL),
    Rule("PJ-INDIAN-LAND", "Landing exactly on an Indian loses the whole haul of buffalo, fish "
         "and gold.", _TRAIL),
    Rule("PJ-INDIAN-PASS", "Passing an Indian loses the whole haul but pays half its printed "
         "value (rounded down) in cash from the bank.", _TRAIL),
    Rule("PJ-INDIAN-CARDS", "Assumption: cards lost to Indians leave the game.", _TRAIL),
    Rule("PJ-SELL-SPOILS", "On a spoils sell space all buffalo, fish and gold cards must be "
         "sold at their printed values changed by proclamations; they leave the game.", _TRAIL),
    Rule("PJ-FUR-TRAPPER", "On a fur trapper space all buffalo cards must be sold at half their "
         "printed value (a sheriff gets the full value); proclamations do not apply.", _FUR),
    Rule("PJ-SALOON-WHEN", "Assumption: a player past the road and not in prison may play in "
         "the Saloon once on each own turn, after moving.", _SALOON),
    Rule("PJ-SALOON-STAKE", "The stake is a whole amount from 1 up to the player's cash.",
         _SALOON),
    Rule("PJ-SALOON-ROLL", "Die 1: stake back; 2: stake plus twice the stake; 3-5: lost; 6: "
         "stake plus six times the stake; assumption: the stake enters the Saloon first and a "
         "payout never exceeds what the Saloon then holds.", _SALOON),
    Rule("PJ-SALOON-JANUARY", "The bank pays 10,000 into the Saloon every January, January "
         "1858 included: it is paid when time starts, so the Saloon then holds the basic "
         "capital and the first payment.", _SALOON),
    Rule("PJ-SALOON-RENT", "A post card offers the Saloon for rent until the end of the year; "
         "the renter pays the rent to the bank and takes what the Saloon holds when December "
         "ends; one renter at a time.", _SALOON),
    Rule("PJ-SALOON-FINAL", "At the end every player rolls once and the highest roll takes the "
         "Saloon, unless it is rented: then the renter takes it.", _SALOON),
    Rule("PJ-SALOON-FINAL-TIE", "Assumption: players tied for the highest final roll roll again, "
         "in seat order, until one is highest.", _SALOON),
    Rule("PJ-TRADING-POST", "The trading post costs 7,000, is bought only while visiting "
         "Pioneer City, and stays with its buyer.", _TP),
    Rule("PJ-AUCTION-START", "An auction proclamation offers the stated number of buffalo or "
         "gold cards (fewer if the stack is short), face down, one at a time; the trading post's "
         "owner runs it, else the banker.", _AUC),
    Rule("PJ-AUCTION-ORDER", "Assumption: bids go round in seat order from the auctioneer's "
         "left; a pass drops out of that card; the trading post's owner does not bid; a player "
         "whose cash cannot top the high bid is passed over; an unsold card stays in the stack; "
         "the pieces stay where they are.", _AUC),
    Rule("PJ-AUCTION-BID", "A bid is a whole amount above the high bid and at most the "
         "bidder's cash (cash only).", _AUC),
    Rule("PJ-AUCTION-PAY", "The highest bidder pays the trading post's owner (else the bank) "
         "and receives the card, revealed as it is handed over.", _AUC),
    Rule("PJ-PRISON", "A player locked up (jail space or post card) sits in the prison circle "
         "for two full months and comes out in the third (March → June), resuming from the "
         "square next to the prison.", _PRISON),
    Rule("PJ-END-MONTH", "The game ends when the first squatter's turn would move the almanac "
         "past the last month (December 1862): the last month is played in full.", _END),
    Rule("PJ-END-EARLY", "An earlier end month may be agreed (option 'end', \"YYYY-MM\"); the "
         "final Saloon roll then happens at that end.", _END),
    Rule("PJ-SCORE-CAPITAL", "The winner has the largest capital in land, gold, hunting and "
         "fishing spoils and cash; assumption: tied players share the win.", _END),
    Rule("PJ-SCORE-LAND", "Assumption: owned land counts at its full value, land not yet owned "
         "counts nothing, cards count at their printed value; harvest and axe cards and the "
         "trading post count nothing.", _END),
]

RULES = RuleCatalogue("pionjar", [_sourced(r) for r in _RULES],
                      score_rule="PJ-SCORE-CAPITAL", winner_rule="PJ-SCORE-CAPITAL")
