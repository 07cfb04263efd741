"""The WSGI entry point: ``gunicorn wsgi:app`` (the corpus is $JUDGE_CORPUS or corpus/).

Permalinks carry the whole board in the URL; for very large boards raise gunicorn's
request-line limit (``--limit-request-line 16384``).
"""
from judge.web import create_app

app = create_app()
