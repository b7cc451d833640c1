"""The game tracker's pages."""

from __future__ import annotations

import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.api.games import watch_tokens
from games.models import Game
from games.tracker import service


def game(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    row = get_object_or_404(Game.objects.prefetch_related("seats"), pk=pk)
    access = service.access_for(row, request.user, watch_tokens(request))
    if not access.can_see:
        return render(request, "games/link_gone.html", {"what": "game"}, status=403)
    return render(request, "games/game.html", {"game": row, "body": service.state_for(row, access)})
