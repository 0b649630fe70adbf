"""The browser app (`ludotheque serve`): FastAPI + a websocket per game + a static front end."""
from .app import create_app, server_config

__all__ = ["create_app", "server_config"]
