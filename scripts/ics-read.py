#!/usr/bin/env python3
"""Reads an iCalendar document on stdin with the `icalendar` package (a real
RFC 5545 parser, from PyPI) and prints its events as JSON, for the tests:
uid, sequence, dtstart and dtend with their value types, status, summary,
location, description. Exit 1 with the parser's words when the text does not parse."""
import datetime
import json
import sys

import icalendar

def day(prop):
    if prop is None:
        return None
    value = prop.dt
    kind = "date-time" if isinstance(value, datetime.datetime) else "date"
    return {"value": value.isoformat(), "type": kind}

try:
    calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
except Exception as error:  # the parser's own words, for the failing test
    print(f"does not parse: {error}", file=sys.stderr)
    sys.exit(1)
events = []
for event in calendar.walk("VEVENT"):
    events.append({
        "uid": str(event.get("UID")),
        "sequence": int(event.get("SEQUENCE")),
        "dtstart": day(event.get("DTSTART")),
        "dtend": day(event.get("DTEND")),
        "dtstamp": event.get("DTSTAMP").dt.isoformat() if event.get("DTSTAMP") else None,
        "status": str(event.get("STATUS")),
        "summary": str(event.get("SUMMARY")),
        "location": str(event.get("LOCATION")) if event.get("LOCATION") is not None else None,
        "description": str(event.get("DESCRIPTION")) if event.get("DESCRIPTION") is not None else None,
    })
print(json.dumps({"version": str(calendar.get("VERSION")), "events": events}))
