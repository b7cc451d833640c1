"""What a bad catalog file is reported as: every problem, each naming its entry and field."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CatalogProblem:
    """One thing wrong with a catalog file.

    ``entry`` names the object it is in, by list and index and, when it has one, its name
    (``"units[3] 'Orc Grunt'"``; ``"catalog"`` for the file's header); ``field`` is the dotted
    path inside that object (``"keywords.Momentum"``, ``"abilities[0].mana_cost"``; empty when
    the object as a whole is wrong)."""

    entry: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.entry}, {self.field}" if self.field else self.entry
        return f"{where}: {self.message}"

    def as_dict(self) -> dict[str, str]:
        return {"entry": self.entry, "field": self.field, "message": self.message}


class CatalogError(ValueError):
    """A catalog file that cannot be imported, with every problem found in it."""

    def __init__(self, problems: list[CatalogProblem]) -> None:
        self.problems = problems
        count = len(problems)
        heading = f"The catalog has {count} problem{'s' if count != 1 else ''}"
        super().__init__(heading + ":\n" + "\n".join(f"- {problem}" for problem in problems))
