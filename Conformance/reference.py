#!/usr/bin/env python3
"""The reference side of the conformance check: W3C SCXML's Appendix D algorithm, transcribed
from the Recommendation's pseudo-code, run on the SCXML documents the Swift generator writes.

scjson (pinned in `run`) validates each document against its SCXML model and evaluates the
datamodel's expressions (`cond`, `<assign expr>`, `<log expr>`, `<donedata>`). Its own engine is
not used to run the charts: it departs from Appendix D in the ways `probe_scjson.py` shows and
README.md lists, so this file drives the algorithm in SCXML order itself. It shares no code
with Signals' ChartRun.swift.

Protocol (`--serve`): one JSON object a line on stdin, `{"scxml": text, "events": [names]}`;
one a line on stdout, `{"steps": [...], "error": null | text}`. Step 0 is the state after the
interpreter's start, then one step per external event: the configuration (state ids in
document order), the counter `c`, the `<log>` values of that macrostep, and the states Appendix D
entered while they were already active (`reentered`, the known difference the comparison
adjusts for).
"""

import json
import re
import logging
import sys
import xml.etree.ElementTree as ET
from types import SimpleNamespace

logging.disable(logging.CRITICAL)

from scjson import safe_eval  # noqa: E402
from scjson.safe_eval import SafeExpressionEvaluator  # noqa: E402
from scjson.SCXMLDocumentHandler import SCXMLDocumentHandler  # noqa: E402

# scjson's evaluator filters Python's builtins through its allow and deny lists on every call
# (about a millisecond); the filter depends on the lists only, so keep its answer.
_filter_globals = safe_eval.filter_globals
_FILTERED = {}


def _kept_filter_globals(source, rules):
    key = repr(sorted((k, v) for k, v in rules.items()))
    if key not in _FILTERED:
        _FILTERED[key] = _filter_globals(source, rules)
    return dict(_FILTERED[key])


safe_eval.filter_globals = _kept_filter_globals

IN_CALL = re.compile(r"In\('([^']*)'\)")
CACHE = {}
NS = "{http://www.w3.org/2005/07/scxml}"
MICROSTEP_LIMIT = 1_000


class Loop(Exception):
    """A macrostep that does not end: the chart is reported, not compared."""


class Node:
    def __init__(self, tag, sid, parent, order):
        self.tag = tag  # scxml, state, parallel, final, history
        self.id = sid
        self.parent = parent
        self.order = order
        self.children = []  # state, parallel, final and history children, document order
        self.transitions = []
        self.onentry = []
        self.onexit = []
        self.initial = None  # a target id (the `initial` attribute)
        self.deep = False
        self.donedata = None  # an expression

    def child_states(self):
        return [c for c in self.children if c.tag in ("state", "parallel", "final")]

    def histories(self):
        return [c for c in self.children if c.tag == "history"]

    def is_atomic(self):
        return self.tag == "final" or (self.tag == "state" and not self.child_states())

    def is_compound(self):
        return self.tag == "state" and bool(self.child_states())


class Trans:
    def __init__(self, source, event, cond, targets, kind, actions, order):
        self.source, self.event, self.cond = source, event, cond
        self.targets, self.type, self.actions, self.order = targets, kind, actions, order


def parse_actions(elem):
    actions = []
    for a in elem:
        tag = a.tag.replace(NS, "")
        if tag == "assign":
            actions.append(("assign", a.get("location"), a.get("expr")))
        elif tag == "log":
            actions.append(("log", a.get("label"), a.get("expr")))
        elif tag == "raise":
            actions.append(("raise", a.get("event")))
        elif tag == "send" and a.get("delay") is None:
            actions.append(("enqueue", a.get("event")))
        elif tag == "send":
            actions.append(("send", a.get("event"), int(a.get("delay").rstrip("s")), a.get("id")))
        elif tag == "cancel":
            actions.append(("cancel", a.get("sendid")))
        else:
            raise ValueError(f"unsupported executable content <{tag}>")
    return actions


class Chart:
    def __init__(self, text):
        root = ET.fromstring(text)
        self.nodes = {}
        self.transitions = []
        self.data = {}
        self.count = 0
        self.root = self._node(root, None)

    def _node(self, elem, parent):
        tag = elem.tag.replace(NS, "")
        sid = elem.get("id") or "__scxml__"
        node = Node(tag, sid, parent, self.count)
        self.count += 1
        self.nodes[sid] = node
        node.initial = elem.get("initial")
        node.deep = elem.get("type") == "deep"
        pending = []
        for child in elem:
            ctag = child.tag.replace(NS, "")
            if ctag in ("state", "parallel", "final", "history"):
                node.children.append(self._node(child, node))
            elif ctag == "transition":
                pending.append(child)
            elif ctag == "onentry":
                node.onentry.append(parse_actions(child))
            elif ctag == "onexit":
                node.onexit.append(parse_actions(child))
            elif ctag == "datamodel":
                for d in child:
                    self.data[d.get("id")] = d.get("expr")
            elif ctag == "donedata":
                node.donedata = child[0].get("expr")
            else:
                raise ValueError(f"unsupported element <{ctag}>")
        for t in pending:
            targets = (t.get("target") or "").split()
            trans = Trans(node, t.get("event"), t.get("cond"), targets, t.get("type") or "external",
                          parse_actions(t), len(self.transitions))
            self.transitions.append(trans)
            node.transitions.append(trans)
        return node


class Interpreter:
    """Appendix D, function by function; names follow the pseudo-code."""

    def __init__(self, chart):
        self.chart = chart
        self.evaluator = SafeExpressionEvaluator()
        self.configuration = set()
        self.history_value = {}
        self.internal_queue = []
        self.running = True
        self.event = None
        self.log = []
        self.reentered = []
        self.datamodel = {}
        self.now = 0  # the virtual clock, in seconds
        self.pending = []  # delayed events: (due, order sent, name, send id)
        self.sent = 0
        self.external_queue = []
        for name, expr in chart.data.items():
            self.datamodel[name] = self.eval(expr)

    # Expressions, through scjson's sandboxed evaluator. Its sandbox costs a millisecond a call,
    # so a result is kept for the inputs it can read: the datamodel, `_event.data` and the
    # `In()` answers for the states the expression names.
    def eval(self, expr):
        names = IN_CALL.findall(expr)
        key = (expr, tuple(sorted(self.datamodel.items())) if "c" in expr else None,
               self.event[1] if self.event and "_event" in expr else None,
               tuple(n in self.configuration for n in names))
        if key not in CACHE:
            CACHE[key] = self._eval(expr)
        return CACHE[key]

    def _eval(self, expr):
        env = dict(self.datamodel)
        env["In"] = lambda sid: sid in self.configuration
        if self.event is not None:
            env["_event"] = SimpleNamespace(name=self.event[0], data=self.event[1])
        return self.evaluator.evaluate(expr, env)

    def run_actions(self, actions):
        for a in actions:
            if a[0] == "assign":
                self.datamodel[a[1]] = self.eval(a[2])
            elif a[0] == "log":
                value = self.eval(a[2])
                self.log.append(f"{a[1]}:{value}" if a[1] else f"{value}")
            elif a[0] == "raise":
                self.internal_queue.append((a[1], None))
            elif a[0] == "enqueue":
                self.external_queue.append(a[1])
            elif a[0] == "send":
                self.sent += 1
                self.pending.append((self.now + a[2], self.sent, a[1], a[3]))
            elif a[0] == "cancel":
                self.pending = [p for p in self.pending if p[3] != a[1]]

    # Structure.
    def node(self, sid):
        return self.chart.nodes[sid]

    def proper_ancestors(self, s, upto):
        result = []
        p = s.parent
        while p is not None and p is not upto:
            result.append(p)
            p = p.parent
        return result

    def is_descendant(self, s, anc):
        p = s.parent
        while p is not None:
            if p is anc:
                return True
            p = p.parent
        return False

    def config_nodes(self):
        return [self.node(i) for i in self.configuration]

    # The interpreter.
    def start(self):
        root = self.chart.root
        initial = Trans(root, None, None, [root.initial] if root.initial else [root.child_states()[0].id],
                        "external", [], -1)
        self.enter_states([initial])
        self.macrostep()

    def macrostep(self):
        steps = 0
        while self.running:
            enabled = self.select_eventless_transitions()
            if not enabled:
                if not self.internal_queue:
                    break
                self.event = self.internal_queue.pop(0)
                enabled = self.select_transitions(self.event)
            if enabled:
                steps += 1
                if steps > MICROSTEP_LIMIT:
                    raise Loop("a macrostep took over 1,000 microsteps")
                self.microstep(enabled)
        if not self.running:
            self.exit_interpreter()

    def wait(self, seconds):
        """The clock moves on; each delayed event that falls due is processed in turn, ordered by
        due time and then by the order it was sent. One falls due only when its turn comes, so
        a `<cancel>` run while an earlier one is processed still stops it."""
        self.now += seconds
        while self.running:
            due = sorted(p for p in self.pending if p[0] <= self.now)
            if not due:
                return
            self.pending.remove(due[0])
            self.external(due[0][2])

    def external(self, name):
        """An event from outside, then each event the macrosteps sent to the external queue (a
        `<send>` with no target), in order, before the next one from outside."""
        self.external_queue.append(name)
        taken = 0
        while self.running and self.external_queue:
            taken += 1
            if taken > MICROSTEP_LIMIT:
                raise Loop("over 1,000 events sent from actions")
            self.event = (self.external_queue.pop(0), None)
            enabled = self.select_transitions(self.event)
            if enabled:
                self.microstep(enabled)
            self.macrostep()
        self.external_queue = []

    def exit_interpreter(self):
        for s in sorted(self.config_nodes(), key=lambda n: -n.order):
            for block in s.onexit:
                self.run_actions(block)
            self.configuration.discard(s.id)

    def condition(self, t):
        return t.cond is None or bool(self.eval(t.cond))

    def select_eventless_transitions(self):
        return self._select(lambda t: t.event is None)

    def select_transitions(self, event):
        return self._select(lambda t: t.event is not None and event[0] in t.event.split())

    def _select(self, matches):
        enabled = []
        atomic = sorted((n for n in self.config_nodes() if n.is_atomic()), key=lambda n: n.order)
        for state in atomic:
            found = None
            for s in [state] + self.proper_ancestors(state, None):
                for t in s.transitions:
                    if matches(t) and self.condition(t):
                        found = t
                        break
                if found:
                    break
            if found and found not in enabled:
                enabled.append(found)
        return self.remove_conflicting_transitions(enabled)

    def remove_conflicting_transitions(self, enabled):
        filtered = []
        for t1 in enabled:
            preempted = False
            to_remove = []
            for t2 in filtered:
                if self.compute_exit_set([t1]) & self.compute_exit_set([t2]):
                    if self.is_descendant(t1.source, t2.source):
                        to_remove.append(t2)
                    else:
                        preempted = True
                        break
            if not preempted:
                filtered = [t for t in filtered if t not in to_remove]
                filtered.append(t1)
        return filtered

    def microstep(self, enabled):
        self.exit_states(enabled)
        for t in enabled:
            self.run_actions(t.actions)
        self.enter_states(enabled)

    def compute_exit_set(self, transitions):
        exits = set()
        for t in transitions:
            if t.targets:
                domain = self.transition_domain(t)
                for s in self.config_nodes():
                    if self.is_descendant(s, domain):
                        exits.add(s.id)
        return exits

    def exit_states(self, enabled):
        to_exit = sorted((self.node(i) for i in self.compute_exit_set(enabled)), key=lambda n: -n.order)
        for s in to_exit:
            for h in s.histories():
                if h.deep:
                    value = [n for n in self.config_nodes() if n.is_atomic() and self.is_descendant(n, s)]
                else:
                    value = [n for n in self.config_nodes() if n.parent is s]
                self.history_value[h.id] = sorted(value, key=lambda n: n.order)
        for s in to_exit:
            for block in s.onexit:
                self.run_actions(block)
            self.configuration.discard(s.id)

    def enter_states(self, enabled):
        to_enter, default_entry, default_history = [], set(), {}
        self.compute_entry_set(enabled, to_enter, default_entry, default_history)
        for s in sorted(to_enter, key=lambda n: n.order):
            if s.id in self.configuration:
                self.reentered.append(s.id)
            self.configuration.add(s.id)
            for block in s.onentry:
                self.run_actions(block)
            if s.id in default_history:
                self.run_actions(default_history[s.id])
            if s.tag == "final":
                if s.parent is self.chart.root:
                    self.running = False
                else:
                    parent, grandparent = s.parent, s.parent.parent
                    data = self.eval(s.donedata) if s.donedata is not None else None
                    self.internal_queue.append(("done.state." + parent.id, data))
                    if grandparent is not None and grandparent.tag == "parallel":
                        if all(self.is_in_final_state(c) for c in grandparent.child_states()):
                            self.internal_queue.append(("done.state." + grandparent.id, None))

    def is_in_final_state(self, s):
        if s.is_compound():
            return any(c.tag == "final" and c.id in self.configuration for c in s.child_states())
        if s.tag == "parallel":
            return all(self.is_in_final_state(c) for c in s.child_states())
        return False

    def compute_entry_set(self, transitions, to_enter, default_entry, default_history):
        for t in transitions:
            for sid in t.targets:
                self.add_descendants(self.node(sid), to_enter, default_entry, default_history)
            ancestor = self.transition_domain(t)
            for s in self.effective_targets(t):
                self.add_ancestors(s, ancestor, to_enter, default_entry, default_history)

    def add_descendants(self, state, to_enter, default_entry, default_history):
        if state.tag == "history":
            if state.id in self.history_value:
                for s in self.history_value[state.id]:
                    self.add_descendants(s, to_enter, default_entry, default_history)
                for s in self.history_value[state.id]:
                    self.add_ancestors(s, state.parent, to_enter, default_entry, default_history)
            else:
                default = state.transitions[0]
                default_history[state.parent.id] = default.actions
                for sid in default.targets:
                    self.add_descendants(self.node(sid), to_enter, default_entry, default_history)
                for sid in default.targets:
                    self.add_ancestors(self.node(sid), state.parent, to_enter, default_entry, default_history)
        else:
            if state not in to_enter:
                to_enter.append(state)
            if state.is_compound():
                default_entry.add(state.id)
                initial = self.node(state.initial) if state.initial else state.child_states()[0]
                self.add_descendants(initial, to_enter, default_entry, default_history)
                self.add_ancestors(initial, state, to_enter, default_entry, default_history)
            elif state.tag == "parallel":
                for child in state.child_states():
                    if not any(self.is_descendant(s, child) for s in to_enter):
                        self.add_descendants(child, to_enter, default_entry, default_history)

    def add_ancestors(self, state, ancestor, to_enter, default_entry, default_history):
        for anc in self.proper_ancestors(state, ancestor):
            if anc not in to_enter:
                to_enter.append(anc)
            if anc.tag == "parallel":
                for child in anc.child_states():
                    if not any(self.is_descendant(s, child) for s in to_enter):
                        self.add_descendants(child, to_enter, default_entry, default_history)

    def effective_targets(self, t):
        targets = []
        for sid in t.targets:
            s = self.node(sid)
            if s.tag == "history":
                if s.id in self.history_value:
                    found = self.history_value[s.id]
                else:
                    found = self.effective_targets(s.transitions[0])
            else:
                found = [s]
            for f in found:
                if f not in targets:
                    targets.append(f)
        return targets

    def transition_domain(self, t):
        states = self.effective_targets(t)
        if not states:
            return None
        if t.type == "internal" and t.source.is_compound() and all(self.is_descendant(s, t.source) for s in states):
            return t.source
        return self.find_lcca([t.source] + states)

    def find_lcca(self, states):
        head, tail = states[0], states[1:]
        for anc in self.proper_ancestors(head, None):
            if anc.is_compound() or anc.tag == "scxml":
                if all(self.is_descendant(s, anc) for s in tail):
                    return anc
        return self.chart.root  # unreachable: the <scxml> element is everyone's ancestor


def step_record(interp):
    config = sorted(interp.config_nodes(), key=lambda n: n.order)
    record = {"config": [n.id for n in config], "c": interp.datamodel.get("c"), "log": interp.log,
              "reentered": interp.reentered}
    interp.log, interp.reentered = [], []
    return record


def run_case(case, validate):
    text = case["scxml"]
    if validate and case.get("validate", True):
        SCXMLDocumentHandler(fail_on_unknown_properties=True).xml_to_json(text)
    interp = Interpreter(Chart(text))
    steps = []
    try:
        interp.start()
        steps.append(step_record(interp))
        for name in case["events"]:
            if name == "wait":
                interp.wait(1)
            else:
                interp.external(name)
            steps.append(step_record(interp))
    except Loop as loop:
        return {"steps": steps, "error": f"loop: {loop}"}
    return {"steps": steps, "error": None}


def main():
    validate = "--no-validate" not in sys.argv
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            result = run_case(json.loads(line), validate)
        except Exception as error:  # a bad document: report it, keep serving
            result = {"steps": [], "error": f"reference failed: {type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
