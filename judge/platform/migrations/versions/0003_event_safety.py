"""Sessions that end, tokens that expire, disabled users; the players of a call and the
time zone of an event (issue 26)

Revision ID: 0003_event_safety
Revises: 0002_editors
Create Date: 2026-12-02 15:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0003_event_safety'
down_revision = '0002_editors'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('users') as batch:
        batch.add_column(sa.Column('session_version', sa.Integer(), server_default='1',
                                   nullable=False))
        batch.add_column(sa.Column('disabled_at', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('api_tokens') as batch:
        batch.add_column(sa.Column('expires_at', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('events') as batch:
        batch.add_column(sa.Column('timezone', sa.String(length=64),
                                   server_default='Asia/Tokyo', nullable=False))
    with op.batch_alter_table('calls') as batch:
        batch.add_column(sa.Column('players', sa.String(length=200), server_default='',
                                   nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('calls') as batch:
        batch.drop_column('players')
    with op.batch_alter_table('events') as batch:
        batch.drop_column('timezone')
    with op.batch_alter_table('api_tokens') as batch:
        batch.drop_column('expires_at')
    with op.batch_alter_table('users') as batch:
        batch.drop_column('disabled_at')
        batch.drop_column('session_version')
