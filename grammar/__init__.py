"""Package data: the Lark grammar of effect text (installed as tagtext.grammar)."""
