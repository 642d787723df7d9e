"""The Library lets the hand pass its limit of 6 for a moment at the Librarian: 4 cards drawn,
2 kept, then cards discarded from the hand back to 6 (rulebook, Drawing Improvements). Without
one the Librarian is closed to a full hand and nothing is discarded from a hand."""

from __future__ import annotations

from referee.invariants.colonists import cards_in_one_place
from tests.colonists_helpers import GAME, event, play, refuses
from tests.test_colonists_colonies import at, colony_game, embassy


def _drawn(hand: int, library: bool = True):  # type: ignore[no-untyped-def]
    """Ann at the Librarian with ``hand`` cards; with a Library (the Scholar's Embassy, level
    I), the four cards drawn and the keep due."""
    state = colony_game(["scholar"], era=1)
    if library:
        embassy(state, "Ann", "scholar", 1)
    state.p[0].hand = [state.draw_pile.pop() for _ in range(hand)]
    state.p[0].stored = {}
    at(state, "Ann", "librarian")
    return state


def _draw_all(state) -> list[int]:  # type: ignore[no-untyped-def]
    play(state, {"player": "Ann", "action": "draw_cards"})
    while state.stage == "draw":
        play(state, {"chance": "draw_improvement", "card": state.draw_pile[0]})
    return list(state.pending.drawn)


def test_a_full_hand_with_a_library_draws_keeps_and_discards_back() -> None:  # CO-HAND
    state = _drawn(6)
    old = list(state.p[0].hand)
    drawn = _draw_all(state)
    assert len(drawn) == 4 and state.stage == "keep"
    bad = refuses(state, {"player": "Ann", "action": "keep", "cards": drawn[:2]})
    assert bad.rule == "CO-HAND" and "discard 2" in bad.message
    elsewhere = next(c for c in sorted(state.data.improvements) if c not in old + drawn)
    bad = refuses(state, {"player": "Ann", "action": "keep", "cards": drawn[:2],
                          "discard": [old[0], elsewhere]})
    assert bad.rule == "CO-HAND" and "not in Ann's hand" in bad.message
    bad = refuses(state, {"player": "Ann", "action": "keep", "cards": drawn[:2],
                          "discard": [old[0], 999]})  # no such card: the log's vocabulary
    assert bad.kind == "schema" and "999" in bad.message
    forms = [e for e in GAME.legal_actions(state) if e.name == "keep"]
    assert any(e.get("discard") for e in forms) and all(GAME.check(state, e) is None
                                                        for e in forms)
    play(state, {"player": "Ann", "action": "keep", "cards": drawn[:2],
                 "discard": old[:2]})
    assert sorted(state.p[0].hand) == sorted(old[2:] + drawn[:2])
    assert set(old[:2]) | set(drawn[2:]) <= set(state.discard)
    assert cards_in_one_place(state) is None and state.stage == "turn"


def test_five_cards_with_a_library_keep_one_or_two_and_discard() -> None:  # CO-LIBRARIAN
    state = _drawn(5)
    old = list(state.p[0].hand)
    drawn = _draw_all(state)
    assert GAME.check(state, event({"player": "Ann", "action": "keep",
                                    "cards": drawn[:1]})) is None
    bad = refuses(state, {"player": "Ann", "action": "keep", "cards": drawn[:2]})
    assert bad.rule == "CO-HAND"
    play(state, {"player": "Ann", "action": "keep", "cards": drawn[:2], "discard": [old[3]]})
    assert len(state.p[0].hand) == 6 and old[3] in state.discard


def test_without_a_library_a_full_hand_cannot_use_the_librarian() -> None:  # CO-HAND
    state = _drawn(6, library=False)
    bad = refuses(state, {"player": "Ann", "action": "draw_cards"})
    assert bad.rule == "CO-HAND" and "cannot be used" in bad.message


def test_without_a_library_nothing_is_discarded_from_the_hand() -> None:  # CO-HAND
    state = _drawn(5, library=False)
    old = list(state.p[0].hand)
    play(state, {"player": "Ann", "action": "draw_cards"})
    while state.stage == "draw":
        play(state, {"chance": "draw_improvement", "card": state.draw_pile[0]})
    assert len(state.p[0].hand) == 6 and state.stage == "turn"  # one drawn, kept at once
    assert old[0] in state.p[0].hand
