"""Puluc: `puluc`, `puluc/sauvetage` (+guardians, +temples) and `puluc/ludens`."""
from . import puluc  # noqa: F401
