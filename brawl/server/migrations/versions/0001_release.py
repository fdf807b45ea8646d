"""The schema of brawl 0.1.0: rooms, seats, events, chat, snapshots and leases."""

from alembic import op

from brawl.server.migrations import release_schema

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    release_schema.tables().create_all(op.get_bind())


def downgrade() -> None:
    release_schema.tables().drop_all(op.get_bind())
