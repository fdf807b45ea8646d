"""What serves friends at one table: QR codes of invite links, so phones at the table join by
scanning the lobby's screen.

The link goes in the request body, never in a URL: an invite link carries its seat's token.
"""

from __future__ import annotations

import io

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from ..schemas import refusals

router = APIRouter(prefix="/api", tags=["table"], responses=refusals(413, 422))


class QrIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(..., min_length=1, max_length=1000, description="what the code holds (an invite link)")
    title: str = Field("", max_length=100, description="the picture's title for screen readers")


@router.post("/qr", response_class=Response, responses={200: {"content": {"image/svg+xml": {}}}})
def qr_code(body: QrIn) -> Response:
    """A QR code of ``text`` as an SVG picture (error correction M, a two-module border)."""
    import segno  # only when a code is first drawn

    out = io.BytesIO()
    segno.make(body.text, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False, svgns=True, omitsize=True,
                                          title=body.title or None, svgclass="qr", lineclass=None, dark="#000",
                                          light="#fff")
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-store"})
