"""The AZRAH board of the table page through Django's test client: it shows exactly the
controls the engine lists for the viewer (a player their seat's, the table's device those no
secret changes, a spectator none), each beside the piece it concerns; counters' buttons only
when their action is listed; the less used ones tucked into a Guardian's "More"; what a
control posts is recorded; a refusal is shown beside the piece whose control sent it."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.registry import tracker
from games.tracker.access import access_for
from games.tracker.apply import game_apply
from games.tracker.controls import Controls
from games.tracker.selectors import log_for, shown_legal_actions, state_for
from tests.games.tracker.support import client_for, game, host, player, spectator

__all__ = ["game", "host", "player", "spectator"]

HTMX = {"HX-Request": "true"}
AZRAH = tracker("azrah")


@dataclass
class Form:
    """One form of the board: its hidden fields, its button's words, and where it stands
    (the Guardian's box, the side, inside a Guardian's "More")."""

    classes: str
    fields: dict[str, list[str]] = field(default_factory=dict)
    button: str = ""
    guardian: str = ""
    side: str = ""
    more: bool = False

    @property
    def type(self) -> str:
        return self.fields["type"][0]

    @property
    def key(self) -> str:
        return self.fields["control"][0]

    @property
    def tap(self) -> bool:
        return "tap" in self.classes.split()

    def post(self) -> dict[str, Any]:
        """What the form posts as the page shows it (hidden fields and inputs' defaults)."""
        return {
            name: values if len(values) > 1 else values[0] for name, values in self.fields.items()
        }


class BoardParser(HTMLParser):
    """The forms of the board (not the history's nor the Other actions'), each with where
    it stands."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.stack: list[tuple[str, str, str, bool]] = []  # tag, guardian, side, in "More"
        self.in_button = False
        self.select: str | None = None
        self.option_selected = False

    def _where(self) -> tuple[str, str, bool]:
        guardian = next((g for _, g, _, _ in reversed(self.stack) if g), "")
        side = next((s for _, _, s, _ in reversed(self.stack) if s), "")
        more = any(m for _, _, _, m in self.stack)
        return guardian, side, more

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        testid = a.get("data-testid", "")
        if tag not in ("input", "link", "meta", "br", "img", "option"):
            guardian = testid[len("guardian-") :] if testid.startswith("guardian-") else ""
            side = testid if testid.startswith("side-") else ""
            more = tag == "details" and "tr-g-more" in a.get("class", "")
            self.stack.append((tag, guardian, side, more))
        if tag == "form":
            guardian, side, more = self._where()
            self.form = Form(a.get("class", ""), guardian=guardian, side=side, more=more)
        elif tag == "input" and self.form is not None and a.get("name"):
            if a.get("type") in ("hidden", "number") or "checked" in a:
                self.form.fields.setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "select" and self.form is not None:
            self.select = a.get("name")
        elif tag == "option" and self.form is not None and self.select and "selected" in a:
            self.form.fields.setdefault(self.select, []).append(a.get("value", ""))
        elif tag == "button" and self.form is not None:
            self.in_button = True
            if a.get("aria-label"):
                self.form.button = a["aria-label"]

    def handle_endtag(self, tag: str) -> None:
        while tag in (t for t, _, _, _ in self.stack):  # an unopened tag (</option>) pops none
            if self.stack.pop()[0] == tag:
                break
        if tag == "form" and self.form is not None:
            self.forms.append(self.form)
            self.form = None
        elif tag == "button":
            self.in_button = False
        elif tag == "select":
            self.select = None

    def handle_data(self, data: str) -> None:
        if self.in_button and self.form is not None and not self.form.tap and data.strip():
            self.form.button += data.strip()


def board(html: str) -> str:
    """The board alone: from its wrapper to the history."""
    return html.split('class="tr-board-wrap"', 1)[1].split('class="tr-history"', 1)[0]


def forms(html: str) -> list[Form]:
    parser = BoardParser()
    parser.feed(board(html))
    return parser.forms


def page(account: User, game: Game) -> str:
    response = client_for(account).get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return str(response.content.decode())


def listed(game: Game, account: User) -> Counter[tuple[str, str, str]]:
    """The controls the viewer is given, as (type, key, label): the engine's legal actions
    for the viewer, one control per action."""
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    access = access_for(row, account)
    active = state_for(row, access)["state"]["active_seat"]
    controls = Controls(shown_legal_actions(row, access), AZRAH, prefer=active)
    # the one-effect resolutions are the resolve panel's picks: one form for them all
    # (test_azrah_resolve_panel checks each is offered there)
    one_effect = [c for c in controls.all if c.type == "resolve" and "effect" in c.payload]
    listed = Counter((c.type, c.key, c.label) for c in controls.all if c not in one_effect)
    if one_effect:
        listed[("resolve", "stack", PANEL_BUTTON)] += 1
    return listed


PANEL_BUTTON = "Resolve with these effects"
OUTSIDE = "(card effect or correction)"  # an effect recorded outside a resolution (R115)


def shown(html: str) -> Counter[tuple[str, str, str]]:
    return Counter((f.type, f.key, f.button) for f in forms(html))


def apply(game: Game, account: User, type: str, by: int | None = None, **payload: Any) -> Game:
    """``account`` records an action (for seat ``by``, from the table's device)."""
    row = Game.objects.get(pk=game.pk)
    game_apply(
        game=row,
        user=account,
        type=type,
        payload=payload,
        expected_version=row.version,
        seat=by,
    )
    return Game.objects.get(pk=game.pk)


def box(html: str, seat: int, name: str) -> str:
    marker = f'data-testid="guardian-{seat}-{name.lower()}"'
    return html.split(marker, 1)[1].split("</article>", 1)[0]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def to_action_phase(game: Game, account: User) -> Game:
    """Ana (seat 0) attaches her two Mana to the Oracle and ends her Recovery phase."""
    game = apply(game, account, "attach_mana", 0, guardian="Oracle", amount=2)
    return apply(game, account, "end_phase", 0)


# --- exactly the listed controls, role by role --------------------------------------------------


def test_a_player_is_shown_exactly_their_seats_listed_controls(
    game: Game, host: User, player: User
) -> None:
    steps = (
        lambda g: apply(g, host, "deal_damage", 0, seat=1, guardian="Bard", amount=1),
        lambda g: to_action_phase(g, host),
        lambda g: apply(g, host, "apply_status", 0, seat=1, guardian="Bard", status="frozen"),
    )
    for step in (lambda g: g, *steps):
        game = step(game)
        html = page(player, game)
        assert shown(html) == listed(game, player)
        assert all(f.fields["seat"] == ["1"] for f in forms(html))


def test_the_table_device_is_shown_one_control_per_action_and_no_secret(
    game: Game, host: User
) -> None:
    game = to_action_phase(game, host)
    html = page(host, game)
    assert shown(html) == listed(game, host)
    assert ("end_phase", "game", "End the Action phase") in shown(html)
    # the active player's Guardian is targeted for both seats: one control, acting for Ana
    (damage,) = [f for f in forms(html) if f.type == "deal_damage" and f.guardian == "1-bard"]
    assert damage.fields["seat"] == ["0"]
    # the back rows are face down on the shared device, and no control names them
    for secret in ("Sentinel", "Warden", "Mystic", "Ranger"):
        assert secret not in board(html)


def test_a_spectator_is_shown_no_control(game: Game, host: User, spectator: User) -> None:
    game = apply(game, host, "deal_damage", 0, seat=1, guardian="Bard", amount=1)
    html = page(spectator, game)
    assert forms(html) == []
    assert "tr-g-more" not in html
    assert 'data-testid="damage-1-bard">1<' in html


def test_a_finished_game_shows_no_control(game: Game, host: User, player: User) -> None:
    for name, place in (("Bard", 2), ("Cleric", 1), ("Duelist", 0)):
        game = apply(game, host, "deal_damage", 0, seat=1, guardian=name, amount=9)
        if place:  # the table swaps the defeated Guardian out at once (R101), by place (R111)
            game = apply(game, host, "swap", 1, guardian=name, place=place)
        if place == 1:  # Mystic entered: its emergence ability, let go and resolved (R106)
            game = apply(game, host, "emerge", 1, guardian="Mystic")
            game = apply(game, host, "no_response", 0)
            game = apply(game, host, "resolve", 1)
    for account in (host, player):
        assert forms(page(account, game)) == []


# --- where each control stands ------------------------------------------------------------------


def test_each_control_stands_at_its_piece(game: Game, host: User, player: User) -> None:
    game = to_action_phase(game, host)
    game = apply(game, host, "deal_damage", 0, seat=0, guardian="Oracle", amount=1)
    for account in (host, player):
        for form in forms(page(account, game)):
            if form.key.startswith("guardian:"):
                _, owner, name = form.key.split(":", 2)
                assert form.guardian == f"{owner}-{name.lower()}", form
            elif form.key.startswith("side:"):
                assert (form.side, form.guardian) == (f"side-{form.key[5:]}", ""), form
            else:
                assert (form.key, form.side) == ("game", ""), form
    html = page(host, game)
    moves = [f for f in forms(html) if f.type == "move"]
    assert [f.button for f in moves] == [
        "Move Alchemist and Dragoon (left and centre)",
        "Move Dragoon and Oracle (centre and right)",
    ]
    assert all(f.side == "side-0" for f in moves)


def test_damage_has_no_tap_and_an_effect_outside_an_ability_says_what_it_is(
    game: Game, player: User
) -> None:
    """R110, R115: an ability's damage and healing are recorded by resolving it, so a
    Guardian's damage is a number with no button; what is recorded outside a resolution is
    under "More", offered as an attached card's effect or a correction, and only when its
    action is listed (nothing to heal yet)."""
    html = page(player, game)
    assert not [f for f in forms(html) if f.tap and f.type in ("deal_damage", "heal")]
    bard = {f.button: f for f in forms(html) if f.guardian == "1-bard"}
    damage = bard[f"Deal damage to Bard {OUTSIDE}"]
    assert damage.more and damage.fields["p.cause"] == ["card"]
    assert f"Heal Bard {OUTSIDE}" not in bard  # nothing to heal
    assert 'data-testid="outside-1-bard"' in box(html, 1, "Bard")
    assert not [f for f in forms(html) if f.tap and f.guardian == "1-bard"]  # Ana's Recovery
    game = apply(game, game.host, "deal_damage", 0, seat=1, guardian="Bard", amount=1,
                 cause="correction")  # fmt: skip
    bard = {f.button: f for f in forms(page(player, game)) if f.guardian == "1-bard"}
    assert bard[f"Heal Bard {OUTSIDE}"].more


def test_the_mana_counter_attaches_in_recovery(game: Game, host: User) -> None:
    html = page(host, game)
    taps = [f for f in forms(html) if f.tap and f.type == "attach_mana"]
    assert [f.guardian for f in taps] == ["0-alchemist", "0-dragoon", "0-oracle"]
    assert all("p.effect" not in f.fields for f in taps)
    # Mana given by an ability's effect is one of the less used controls
    effect = [f for f in forms(html) if f.type == "attach_mana" and not f.tap]
    assert effect and all(f.more and f.fields["p.effect"] == ["true"] for f in effect)


def test_the_steps_of_a_turn_are_in_sight_and_effects_under_more(
    game: Game, host: User, player: User
) -> None:
    game = to_action_phase(game, host)
    game = apply(game, host, "deal_damage", 0, seat=0, guardian="Oracle", amount=1)
    game = apply(game, host, "apply_status", 0, seat=1, guardian="Bard", status="frozen")
    at_oracle = {f.button: f.more for f in forms(page(host, game)) if f.guardian == "0-oracle"}
    assert at_oracle["Oracle escapes"] is False
    assert at_oracle["Oracle: Ward"] is False  # an ability its card prints, beside it
    assert at_oracle[f"Make Oracle Frozen {OUTSIDE}"] is True
    assert at_oracle[f"Transform Oracle {OUTSIDE}"] is True
    at_bard = {f.button: f.more for f in forms(page(player, game)) if f.guardian == "1-bard"}
    assert at_bard[f"Remove Frozen from Bard {OUTSIDE}"] is True  # not an ability's (R115)
    assert at_bard[f"Make Bard Immune for some turns {OUTSIDE}"] is True


def test_no_code_is_shown_only_words(game: Game, host: User) -> None:
    game = to_action_phase(game, host)
    game = apply(game, host, "apply_status", 0, seat=1, guardian="Bard", status="immune")
    words = text(board(page(host, game)))
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", words), re.findall(r"\b[a-z]+_[a-z_]+\b", words)
    assert "None" not in words and "{" not in words


# --- acting through the board ---------------------------------------------------------------


def test_a_control_posted_as_shown_is_recorded(game: Game, host: User, player: User) -> None:
    browser = client_for(player)
    html = page(player, game)
    (frozen,) = [f for f in forms(html) if f.button == f"Make Ana's Alchemist Frozen {OUTSIDE}"]
    assert frozen.more
    response = browser.post(f"/games/{game.pk}/act/", frozen.post(), headers=HTMX)
    assert response.status_code == 200
    alchemist = box(str(response.content.decode()), 0, "Alchemist")
    assert "Frozen" in alchemist
    (damage,) = [
        f
        for f in forms(str(response.content.decode()))
        if f.type == "deal_damage" and f.guardian == "0-dragoon"
    ]
    response = browser.post(f"/games/{game.pk}/act/", damage.post(), headers=HTMX)
    assert 'data-testid="damage-0-dragoon">1<' in str(response.content.decode())
    entries = log_for(game, access_for(game, player))
    assert [(e["type"], e["by"]) for e in entries] == [("apply_status", 1), ("deal_damage", 1)]
    assert entries[1]["text"] == "Ben: Ana's Dragoon takes 1 damage (an attached card's effect)"


def test_a_refusal_is_shown_beside_the_piece_that_sent_it(game: Game, host: User) -> None:
    browser = client_for(host)
    act = f"/games/{game.pk}/act/"
    # a Guardian's control: escaping is for the Action phase
    posted = {"type": "escape", "version": "0", "p.guardian": "Alchemist", "seat": "0"}
    response = browser.post(act, {**posted, "control": "guardian:0:Alchemist"}, headers=HTMX)
    assert response.status_code == 400
    html = str(response.content.decode())
    assert "only in the Action phase" in box(html, 0, "Alchemist")
    assert html.count("only in the Action phase") == 1
    # the game's control: ending the Recovery phase before its Mana is attached
    game = apply(game, host, "attach_mana", 0, guardian="Oracle", amount=1)
    posted = {"type": "end_phase", "version": "1", "seat": "0", "control": "game"}
    response = browser.post(act, posted, headers=HTMX)
    assert response.status_code == 400
    html = str(response.content.decode())
    assert html.count("Attach 1 more Mana") == 1  # above the board: nothing to end yet


def test_a_refusal_of_a_side_control_is_shown_on_that_side(game: Game, host: User) -> None:
    game = to_action_phase(game, host)
    game = apply(game, host, "apply_status", 0, seat=0, guardian="Alchemist", status="frozen")
    posted = {
        "type": "move",
        "version": str(game.version),
        "seat": "0",
        "p.left": "left",
        "p.right": "centre",
        "control": "side:0",
    }
    body = urlencode(posted, encoding="utf-8", errors="surrogatepass")
    response = client_for(host).post(
        f"/games/{game.pk}/act/", body, "application/x-www-form-urlencoded", headers=HTMX
    )
    assert response.status_code == 400
    html = str(response.content.decode())
    side = html.split('data-testid="side-0"', 1)[1].split("Front row", 1)[0]
    assert "Frozen" in side and 'data-testid="refusal"' in side
    assert html.count('data-testid="refusal"') == 1


# --- a swap by place on the table's device (R111) --------------------------------------------


@pytest.mark.parametrize("place", ["3", "0", "\u00b2", "\uff11", "9" * 40, "1.0", "\ud800", ""])
def test_a_bad_place_from_the_table_page_is_a_readable_refusal(
    game: Game, host: User, place: str
) -> None:
    """Superscript and full-width digits, huge numbers, a lone surrogate: a message beside
    the swap control naming the field, never a 500, and nothing recorded."""
    game = apply(game, host, "deal_damage", 0, seat=1, guardian="Bard", amount=9)
    version = game.version
    posted = {"type": "swap", "version": str(version), "seat": "1", "p.guardian": "Bard",
              "p.place": place, "control": "guardian:1:Bard"}  # fmt: skip
    body = urlencode(posted, encoding="utf-8", errors="surrogatepass")
    response = client_for(host).post(
        f"/games/{game.pk}/act/", body, "application/x-www-form-urlencoded", headers=HTMX
    )
    assert response.status_code in (200, 400), response.status_code
    html = response.content.decode()
    refusal = html.split('data-testid="refusal"', 1)[1].split("</p>", 1)[0]
    assert "place" in refusal.lower() or "back-row" in refusal.lower(), refusal
    assert Game.objects.get(pk=game.pk).version == version
    # the swap control is still there, beside its refusal, offering the places
    assert "Card 1" in html and "Card 2" in html and "Mystic" not in html


def test_the_first_turns_checklist_says_the_gem_step_is_skipped(game: Game, host: User) -> None:
    """Z1: on the game's very first turn the Recovery phase gains no Celestial Gem."""
    page = client_for(host).get(f"/games/{game.pk}/").content.decode()
    assert "Gain a Celestial Gem: skipped on the game&#x27;s first turn (Z1)" in page
