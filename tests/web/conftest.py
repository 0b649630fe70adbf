import pytest

import _live


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A live server of the module's own, on a free localhost port, with a fresh database."""
    with _live.live_server(tmp_path_factory.mktemp("web") / "games.sqlite") as url:
        yield url
