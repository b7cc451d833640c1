"""``{% fragment %}``: a piece of a board rendered once for the inputs it names, then read
from Django's cache (the ``fragments`` cache) wherever the same inputs come again.

Every tablet fetches the live part of the table page after each change, and most of that
part (a model's card, with its controls) is the same as it was before the change. Keyed by
its inputs rather than by the game's version, a card that did not change is read instead of
rendered, for every viewer who sees it alike.

``{% fragment "name" input1 input2 ... %}...{% endfragment %}``: the key is the name, the
inputs' content and a digest of the templates and the code that render them, so a deploy
that changes either reads nothing written before it. The inputs must be everything the
piece reads: two calls with equal inputs must render the same HTML. Inputs are values that
pickle can write (dicts, lists, text, numbers, dataclasses, times...); anything else is
refused (``TypeError``).

Two things in a piece change with every request although its inputs do not: the game's
version that each control posts (``body.version``) and the CSRF token. The piece is
rendered with markers in their place and the markers are replaced on the way out, so what
is cached holds neither and what is sent holds both, as if rendered afresh.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from django import template
from django.conf import settings
from django.core.cache import caches
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe

from games import pickling
from games.bounded import Bounded

register = template.Library()

CACHE = "fragments"
VERSION_MARK = "\x00version\x00"
CSRF_MARK = "\x00csrf\x00"
ROOT = Path(__file__).resolve().parent.parent.parent
# What renders a piece: its templates (the shared ones and each game's, in its package), and
# the tags, filters and controls they call.
SOURCES = ("templates", "games/systems", "games/templatetags", "games/tracker/controls.py")


def code_digest(sources: Iterable[str], suffixes: Collection[str] = (".html", ".py")) -> str:
    """A digest of the files under ``sources`` (folders or files, from the project's root)
    whose names end in one of ``suffixes``, and of the time zone and language words and
    times are written in."""
    digest = hashlib.sha256()
    digest.update(f"{settings.TIME_ZONE}:{settings.LANGUAGE_CODE}".encode())
    for source in sources:
        path = ROOT / source
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for file in files:
            if file.is_file() and file.suffix in suffixes:
                digest.update(str(file.relative_to(ROOT)).encode())
                digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


@cache
def generation() -> str:
    """A digest of every file that renders a piece (``code_digest``), read once per process."""
    return code_digest(SOURCES)


def written(inputs: list[Any]) -> bytes:
    """``inputs`` as pickle writes them (``games.pickling.dumps``: the same bytes, faster)."""
    try:
        return pickling.dumps(inputs, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise TypeError(f"a fragment's inputs must be values pickle can write: {error}") from error


def key(name: str, inputs: list[Any]) -> str:
    """The cache key of a piece: its name, its inputs' content and the code's generation.

    The content is the inputs as pickle writes them (``written``): bytes that unpickle to
    the inputs, so equal bytes can only come from equal inputs (equal inputs may, rarely, be
    written two ways, which costs a second rendering and nothing else)."""
    data = written(inputs)
    digest = hashlib.sha256(data).hexdigest()
    return f"fragment:{generation()}:{name}:{digest}"


def fill(html: str, context: Context) -> SafeString:
    """The cached ``html`` with this request's version and CSRF token in the markers."""
    body = context.get("body")
    version = body.get("version", "") if isinstance(body, Mapping) else ""
    token = context.get("csrf_token")
    html = html.replace(VERSION_MARK, str(version))
    if CSRF_MARK in html:
        html = html.replace(CSRF_MARK, str(token) if token is not None else "")
    return mark_safe(html)  # the piece was rendered, and escaped, by a template


_Recent = Bounded[str]
"""The pieces this process read or rendered last, by key, in front of the ``fragments``
cache: a key names the piece's content (its inputs and the code's generation), so a piece
kept here is never stale, and reading it costs neither the cache's unpickling nor, with
Redis, a round trip (a live part reads some twenty pieces)."""

RECENT = _Recent(2_000)


class FragmentNode(template.Node):
    def __init__(self, name: str, inputs: list[FilterExpression], nodelist: NodeList) -> None:
        self.name = name
        self.inputs = inputs
        self.nodelist = nodelist

    def render(self, context: Context) -> str:
        values = [expression.resolve(context) for expression in self.inputs]
        return piece(context, self.name, values, self.nodelist.render)


Piece = tuple[str, list[Any], Callable[[Context], str]]
"""A piece to write: its name, its inputs and what renders it (see ``pieces``)."""


def piece(
    context: Context, name: str, inputs: list[Any], render: Callable[[Context], str]
) -> SafeString:
    """The piece ``name`` for these ``inputs``: kept, or made by ``render`` (given the
    context with marks in the version's and the CSRF token's places, filled in after) and
    kept. What ``{% fragment %}`` does, for a piece a tag writes in Python."""
    return pieces(context, [(name, inputs, render)])[0]


def pieces(context: Context, wanted: list[Piece]) -> list[SafeString]:
    """Each of ``wanted`` as ``piece`` makes it, in order. Those this process does not hold
    are read from the cache in one call and those rendered are kept in one, so that with
    Redis the pieces of a board's side cost one round trip each way, not one a piece."""
    keys = [key(name, inputs) for name, inputs, _ in wanted]
    found: dict[str, str] = {}
    for cache_key in keys:
        html = RECENT.get(cache_key)
        if html is not None:
            found[cache_key] = html
    missing = [cache_key for cache_key in keys if cache_key not in found]
    if missing:
        store = caches[CACHE]
        read = store.get_many(missing)
        found.update((k, html) for k, html in read.items() if isinstance(html, str))
        made: dict[str, str] = {}
        for cache_key, (_, _, render) in zip(keys, wanted, strict=True):
            if cache_key not in found:
                found[cache_key] = made[cache_key] = _rendered(context, render)
        if made:
            store.set_many(made, settings.FRAGMENT_SECONDS)
        for cache_key in missing:
            RECENT.put(cache_key, found[cache_key])
    return [fill(found[cache_key], context) for cache_key in keys]


def _rendered(context: Context, render: Callable[[Context], str]) -> str:
    """``render``'s piece, with marks in the version's and the CSRF token's places."""
    body = context.get("body")
    marked: dict[str, Any] = {"csrf_token": CSRF_MARK}
    if isinstance(body, Mapping):
        marked["body"] = {**body, "version": VERSION_MARK}
    with context.push(marked):
        return render(context)


@register.tag("fragment")
def fragment(parser: Parser, token: Token) -> FragmentNode:
    """``{% fragment "name" input ... %}...{% endfragment %}`` (see the module's docstring)."""
    bits = token.split_contents()
    if len(bits) < 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError("{% fragment %} takes a quoted name, then its inputs")
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    inputs = [parser.compile_filter(bit) for bit in bits[2:]]
    return FragmentNode(bits[1][1:-1], inputs, nodelist)
