"""Editors: editor roles per game and the changes awaiting a second editor

Revision ID: 0002_editors
Revises: 0001
Create Date: 2026-12-01 01:20:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0002_editors'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('editor_roles',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('granted_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'game', name='uq_editor_role_user_game')
    )
    op.create_table('pending_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('entry_id', sa.String(length=200), nullable=False),
    sa.Column('action', sa.String(length=16), nullable=False),
    sa.Column('document', sa.String(length=200), nullable=False),
    sa.Column('url', sa.String(length=500), nullable=False),
    sa.Column('published', sa.Date(), nullable=False),
    sa.Column('retrieved', sa.Date(), nullable=False),
    sa.Column('question', sa.Text(), nullable=False),
    sa.Column('answer', sa.Text(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('submitted_by', sa.Integer(), nullable=False),
    sa.Column('submitted_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('decided_by', sa.Integer(), nullable=True),
    sa.Column('decided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('source_path', sa.String(length=500), nullable=False),
    sa.ForeignKeyConstraint(['decided_by'], ['users.id'], ),
    sa.ForeignKeyConstraint(['submitted_by'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_pending_changes_status_game', 'pending_changes', ['status', 'game'],
                    unique=False)


def downgrade() -> None:
    op.drop_index('ix_pending_changes_status_game', table_name='pending_changes')
    op.drop_table('pending_changes')
    op.drop_table('editor_roles')
