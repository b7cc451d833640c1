"""One history line (games/templatetags/history_line.py): its words escaped, its time in
the site's time zone, and the controls beside it as the viewer may use them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.template import Context, Template
from django.test import override_settings

from games.tracker.access import access_for
from games.tracker.current import current_game
from games.tracker.pages import Entry
from games.tracker.table_page import live_part
from tests.games.tracker.support import game, host, player, spectator

__all__ = ["game", "host", "player", "spectator"]

AT = dt.datetime(2026, 11, 29, 9, 30, 5, tzinfo=dt.UTC)


def line(context: dict[str, Any], entry: Entry) -> str:
    page = Template("{% load tracker_undo %}{% history_line entry %}")
    return page.render(Context({**context, "entry": entry, "csrf_token": "tok"}))


def entry(**changes: Any) -> Entry:
    fields: dict[str, Any] = {
        "seq": 1,
        "type": "apply_status",
        "text": 'Ben\'s <Bard> & co is "frozen"',
        "by_name": "Ana",
        "at": AT,
        "in_effect": True,
    }
    return Entry(**(fields | changes))


@override_settings(TIME_ZONE="Europe/Paris")
def test_the_words_are_escaped_and_the_time_is_the_site_s(game: Any, host: Any) -> None:
    access = access_for(game, host, ())
    context = live_part(game, current_game(game), access, poll_ticket="t")
    html = line(context, entry())
    assert "Ben&#x27;s &lt;Bard&gt; &amp; co is &quot;frozen&quot;" in html
    assert '<time datetime="2026-11-29T10:30:05+01:00">10:30:05</time>' in html
    assert "<s>" not in line(context, entry())
    undone = line(context, entry(in_effect=False))
    assert 'class="tr-entry tr-undone"' in undone and "<s>Ben&#x27;s" in undone
    assert "<time" not in line(context, entry(at=None))
    assert 'data-testid="refusal"><span>No &lt;more&gt;</span>' in line(
        context, entry(error="No <more>")
    )
