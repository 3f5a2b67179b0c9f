"""arbiter_app: a desk tool for arbiters of FIDE Swiss tournaments (Dutch system)."""

__version__ = "0.1.0"
