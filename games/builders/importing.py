"""The pasted text of a builder's import, with a "did you mean" applied when one was tapped.

Each suggestion beside a line to fix is a submit button of the import form (so it works
without JavaScript) whose value says which line to change, what it read and what it would
read. The text sent with it is what is in the box now, so nothing typed since is lost: the
line is changed only while it still reads as it did, and otherwise a note says so.
"""

from __future__ import annotations

import json

from django.http import QueryDict

from games.strict_json import read_json
from referee.rules.textlists import Fix, apply_fix

FIX_FIELD = "fix"


def fix_value(fix: Fix) -> str:
    """The value of a suggestion's button: the line and what it reads before and after."""
    return json.dumps({"line": fix.number, "before": fix.before, "after": fix.after})


def pasted_text(post: QueryDict, limit: int, notes: list[str]) -> str:
    """The import's text (at most ``limit`` characters), with the tapped suggestion applied;
    a suggestion that cannot be applied leaves the text as sent and adds a note."""
    text = post.get("text", "")[:limit]
    raw = post.get(FIX_FIELD, "")
    if not raw:
        return text
    try:
        # the button's own value is one flat object: anything nested is forged
        fix = read_json(raw, max_depth=1)
        number, before, after = fix["line"], fix["before"], fix["after"]
    except (ValueError, TypeError, KeyError):
        notes.append("That suggestion could not be read; the text was imported as it is.")
        return text
    if not (isinstance(number, int) and isinstance(before, str) and isinstance(after, str)):
        notes.append("That suggestion could not be read; the text was imported as it is.")
        return text
    fixed = apply_fix(text, number, before, after)
    if fixed is None:
        notes.append(
            f"Line {number} was changed since the suggestion was made, so it was left as it "
            "is; the text was imported as it stands."
        )
        return text
    return fixed[:limit]
