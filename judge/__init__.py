"""judge: a rules Q&A knowledge base joined to an executable rules engine."""
__version__ = "0.1.0"
