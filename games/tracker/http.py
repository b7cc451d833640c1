"""What the tracker's pages and its REST API both need from a request: the watch tokens a
browser holds, and the ETag of what one viewer sees of a game."""

from __future__ import annotations

from typing import Any

from ..models import Game
from .service import Access

WATCH_SESSION_KEY = "watch_tokens"
MAX_WATCH_TOKENS = 50


def watch_tokens(request: Any) -> list[str]:
    """Watch tokens this browser holds (kept in its session) or this request carries."""
    tokens = list(request.session.get(WATCH_SESSION_KEY, [])) if hasattr(request, "session") else []
    given = request.GET.get("watch")
    if given:
        tokens.append(given)
    return tokens


def remember_watch_token(request: Any, token: str) -> None:
    """Keep ``token`` in the browser's session (a spectator without an account)."""
    tokens = [t for t in request.session.get(WATCH_SESSION_KEY, []) if t != token]
    request.session[WATCH_SESSION_KEY] = [*tokens, token][-MAX_WATCH_TOKENS:]


def etag(game: Game, access: Access) -> str:
    """Changes whenever what this viewer sees may change: the version, who they are and
    which seats are taken."""
    taken = "".join("1" if seat.user_id is not None else "0" for seat in game.seats.all())
    return f'W/"{game.version}.{access.role.value}.{access.seat}.{taken}"'
