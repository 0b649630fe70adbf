"""The browser app (`ludotheque serve`): FastAPI + a websocket per game + a static front end."""
from .app import create_app

__all__ = ["create_app"]
