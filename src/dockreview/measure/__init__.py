"""Every measurement the checks read, computed once, in feet; and the Layout (the envelope, dimension lines)."""
