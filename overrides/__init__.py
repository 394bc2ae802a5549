"""Package data: the special-ruling table (installed as tagtext.overrides)."""
