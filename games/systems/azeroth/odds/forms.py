"""Forms of the Azeroth at War odds page (the page's side of ``odds``).

The page is one GET form whose query string holds the whole state, so a calculation can be
bookmarked and shared. Parameter names are short and readable (``mode=melee&a_atk=4&d_def=4
&charge=1``): profile fields carry a one-letter prefix (``a`` attacker, ``d`` defender, ``s``
Cleave's second model, ``f`` the friendly in a melee), the other panels ``m`` (morale), ``sp``
(magic) and ``b`` / ``b1``... (blast and its target rows).

These forms only parse and range-check input (the ranges come from ``profiles.LIMITS``) and
turn it into the engines' dataclasses through ``mapping``, the one table of each
input's names on the page, in the API and in the engine, with the builders the API's request
reader uses too. Every rule is left to the engines; the errors they raise (``InvalidInput``
keyed by paths such as ``attacker.atk``) are placed beside their fields with the same table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from django import forms
from django.http import QueryDict
from django.utils.datastructures import MultiValueDict

from games.numbers import whole_number
from referee.rules.azeroth.profiles import (
    LIMITS,
    MAX_BLAST_DISTANCE,
    AbilityType,
    Armor,
    Attack,
    Attacker,
    Blast,
    BlastTarget,
    Cover,
    Defender,
    Dispeller,
    Mode,
    MoraleTest,
    MoraleTrigger,
    NaturalRolls,
    Rulings,
    Situation,
    SpellAttempt,
    Template,
    Tier,
    Weapon,
)
from referee.rules.azeroth.units import Unit as CatalogUnit

from . import mapping
from .mapping import Name, page_field

Defaults = Mapping[str, str | Sequence[str]]

ARMOR_CHOICES = [
    (Armor.HEAVY.value, "HA"),
    (Armor.MEDIUM.value, "MA"),
    (Armor.LIGHT.value, "LA"),
]
WEAPON_CHOICES = [
    (Weapon.LIGHT.value, "LW light"),
    (Weapon.STANDARD.value, "SW standard"),
    (Weapon.HEAVY.value, "HW heavy"),
    (Weapon.SHIELD.value, "SH shield"),
    (Weapon.RANGED.value, "RW ranged"),
]
TARGET_CHOICES = [(str(n), f"{n}+") for n in range(2, 7)]
NO_SAVE = "-"
DEF_CHOICES = [*TARGET_CHOICES, (NO_SAVE, "none")]


def _save(value: str | None) -> int | None:
    """The DEF save a choice stands for: None for "none" (and while the choice is invalid)."""
    return None if value in (None, "", NO_SAVE) else int(value)


# Labels of the situation toggles, keyed by the engine's Situation field names; the page uses
# them for the toggles and to name the toggle the inverse question recommends.
SITUATION_LABELS: dict[str, str] = {
    "charging": "Charging",
    "downhill_charge": "Downhill charge",
    "uphill_defender": "Defender uphill",
    "flanking": "Flanking",
    "opportunity_attack": "Opportunity attack",
    "hold": "Hold",
    "elevated": "Elevated",
    "long_range": "Long range",
    "into_melee": "Into melee",
}
MELEE_SITUATION = (
    "charging",
    "downhill_charge",
    "uphill_defender",
    "flanking",
    "opportunity_attack",
)
RANGED_SITUATION = ("hold", "elevated", "long_range", "cover", "into_melee")

_FALSE_WORDS = {"", "0", "false", "off", "no"}


class ToggleInput(forms.CheckboxInput):
    """A checkbox that sends ``1`` and reads ``0``/``false``/``off`` as off, so hand-written
    query strings mean what they say (Django's own reads any non-empty text as on)."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs={"value": "1", **(attrs or {})})

    def value_from_datadict(
        self, data: Mapping[str, Any], files: Mapping[str, Any], name: str
    ) -> bool:
        value = data.get(name)
        if value is None:
            return False
        return str(value).strip().lower() not in _FALSE_WORDS


def _toggle(label: str) -> forms.BooleanField:
    return forms.BooleanField(label=label, required=False, widget=ToggleInput())


# Short messages: they sit beside a narrow number field.
NUMBER_MESSAGES = {
    "required": "Needed.",
    "invalid": "Enter a whole number.",
    "min_value": "At least %(limit_value)s.",
    "max_value": "At most %(limit_value)s.",
}
DECIMAL_MESSAGES = {**NUMBER_MESSAGES, "invalid": "Enter a number."}


def _shown(text: str, limit: int = 12) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class NumberText(forms.TextInput):
    """A number typed as text. A browser empties an ``<input type="number">`` holding
    letters before the form sees it, so "4x" would come back as "Needed." and be lost; as
    text, what was typed is sent, kept in the box and answered with what is wrong with it.
    ``data-min`` and ``data-max`` are the range the minus and plus buttons keep to."""

    def __init__(self, attrs: dict[str, Any] | None = None, *, decimal: bool = False) -> None:
        base = {"inputmode": "decimal" if decimal else "numeric", "class": "num live"}
        super().__init__(attrs={**base, "autocomplete": "off", **(attrs or {})})


class RangedNumberField(forms.IntegerField):
    """A number field whose box carries its range as ``data-min`` and ``data-max``, the range
    the minus and plus buttons keep to (see NumberText)."""

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        attrs = super().widget_attrs(widget)
        if self.min_value is not None:
            attrs["data-min"] = self.min_value
        if self.max_value is not None:
            attrs["data-max"] = self.max_value
        return attrs


class WholeNumberField(RangedNumberField):
    """A whole number read by ``games.numbers.whole_number``, the one reader of page numbers."""

    widget = NumberText

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return whole_number(str(value))
        except ValueError:
            raise forms.ValidationError(
                f"“{_shown(str(value).strip())}” is not a whole number: use the digits 0 to 9.",
                code="invalid",
            ) from None


class DecimalField(RangedNumberField, forms.FloatField):
    """A number that may have a decimal point, typed as text (see NumberText)."""

    def to_python(self, value: Any) -> float | None:  # type: ignore[override]
        try:
            return super().to_python(value)
        except forms.ValidationError:
            raise forms.ValidationError(
                f"“{_shown(str(value).strip())}” is not a number: use digits and a point.",
                code="invalid",
            ) from None


def _number(
    limit: str, label: str, *, required: bool = True, placeholder: str = ""
) -> WholeNumberField:
    """A whole number within ``LIMITS[limit]``. ``placeholder`` says what blank means."""
    low, high = LIMITS[limit]
    attrs = {"placeholder": placeholder} if placeholder else {}
    return WholeNumberField(
        label=label,
        required=required,
        min_value=low,
        max_value=high,
        error_messages=NUMBER_MESSAGES,
        widget=NumberText(attrs),
    )


def _weapons() -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label="Weapons", choices=WEAPON_CHOICES, required=False, widget=forms.CheckboxSelectMultiple
    )


def _segmented(choices: Sequence[tuple[str, str]], label: str) -> forms.ChoiceField:
    return forms.ChoiceField(label=label, choices=choices, widget=forms.RadioSelect)


def _target(label: str) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label, choices=TARGET_CHOICES, coerce=int, widget=forms.RadioSelect
    )


class QueryForm(forms.Form):
    """A form bound to the page's query string, filling in defaults for what is missing.

    ``marker`` is a parameter the rendered form always sends (a radio group). When it is
    absent the query string was written by hand or is empty, so every missing field takes its
    default. When it is present the form was submitted, and a missing checkbox or weapon list
    means "off" / "none" (browsers send nothing for those); other missing fields still take
    their defaults, so a partial query string works.
    """

    marker: ClassVar[str]
    defaults: ClassVar[Defaults]
    # What the page calls the form where its fields' labels alone are ambiguous ("Unit 1").
    title: str = ""
    # The inputs of the engine type this form fills (mapping).
    names: ClassVar[tuple[Name, ...]] = ()

    def __init__(
        self, query: QueryDict, *, prefix: str | None = None, defaults: Defaults | None = None
    ) -> None:
        super().__init__(prefix=prefix)
        # Fields named after Python keywords or builtins are declared with a trailing "_"
        # (def_, str_, type_); the query string uses the plain name.
        self.fields = {name.rstrip("_"): field for name, field in self.fields.items()}
        self.field_defaults = self.defaults if defaults is None else defaults
        self.data = self._merge(query, self.field_defaults)
        self.is_bound = True

    def add_prefix(self, field_name: str) -> str:
        return f"{self.prefix}_{field_name}" if self.prefix else field_name

    @property
    def values(self) -> dict[str, Any]:
        """The cleaned values, where each field that failed takes its default instead.

        With these the engine can still be asked about every other field, so the page shows
        all the problems at once rather than the form's first and the engine's later.
        """
        self.is_valid()
        values = dict(self.cleaned_data)
        for name, field in self.fields.items():
            if name in values:
                continue
            default = self.field_defaults.get(name)
            raw = default if default is None or isinstance(default, str) else list(default)
            try:
                values[name] = field.clean(raw)
            except forms.ValidationError:
                values[name] = None
        return values

    @property
    def key(self) -> str:
        """A name unique on the page, for the element holding the form's own errors."""
        return self.prefix or self.marker

    def _merge(self, query: QueryDict, defaults: Defaults) -> MultiValueDict[str, str]:
        submitted = self.marker in query
        data: MultiValueDict[str, str] = MultiValueDict()
        for name, field in self.fields.items():
            key = self.add_prefix(name)
            if key in query:
                data.setlist(key, query.getlist(key))
                continue
            if name not in defaults:
                continue
            if submitted and isinstance(field, forms.BooleanField | forms.MultipleChoiceField):
                continue
            default = defaults[name]
            data.setlist(key, [default] if isinstance(default, str) else list(default))
        return data

    def map_problem(self, name: str | None, message: str, path: str = "") -> None:
        """Attach an engine message to ``name`` (a field of this form) or, naming the engine's
        field path, to the form itself. A field that already failed keeps its own message."""
        if name is not None and name in self.errors:
            return
        if name is not None and name in self.fields:
            self.add_error(name, message[:1].upper() + message[1:])
        elif path:
            self.add_error(None, f"{path}: {message}")
        else:
            self.add_error(None, message[:1].upper() + message[1:])

    def add_problems(self, problems: Mapping[str, Sequence[str]]) -> None:
        """Show each engine problem beside the field its path names."""
        for path, messages in problems.items():
            name = page_field(self.names, path)
            for message in messages:
                self.map_problem(name, message, path)


class ProfileForm(QueryForm):
    """A defender-like profile: the target, Cleave's second model or the friendly (7.6)."""

    marker = "mode"
    defaults: ClassVar[Defaults] = {
        "tgh": "3",
        "def": "4",
        "ini": "3",
        "arm": Armor.HEAVY.value,
        "wpn": [Weapon.STANDARD.value, Weapon.SHIELD.value],
        "wnd": "2",
    }
    names = mapping.DEFENDER

    tgh = _number("tgh", "TGH")
    def_ = forms.ChoiceField(label="DEF", choices=DEF_CHOICES, widget=forms.RadioSelect)
    ini = _number("ini", "INI")
    arm = _segmented(ARMOR_CHOICES, "Armor")
    wpn = _weapons()
    wnd = _number("wounds", "Wounds")
    wrem = _number("wounds_remaining", "Wounds left", required=False, placeholder="unhurt")
    fly = _toggle("Fly")

    def to_defender(self) -> Defender:
        values = mapping.from_page(self.values, self.names)
        values["defense"] = _save(values["defense"])
        return mapping.defender(values)


class AttackerForm(QueryForm):
    marker = "mode"
    defaults: ClassVar[Defaults] = {
        "atk": "4",
        "skl": "4",
        "str": "4",
        "ini": "3",
        "arm": Armor.MEDIUM.value,
        "wpn": [Weapon.STANDARD.value],
        "wnd": "2",
        "mom": "1",
        "db": "0",
    }
    names = (*mapping.ATTACKER, *mapping.KEYWORDS)

    atk = _number("atk", "ATK (dice)")
    skl = _target("SKL")
    str_ = _number("str", "STR")
    rstr = _number("ranged_str", "Ranged STR", required=False, placeholder="= STR")
    ini = _number("ini", "INI")
    arm = _segmented(ARMOR_CHOICES, "Armor")
    wpn = _weapons()
    wnd = _number("wounds", "Wounds")
    wrem = _number("wounds_remaining", "Wounds left", required=False, placeholder="unhurt")
    fly = _toggle("Fly")
    mom = _number("momentum", "Momentum [X]")
    db = _number("decisive_blow", "Decisive Blow [X]")
    clv = _toggle("Cleave")
    bzk = _toggle("Berserker")
    ps = _toggle("Precision Shot")

    def to_attacker(self) -> Attacker:
        values = self.values
        return mapping.attacker(
            mapping.from_page(values, mapping.ATTACKER),
            mapping.from_page(values, mapping.KEYWORDS),
        )


class RulingsForm(QueryForm):
    """The switchable rulings, shared by every panel of the page (A1)."""

    marker = "nat"
    defaults: ClassVar[Defaults] = {"nat": NaturalRolls.STANDARD.value}

    nat = _segmented(
        [(NaturalRolls.STANDARD.value, "Standard"), (NaturalRolls.LITERAL.value, "Literal")],
        "Natural rolls (A1)",
    )

    def to_rulings(self) -> Rulings:
        """The chosen rulings; the default while the choice itself is invalid."""
        value = self.cleaned_data.get("nat") if self.is_valid() else None
        return Rulings(natural_rolls=NaturalRolls(value or NaturalRolls.STANDARD.value))


class AttackForm(QueryForm):
    """Mode, situation toggles, the natural-rolls ruling and the optional goal."""

    marker = "mode"
    defaults: ClassVar[Defaults] = {
        "mode": Mode.MELEE.value,
        "cover": Cover.NONE.value,
    }

    mode = _segmented([(Mode.MELEE.value, "Melee"), (Mode.RANGED.value, "Ranged")], "Mode")
    charge = _toggle(SITUATION_LABELS["charging"])
    downhill = _toggle(SITUATION_LABELS["downhill_charge"])
    uphill = _toggle(SITUATION_LABELS["uphill_defender"])
    flank = _toggle(SITUATION_LABELS["flanking"])
    opp = _toggle(SITUATION_LABELS["opportunity_attack"])
    hold = _toggle(SITUATION_LABELS["hold"])
    elev = _toggle(SITUATION_LABELS["elevated"])
    long = _toggle(SITUATION_LABELS["long_range"])
    cover = _segmented(
        [(Cover.NONE.value, "No cover"), (Cover.SOFT.value, "Soft"), (Cover.HARD.value, "Hard")],
        "Cover",
    )
    into_melee = _toggle(SITUATION_LABELS["into_melee"])
    s = _toggle("Give the second model's profile")
    f = _toggle("Give the friendly's profile")
    goal = DecimalField(
        label="Goal P(kill) %",
        required=False,
        min_value=1,
        max_value=99.99,
        error_messages=DECIMAL_MESSAGES,
        widget=NumberText({"placeholder": "e.g. 75"}, decimal=True),
    )

    @property
    def mode_value(self) -> Mode:
        """The chosen mode, or melee while the mode itself is invalid."""
        value = self.values.get("mode")
        return Mode(value) if value in (Mode.MELEE.value, Mode.RANGED.value) else Mode.MELEE

    def to_situation(self) -> Situation:
        """Only the toggles of the chosen mode: the others are hidden on the page."""
        applies = MELEE_SITUATION if self.mode_value is Mode.MELEE else RANGED_SITUATION
        names = [name for name in mapping.SITUATION if name.engine in applies]
        return mapping.situation(mapping.from_page(self.values, names))

    def goal_probability(self) -> float | None:
        goal = self.cleaned_data.get("goal")
        return None if goal is None else float(goal) / 100.0


FRIENDLY_DEFAULTS: Defaults = {
    "tgh": "4",
    "def": "5",
    "ini": "3",
    "arm": Armor.MEDIUM.value,
    "wpn": [Weapon.STANDARD.value],
    "wnd": "2",
}


class AttackForms:
    """Every form of the attack panel, bound to one query string."""

    def __init__(self, query: QueryDict, rulings: RulingsForm) -> None:
        self.rulings = rulings
        self.attack = AttackForm(query)
        self.attacker = AttackerForm(query, prefix="a")
        self.defender = ProfileForm(query, prefix="d")
        self.second = ProfileForm(query, prefix="s")
        self.friendly = ProfileForm(query, prefix="f", defaults=FRIENDLY_DEFAULTS)

    def all(self) -> tuple[QueryForm, ...]:
        return (self.attack, self.attacker, self.defender, self.second, self.friendly)

    def uses_second_target(self) -> bool:
        data = self.attack.values
        return (
            self.attack.mode_value is Mode.MELEE
            and bool(self.attacker.values.get("clv"))
            and bool(data.get("s"))
        )

    def uses_friendly(self) -> bool:
        data = self.attack.values
        return (
            self.attack.mode_value is Mode.RANGED
            and bool(self.attacker.values.get("ps"))
            and bool(data.get("into_melee"))
            and bool(data.get("f"))
        )

    def is_valid(self) -> bool:
        valid = self.attack.is_valid() and self.attacker.is_valid() and self.defender.is_valid()
        # A hidden optional profile's errors are only reported when it is in use.
        if valid and self.uses_second_target():
            valid = self.second.is_valid()
        if valid and self.uses_friendly():
            valid = self.friendly.is_valid()
        return valid

    def to_attack(self) -> Attack:
        return Attack(
            mode=self.attack.mode_value,
            attacker=self.attacker.to_attacker(),
            defender=self.defender.to_defender(),
            situation=self.attack.to_situation(),
            rulings=self.rulings.to_rulings(),
            second_target=self.second.to_defender() if self.uses_second_target() else None,
            friendly=self.friendly.to_defender() if self.uses_friendly() else None,
        )

    def add_problems(self, problems: Mapping[str, Sequence[str]]) -> None:
        """Show each engine problem (``attacker.keywords.momentum``...) beside its field."""
        profiles: dict[str, QueryForm] = {
            "defender": self.defender,
            "second_target": self.second,
            "friendly": self.friendly,
        }
        for path, messages in problems.items():
            parts = path.split(".")
            head = parts[0]
            form: QueryForm
            name: str | None
            if head == "attacker":
                form, name = self.attacker, page_field(self.attacker.names, path)
            elif head in profiles:
                form, name = profiles[head], page_field(mapping.DEFENDER, path)
            elif head == "situation":
                form, name = self.attack, page_field(mapping.SITUATION, path)
            elif head == "rulings":
                form, name = self.rulings, "nat"
            elif head in ("mode", "goal"):
                form, name = self.attack, head
            elif head == "dice":
                form, name = self.attacker, "atk"
            else:
                form, name = self.attack, None
            for message in messages:
                form.map_problem(name, message, path)


# --- Morale -------------------------------------------------------------------------------


class MoraleForm(QueryForm):
    """The morale test (10.2) and who must take it (10.1)."""

    marker = "m_tier"
    defaults: ClassVar[Defaults] = {
        "tier": Tier.BASELINE.value,
        "wnd": "2",
        "lost": "1",
        "back": "0",
    }
    names = (*mapping.MORALE_TEST, *mapping.MORALE_TRIGGER)

    tier = _segmented(
        [
            (Tier.BASELINE.value, "Baseline"),
            (Tier.MOUNTED.value, "Mounted"),
            (Tier.ELITE.value, "Elite"),
            (Tier.HERO.value, "Hero"),
        ],
        "Tier",
    )
    lhs = _toggle("Last Hero slain")
    quarter = _toggle("Below 25% wounds")
    fear = _toggle("Fear nearby")
    aura = _toggle("Another Hero's Command Aura")
    undead = _toggle("Undead / Mechanical")
    wnd = _number("wounds", "Starting wounds")
    lost = WholeNumberField(
        label="Wounds lost this turn",
        min_value=0,
        max_value=LIMITS["wounds"][1],
        error_messages=NUMBER_MESSAGES,
        widget=NumberText(),
    )
    back = WholeNumberField(
        label="Wounds given back",
        help_text="this turn",
        min_value=0,
        max_value=LIMITS["wounds"][1],
        error_messages=NUMBER_MESSAGES,
        widget=NumberText(),
    )
    near = _toggle('Friend destroyed within 6"')
    rout = _toggle("Routing")

    def to_test(self) -> MoraleTest:
        return mapping.morale_test(mapping.from_page(self.cleaned_data, mapping.MORALE_TEST))

    def to_trigger(self) -> MoraleTrigger:
        data = self.cleaned_data
        return mapping.morale_trigger(
            mapping.from_page(data, mapping.MORALE_TRIGGER), undead_or_mechanical=data["undead"]
        )


# --- Magic --------------------------------------------------------------------------------


class SpellForm(QueryForm):
    """A spell or ability meeting Spell Block, then a Dispel or Counterspell (8.5, 8.6)."""

    marker = "sp_type"
    defaults: ClassVar[Defaults] = {
        "type": AbilityType.INSTANT.value,
        "cost": "2",
        "disp": Dispeller.MAGICAL_MODEL.value,
        "resp": "1",
    }
    names = mapping.SPELL

    type_ = _segmented(
        [
            (AbilityType.INSTANT.value, "Instant"),
            (AbilityType.BLAST.value, "Blast"),
            (AbilityType.BUFF.value, "Buff"),
            (AbilityType.DEBUFF.value, "Debuff"),
            (AbilityType.SPELL_SHOOT.value, "Spell (Shoot)"),
            (AbilityType.REACTION.value, "Reaction"),
        ],
        "Ability type",
    )
    cost = _number("mana_cost", "Mana cost")
    block = _toggle('Enemy Spell Block within 2"')
    disp = _segmented(
        [
            (Dispeller.NONE.value, "No Magical model"),
            (Dispeller.MAGICAL_MODEL.value, "Magical model"),
            (Dispeller.MAGICAL_HERO.value, "Magical Hero"),
        ],
        "Defending army's dispeller",
    )
    mana = _number("defender_mana", "Defender's Mana", required=False, placeholder="enough")
    resp = _toggle("Defender responds")

    def to_attempt(self, rulings: Rulings) -> SpellAttempt:
        return mapping.spell(mapping.from_page(self.cleaned_data, mapping.SPELL), rulings)


# --- Blast --------------------------------------------------------------------------------

BLAST_ROWS = ("b1", "b2", "b3")
BLAST_ROW_DEFAULTS: dict[str, Defaults] = {
    "b1": {
        "lbl": "Aimed-at unit",
        "dist": "0",
        "base": "25",
        "tgh": "3",
        "def": "4",
        "arm": Armor.HEAVY.value,
        "sh": "1",
        "wrem": "2",
    },
    "b2": {
        "lbl": "Unit beside it",
        "dist": "2",
        "base": "25",
        "tgh": "3",
        "def": "5",
        "arm": Armor.MEDIUM.value,
        "wrem": "1",
    },
    "b3": {
        "lbl": "Own unit",
        "dist": "4",
        "base": "40",
        "tgh": "4",
        "def": "5",
        "arm": Armor.MEDIUM.value,
        "wrem": "2",
    },
}


class BlastForm(QueryForm):
    marker = "b_tpl"
    defaults: ClassVar[Defaults] = {
        "tpl": Template.SMALL.value,
        "skl": "4",
        "str": "4",
    }
    names = mapping.BLAST

    tpl = _segmented(
        [(Template.SMALL.value, 'Small 3"'), (Template.LARGE.value, 'Large 5"')], "Template"
    )
    skl = _target("Caster SKL")
    str_ = _number("strength", "Spell STR")


class BlastTargetForm(QueryForm):
    """One unit near the aim point. A row with no distance is left out of the calculation."""

    marker = "b_tpl"
    defaults: ClassVar[Defaults] = {}

    def __init__(self, query: QueryDict, *, prefix: str, defaults: Defaults) -> None:
        super().__init__(query, prefix=prefix, defaults=defaults)
        self.title = f"Unit {BLAST_ROWS.index(prefix) + 1}"

    names = mapping.BLAST_TARGET

    lbl = forms.CharField(
        label="Unit",
        required=False,
        max_length=40,
        widget=forms.TextInput(attrs={"class": "live", "autocomplete": "off"}),
    )
    dist = DecimalField(
        label='Distance (")',
        required=False,
        min_value=0,
        max_value=MAX_BLAST_DISTANCE,
        error_messages=DECIMAL_MESSAGES,
        widget=NumberText({"placeholder": "left out"}, decimal=True),
    )
    base = _number("base_mm", "Base (mm)", required=False)
    tgh = _number("tgh", "TGH", required=False)
    def_ = forms.ChoiceField(label="DEF", choices=DEF_CHOICES, required=False)
    arm = forms.ChoiceField(label="Armor", choices=ARMOR_CHOICES, required=False)
    sh = _toggle("Shield")
    hc = _toggle("Hard cover")
    wrem = _number("wounds_remaining", "Wounds left", required=False)

    @property
    def in_use(self) -> bool:
        value = self.data.get(self.add_prefix("dist"))
        return isinstance(value, str) and value.strip() != ""

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.in_use:
            for name in ("base", "tgh", "def", "wrem"):
                if data.get(name) in (None, "") and name not in self.errors:
                    self.add_error(name, "Needed for a unit that is in the calculation.")
        return data

    def to_target(self) -> BlastTarget:
        values = mapping.from_page(self.cleaned_data, self.names)
        values["defense"] = _save(values["defense"])
        values["armor"] = values["armor"] or Armor.MEDIUM.value
        values["weapons"] = [Weapon.SHIELD.value] if values["weapons"] else []
        values["label"] = values["label"] or self.prefix or ""
        return mapping.blast_target(values)


class BlastForms:
    def __init__(self, query: QueryDict, rulings: RulingsForm) -> None:
        self.rulings = rulings
        self.blast = BlastForm(query, prefix="b")
        self.rows = [
            BlastTargetForm(query, prefix=row, defaults=BLAST_ROW_DEFAULTS[row])
            for row in BLAST_ROWS
        ]

    def all(self) -> tuple[QueryForm, ...]:
        return (self.blast, *self.rows)

    def used_rows(self) -> list[BlastTargetForm]:
        return [row for row in self.rows if row.in_use]

    def is_valid(self) -> bool:
        results = [form.is_valid() for form in self.all()]
        return all(results) and bool(self.used_rows())

    def to_blast(self) -> Blast:
        return mapping.blast(
            mapping.from_page(self.blast.cleaned_data, mapping.BLAST),
            (row.to_target() for row in self.used_rows()),
            self.rulings.to_rulings(),
        )

    def add_problems(self, problems: Mapping[str, Sequence[str]]) -> None:
        """Paths look like ``strength`` or ``targets.1.tgh`` (the index counts used rows)."""
        used = self.used_rows()
        for path, messages in problems.items():
            parts = path.split(".")
            form: QueryForm = self.blast
            if parts[0] == "targets" and len(parts) >= 2 and parts[1].isdigit():
                index = int(parts[1])
                if index < len(used):
                    form = used[index]
            name = page_field(form.names, path)
            for message in messages:
                form.map_problem(name, message, path)


# --- Picking a unit from a catalog --------------------------------------------------------
#
# ``a_unit=<slug>`` (and ``d_unit``, ``s_unit``, ``f_unit``) asks for a profile to be filled
# from a catalog unit. The view expands it into that profile's own parameters and answers with
# the expanded URL, so the URL still holds the whole state, every field stays editable, and
# ``a_from=<slug>`` remembers which unit the profile came from.

PICK_PREFIXES = ("a", "d", "s", "f")
PICK_LABELS = {
    "a": "Attacker",
    "d": "Defender",
    "s": "Cleave's second model",
    "f": "Precision Shot's friendly",
}
# Keyword names as catalogs store them (4.6) to the attacker form's fields.
KEYWORD_NUMBERS = {"Momentum": "mom", "Decisive Blow": "db"}
KEYWORD_TOGGLES = {"Cleave": "clv", "Berserker": "bzk", "Precision Shot": "ps"}


def _has_keyword(unit: CatalogUnit, name: str) -> bool:
    return any(key.casefold() == name.casefold() for key in unit.keywords)


def _keyword_x(unit: CatalogUnit, name: str) -> int:
    return next((x for key, x in unit.keywords.items() if key.casefold() == name.casefold()), 0)


def unit_profile_params(unit: CatalogUnit, prefix: str) -> dict[str, list[str]]:
    """The query parameters of one profile (``a``, ``d``, ``s`` or ``f``) that give it the
    unit's card: every stat, armor, weapons and the attack keywords. A parameter left out
    means "off", "none" or "unhurt"."""
    params: dict[str, list[str]] = {}
    if prefix == "a":
        params.update(
            atk=[str(unit.atk)],
            skl=[str(unit.skl)],
            str=[str(unit.strength)],
            ini=[str(unit.ini)],
        )
        if unit.ranged_str is not None:
            params["rstr"] = [str(unit.ranged_str)]
        for keyword, name in KEYWORD_NUMBERS.items():
            params[name] = [str(_keyword_x(unit, keyword))]
        for keyword, name in KEYWORD_TOGGLES.items():
            if _has_keyword(unit, keyword):
                params[name] = ["1"]
    else:
        params.update(
            tgh=[str(unit.tgh)],
            ini=[str(unit.ini)],
        )
        params["def"] = [NO_SAVE if unit.defense is None else str(unit.defense)]
    params["arm"] = [unit.armor.value]
    if unit.weapons:
        params["wpn"] = [weapon.value for weapon in unit.weapons]
    params["wnd"] = [str(unit.wounds)]
    if _has_keyword(unit, "Fly"):
        params["fly"] = ["1"]
    return {f"{prefix}_{name}": values for name, values in params.items()}


def attack_form_of(forms_: AttackForms, prefix: str) -> QueryForm:
    return {
        "a": forms_.attacker,
        "d": forms_.defender,
        "s": forms_.second,
        "f": forms_.friendly,
    }[prefix]


def expand_unit_picks(query: QueryDict, picks: Mapping[str, CatalogUnit]) -> QueryDict:
    """The query with each picked profile (prefix → unit) replaced by the unit's parameters.

    Every other field of the attack panel is written out as it stands (its default when the
    query leaves it out), so the expanded query means exactly what the page showed, also when
    it was a hand-written link with only ``a_unit=...`` in it.
    """
    expanded = query.copy()
    current = AttackForms(query, RulingsForm(query))
    for form in current.all():
        data = cast(MultiValueDict[str, str], form.data)
        for name in form.fields:
            key = form.add_prefix(name)
            values = data.getlist(key)
            if values:
                expanded.setlist(key, values)
            else:
                expanded.pop(key, None)
    for prefix in PICK_PREFIXES:
        expanded.pop(f"{prefix}_unit", None)
    for prefix, unit in picks.items():
        form = attack_form_of(current, prefix)
        for name in form.fields:
            expanded.pop(form.add_prefix(name), None)
        for key, values in unit_profile_params(unit, prefix).items():
            expanded.setlist(key, values)
        expanded[f"{prefix}_from"] = unit.slug
        if prefix in ("s", "f"):
            # Giving the second model's or the friendly's profile is what picking it means.
            expanded[prefix] = "1"
    return expanded


def profile_matches_unit(form: QueryForm, unit: CatalogUnit) -> bool:
    """Whether a profile still holds the unit's card (not edited since it was picked). Wounds
    already lost do not count: a hurt Orc Grunt is still an Orc Grunt."""
    prefix = form.prefix or ""
    wanted = unit_profile_params(unit, prefix)
    data = cast(MultiValueDict[str, str], form.data)
    for name, field in form.fields.items():
        if name == "wrem":
            continue
        key = form.add_prefix(name)
        have = [value for value in data.getlist(key) if value.strip() != ""]
        if isinstance(field, forms.BooleanField):
            have = ["1"] if field.widget.value_from_datadict(form.data, {}, key) else []
        if sorted(have) != sorted(wanted.get(key, [])):
            return False
    return True
