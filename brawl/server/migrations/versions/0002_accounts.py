"""Accounts, their sessions, ratings and rating history, seeks for quick pairing, failed log-ins;
a seat may belong to an account, and a room may be rated."""

from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False, index=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("losses", sa.Integer, nullable=False),
        sa.Column("draws", sa.Integer, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "mu"])
    op.create_table(
        "rating_history",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("time_control", sa.JSON, nullable=True),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("opponent_id", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("room_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("token", sa.String(64), nullable=True),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False, index=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    # plain ALTER TABLE ... ADD COLUMN (SQLite too: no table is copied, so no foreign key is touched)
    op.add_column("rooms", sa.Column("rated", sa.Boolean(create_constraint=False), nullable=False,
                                     server_default=sa.false()))
    op.add_column("rooms", sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("seats", sa.Column("account_id", sa.Integer, nullable=True))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_column("account_id")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("rated_at")
        batch.drop_column("rated")
    for table in ("attempts", "seeks", "rating_history", "ratings", "sessions", "accounts"):
        op.drop_table(table)
