"""tests/pg.py: the tests' PostgreSQL is a server of their own, in a temporary folder, gone
when stopped."""
import psycopg
import pytest

from pg import Cluster


def test_a_cluster_lives_in_its_own_folder_and_leaves_nothing_behind():
    with Cluster() as pg:
        url = pg.create_database()
        with psycopg.connect(url) as conn:
            data = conn.execute("SHOW data_directory").fetchone()[0]
            sockets = conn.execute("SHOW unix_socket_directories").fetchone()[0]
        assert data == str(pg.data) and sockets == str(pg.dir)
        assert (pg.dir / f".s.PGSQL.{pg.port}").exists()
        with psycopg.connect(f"postgresql://postgres@/{url.rsplit('/', 1)[1]}?host={pg.dir}&port={pg.port}"):
            pass                      # the socket in the folder serves too
        pg.drop_database(url)
        folder = pg.dir
    assert not folder.exists()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(pg.url, connect_timeout=10)
