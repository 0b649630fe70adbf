"""Game packages. Each subpackage registers its rulesets with the core registry on import;
a new game is a new folder here, nothing else changes."""
import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
