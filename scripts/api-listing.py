#!/usr/bin/env python3
"""Prints a module's public API as sorted lines, one per symbol: the
symbol's path and its declaration (the listing api/*.txt keeps). Give it the
module's symbol graph and those of its extensions to other modules' types
(MODULE@OTHER.symbols.json), which the extractor writes apart.
Usage: api-listing.py MODULE.symbols.json [MODULE@OTHER.symbols.json ...]"""
import json
import re
import sys
from urllib.parse import unquote, urlparse

# A setter narrower than its property (`public private(set) var`) is not part
# of the API, but a property an attached macro rewrites (@Observable) still
# reads `{ get set }` in the symbol graph: the declaration's own line says.
NARROW_SETTER = re.compile(r"\b(private|fileprivate|internal|package)\(set\)")


def setter_is_narrower(symbol):
    location = symbol.get("location")
    if not location:
        return False
    try:
        with open(unquote(urlparse(location["uri"]).path)) as source:
            line = source.read().split("\n")[location["position"]["line"]]
    except (OSError, IndexError):
        return False
    return NARROW_SETTER.search(line) is not None


symbols = [symbol for path in sys.argv[1:] for symbol in json.load(open(path))["symbols"]]
lines = set()
for symbol in symbols:
    path = ".".join(symbol["pathComponents"])
    declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
    declaration = " ".join(declaration.split())
    if declaration.endswith("{ get set }") and setter_is_narrower(symbol):
        declaration = declaration[: -len("{ get set }")] + "{ get }"
    lines.add(f"{path}: {declaration}")
for line in sorted(lines):
    print(line)
