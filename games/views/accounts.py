"""Signing in, out and up: Django's session login, so a player keeps their lists."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView, LogoutView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from games import backends, throttles

WRONG_PASSWORDS = "There have been too many wrong passwords for this account, or from this address."


class SignInView(LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        counters = throttles.sign_in_counters(request, request.POST.get("username"))
        seconds = throttles.wait(counters)
        if seconds is not None:
            return throttles.refused_page(request, seconds, WRONG_PASSWORDS)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        # Only a failed sign-in is counted: a player signing in again and again uses up nothing.
        throttles.count(throttles.sign_in_counters(self.request, form.data.get("username")))
        return super().form_invalid(form)


class SignOutView(LogoutView):
    """Signs out on POST (a link could be followed by a prefetching browser)."""

    next_page = "home"


def _next_url(request: HttpRequest) -> str:
    """Where to go after signing up: a same-site ``next``, else the saved lists."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return resolve_url(settings.LOGIN_REDIRECT_URL)


def _point_at_errors(form: UserCreationForm[User]) -> None:
    """Mark each field in error for assistive technology and give the first one the focus:
    Django's form always focuses the username, which left a player looking at it while the
    error sat below the fold (the page sums the errors up on top as well)."""
    first = next((name for name in form.fields if name in form.errors), None)
    if first is None:
        return
    for name, field in form.fields.items():
        field.widget.attrs.pop("autofocus", None)
        if name in form.errors:
            described = f"err-{name}" + (f" help-{name}" if field.help_text else "")
            field.widget.attrs.update({"aria-invalid": "true", "aria-describedby": described})
    form.fields[first].widget.attrs["autofocus"] = True


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account at the table: a username and a password twice; signed in at once."""
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    if request.method == "POST":
        seconds = throttles.take([throttles.by_address(throttles.SIGN_UP_IP, request)])
        if seconds is not None:
            what = "There have been too many new accounts asked for from this address."
            return throttles.refused_page(request, seconds, what)
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=backends.PATH)
        return HttpResponseRedirect(_next_url(request))
    status = 400 if request.method == "POST" else 200
    _point_at_errors(form)
    context = {"form": form, "next": request.POST.get("next") or request.GET.get("next", "")}
    return render(request, "registration/signup.html", context, status=status)
