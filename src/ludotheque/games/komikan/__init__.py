"""The Komikan family: `komikan`, `komikan/lemery`, `komikan/adugo`, `komikan/chivi-kora`, with
`+alpha`, `+condor` and `+grass`."""
from . import komikan  # noqa: F401
