"""What each Counter Race seat may do now."""

from __future__ import annotations

from referee.rules.tracker import LegalAction, Listing, OneOf

from .actions import ADVANCE, CHOOSE
from .setup import SECRETS, STEPS
from .state import RaceState


def legal_actions(state: RaceState, seat: int, table: bool = False) -> tuple[LegalAction, ...]:
    """``table``: listed for the table's shared device, which never chooses a secret."""
    listing = Listing(seat, table)
    if state.outcome.over or seat not in (0, 1):
        return listing.actions()
    if state.racers[seat].secret is None and not table:
        listing.add(
            CHOOSE.name,
            "Choose your secret number",
            {"number": SECRETS[0]},
            {"number": OneOf(SECRETS)},
            at=f"side:{seat}",
        )
    if not state.choosing and seat == state.active:
        listing.add(
            ADVANCE.name,
            "Move your counter",
            {"steps": STEPS[0]},
            {"steps": OneOf(STEPS)},
            at=f"side:{seat}",
        )
    return listing.actions()
