"""The Colonists' rule catalogue: every Violation the model returns names one of these ids.

Sections: "rulebook: <heading>" is a heading of The Colonists' rulebook; "decision: ..." is the
project's reading where the rulebook is silent, with its reason; "data: <file>" is a value of the
bundled data set (``model/colonists/data``), which users may correct.
"""

from __future__ import annotations

from referee.model.core import Rule, RuleCatalogue

_DATA = "data: colonies.toml"


def _level(colony: str, level: int, text: str, heading: str = "Diplomacy") -> tuple[str, str,
                                                                                   str]:
    roman = ["I", "II", "III", "IV"][level - 1]
    return (f"CO-{colony.upper()}-{level}", f"{colony.title()} colony, level {roman}: {text}",
            f"rulebook: {heading}; {_DATA} [{colony}.level.{level}] (REF §6)")


_COLONY_RULES = [
    _level("alchemist", 1, "whenever the player receives goods (not produced ones, not on "
           "another player's event), each may be taken 1:1 as the other good of a pair: Wood "
           "and Clay (the receiving event's exchange).", "Diplomacy; Special Ambassadors"),
    _level("alchemist", 2, "also Planks and Bricks; the Alchemist Special Ambassador comes "
           "into play."),
    _level("alchemist", 3, "also Food and Ore, Robes and Coal."),
    _level("alchemist", 4, "an alternative Market action: any 3 goods for 1 Tool, as often as "
           "the player likes (market_trade)."),
    _level("altruist", 1, "charity at the start of the player's first turn of each year: 2 Wood "
           "or 1 Clay; +1 Warehouse lot."),
    _level("altruist", 2, "the charity may be 1 Planks or 1 Brick; +1 Food a year (sustenance "
           "capacity); the Altruist Special Ambassador comes into play."),
    _level("altruist", 3, "the charity may be 1 Ore or 1 Coal; +1 Food or 1 Robe a year, named "
           "before the sustenance phase (choose; Food if not named)."),
    _level("altruist", 4, "the charity may be 1 Iron, 2 Planks or 2 Bricks; +1 Tool in "
           "production."),
    _level("envoy", 1, "+1 Steward, entering by a Market.", "Multiple Stewards"),
    _level("envoy", 2, "the Stewards may jump to the Diplomat; once per half-year the Fee, paid "
           "to the supply, gives a Steward +1 Range for a move (move's boost).", "Markets"),
    _level("envoy", 3, "+1 Range for the Stewards and the Special Ambassadors the player "
           "moves.", "Range"),
    _level("envoy", 4, "at the Diplomat +1 Tool with its action, and a Market action there "
           "too, before or after it."),
    _level("industrialist", 1, "the Embassy counts as a Factory for the Worker type the player "
           "names each year (choose; otherwise the type running the most Production and "
           "Sustenance Buildings); +1 Warehouse lot; in production 2 Wood to 1 Planks once "
           "(convert with the colony)."),
    _level("industrialist", 2, "in production 2 Wood to 1 Planks twice, 1 Wood and 1 Clay to 1 "
           "Brick once."),
    _level("industrialist", 3, "+1 Warehouse lot; in production also 1 Wood and 1 Clay to 1 "
           "Brick twice and 3 Wood to 1 Coal once."),
    _level("industrialist", 4, "in production 1 Wood to 1 Planks three times, 1 Wood and 1 Clay "
           "to 1 Brick twice, 3 Wood to 1 Coal or 5 Wood to 2 Coal once, 2 Ore and 6 Wood or 2 "
           "Ore and 1 Coal to 1 Iron once."),
    _level("laborer", 1, "while no Farmer is free, Citizens may work in Farmer buildings.",
           "Colonists and Workers"),
    _level("laborer", 2, "one Farmer may work in a Citizen building; an Estate may be "
           "remodelled into an Apartment; the Laborer Special Ambassador comes into play."),
    _level("laborer", 3, "while no Citizen is free, Merchants may work in Citizen buildings."),
    _level("laborer", 4, "two Citizens may work in Merchant buildings."),
    _level("lord", 1, "instead of a place's action (never on a Market) the player may take 1 "
           "Wood or 1 Clay (ignore).", "Your Turn"),
    _level("lord", 2, "the alternative may be 1 Planks, 1 Brick or 1 Food; the player never "
           "pays the Fee."),
    _level("lord", 3, "the alternative may be 1 Ore, 1 Coal or 1 Robe; once per half-year, at "
           "the start or the end of one of the player's turns, two unoccupied Places are "
           "swapped (swap_places)."),
    _level("lord", 4, "the alternative may be 1 Iron; +1 Tool whenever it is taken."),
    _level("scholar", 1, "the Embassy counts as a Library; in production the player draws 2 "
           "improvements and keeps 1.", "Drawing Improvements"),
    _level("scholar", 2, "after drawing at a place (the Librarian, a Market's Librarian "
           "action) the player may play an improvement, two with a working Institute (play).",
           "Playing Improvements"),
    _level("scholar", 3, "the Stewards may jump to the Developer.", "Markets"),
    _level("scholar", 4, "improvements cost the player no Tools."),
    _level("storekeeper", 1, "+3 Warehouse lots; each working Storage Shed +1 Storage space.",
           "Storage"),
    _level("storekeeper", 2, "+3 Storage spaces (the Basic Storage upgrade); once per turn, at "
           "its start or end, the Fee paid to the supply replaces a Storage Shed by a Farmer "
           "building built directly, of the era or earlier (replace)."),
    _level("storekeeper", 3, "each working Storage House +2 Storage spaces; a Storage House "
           "may likewise be replaced by a Citizen building."),
    _level("storekeeper", 4, "the Warehouse counts as Storage; each working Storage Hall +4 "
           "Storage spaces."),
    _level("trader", 1, "an alternative Market action: Wood, Clay and Food for each other 1:1; "
           "the rates may be mixed and repeated (market_trade)."),
    _level("trader", 2, "also Planks and Bricks for each other 1:1, and 1 Planks or Brick for 2 "
           "Wood, Clay or Food."),
    _level("trader", 3, "also Ore, Robes and Coal for each other 1:1, 2 Planks or Bricks for 1 "
           "Ore, Coal or Robe, 3 Wood, Clay or Food for 1 Ore, Coal or Robe."),
    _level("trader", 4, "also Iron and Tools for each other 1:1, 1 Iron or Tool for 2 Ore, Coal "
           "or Robes, 4 Wood, Clay or Food for 1 Iron or Tool, 1 Iron or Tool for 3 Planks or "
           "Bricks."),
]

_RULES = [
    # the log and the setup
    ("CO-VOCAB", "Events use The Colonists' vocabulary: known actions, chance events and phase "
                 "markers, known names, fields of the right types.",
     "decision: replays/FORMAT-colonists.md"),
    ("CO-OPTIONS", "Options: first_era 1-4 (at most last_era), last_era 1-4, small_market, "
                   "box_limits, data, saved, money_building_limit (a later-era start only).",
     "rulebook: General Notes; Starting in a Later Era"),
    ("CO-DATA", "The data set is a bundled one or a folder allowed on the command line, and "
                "matches the schema.", "decision: data sets are user-replaceable"),
    ("CO-POSITION", "A starting position names known players, places, buildings, cards and "
                    "goods, with counts the game allows.", "decision: FORMAT-colonists.md §9"),
    ("CO-SETUP-PLAYERS", "1 to 4 players; each community starts with 2 Farms with a Farmer, 1 "
                         "Food in the Warehouse and 6 Tools.", "rulebook: Setup 5"),
    ("CO-SETUP-COLONIES", "4 of the 9 colonies are drawn at random before the game.",
     "rulebook: Setup 2"),
    ("CO-SETUP-START", "The start player is determined at random.", "rulebook: Setup 3"),
    ("CO-SETUP-PLACES", "The 12 starting Places (not the Day Laborer) are drawn one at a time and "
                        "laid from the start player clockwise; then the start player adds the "
                        "second Market.", "rulebook: Setup 4"),
    ("CO-SETUP-STORAGE", "Each player fills the Basic Storage with 3 goods of Wood and Clay in "
                         "any mix, at the latest before the first move.",
     "rulebook: Setup 5"),
    ("CO-BOARD-PLACE", "A new Place shares at least two edges with tiles on the board; the very "
                       "first goes into an indentation of the first Market.",
     "rulebook: Setup 4"),
    ("CO-BOARD-MARKET", "A Market shares an edge with a Place, and at least two Places lie on "
                        "the shortest path between it and every other Market.",
     "rulebook: Setup 4; Start of an Era"),
    ("CO-BOARD-REPLACE", "A replacing Place takes the spot of a copy of the Place it replaces, "
                         "chosen by the start player.", "rulebook: End of a Year 2"),
    # eras, years, turns
    ("CO-ERA-START", "At the start of an era its card's first step is carried out (third "
                     "Market, fifth colony and the optional small Market, the Chief Officer), "
                     "and its Market cards, improvements and Places replace the last era's.",
     "rulebook: Start of an Era"),
    ("CO-YEAR-START", "Each year starts with a Market card of the era turned face up, and in "
                      "years 1-4 three of the era's Places turned face up.",
     "rulebook: Start of a Year"),
    ("CO-TURN-ORDER", "In each half-year, from the start player clockwise, each player takes 3 "
                      "consecutive turns; a turn is a move and the action of the place reached.",
     "rulebook: The Half-Years; Your Turn"),
    ("CO-END-YEAR", "After the winter half-year: the new start player, the Places added, "
                    "redistribution, sustenance, production, in this order.",
     "rulebook: End of a Year"),
    ("CO-START-MARKER", "The Head Official (Chief Officer) or a Market action gives the start "
                        "player marker; its holder becomes start player at the end of the year.",
     "rulebook: Starting Player"),
    ("CO-END-PLACES", "At the end of years 1-4 the start player adds the three face-up Places.",
     "rulebook: End of a Year 2"),
    ("CO-ERA-END", "An era ends with the production phase of its fifth year; the game ends "
                   "with the last agreed era.", "rulebook: End of an Era"),
    # moving
    ("CO-STEWARD-ENTER", "A Steward enters the board on a Market of the player's choice before "
                         "he first moves; entering is not a turn.",
     "rulebook: Your Turn; Multiple Stewards"),
    ("CO-STEWARDS", "A player moves exactly one of the Stewards they control each turn (1, plus "
                    "extra Stewards from colonies and Boardinghouses, at most 4).",
     "rulebook: Multiple Stewards"),
    ("CO-MOVE-RANGE", "A Steward moves to a place within his Range through adjacent places, or "
                      "jumps to any Market; Range starts at 1 and is at most 4.",
     "rulebook: Movement Rules: Markets, Range"),
    ("CO-MOVE-OWN", "No place but a Market holds two Stewards of one player.",
     "rulebook: Multiple Stewards"),
    ("CO-MOVE-LEAVE", "Every Steward moved in a player's three turns ends them on another place "
                      "than he started on (Markets excepted).",
     "rulebook: You Must End Your Turn on a Different Place"),
    ("CO-MOVE-ACTION", "After moving, the player carries out the action of the place reached.",
     "rulebook: Your Turn"),
    ("CO-FEE", "Moving onto a place (not a Market) with other players' Stewards costs the Fee to "
               "each of them: 1 Tool or sustenance good and as many building resources as the "
               "era's number, each payee paid in any mix.", "rulebook: Fee"),
    ("CO-FEE-PAY", "The Fee is paid from Storage and the Toolbox, all payees at once, before the "
                   "place's action; a player who cannot pay them all may not move there.",
     "rulebook: Fee; What Is Considered an Action?"),
    ("CO-FEE-WAIVE", "The Automobile drops the Tool or sustenance part, the Pass the building "
                     "resources, a working Customs Office the whole Fee.",
     "rulebook: Fee; data: the Customs Office removes the whole Fee (assumption)"),
    # storage
    ("CO-STORE", "Goods received are stored at once in Storage or Warehouse (typed lots only "
                 "for their good), or declined.", "rulebook: Storing Goods"),
    ("CO-SPEND", "Goods spent in an action all come from Storage at its start; rearranging "
                 "between actions is free.", "rulebook: Using Goods; Rearranging Goods"),
    ("CO-BUFFER", "Buffers hold one batch of what their producer generates, fill only by "
                  "production and empty only towards Storage or Warehouse.",
     "rulebook: Buffers; Rearranging Goods"),
    ("CO-DISCARD", "Goods may be discarded at any time.", "rulebook: Storing Goods"),
    # the places
    ("CO-MARKET-SALE", "A Market's sale: either or both offers of the year's card, any number "
                       "of times, from Storage.", "rulebook: The Various Place Types"),
    ("CO-MARKET-SUBSIDY", "A Market's subsidy: the card's goods (one of its options) once, "
                          "stored or declined.", "rulebook: The Various Place Types"),
    ("CO-MARKET-ACTION", "A Market's action: the card's action within its limit.",
     "rulebook: The Various Place Types; data: market_cards.toml"),
    ("CO-RESOURCE", "A Resource Place gives its goods.", "rulebook: The Various Place Types"),
    ("CO-SUSTAINER", "A Sustainer gives its sustenance goods, or sells them at its rate any "
                     "number of times.", "rulebook: The Various Place Types"),
    ("CO-REFINE", "A Refiner exchanges at its rates any number of times (or up to its limit), "
                  "only goods that were in Storage before the action.",
     "rulebook: The Various Place Types"),
    ("CO-DEVELOP", "The Developer gives 2 Tools, then the player must play an improvement from "
                   "hand.", "rulebook: Playing Improvements"),
    ("CO-LIBRARIAN", "The Librarian draws 2 improvements into the hand (Library: draw 4, keep "
                     "2); the discard pile is reshuffled when the draw pile runs out.",
     "rulebook: Drawing Improvements; data: places.toml (the Librarian's dollar)"),
    ("CO-HAND", "At most 6 cards in hand (with 5, one is drawn; with 6 the Librarian cannot be "
                "used); hand cards are never discarded, and kept across eras. A Library lets "
                "the hand pass 6 for a moment at the Librarian: the cards are kept, then cards "
                "of the hand are discarded back to 6.",
     "rulebook: Drawing Improvements; Start of an Era"),
    ("CO-DIPLOMAT", "The Diplomat establishes and improves any number of relations in one "
                    "action, all paid at once.", "rulebook: Diplomacy"),
    ("CO-HEAD-OFFICIAL", "The Head Official gives 1 Clay and the start player marker; from Era "
                         "IV the Chief Officer gives 1 Tool, 1 Dollar, the marker and may swap "
                         "two unoccupied Places.", "rulebook: Starting Player"),
    # the community
    ("CO-BUILD", "A Builder builds any number of its buildings (or up to its limit), the total "
                 "cost paid at once from Storage.", "rulebook: Building"),
    ("CO-BUILD-LIMIT", "A building's per-community limit is never exceeded (with the box_limits "
                       "option, nor the tiles in the box).",
     "rulebook: Building; Components"),
    ("CO-BUILD-SPOTS", "Buildings and Embassies stand on building spots (12 or 20; 30 with the "
                       "Community Hall); Storage Facilities only on the 3 Storage Facility "
                       "spots, which other buildings may use too.",
     "rulebook: Setup 5; Building"),
    ("CO-RAZE", "Razing a building to build another (or to place a new Embassy) costs 2 "
                "Tools more; a Residence only with all its Colonists at home, who leave with "
                "it.", "rulebook: Razing; Establishing a Diplomatic Relation"),
    ("CO-REMODEL", "An upgrade replaces the building it upgrades; a Residence changing its "
                   "Colonist type needs one of the old type at home; a remodelled building's "
                   "Worker goes home.", "rulebook: Remodeling"),
    ("CO-EMPLOY", "A Colonist at home may be put to work at any time in a building of his type "
                  "(the Factory takes any); a Citizen is sustained at once with 1 Food, a "
                  "Merchant with 2 Food and 1 Robe, from any store.",
     "rulebook: Activating a Building"),
    ("CO-REDISTRIBUTE", "Workers leave buildings only at the end of a year, once the new "
                        "Places are added (or when their building is razed or remodelled).",
     "rulebook: End of a Year 3"),
    ("CO-SUSTAIN", "Sustenance demand (Citizen 1 Food, Merchant 2 Food and 1 Robe) is netted "
                   "against the sustenance buildings' capacity; the gap is paid from Storage, "
                   "Warehouse or Buffers, the surplus stored; every Worker must be sustained.",
     "rulebook: End of a Year 4"),
    ("CO-PRODUCE", "Production: the Smithy, Money Buildings and improvements fill the Toolbox; "
                   "Production Buildings fill their Buffers, the rest to Storage and Warehouse.",
     "rulebook: End of a Year 5; data: the Smithy's Tools (assumption)"),
    ("CO-FACTORY", "A Factory adds 1 to the output of every Production and Sustenance Building "
                   "run by its Worker's type (not Money Buildings, not improvements).",
     "rulebook: The Factory"),
    ("CO-SPECIAL", "The Library works without a Worker; the Institute needs 2 Farmers; a "
                   "Boardinghouse gives a Steward, the Stables +1 Range, the Customs Office "
                   "removes the Fee, while staffed.",
     "rulebook: Colonists and Workers; data: buildings.toml (assumptions)"),
    ("CO-INSTITUTE", "With a working Institute a second improvement may be played at the "
                     "Developer, as an action of its own.", "rulebook: Playing Improvements"),
    # improvements and diplomacy
    ("CO-CARD-PLAY", "A played card's printed cost is paid first, from Storage and the "
                     "Toolbox; immediate cards are then discarded, permanent ones stay in front "
                     "of the player, limited ones hold their goods, one per use.",
     "rulebook: Improvements and Hand Cards"),
    ("CO-CARD-EFFECT", "Each improvement's effect applies as its card says.",
     "rulebook: Improvements and Hand Cards; data: improvements.toml"),
    ("CO-EMBASSY", "An Embassy per colony in play, on a building spot; each level's cost is "
                   "paid in turn (cumulative), up to the era's number; only the highest level "
                   "scores.", "rulebook: Diplomacy"),
    ("CO-EMBASSY-RAZE", "Razing an Embassy removes its abilities at once: Storage and "
                        "Warehouse shrink (what no longer fits is discarded), Stewards beyond "
                        "the count leave the board, Workers who may no longer work where they "
                        "are go home.", "rulebook: Establishing a Diplomatic Relation"),
    ("CO-WAREHOUSE", "The colonies' Warehouse extensions give at most 7 lots with the board's "
                     "own; improvements' lots come on top.",
     "rulebook: Warehouse; data: game.toml [setup].max_warehouse_lots"),
    # the colonies, level by level (data: colonies.toml, the fan transcription of REF §6;
    # levels are cumulative, a level's abilities in force from reaching it until the Embassy is
    # razed)
    *_COLONY_RULES,
    # the Special Ambassadors
    ("CO-AMBASSADOR", "A Special Ambassador comes into play with level II of its colony: the "
                      "first player to reach it places him on a Market at once; each player "
                      "with the relation may move him once per half-year at the moment the "
                      "rulebook gives, with Range 2 raised like a Steward's (or a jump to a "
                      "Market), onto any place, never paying or earning a Fee.",
     "rulebook: Special Ambassadors"),
    ("CO-AMBASSADOR-ALCHEMIST", "The Alchemist Ambassador moves at the start or the end of one "
                                "of the mover's turns; moved to a place with another player's "
                                "Steward, the mover may carry out its action (or the Lord's "
                                "alternative).", "rulebook: Special Ambassadors"),
    ("CO-AMBASSADOR-ALTRUIST", "The Altruist Ambassador moves at the start of one of the "
                               "mover's turns; at a Resource Place, Sustainer or Market (its "
                               "subsidy) he lowers the cost of the mover's actions (buildings, "
                               "relations, improvements) by the goods the place provides, and "
                               "the sustenance demand by its sustenance goods.",
     "rulebook: Special Ambassadors; End of a Year 4; decision: the discount is in the goods "
     "of the place, on costs (not on sales, refining or the Fee)"),
    ("CO-AMBASSADOR-LABORER", "The Laborer Ambassador moves at the end of the mover's third "
                              "turn; whenever another player spends goods in an action at his "
                              "place (Markets included, not the Fee), the mover gets 1 of each "
                              "type spent, Tools excepted (stored as far as they fit).",
     "rulebook: Special Ambassadors"),
    # later-era starts and saved games
    ("CO-LATER-START", "A game may start in Era II, III or IV: five setup phases (start player, "
                       "board, personal display, sustenance, production), then the first era.",
     "rulebook: Starting in a Later Era"),
    ("CO-LATER-BOARD", "The Places of every era before the first are laid era by era, drawn "
                       "and laid from the start player clockwise, each era's first step (the "
                       "second and third Markets, the fifth colony) before its Places.",
     "rulebook: Starting in a Later Era; Phase 2: Game Board"),
    ("CO-LATER-CARDS", "Each player, from the start player, is dealt a random permanent "
                       "improvement of each skipped era (played, no cost) and two random cards "
                       "of the last skipped era to the hand.",
     "rulebook: Starting in a Later Era; Phase 3: Personal Display"),
    ("CO-LATER-DISPLAY", "Each player places Buildings and Embassies (buildings of the eras "
                         "before the first, relations up to the last skipped era's level), "
                         "employs Colonists (sustained in the sustenance phase), then takes "
                         "goods; a regular sustenance and production phase follows.",
     "rulebook: Starting in a Later Era; Phase 3: Personal Display; Phase 4: Sustenance Phase; "
     "Phase 5: Production Phase"),
    ("CO-LATER-BUDGET", "The display is bought at printed Dollar values: Embassy Dollars "
                        "(spare ones buy Buildings), Building Dollars (spare ones buy goods), "
                        "Goods Dollars at the setup values, for goods of the eras played; 1 "
                        "Food is free and the table's Tools are given; with the option, at "
                        "most 3 Money Buildings.",
     "rulebook: Starting in a Later Era; data: game.toml [later_era] (the goods' setup values "
     "are an assumption)"),
    ("CO-SAVED", "A saved game (option saved: colonies, next era, each player's Building and "
                 "Embassy Dollars, hard Dollars, goods value, Tools, permanent improvements, "
                 "hand size) is continued as a later-era start with those figures instead of "
                 "the table's, no free Food or Tools, the improvements restored and the hand "
                 "drawn from all earlier eras.", "rulebook: Saving the Game"),
    # the end
    ("CO-SCORE", "A community is worth its buildings, Embassies and permanent improvements, "
                 "its hard Dollars and its Workers (Farmer 2, Citizen 6, Merchant 16).",
     "rulebook: Game End and Scoring"),
    ("CO-TIE", "Ties go to the player who took the first three turns later; otherwise there "
               "are several winners.", "rulebook: Game End and Scoring"),
    ("CO-CHECK", "A check line names known players and quantities, with values of their type "
                 "(a wrong value is LOG-CHECK-VALUE).",
     "decision: FORMAT-colonists.md §7"),
]

RULES = RuleCatalogue("colonists", [Rule(i, t, s) for i, t, s in _RULES],
                      score_rule="CO-SCORE", winner_rule="CO-TIE")
