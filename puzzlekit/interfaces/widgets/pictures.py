"""Picture mode's images: the course's landscape (landscape.svg, shipped beside this module) or an image file.

Nothing here decodes an image: a file is only sniffed for its type and handed to the browser,
which crops it to a square and cuts it into tiles. No ipywidgets and no image library needed.
"""

from __future__ import annotations

import base64
import os
from importlib import resources
from pathlib import Path

__all__ = ["picture"]

MAX_PICTURE_BYTES = 8_000_000  # the image travels to the browser inside the page, base64-encoded

IMAGE_TYPES = [  # (how the file starts, its MIME type)
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
]


def picture() -> str:
    """The course's own picture for picture mode: a landscape in SVG, read from the package's landscape.svg.

    Examples
    --------
    >>> svg = picture()
    >>> svg.startswith('<svg') and 'viewBox="0 0 300 300"' in svg and svg.endswith('</svg>')
    True
    """
    return resources.files(__package__).joinpath("landscape.svg").read_text(encoding="utf-8").strip()


def image_type(data: bytes) -> str | None:
    """The MIME type of an image from its first bytes (PNG, JPEG, GIF, WebP or SVG), or None for anything else.

    Examples
    --------
    >>> image_type(b"GIF89a..."), image_type(picture().encode()), image_type(b"hello")
    ('image/gif', 'image/svg+xml', None)
    """
    for magic, mime in IMAGE_TYPES:
        if data.startswith(magic):
            return mime
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    head = data[:512].lstrip().lower()
    if head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in data[:4096].lower()):
        return "image/svg+xml"
    return None


def square_svg(image) -> str:
    """The picture of picture mode as a square SVG: ours (`True`), or an image file (name or bytes) cropped square.

    The image is not decoded here: the browser crops it to its middle square
    (`preserveAspectRatio="xMidYMid slice"`) and cuts it into tiles (CSS `background-position`).

    Raises
    ------
    TypeError : `image` is not True, a file name or bytes.
    FileNotFoundError : no file at that name.
    ValueError : the file is not a PNG, JPEG, GIF, WebP or SVG image, or is larger than `MAX_PICTURE_BYTES`.

    Examples
    --------
    >>> square_svg(True) == picture()
    True
    >>> 'xMidYMid slice' in square_svg(b"GIF89a" + bytes(20))
    True
    >>> square_svg(3)
    Traceback (most recent call last):
    ...
    TypeError: picture must be True (the course's picture), an image file name or bytes, got int
    """
    if image is True:
        return picture()
    if isinstance(image, (bytes, bytearray)):
        data, name = bytes(image), "the image bytes"
    elif isinstance(image, (str, os.PathLike)):
        path = Path(image)
        if not path.is_file():
            raise FileNotFoundError(f"no image file at {str(path)!r}")
        with open(path, "rb") as file:  # one byte past the limit is enough to tell the file is too big
            data, name = file.read(MAX_PICTURE_BYTES + 1), repr(str(path))
    else:
        raise TypeError(f"picture must be True (the course's picture), an image file name or bytes, "
                        f"got {type(image).__name__}")
    mime = image_type(data)
    if mime is None:
        raise ValueError(f"{name} is not a PNG, JPEG, GIF, WebP or SVG image")
    if len(data) > MAX_PICTURE_BYTES:
        raise ValueError(_too_big(name, len(data)))
    href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="300" '
        f'viewBox="0 0 300 300"><image href="{href}" xlink:href="{href}" x="0" y="0" width="300" height="300" '
        'preserveAspectRatio="xMidYMid slice"/></svg>'
    )


def _too_big(name: str, size: int) -> str:
    return (f"{name} has {size:,} bytes; picture mode takes images up to {MAX_PICTURE_BYTES:,} bytes "
            "(the page carries the whole image): use a smaller one")


def data_url(svg: str) -> str:
    """An SVG as a `data:` URL, for a CSS `background-image` or an `<img src>`.

    Examples
    --------
    >>> data_url("<svg/>")
    'data:image/svg+xml;base64,PHN2Zy8+'
    """
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
