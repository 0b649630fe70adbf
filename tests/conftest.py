import pytest


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Records and databases written by a test go to a temporary folder."""
    monkeypatch.setenv("LUDOTHEQUE_HOME", str(tmp_path / "home"))
