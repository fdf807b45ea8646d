"""Rated play: each rated game's rating change and result are kept beside the rating after it
(profiles show them for every recent game)."""

from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rating_history", sa.Column("change", sa.Float, nullable=True))
    op.add_column("rating_history", sa.Column("result", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rating_history") as batch:
        batch.drop_column("result")
        batch.drop_column("change")
