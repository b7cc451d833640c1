"""The Django admin for catalogs: browse, search and correct units and cards.

Whole catalogs come and go through the JSON import/export (``manage.py import_catalog``), which
checks every entry first; the admin is for looking things up and small corrections. Its forms
check a row with the import's own rules, so the admin cannot store what a catalog file could
not hold (and what the rules engines would then choke on).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from .catalogs import CatalogError, check_catalog, export_catalog
from .catalogs.reading import Problems
from .catalogs.service import entry_counts
from .models import Catalog

if TYPE_CHECKING:
    # (each game's admin, in its package, takes these from here)
    from django.contrib.admin import ModelAdmin as ModelAdmin
    from django.contrib.admin import TabularInline as TabularInline
else:
    # django-stubs makes these generic, but Django's own classes cannot be subscripted.
    class ModelAdmin(admin.ModelAdmin):
        __class_getitem__ = classmethod(lambda cls, _params: cls)

    class TabularInline(admin.TabularInline):
        __class_getitem__ = classmethod(lambda cls, _params: cls)


class EntryForm(forms.ModelForm):  # type: ignore[type-arg]
    """A row checked as the catalog file's entry it stands for; each problem is shown on the
    form field it concerns."""

    label = "entry"
    # catalog-file field -> model field, where the names differ
    renames: ClassVar[dict[str, str]] = {}
    # fields the check puts in their stored form (keyword names as printed, arrows in order)
    normalised: ClassVar[tuple[str, ...]] = ()

    def value(self, field: str) -> Any:
        if field in self.cleaned_data:
            return self.cleaned_data[field]
        return getattr(self.instance, field, None)

    def catalog(self) -> Catalog | None:
        catalog = self.value("catalog")
        return catalog if isinstance(catalog, Catalog) else None

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        raise NotImplementedError

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned  # the field errors come first
        problems = Problems()
        result = self.check_entry(problems)
        for problem in problems.items:
            top = re.split(r"[.\[]", problem.field, maxsplit=1)[0]
            name = self.renames.get(top, top)
            if name in self.fields:
                # A problem inside a JSON field names where: "tiers[0]: ...".
                inside = problem.field != top
                self.add_error(
                    name, f"{problem.field}: {problem.message}" if inside else problem.message
                )
            else:
                prefix = f"{problem.field}: " if problem.field else ""
                self.add_error(None, prefix + problem.message)
        if not problems:
            for field in self.normalised:
                cleaned[field] = result[field]
        return cleaned


@admin.register(Catalog)
class CatalogAdmin(ModelAdmin[Catalog]):
    list_display = ("name", "system", "slug", "version", "demo", "entries", "updated")
    list_filter = ("system", "demo")
    search_fields = ("name", "slug", "description")
    readonly_fields = ("created", "updated")
    actions = ("check_catalogs",)

    @admin.action(description="Check the selected catalogs as a whole")
    def check_catalogs(self, request: HttpRequest, catalogs: QuerySet[Catalog]) -> None:
        """Rows are checked one by one when saved; this checks what reaches across rows (a
        renamed Guardian a Transformation still names, say) by checking the catalog's export
        exactly as an import would."""
        for catalog in catalogs:
            try:
                check_catalog(export_catalog(catalog))
            except CatalogError as error:
                lines = "; ".join(str(problem) for problem in error.problems)
                self.message_user(request, f"{catalog}: {lines}", messages.ERROR)
            else:
                self.message_user(request, f"{catalog}: no problems.", messages.SUCCESS)

    @admin.display(description="entries")
    def entries(self, catalog: Catalog) -> str:
        return entry_counts(catalog)
