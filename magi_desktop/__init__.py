"""Magi Desktop: the tray app, the engine host thread and the memory inspector window."""
