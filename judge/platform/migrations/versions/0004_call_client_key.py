"""The key a call was sent with, unique per event: a call sent twice is recorded once
(issue 28: a phone on a weak signal retries, or sends a draft it kept)

Revision ID: 0004_call_client_key
Revises: 0003_event_safety
Create Date: 2026-12-07 17:30:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0004_call_client_key'
down_revision = '0003_event_safety'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('calls') as batch:
        batch.add_column(sa.Column('client_key', sa.String(length=64), nullable=True))
        batch.create_unique_constraint('uq_calls_event_client_key', ['event_id', 'client_key'])


def downgrade() -> None:
    with op.batch_alter_table('calls') as batch:
        batch.drop_constraint('uq_calls_event_client_key', type_='unique')
        batch.drop_column('client_key')
