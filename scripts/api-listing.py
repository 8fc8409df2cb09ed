#!/usr/bin/env python3
"""Prints a symbol graph's public API as sorted lines, one per symbol:
the symbol's path and its declaration (the listing api/*.txt keeps).
Usage: api-listing.py MODULE.symbols.json"""
import json
import sys

graph = json.load(open(sys.argv[1]))
lines = set()
for symbol in graph["symbols"]:
    path = ".".join(symbol["pathComponents"])
    declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
    declaration = " ".join(declaration.split())
    lines.add(f"{path}: {declaration}")
for line in sorted(lines):
    print(line)
