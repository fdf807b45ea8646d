"""Presence shared by the server processes, and seeks that live only while their page is there.

``presence``: each process's connections and requests per seat (a seat is present while any process
holds its socket, and its last time anywhere counts).  Seeks: the sender's ``client_id`` (a resend
is the same seek), the last time its page asked (``seen_at``: a seek whose page is gone lapses),
when it was paired and whether its owner came for the game (``arrived``); one waiting seek per
account and game."""

from alembic import op
import sqlalchemy as sa

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "presence",
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("holder", sa.String(64), primary_key=True),
        sa.Column("open", sa.Integer, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_index("ix_presence_seen", "presence", ["seen"])
    # seeks still waiting were left by pages of the server before (none of them is kept alive by its
    # page now), and several of one account for one game would break the index below
    op.execute("DELETE FROM seeks WHERE room_id IS NULL")
    with op.batch_alter_table("seeks") as batch:
        batch.add_column(sa.Column("client_id", sa.String(64), nullable=True))
        batch.add_column(sa.Column("seen_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("paired_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("arrived", sa.Boolean, nullable=False, server_default=sa.false()))
    waiting = sa.text("room_id IS NULL")
    op.create_index("ix_seeks_client", "seeks", ["account_id", "client_id"], unique=True)
    op.create_index("ix_seeks_waiting", "seeks", ["account_id", "game"], unique=True,
                    sqlite_where=waiting, postgresql_where=waiting)


def downgrade() -> None:
    op.drop_index("ix_seeks_waiting", "seeks")
    op.drop_index("ix_seeks_client", "seeks")
    with op.batch_alter_table("seeks") as batch:
        for name in ("arrived", "paired_at", "seen_at", "client_id"):
            batch.drop_column(name)
    op.drop_index("ix_presence_seen", "presence")
    op.drop_table("presence")
