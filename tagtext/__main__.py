"""``python -m tagtext``: the ``tagtext`` command."""

from tagtext.cli.main import main

if __name__ == "__main__":
    main()
