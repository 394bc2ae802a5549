"""Data only: the Tag Tamer special-ruling table (``special-rulings.toml``), read by
:mod:`tagtext.rulings`."""
