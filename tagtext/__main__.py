"""``python -m tagtext``: the ``tagtext`` command."""

from tagtext.cli import run

if __name__ == "__main__":
    run()
