#!/usr/bin/env python3
"""Replays BookingKit's flow traces against its transition tables (Vectors/).

Standard library only: proof that the vectors are self-contained, and the
reader a port of the reducers to another language can start from
(docs/CONFORMANCE.md). For every Vectors/traces/<flow>.json it loads the
table the file names, checks the table is whole (every id known, one answer
per state and event, every state reached by its path), then feeds each
trace's events from the table's initial state and compares each step's
stage, effects and state id with the table's answer.

usage: scripts/replay-vectors.py [VECTORS_DIR]
exit status: 0 every trace replayed, 1 a mismatch (each one printed), 2 a file
that cannot be read or has a format version this reader does not know.
"""
import json
import os
import sys

SUPPORTED_VERSION = 1


def canonical(value):
    """One text per JSON value, whatever the spacing and key order."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def load(path, expected_format):
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except (OSError, ValueError) as error:
        raise SystemExit(f"replay-vectors: cannot read {path}: {error}") from None
    if document.get("format") != expected_format or document.get("version") != SUPPORTED_VERSION:
        print(f"replay-vectors: {path} is not {expected_format} version {SUPPORTED_VERSION}", file=sys.stderr)
        sys.exit(2)
    return document


class Table:
    def __init__(self, document, name):
        self.name = name
        self.problems = []
        self.states = document["states"]
        self.initial = document["initialState"]
        self.event_ids = {canonical(event["event"]): event["id"] for event in document["events"]}
        self.answers = {}
        for index, event in enumerate(document["events"]):
            if event["id"] != index:
                self.problems.append(f"{name}: event {index} has id {event['id']}")
        for index, state in enumerate(self.states):
            if state["id"] != index:
                self.problems.append(f"{name}: state {index} has id {state['id']}")
            if state["stage"] not in document["stageNames"]:
                self.problems.append(f"{name}: state {index} is in the unknown stage {state['stage']!r}")
        for source, event, target, effects in document["transitions"]:
            if not (0 <= source < len(self.states) and 0 <= target < len(self.states)):
                self.problems.append(f"{name}: a transition names an unknown state ({source} -> {target})")
            elif (source, event) in self.answers:
                self.problems.append(f"{name}: state {source} answers event {event} twice")
            else:
                self.answers[(source, event)] = (target, effects)
        for state in self.states:
            reached = self.follow(state["path"])
            if reached is not None and reached != state["id"]:
                self.problems.append(f"{name}: the path of state {state['id']} reaches state {reached}")

    def follow(self, path):
        """The state a path of event ids reaches, or None where the table stops."""
        at = self.initial
        for event in path:
            answer = self.answers.get((at, event))
            if answer is None:
                return None
            at = answer[0]
        return at

    def stage(self, state_id):
        return self.states[state_id]["stage"]


def replay(traces, table, name):
    problems = []
    steps = 0
    if traces["initialStage"] != table.stage(table.initial):
        problems.append(f"{name}: the traces start in {traces['initialStage']}, the table in "
                        f"{table.stage(table.initial)}")
    for trace in traces["traces"]:
        at = table.initial
        for step in trace["steps"]:
            steps += 1
            where = f"{name}: {trace['name']!r} step {step['sequence']}"
            event = table.event_ids.get(canonical(step["event"]))
            if event is None:
                problems.append(f"{where}: the event is not in the table: {canonical(step['event'])[:200]}")
                break
            answer = table.answers.get((at, event))
            if answer is None:
                problems.append(f"{where}: the table has no answer for state {at} and event {event}")
                break
            target, effects = answer
            if table.stage(target) != step["state"]:
                problems.append(f"{where}: the table goes to {table.stage(target)}, the trace to {step['state']}")
            if effects != step["effects"]:
                problems.append(f"{where}: the table asks for {effects}, the trace for {step['effects']}")
            if target != step["stateId"]:
                problems.append(f"{where}: the table reaches state {target}, the trace state {step['stateId']}")
            at = target
    return problems, steps


def main(arguments):
    root = arguments[0] if arguments else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Vectors")
    trace_dir = os.path.join(root, "traces")
    try:
        names = sorted(name for name in os.listdir(trace_dir) if name.endswith(".json"))
    except OSError as error:
        print(f"replay-vectors: cannot list {trace_dir}: {error}", file=sys.stderr)
        return 2
    if not names:
        print(f"replay-vectors: no traces in {trace_dir}", file=sys.stderr)
        return 2
    failures = []
    for file_name in names:
        traces = load(os.path.join(trace_dir, file_name), "bookingkit-flow-traces")
        flow = traces["flow"]
        table = Table(load(os.path.join(root, traces["table"]), "bookingkit-flow-table"), flow)
        problems, steps = replay(traces, table, flow)
        problems = table.problems + problems
        failures += problems
        verdict = "ok" if not problems else f"{len(problems)} mismatches"
        print(f"{flow}: {len(traces['traces'])} traces, {steps} steps against {len(table.answers)} transitions "
              f"of {len(table.states)} states: {verdict}")
    for problem in failures:
        print(problem, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
