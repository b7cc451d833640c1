"""One line of the table page's history (``{% history_line entry %}``): the entry's number
and words as the viewer may read them, who recorded it and when, and the Undo, Ask to undo
or Redo beside it that ``games.tracker.access`` allows the viewer.

It is written here in Python rather than in a template because the live part shows the
latest twenty lines and every tablet renders them again after each change: this writes them
in a fraction of the time a template takes, so no line needs keeping in a cache.
"""

from __future__ import annotations

from django import template
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from games.templatetags.control_form import act_form, posted_version
from games.templatetags.control_form import escaped as _e
from games.tracker import access as rights
from games.tracker.current import current_game
from games.tracker.pages import Entry

BUTTONS = {"undo": "Undo", "request_undo": "Ask to undo", "redo": "Redo"}


def _form(context: template.Context, entry: Entry, kind: str, live: bool) -> str:
    url, csrf = act_form(context)
    swap = f' hx-post="{url}" hx-target="#live" hx-swap="outerHTML"' if live else ""
    version = posted_version(context)
    word = BUTTONS[kind]
    return (
        f'\n      <form method="post" action="{url}"{swap}>\n'
        f"        {csrf}"
        f'<input type="hidden" name="type" value="{kind}">'
        f'<input type="hidden" name="target" value="{entry.seq}">'
        f'<input type="hidden" name="version" value="{version}">'
        f'<input type="hidden" name="control" value="{_e(entry.key)}">\n'
        f'        <button class="button button-small" type="submit" '
        f'aria-label="{word} #{entry.seq}">{word}</button>\n'
        "      </form>"
    )


def _controls(context: template.Context, entry: Entry) -> str:
    """Undo, Ask to undo (or that it was asked) or Redo, as the viewer may."""
    access, game = context["access"], context["game"]
    if not access.can_act:
        return ""
    control = rights.undo_control(access, current_game(game), entry.seq, game)
    live = bool(context.get("history_live"))
    if entry.in_effect is True:
        if control == "undo":
            return _form(context, entry, "undo", live)
        if control == "ask":
            return _form(context, entry, "request_undo", live)
        if control == "asked":
            return f'\n      <span class="badge" data-testid="asked-{entry.seq}">undo asked</span>'
        return ""
    if entry.can_redo and control == "undo":
        return _form(context, entry, "redo", live)
    return ""


def history_line(context: template.Context, entry: Entry) -> SafeString:
    """``{% history_line entry %}``: the entry's ``<li>``, for the viewer in the context
    (``access``, ``game``, ``body``, ``history_live``: whether its forms swap the live part)."""
    classes = "tr-entry"
    if entry.in_effect is False:
        classes += " tr-undone"
        text = f'<s>{_e(entry.text)}</s> <span class="badge">undone</span>'
    else:
        text = _e(entry.text)
    if entry.in_effect is None:
        classes += " tr-meta"
    when = ""
    if entry.at:  # in the site's time zone, as a template shows it (ISO 8601, then H:M:S)
        at = timezone.localtime(entry.at) if timezone.is_aware(entry.at) else entry.at
        when = f' · <time datetime="{at.isoformat()}">{at:%H:%M:%S}</time>'
    error = (
        f'\n      <p class="field-errors tr-entry-error" role="alert" data-testid="refusal">'
        f"<span>{_e(entry.error)}</span></p>"
        if entry.error
        else ""
    )
    line = (
        f'<li class="{classes}" data-testid="log-{entry.seq}">\n'
        '      <div class="tr-entry-text">\n'
        f'        <span class="tr-seq">#{entry.seq}</span>\n'
        f"        {text}\n"
        f'        <small class="muted" data-testid="who-{entry.seq}">'
        f"{_e(entry.who[:1].upper() + entry.who[1:])}{when}</small>\n"
        "      </div>"
        f"{_controls(context, entry)}{error}\n"
        "    </li>"
    )
    return mark_safe(line)  # every value in it escaped above
