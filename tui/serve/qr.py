"""QR codes in the terminal, so a tablet joins by pointing its camera at the host's screen.

`qrcode` (PyPI) is pure Python with no dependency of its own (Pillow only for images, not
needed here); `print_ascii` draws two modules per character cell with half blocks, so a
code of a 100-character URL fits in ~25 lines.
"""

from __future__ import annotations

import io

import qrcode


def qr_text(url: str) -> str:
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(url)
    code.make(fit=True)
    out = io.StringIO()
    # invert: dark modules drawn as spaces on a light-text terminal's dark background read
    # the right way round for phone cameras on the usual dark terminal
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
