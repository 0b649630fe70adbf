import pytest

from pg import Cluster


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Records and databases written by a test go to a temporary folder."""
    monkeypatch.setenv("LUDOTHEQUE_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL cluster of the test run's own (tests/pg.py), started on first use."""
    with Cluster() as cluster:
        yield cluster


@pytest.fixture
def postgres_url(postgres):
    """The URL of a new empty database on that cluster, dropped after the test."""
    url = postgres.create_database()
    yield url
    postgres.drop_database(url)


@pytest.fixture(params=["sqlite", "postgres"])
def any_db(request, tmp_path):
    """A new empty store of each backend: an SQLite file's path, then a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return tmp_path / "games.sqlite"
    return request.getfixturevalue("postgres_url")
