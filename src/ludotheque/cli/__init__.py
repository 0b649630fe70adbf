"""The `ludotheque` command."""
