#!/usr/bin/env python3
"""Small SCXML charts written by hand, each with the result the W3C Recommendation's text gives
(Appendix D), run on reference.py's interpreter and on scjson 0.4.2's own engine.

`run` calls it before every conformance run: it exits 1 if reference.py departs from any of
them. It also prints where scjson's engine departs from the W3C text, which is why the
conformance check drives the algorithm itself (README.md lists the departures).
"""

import logging
import sys

logging.disable(logging.CRITICAL)

from scjson.context import DocumentContext  # noqa: E402

import reference  # noqa: E402

HEAD = '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="python" initial="%s">'
DATA = '<datamodel><data id="c" expr="0"/></datamodel>'


def chart(initial, body):
    return HEAD % initial + body + "</scxml>"


def log(text):
    return f"<log expr=\"'{text}'\"/>"


# (rule, document, external events, configuration after them, log of the last event's macrostep, c)
CASES = [
    ("a parallel state's regions all take the event, exits in reverse document order",
     chart("p", '<parallel id="p"><state id="a" initial="a1"><state id="a1"><onexit>' + log("-a1")
           + '</onexit><transition event="e" target="a2"/></state><state id="a2"/></state>'
           '<state id="b" initial="b1"><state id="b1"><onexit>' + log("-b1")
           + '</onexit><transition event="e" target="b2"/></state><state id="b2"/></state></parallel>'),
     ["e"], ["a", "a2", "b", "b2", "p"], ["-b1", "-a1"], None),
    ("a descendant's transition is chosen before its ancestor's",
     chart("o", '<state id="o" initial="i"><transition event="e" target="x"/><state id="i">'
           '<transition event="e" target="y"/></state></state><state id="x"/><state id="y"/>'),
     ["e"], ["y"], [], None),
    ("of two regions' transitions that leave the parallel state, the first in document order wins",
     chart("p", '<parallel id="p"><state id="a"><transition event="e" target="x"/></state><state id="b">'
           '<transition event="e" target="y"/></state></parallel><state id="x"/><state id="y"/>'),
     ["e"], ["x"], [], None),
    ("exit innermost first, transition content, then entry outermost first",
     chart("top", '<state id="top" initial="p"><onexit>' + log("-top") + '</onexit><parallel id="p"><onexit>'
           + log("-p") + '</onexit><state id="a"><onexit>' + log("-a") + '</onexit></state><state id="b"><onexit>'
           + log("-b") + '</onexit></state></parallel><transition event="e" target="z">' + log("t")
           + '</transition></state><state id="z"><onentry>' + log("+z") + '</onentry></state>'),
     ["e"], ["z"], ["-b", "-a", "-p", "-top", "t", "+z"], None),
    ("the initial attribute may name a descendant: its ancestors are entered with it",
     chart("p", '<state id="top"><parallel id="p"><state id="a"/><state id="b"/></parallel></state>'),
     [], ["a", "b", "p", "top"], [], None),
    ("a raised event is taken before the next external event",
     chart("s", '<state id="s"><transition event="go" target="t"><raise event="r"/></transition></state>'
           '<state id="t"><transition event="r" target="u"/><transition event="x" target="v"/></state>'
           '<state id="u"/><state id="v"/>'),
     ["go", "x"], ["u"], [], None),
    ("a targetless transition runs its content and leaves no state",
     chart("s", DATA + '<state id="s"><onexit>' + log("-s") + '</onexit><transition event="e">'
           '<assign location="c" expr="c + 1"/></transition></state>'),
     ["e", "e"], ["s"], [], 2),
    ("an internal transition to a descendant does not leave its source, but leaves the active child",
     chart("s", '<state id="s" initial="s1"><onexit>' + log("-s") + '</onexit><transition event="e" '
           'type="internal" target="s2"/><state id="s1"><onexit>' + log("-s1")
           + '</onexit></state><state id="s2"/></state>'),
     ["e"], ["s", "s2"], ["-s1"], None),
    ("a final state raises done.state.<parent> with its donedata",
     chart("s", '<state id="s" initial="s1"><state id="s1"><transition event="e" target="f"/></state>'
           '<final id="f"><donedata><content expr="\'f\'"/></donedata></final><transition event="done.state.s" '
           'target="z"><log label="d" expr="_event.data"/></transition></state><state id="z"/>'),
     ["e"], ["z"], ["d:f"], None),
    ("an eventless guard sees In() of a transition taken earlier in the macrostep",
     chart("p", '<parallel id="p"><state id="a" initial="a1"><state id="a1"><transition event="e" target="a2"/>'
           '</state><state id="a2"/></state><state id="b" initial="b1"><state id="b1"><transition '
           'cond="In(\'a2\')" target="b2"/></state><state id="b2"/></state></parallel>'),
     ["e"], ["a", "a2", "b", "b2", "p"], [], None),
    ("deep history restores the active leaves and nothing else",
     chart("p", '<state id="p" initial="q"><history id="h" type="deep"><transition target="q"/></history>'
           '<state id="q" initial="q1"><state id="q1"><transition event="e" target="q2"/></state>'
           '<state id="q2"/></state><transition event="out" target="z"/></state><state id="z">'
           '<transition event="back" target="h"/></state>'),
     ["e", "out", "back"], ["p", "q", "q2"], [], None),
    ("a top-level final state ends the machine: every state is exited",
     chart("s", '<state id="s"><onexit>' + log("-s") + '</onexit><transition event="e" target="f"/></state>'
           '<final id="f"><onexit>' + log("-f") + '</onexit></final>'),
     ["e"], [], ["-s", "-f"], None),
    ("the entry set may name an active state: its onentry runs again (Signals differs here)",
     chart("P", '<state id="P" initial="Q"><state id="Q" initial="a"><onentry>' + log("+Q")
           + '</onentry><state id="a"><transition event="e1" target="H"/><transition event="e2" target="X"/>'
           '</state></state><history id="H" type="deep"><transition target="Q"/></history></state>'
           '<state id="X"><transition event="e3" target="P"/></state>'),
     ["e2", "e3", "e1"], ["P", "Q", "a"], ["+Q"], None),
]


def on_reference(document, events):
    interp = reference.Interpreter(reference.Chart(document))
    interp.start()
    for name in events:
        interp.log = []
        interp.external(name)
    return sorted(interp.configuration), interp.log, interp.datamodel.get("c")


def on_scjson(document, events):
    ctx = DocumentContext.from_xml_string(document, execution_mode="lax")
    ctx.microstep()
    for name in events:
        ctx.action_log.clear()
        ctx.enqueue(name)
        while ctx.events:
            ctx.microstep()
    config = sorted(s for s in ctx.configuration if s != ctx.root_activation.id)
    return config, [entry.lstrip(":") for entry in ctx.action_log], ctx.data_model.get("c")


def main():
    broken = 0
    for rule, document, events, config, logged, counter in CASES:
        expected = (config, logged, counter)
        got = on_reference(document, events)
        if got != expected:
            broken += 1
            print(f"reference.py departs from W3C: {rule}: expected {expected}, got {got}")
        try:
            theirs = on_scjson(document, events)
        except Exception as error:  # noqa: BLE001
            theirs = f"{type(error).__name__}: {error}"
        if "--quiet" not in sys.argv and theirs != expected:
            print(f"scjson 0.4.2 engine departs: {rule}\n    W3C {expected}\n    scjson {theirs}")
    print(f"probe: {len(CASES) - broken} of {len(CASES)} hand-written W3C cases agree with reference.py")
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
