"""Rules of the log format itself (``LOG-...``), cited by envelope errors like game rules are."""

from __future__ import annotations

from referee.model.core import Rule, RuleCatalogue

FORMAT_RULES = RuleCatalogue("format", [
    Rule("LOG-READ", "A log is a readable UTF-8 text file, one JSON object per line, each line "
                     "within the line-length limit.", "FORMAT.md §1"),
    Rule("LOG-JSON", "Every non-blank line is one JSON object: no NaN or Infinity, no duplicate "
                     "keys, no integer over 100 digits, nesting at most 64 deep.", "FORMAT.md §1"),
    Rule("LOG-HEADER", "Line 1 is the header: format \"referee-replay\", version 1, a known game, "
                       "its players, and optional options, position and meta.", "FORMAT.md §1"),
    Rule("LOG-PLAYERS", "Players are distinct non-empty strings, as many as the game allows.",
         "FORMAT.md §1"),
    Rule("LOG-EVENT", "Every later line is exactly one event shape (action, chance, phase, check, "
                      "undo, final) with no unknown key.", "FORMAT.md §1"),
    Rule("LOG-NUMBER", "Numbers in events are integers within ±1,000,000,000.", "FORMAT.md §1"),
    Rule("LOG-SEQ", "seq, where present, is a positive integer increasing strictly from event to "
                    "event.", "FORMAT.md §1"),
    Rule("LOG-UNDO", "undo takes back at most the actions and chance events of the current "
                     "branch.", "FORMAT.md §1"),
    Rule("LOG-CHECK", "A check line is an object naming known players and quantities, with "
                      "values of the right type.", "FORMAT.md §1"),
    Rule("LOG-CHECK-VALUE", "Each value a check line claims equals the computed one (unless the "
                            "game files that quantity under a rule of its own).",
         "FORMAT.md §1, §5"),
    Rule("LOG-FINAL", "final comes only once the game has ended, and it is the last event.",
         "FORMAT.md §1, §3"),
    Rule("LOG-EXPECT", "expect, where present, states a verdict: valid, complete, errors (line, "
                       "seq, kind, rule, player, message), scores, winners.", "FORMAT.md §6"),
    Rule("LOG-SCORE", "A final's claimed scores and winners are compared with the computed ones; "
                      "a difference breaks the game's scoring or winner rule (this rule for a "
                      "game whose catalogue names none).", "FORMAT.md §3"),
])
