"""The Deaths of Athazar tracker's rules, each test citing the rulebook's place ("How to
Play" steps, "Characters": Kill Cards and Effect cards) and the rulings it follows."""

from __future__ import annotations

import pytest

from referee.rules.athazar.state import DEAL, OVER, PASS, PLAY
from referee.rules.athazar.system import ATHAZAR
from referee.rules.errors import InvalidInput
from referee.rules.tracker import IllegalAction
from tests.rules.athazar.athazar_game import (
    AthazarGame,
    act,
    everyone_passes,
    new_game,
    with_counts,
    with_hand,
)

# --- setup (Players; How to Play 1-2; R160, R174) ----------------------------------------------


def test_it_deals_seven_cards_each_to_two_to_four_players() -> None:
    for players in (2, 3, 4):
        state = new_game(players).state
        assert [s.count for s in state.seats] == [7] * players
        assert state.deck == 56 - 7 * players  # R160: 56 cards by default


def test_it_deals_five_cards_each_to_five_players() -> None:
    state = new_game(5).state
    assert [s.count for s in state.seats] == [5] * 5  # How to Play 2, R174
    assert state.deck == 56 - 25


def test_the_deck_size_is_the_setups_to_choose() -> None:
    assert new_game(2, deck_size=80).state.deck == 80 - 14


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"players": ["Ana"]}, "players"),
        ({"players": ["A", "B", "C", "D", "E", "F"]}, "players"),
        ({"players": "Ana, Ben"}, "players"),
        ({"players": ["Ana", "Ana"]}, "players.1"),
        ({"players": ["Ana", ""]}, "players.1"),
        ({"players": ["Ana", "B\ud800n"]}, "players.1"),
        ({"players": ["Ana", "x" * 41]}, "players.1"),
        ({"players": ["Ana", "Ben"], "dealer": 2}, "dealer"),
        ({"players": ["Ana", "Ben"], "dealer": True}, "dealer"),
        ({"players": ["Ana", "Ben"], "pass_direction": "up"}, "pass_direction"),
        ({"players": ["Ana", "Ben"], "deck_size": "56"}, "deck_size"),
        ({"players": ["Ana", "Ben"], "deck_size": 10**30}, "deck_size"),
        ({"players": ["Ana", "Ben"], "deck_size": 15}, "deck_size"),
        ({"players": ["Ana", "Ben"], "play_on": "yes"}, "play_on"),
        ({"players": ["Ana", "Ben"], "seats": 2}, "seats"),
    ],
)
def test_a_bad_setup_is_refused_naming_the_field(data: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInput) as error:
        ATHAZAR.setup_from_json(data)
    assert field in error.value.problems


def test_the_example_setup_round_trips() -> None:
    made = ATHAZAR.setup_from_json(ATHAZAR.example_setup())
    assert ATHAZAR.setup_from_json(ATHAZAR.setup_to_json(made)) == made
    assert len(made.players) == 3


# --- the token, the dealer and the order of play (How to Play 4 and 6; R161, R162) ---------


def test_the_token_starts_on_the_dealers_right_and_the_dealer_plays_last() -> None:
    game = everyone_passes(new_game(4, dealer=1))
    assert game.state.token == 2
    assert game.state.order == (2, 3, 0, 1)


def test_the_token_moves_right_each_round_passing_over_the_dealer() -> None:
    game = new_game(3, dealer=0)
    tokens = []
    for _ in range(3):
        game = everyone_passes(game)
        tokens.append(game.state.token)
        assert game.state.order[-1] == 0  # the dealer last
        for seat in game.state.order:
            game = act(game, "skip_turn", seat)
        game = act(game, "deal", 0)
    assert tokens == [1, 2, 1]


def test_a_turn_out_of_order_is_refused() -> None:
    game = everyone_passes(new_game(3, dealer=0))
    with pytest.raises(IllegalAction, match=r"Ben's turn.*\(How to Play 4, D2\)"):
        act(game, "skip_turn", 2)


def test_each_turn_is_one_play_then_the_next_player() -> None:
    game = with_hand(everyone_passes(new_game(2)), 1, "Brawler", "Sailor", "Sailor")
    game = act(game, "kill", 1, killer="Brawler", victim="Sailor")
    assert game.state.active == 0  # D2: one kill, and the turn has passed
    with pytest.raises(IllegalAction, match="Ana's turn"):
        act(game, "skip_turn", 1)


# --- the pass phase (How to Play 3; Effect cards 2 and 4; R168) -------------------------------


def test_passes_land_together_once_everyone_has_passed() -> None:
    game = new_game(3)
    game = act(game, "pass_cards", 0, count=2)
    game = act(game, "pass_cards", 1, count=1)
    assert [s.count for s in game.state.seats] == [7, 7, 7]
    assert game.state.phase == PASS
    game = act(game, "pass_cards", 2, count=1)
    # right: Ana's two go to Ben, Ben's one to Cleo, Cleo's one to Ana
    assert [s.count for s in game.state.seats] == [6, 8, 7]
    assert game.state.phase == PLAY


def test_passing_left_reverses_where_the_cards_go() -> None:
    game = new_game(3, pass_direction="left")
    game = act(game, "pass_cards", 0, count=2)
    game = act(game, "pass_cards", 1, count=1)
    game = act(game, "pass_cards", 2, count=1)
    assert [s.count for s in game.state.seats] == [6, 7, 8]


def test_a_player_passes_once_a_round() -> None:
    game = act(new_game(2), "pass_cards", 0, count=1)
    with pytest.raises(IllegalAction, match="passed already"):
        act(game, "pass_cards", 0, count=1)


def test_a_djinn_is_never_passed() -> None:
    game = with_hand(new_game(2), 0, "Djinn", "Sailor")
    with pytest.raises(IllegalAction, match=r"never passed.*Effect cards 4"):
        act(game, "pass_cards", 0, count=1, card="Djinn")


def test_two_cards_pass_only_with_a_hunter_and_never_a_djinn_with_it() -> None:
    game = with_hand(new_game(2), 0, "Hunter", "Djinn", "Sailor", "Prince")
    with pytest.raises(IllegalAction, match="Hunter and one more"):
        act(game, "pass_cards", 0, count=2, card="Sailor", second_card="Prince")
    with pytest.raises(IllegalAction, match="never passed"):
        act(game, "pass_cards", 0, count=2, card="Hunter", second_card="Djinn")
    game = act(game, "pass_cards", 0, count=2, card="Hunter", second_card="Sailor")
    assert game.state.seats[0].hand == ("Djinn", "Prince")


def test_a_hand_of_only_djinns_passes_nothing_and_others_must_pass() -> None:
    game = with_hand(new_game(2), 0, "Djinn", "Djinn")
    game = act(game, "pass_cards", 0, count=0)
    game = with_hand(new_game(2), 1, "Djinn", "Sailor")
    offered = [e.payload for e in ATHAZAR.legal_actions(game.state, 1) if e.type == "pass_cards"]
    assert {"count": 0} not in offered and {"count": 1, "card": "Sailor"} in offered
    # one the hand entered does not fit is still recorded (R176): the note is not the cards
    assert act(game, "pass_cards", 1, count=0).state.seats[1].passing == 0


def test_a_pass_out_of_the_pass_phase_is_refused() -> None:
    game = everyone_passes(new_game(2))
    with pytest.raises(IllegalAction, match=r"only in the pass phase.*How to Play 3"):
        act(game, "pass_cards", 1, count=1)


# --- kills (Kill Cards 1-7; D1, D3; R163-R165) ------------------------------------------------


def _turn(*cards: str) -> AthazarGame:
    """Ben's turn (the first of the play phase, two players), Ben holding ``cards``."""
    game = everyone_passes(new_game(2))
    return with_hand(game, 1, *cards)


def _kills(game: AthazarGame, **payload: str) -> AthazarGame:
    return act(game, "kill", 1, **payload)


def test_a_brawler_kills_only_a_sailor() -> None:
    game = _turn("Brawler", "Sailor", "Hunter")
    with pytest.raises(IllegalAction, match=r"kills only a Sailor \(Kill Cards 1\)"):
        _kills(game, killer="Brawler", victim="Hunter")
    after = _kills(game, killer="Brawler", victim="Sailor")
    assert after.state.seats[1].count == 1  # D1: both cards leave the hand
    assert after.state.played == 2
    assert after.state.plays[-1].cards == ("Brawler", "Sailor")


def test_a_renegade_kills_only_odd_values_kill_cards_included() -> None:
    game = _turn("Renegade", "Magician", "Archer", "Warrior 9")
    _kills(game, killer="Renegade", victim="Magician")  # 7 (R163)
    _kills(game, killer="Renegade", victim="Warrior 9")
    with pytest.raises(IllegalAction, match=r"odd values \(Kill Cards 2, R163\)"):
        _kills(game, killer="Renegade", victim="Archer")


def test_an_archer_kills_only_even_values() -> None:
    game = _turn("Archer", "Djinn", "Sailor", "Brawler")
    _kills(game, killer="Archer", victim="Djinn")
    _kills(game, killer="Archer", victim="Brawler")  # 2 (R163)
    with pytest.raises(IllegalAction, match=r"even values \(Kill Cards 4"):
        _kills(game, killer="Archer", victim="Sailor")


def test_an_assassin_kills_any_value_but_not_the_princess() -> None:
    game = _turn("Assassin", "Prince", "Princess")
    _kills(game, killer="Assassin", victim="Prince")
    with pytest.raises(IllegalAction, match=r"no value.*\(D3\)"):
        _kills(game, killer="Assassin", victim="Princess")


def test_a_warrior_kills_only_lower_values() -> None:
    game = _turn("Warrior 8", "Magician", "Warrior 8", "Sorcerer")
    _kills(game, killer="Warrior 8", victim="Magician")
    for victim in ("Warrior 8", "Sorcerer"):
        with pytest.raises(IllegalAction, match=r"lower than its own, 8 \(Kill Cards 6"):
            _kills(game, killer="Warrior 8", victim=victim)


def test_a_warrior_needs_its_value() -> None:
    game = _turn("Warrior 8", "Sailor")
    with pytest.raises(IllegalAction, match="with its value") as error:
        _kills(game, killer="Warrior", victim="Sailor")
    assert error.value.field == "payload.killer"
    for bad in ("Warrior ²", "Warrior 21", "Warrior 0", "Warrior 99999999999999999999"):
        with pytest.raises(IllegalAction, match="1 to 20"):
            _kills(game, killer=bad, victim="Sailor")


def test_a_magician_discards_itself_and_one_matching_set() -> None:
    game = _turn("Magician", "Warrior 3", "Warrior 12", "Sailor", "Djinn")
    after = _kills(game, killer="Magician", victim="Warrior 3", second_victim="Warrior 12")
    assert after.state.seats[1].count == 2  # three cards in all (Kill Cards 5, R165)
    with pytest.raises(IllegalAction, match=r"not by value \(Kill Cards 5, R165\)"):
        _kills(game, killer="Magician", victim="Sailor", second_victim="Djinn")
    with pytest.raises(IllegalAction, match="three cards in all"):
        _kills(game, killer="Magician", victim="Sailor")


def test_only_a_magician_takes_two_victims() -> None:
    game = _turn("Assassin", "Sailor", "Sailor")
    with pytest.raises(IllegalAction, match="exactly one card"):
        _kills(game, killer="Assassin", victim="Sailor", second_victim="Sailor")


def test_a_princess_acts_as_any_killer_she_names() -> None:
    game = _turn("Princess", "Sailor", "Sailor", "Archer")
    with pytest.raises(IllegalAction, match="acts as"):
        _kills(game, killer="Princess", victim="Sailor")
    _kills(game, killer="Princess", victim="Sailor", **{"as": "Brawler"})
    _kills(game, killer="Princess", victim="Sailor", second_victim="Sailor", **{"as": "Magician"})
    with pytest.raises(IllegalAction, match="even values"):
        _kills(game, killer="Princess", victim="Sailor", **{"as": "Archer"})


def test_two_princesses_fall_only_to_a_magician() -> None:
    game = _turn("Magician", "Princess", "Princess")
    after = _kills(game, killer="Magician", victim="Princess", second_victim="Princess")
    assert after.state.seats[1].count == 0


def test_an_effect_card_kills_nothing() -> None:
    game = _turn("Merchant", "Sailor")
    with pytest.raises(IllegalAction, match="effect card: it kills nothing"):
        _kills(game, killer="Merchant", victim="Sailor")


def test_a_kill_comes_from_the_hand_entered() -> None:
    game = _turn("Assassin", "Sailor")
    offered = [e.payload for e in ATHAZAR.legal_actions(game.state, 1) if e.type == "kill"]
    assert offered == [{"killer": "Assassin", "victim": "Sailor"}]
    # a kill the note does not hold is recorded all the same; the note keeps what fits and
    # asks its player to check it (R176)
    after = _kills(game, killer="Brawler", victim="Sailor")
    assert after.state.seats[1].count == 0 and after.state.seats[1].hand == ()
    assert ATHAZAR.view(after.state, 1)["hand"]["check"] is True


def test_without_a_hand_a_kill_is_recorded_by_naming_the_cards() -> None:
    game = everyone_passes(new_game(2))
    with pytest.raises(IllegalAction, match="lower than its own"):
        act(game, "kill", 1, killer="Warrior 9", victim="Wiseman")
    game = act(game, "kill", 1, killer="Assassin", victim="Wiseman")
    assert game.state.seats[1].count == 5
    assert "Assassin kills Wiseman" in ATHAZAR.describe(game.log[-1], game.setup, None)


def test_an_unknown_character_is_refused_clearly() -> None:
    game = everyone_passes(new_game(2))
    for bad in ("Dragon", "\ud800", 7, "", "x" * 500):
        with pytest.raises(IllegalAction) as error:
            act(game, "kill", 1, killer=bad, victim="Sailor")
        assert error.value.field == "payload.killer"


# --- disruptions (Effect cards 1-7; How to Play 4.2 and 8; R167, R169-R172) -------------------


def test_a_merchant_swaps_hands_and_the_djinns_stay() -> None:
    game = everyone_passes(new_game(2))
    game = with_counts(game, 7, 5)
    game = act(game, "play_effect", 1, card="Merchant", target=0, keeps=1, target_keeps=2)
    ben, ana = game.state.seats[1], game.state.seats[0]
    # Ben gives 5 - 1 (the Merchant) - 1 Djinn = 3 and takes 7 - 2 = 5
    assert (ben.count, ana.count) == (1 + 5, 2 + 3)


def test_a_hand_of_only_a_merchant_and_djinns_cannot_swap() -> None:
    game = _turn("Merchant", "Djinn")
    with pytest.raises(IllegalAction, match=r"cannot swap.*Effect cards 3"):
        act(game, "play_effect", 1, card="Merchant", target=0, keeps=1, target_keeps=0)


def test_a_merchant_keeps_the_djinns_the_hand_holds() -> None:
    game = _turn("Merchant", "Djinn", "Sailor")
    offered = [e for e in ATHAZAR.legal_actions(game.state, 1) if e.type == "play_effect"]
    assert offered and all(e.payload["keeps"] == 1 and "keeps" not in e.choices for e in offered)
    after = act(game, "play_effect", 1, card="Merchant", target=0, keeps=1, target_keeps=0)
    assert after.state.seats[1].hand == ("Djinn",)  # the rest arrives to be entered
    assert after.state.seats[1].unknown == 7


def test_a_target_with_only_djinns_swaps_nothing() -> None:
    game = with_counts(everyone_passes(new_game(2)), 2, 4)
    after = act(game, "play_effect", 1, card="Merchant", target=0, keeps=0, target_keeps=2)
    assert [s.count for s in after.state.seats] == [2, 3]
    assert "nothing is swapped" in after.state.plays[-1].text


def test_a_sorcerer_gives_one_card_never_a_djinn() -> None:
    game = _turn("Sorcerer", "Djinn", "Sailor")
    with pytest.raises(IllegalAction, match=r"never given away.*R170"):
        act(game, "play_effect", 1, card="Sorcerer", target=0, given="Djinn")
    after = act(game, "play_effect", 1, card="Sorcerer", target=0, given="Sailor")
    assert after.state.seats[1].hand == ("Djinn",)
    assert after.state.seats[0].count == 8


def test_a_wiseman_takes_a_card_from_the_deck() -> None:
    game = everyone_passes(new_game(2))
    deck = game.state.deck
    after = act(game, "play_effect", 1, card="Wiseman")
    assert after.state.seats[1].count == 7 and after.state.deck == deck - 1


def test_a_prince_gives_every_other_player_with_cards_one() -> None:
    game = with_counts(everyone_passes(new_game(3)), 0, 4, 3)
    after = act(game, "play_effect", 1, card="Prince")
    # Ana has emptied her hand: immune, she takes none (Effect cards 7, How to Play 8)
    assert [s.count for s in after.state.seats] == [0, 3, 4]


def test_a_player_with_no_cards_is_immune() -> None:
    game = with_counts(everyone_passes(new_game(3)), 0, 4, 3)
    for card in ("Merchant", "Sorcerer"):
        with pytest.raises(IllegalAction, match=r"immune.*How to Play 8"):
            act(game, "play_effect", 1, card=card, target=0)


@pytest.mark.parametrize(
    ("card", "rule"),
    [("Sailor", "Effect cards 1"), ("Hunter", "Effect cards 2"), ("Djinn", "Effect cards 4")],
)
def test_sailors_hunters_and_djinns_are_not_played(card: str, rule: str) -> None:
    game = everyone_passes(new_game(2))
    with pytest.raises(IllegalAction, match=rule):
        act(game, "play_effect", 1, card=card)


def test_a_princess_disrupts_as_the_effect_she_names() -> None:
    game = everyone_passes(new_game(2))
    after = act(game, "play_effect", 1, card="Princess", **{"as": "Prince"})
    assert after.state.seats[0].count == 8


# --- the deal phase and the deck (How to Play 5, 6 and 10; R171, R175) ------------------------


def test_after_the_dealer_plays_the_dealer_deals_everyone_a_card() -> None:
    game = everyone_passes(new_game(3))
    for seat in game.state.order:
        game = act(game, "skip_turn", seat)
    assert game.state.phase == DEAL
    with pytest.raises(IllegalAction, match="only the dealer deals"):
        act(game, "deal", 1)
    after = act(game, "deal", 0)
    assert [s.count for s in after.state.seats] == [8, 8, 8]
    assert after.state.phase == PASS and after.state.round == 2


def test_an_empty_deck_is_made_again_from_the_played_cards_and_the_history_says_so() -> None:
    game = everyone_passes(new_game(2, deck_size=16))  # 14 dealt, 2 left
    game = act(game, "play_effect", 1, card="Wiseman")  # 1 left
    game = act(game, "kill", 0, killer="Assassin", victim="Sailor")  # Ana, the dealer
    game = act(game, "deal", 0)  # Ben takes the last card; Ana's comes from a new deck
    state = game.state
    assert state.reshuffles == ((game.version, 3),)
    assert state.deck == 2 and state.played == 0
    assert state.total == 16
    line = game.line(game.log[-1], None)
    assert "the deck ran out: 3 played cards were shuffled into a new deck" in line


def test_with_no_cards_anywhere_a_card_does_not_come() -> None:
    game = with_counts(everyone_passes(new_game(2, deck_size=16)), 8, 8)
    assert game.state.deck == 0 and game.state.played == 0
    after = act(game, "play_effect", 1, card="Wiseman")
    assert after.state.seats[1].count == 8  # the Wiseman is played, then shuffled back
    assert after.state.deck == 0 and after.state.total == 16


# --- the end (How to Play 7 and 9; R166, R173) ------------------------------------------------


def _round_to_end(game: AthazarGame) -> AthazarGame:
    while game.state.phase == PLAY:
        game = act(game, "skip_turn", game.state.active)
    return game


def test_the_first_to_empty_wins_but_the_round_plays_out() -> None:
    game = with_counts(everyone_passes(new_game(3)), 5, 2, 5)
    game = act(game, "kill", 1, killer="Brawler", victim="Sailor")
    assert game.state.phase == PLAY  # Cleo and Ana, the dealer, still play
    game = _round_to_end(game)
    assert game.state.phase == OVER
    view = ATHAZAR.view(game.state, None)
    assert view["winner"] == 1 and view["over"] is True
    assert view["places"] == [[1], [0, 2]]
    assert "Ben emptied their hand first (How to Play 7)" in view["reason"]


def test_of_two_who_empty_in_a_round_the_higher_last_play_wins() -> None:
    game = with_counts(everyone_passes(new_game(3)), 2, 2, 5)
    game = act(game, "kill", 1, killer="Brawler", victim="Sailor")  # value 2
    game = act(game, "skip_turn", 2)
    game = act(game, "kill", 0, killer="Assassin", victim="Sailor")  # value 5
    view = ATHAZAR.view(game.state, None)
    assert view["places"] == [[0], [1], [2]]
    assert "(value 5) is the highest" in view["reason"]


def test_equal_last_plays_tie() -> None:
    game = with_counts(everyone_passes(new_game(3)), 2, 2, 5)
    game = act(game, "kill", 1, killer="Renegade", victim="Sailor")
    game = act(game, "skip_turn", 2)
    game = act(game, "kill", 0, killer="Renegade", victim="Hunter")
    view = ATHAZAR.view(game.state, None)
    assert view["places"] == [[0, 1], [2]]
    assert view["winner"] is None and view["over"] is True
    assert ATHAZAR.over(game.state)  # over with no winner, as the view says
    assert "tie" in view["reason"] and "value 4" in view["reason"]


def test_a_princess_last_play_ranks_below_any_value() -> None:
    game = with_counts(everyone_passes(new_game(2)), 2, 2)
    game = act(game, "kill", 1, killer="Princess", victim="Sailor", **{"as": "Brawler"})
    game = act(game, "kill", 0, killer="Brawler", victim="Sailor")
    assert ATHAZAR.view(game.state, None)["places"] == [[0], [1]]  # R166


def test_playing_on_places_everyone() -> None:
    game = with_counts(everyone_passes(new_game(3, play_on=True)), 5, 2, 5)
    game = act(game, "kill", 1, killer="Brawler", victim="Sailor")
    game = _round_to_end(game)
    assert game.state.phase == DEAL and game.state.seats[1].place == 1
    game = act(game, "deal", 0)
    assert game.state.seats[1].count == 0  # out: no card (R173)
    game = with_counts(game, 2, 0, 6)
    for seat in (0, 2):
        game = act(game, "pass_cards", seat, count=1)
    assert game.state.order == (2, 0)
    game = act(game, "skip_turn", 2)
    game = act(game, "kill", 0, killer="Brawler", victim="Sailor")
    view = ATHAZAR.view(game.state, None)
    assert view["places"] == [[1], [0], [2]] and view["winner"] == 1
    assert "further places" in view["reason"]


def test_nothing_is_recorded_once_the_game_is_over() -> None:
    game = _round_to_end(
        act(
            with_counts(everyone_passes(new_game(2)), 5, 2),
            "kill",
            1,
            killer="Brawler",
            victim="Sailor",
        )
    )
    with pytest.raises(IllegalAction, match="The game is over"):
        act(game, "add_card", 0, card="Sailor")


# --- the private hand follows the game --------------------------------------------------------


def test_a_hand_follows_a_pass_and_the_card_received_is_entered_after() -> None:
    game = with_hand(new_game(2), 0, "Hunter", "Sailor", "Djinn")
    game = act(game, "pass_cards", 0, count=1, card="Sailor")
    assert game.state.seats[0].hand == ("Hunter", "Djinn")
    game = act(game, "pass_cards", 1, count=2)  # Ben's Hunter and one more
    ana = game.state.seats[0]
    assert ana.count == 4 and ana.unknown == 2  # two arrived, to be entered
    game = act(game, "add_card", 0, card="Prince")
    assert game.state.seats[0].hand == ("Hunter", "Djinn", "Prince")


def test_a_hand_gains_places_for_the_cards_dealt_and_drawn() -> None:
    game = with_hand(everyone_passes(new_game(2)), 1, "Wiseman", "Sailor")
    game = act(game, "play_effect", 1, card="Wiseman")
    assert game.state.seats[1].hand == ("Sailor",) and game.state.seats[1].unknown == 1
    game = act(game, "skip_turn", 0)
    game = act(game, "deal", 0)
    assert game.state.seats[1].unknown == 2


def test_a_hand_cannot_name_more_cards_than_are_held() -> None:
    game = with_hand(new_game(2), 0, "Sailor")
    with pytest.raises(IllegalAction, match="already names all 1"):
        act(game, "add_card", 0, card="Prince")
    with pytest.raises(IllegalAction, match="You hold 1 card: 2 named"):
        act(game, "enter_hand", 0, cards=["Sailor", "Prince"])


def test_only_the_seat_itself_enters_its_hand() -> None:
    with pytest.raises(IllegalAction, match="own tablet"):
        act(new_game(2), "add_card", None, card="Sailor")


def test_another_seats_hand_is_hidden_from_every_other_viewer() -> None:
    game = with_hand(new_game(3), 1, "Magician", "Sailor", "Sailor")
    for viewer in (None, 0, 2):
        view = ATHAZAR.view(game.state, viewer)
        assert view["hand"] is None and view["helper_explanation"] is None
        # the same as had Ben entered nothing (the cards there are, listed for one's own
        # hand editor, are no secret)
        assert view == ATHAZAR.view(ATHAZAR.conceal(game.state, None), viewer)
        entry = game.log[-1]
        assert game.payload_for(entry, viewer) is None
        assert game.line(entry, viewer) == "Ben: updates their private hand"
    assert ATHAZAR.view(game.state, 1)["hand"] == {
        "cards": ["Magician", "Sailor", "Sailor"],
        "not_entered": 0,
        "check": False,
    }


def test_the_cards_named_in_a_pass_are_the_passers_alone() -> None:
    game = with_hand(new_game(2), 0, "Prince", "Sailor")
    game = act(game, "pass_cards", 0, count=1, card="Prince")
    entry = game.log[-1]
    assert game.payload_for(entry, 1) == {"count": 1}
    assert game.line(entry, 1) == "Ana: passes a card"
    assert game.line(entry, 0) == "Ana: passes a card: Prince"


def test_playing_on_passes_round_a_player_who_is_out() -> None:
    game = with_counts(everyone_passes(new_game(3, play_on=True)), 5, 2, 5)
    game = act(game, "kill", 1, killer="Brawler", victim="Sailor")
    game = act(game, "skip_turn", 2)
    game = act(game, "skip_turn", 0)
    game = act(game, "deal", 0)  # Ben is out: Ana and Cleo take a card each
    assert [s.count for s in game.state.seats] == [6, 0, 6]
    game = act(game, "pass_cards", 0, count=2)
    with pytest.raises(IllegalAction, match="out of the game"):
        act(game, "pass_cards", 1, count=0)
    game = act(game, "pass_cards", 2, count=1)
    # Ana's two go past Ben to Cleo; Cleo's one comes round to Ana (R173)
    assert [s.count for s in game.state.seats] == [5, 0, 7]


def test_a_princess_cannot_claim_to_be_a_djinn_when_a_swap_is_forced() -> None:
    """Kill Cards 7: only the Djinns stay with their holder; the Princess goes too."""
    game = _turn("Merchant", "Princess", "Djinn", "Sailor")
    offered = [e for e in ATHAZAR.legal_actions(game.state, 1) if e.type == "play_effect"]
    merchant = [e for e in offered if e.payload["card"] == "Merchant"]
    assert merchant and all(e.payload["keeps"] == 1 and "keeps" not in e.choices for e in merchant)
    after = act(game, "play_effect", 1, card="Merchant", target=0, keeps=1, target_keeps=0)
    assert after.state.seats[0].count == 7 - 7 + 2  # Ana gave all 7, took the Princess and Sailor


def test_the_history_says_each_play_in_words() -> None:
    game = everyone_passes(new_game(3))
    game = act(game, "play_effect", 1, card="Merchant", target=2, keeps=1, target_keeps=0)
    game = act(game, "play_effect", 2, card="Princess", **{"as": "Sorcerer"}, target=0)
    game = act(game, "kill", 0, killer="Princess", victim="Sailor", **{"as": "Brawler"})
    lines = [game.line(entry, None) for entry in game.log[-3:]]
    assert lines == [
        "Ben: plays Merchant: swaps hands with Cleo, keeping 1 Djinn to their 0",
        "Cleo: plays Princess (as a Sorcerer): gives a card to Ana",
        "Ana: Princess (as a Brawler) kills Sailor",
    ]


def test_a_prince_on_an_empty_deck_shuffles_the_played_cards_in_first() -> None:
    game = with_counts(everyone_passes(new_game(3, deck_size=24)), 7, 7, 7)
    game = act(game, "kill", 1, killer="Assassin", victim="Sailor")  # 2 played, deck 3
    game = with_counts(game, 7, 5, 9)  # the deck empty: 7 + 5 + 9 + 2 played + 1 = 24
    game = act(game, "skip_turn", 2)
    game = with_counts(game, 7, 5, 10)
    assert game.state.deck == 0 and game.state.played == 2
    game = act(game, "play_effect", 0, card="Prince")
    # the Prince joins the played pile, which becomes the deck: Ben then Cleo take one
    assert [s.count for s in game.state.seats] == [6, 6, 11]
    assert game.state.deck == 1 and game.state.played == 0
    assert game.state.reshuffles == ((game.version, 3),)


def test_a_magicians_last_play_is_worth_seven() -> None:
    game = with_counts(everyone_passes(new_game(3)), 3, 2, 5)
    game = act(game, "kill", 1, killer="Assassin", victim="Sailor")  # value 5
    game = act(game, "skip_turn", 2)
    game = act(game, "kill", 0, killer="Magician", victim="Djinn", second_victim="Djinn")
    view = ATHAZAR.view(game.state, None)
    assert view["places"] == [[0], [1], [2]]  # R166: the Magician's 7 beats the Assassin's 5
    assert view["summary"]["places"][0] == {
        "place": 1,
        "names": ["Ana"],
        "tie": False,
        "last_plays": ["Magician kills Djinn and Djinn"],
    }
