"""Correspondence games' notifications: each account's choices and unsubscribe secret, browsers'
Web Push subscriptions, keys the server makes once (VAPID), each notice sent (once per decision
and way), and accounts' leaves (their correspondence clocks stand still)."""

from alembic import op
import sqlalchemy as sa

revision = "0006"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notify_settings",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("unsubscribe", sa.String(64), nullable=False, unique=True),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, nullable=False, index=True),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "leaves",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("starts", sa.Float, primary_key=True),
        sa.Column("ends", sa.Float, nullable=False),
    )
    op.create_table(
        "notices",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("opened", sa.Integer, primary_key=True),
        sa.Column("channel", sa.String(8), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("notices", "leaves", "server_keys", "push_subscriptions", "notify_settings"):
        op.drop_table(name)
