"""The request every page view takes, typed as django-htmx's example types it: ``HtmxMiddleware``
gives each request an ``htmx`` attribute (false unless htmx sent it), and a view that reads
``request.htmx`` declares its request as ``HtmxHttpRequest`` so mypy knows the attribute is
there. Declared once here; every view imports it."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
    user: User | AnonymousUser  # the project's accounts are Django's own User
