"""Test packages: ``tests.ui`` and ``tests.reliability`` import as such, so that ``ui`` is always the
application package (without this file pytest put ``tests/`` on sys.path and ``ui`` meant
``tests/ui``: every ``ui.*`` import in a git worktree then loaded the installed checkout's panels)."""
