"""Game catalogs as data: the JSON import/export format (docs/catalogs.md), the starter
catalogs shipped under ``starter/``, and the catalogs as the rules engines see them."""

from .engine import (
    azeroth_factions,
    azeroth_units,
)
from .errors import CatalogError, CatalogProblem
from .service import (
    FORMAT,
    FORMAT_VERSION,
    check_catalog,
    dump_catalog,
    export_catalog,
    find_catalog,
    import_catalog,
    read_catalog_file,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "CatalogError",
    "CatalogProblem",
    "azeroth_factions",
    "azeroth_units",
    "check_catalog",
    "dump_catalog",
    "export_catalog",
    "find_catalog",
    "import_catalog",
    "read_catalog_file",
]
