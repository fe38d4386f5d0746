"""Read a feed with Debian's feedparser (python3-feedparser) as a feed reader does, and print what
it read as JSON: test/feed-readers.test.ts runs it with /usr/bin/python3 against the running site.

    /usr/bin/python3 feedparser-read.py http://127.0.0.1:PORT/feed.xml?q=grants

feedparser fetches the address itself (urllib: the real answer, its status and content type), and
reports any problem it had with the feed as `bozo` and `bozo_exception`; Python warnings raised while
it reads are collected too. Summaries are given as the reader shows them: text/html content is
turned into text (tags dropped, character references decoded), as a reader that renders it would.
"""

import json
import sys
import time
import warnings
from html.parser import HTMLParser

import feedparser


class _Text(HTMLParser):
    """The text of an HTML fragment, character references decoded."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


def shown(detail, value):
    """The text a reader shows for a title or summary: HTML as text, plain text as it is."""
    if value is None:
        return None
    if detail is not None and detail.get("type") in ("text/html", "application/xhtml+xml"):
        reader = _Text()
        reader.feed(value)
        reader.close()
        return "".join(reader.parts)
    return value


def instant(parsed):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", parsed) if parsed else None


def main(url):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        feed = feedparser.parse(url)
    exception = feed.get("bozo_exception")
    print(
        json.dumps(
            {
                "feedparser": feedparser.__version__,
                "status": feed.get("status"),
                "contentType": feed.get("headers", {}).get("content-type"),
                "version": feed.get("version"),
                "bozo": bool(feed.get("bozo")),
                "bozoException": None if exception is None else f"{type(exception).__name__}: {exception}",
                "warnings": [f"{w.category.__name__}: {w.message}" for w in caught],
                "title": shown(feed.feed.get("title_detail"), feed.feed.get("title")),
                "link": feed.feed.get("link"),
                "items": [
                    {
                        "id": entry.get("id"),
                        "title": shown(entry.get("title_detail"), entry.get("title")),
                        "titleType": (entry.get("title_detail") or {}).get("type"),
                        "link": entry.get("link"),
                        "published": instant(entry.get("published_parsed")),
                        "summary": shown(entry.get("summary_detail"), entry.get("summary")),
                        "tags": [tag.get("term") for tag in entry.get("tags", [])],
                    }
                    for entry in feed.entries
                ],
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
