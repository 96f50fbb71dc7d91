import Signals
import SignalsTesting
import Testing

@Suite struct StatechartGraphTests {
  /// Initial children and regions count as reached; the states only the conflicting variant
  /// leads to are not.
  @Test func reachabilityFollowsInitialChildrenAndRegions() {
    #expect(StatechartTests.nested(ChartLog()).problems() == [])
    #expect(
      StatechartTests.parallel(ChartLog()).problems() == [
        .unreachable(state: "a"), .unreachable(state: "b"), .deadEnd(state: "a"), .deadEnd(state: "b"),
        .deadEnd(state: "done"),
      ])
  }

  @Test func aCompoundStateWhoseInitialStateIsNotADescendantIsReported() {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a, on: .go, to: .b)
      Transition(from: .b, on: .go, to: .a)
    } chart: {
      Compound(.a, initial: .b) { Leaf(.a1) }
    }
    #expect(graph.problems().contains(.noInitialChild(state: "a")))
  }

  @Test func statesNoTransitionOrInitialChildReachesAreUnreachable() {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a, on: .go, to: .b)
      Transition(from: .c, on: .go, to: .a)
    } chart: {
      Compound(.a, initial: .a1) {
        Leaf(.a1)
        Leaf(.a2)
      }
      Compound(.b, initial: .b1) { Leaf(.b1) }
    }
    #expect(graph.problems() == [.unreachable(state: "a2"), .unreachable(state: "c"), .deadEnd(state: "b1")])
  }

  @Test func aTransitionAfterAnUnguardedOneForTheSameStateAndEventIsShadowed() {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a, on: .go, to: .b)
      Transition(from: .a, on: .go, to: .c, guard: "late") { _, _ in true }
      Transition(from: .b, on: .back, to: .a)
      Transition(from: .c, on: .back, to: .a)
    }
    #expect(graph.problems() == [.shadowed(state: "a", event: "go", to: "c")])
  }

  @Test func anEventlessTransitionAfterAnUnguardedOneIsShadowed() {
    let graph = StateGraph<Spot, Cue>(initial: .idle) {
      Transition(from: .idle, on: .load, to: .check)
      Transition(fromAny: .back, to: .idle)
    } chart: {
      Always(from: .check, to: .ok)
      Always(from: .check, to: .failed)
    }
    #expect(graph.problems() == [.shadowed(state: "check", event: "always", to: "failed")])
  }

  @Test func transitionsLeavingTwoRegionsOnTheSameEventConflict() {
    #expect(
      StatechartTests.parallel(ChartLog(), conflict: true).problems().contains(
        .conflictInParallel(state: "p", event: "go")))
    #expect(
      !StatechartTests.parallel(ChartLog()).problems().contains { problem in
        if case .conflictInParallel = problem { true } else { false }
      })
  }

  @Test func aFinalStateWithTransitionsOutIsReported() {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a1, on: .go, to: .a2)
      Transition(from: .a2, on: .back, to: .a1)
    } chart: {
      Compound(.a, initial: .a1) {
        Leaf(.a1)
        Final(.a2)
      }
      Done(from: .a, to: .done)
    }
    #expect(graph.problems().contains(.finalWithTransitions(state: "a2")))
  }

  /// A chart with every kind of state and transition, for the diagrams.
  static var everything: StateGraph<Spot, Cue> {
    StateGraph<Spot, Cue>(initial: .idle, terminal: [.done]) {
      Transition(from: .idle, on: .load, to: .c)
      Transition(from: .c11, on: .next, to: .c12)
      Transition(from: .c, on: .go, to: .p)
      Transition(from: .r1x, on: .finish1, to: .r1done)
      Transition(from: .r2x, on: .finish2, to: .r2done, guard: "ready") { _, _ in true }
      Transition(from: .off, on: .toDeep, to: .deep)
    } chart: {
      Compound(.c, initial: .c1) {
        History(.deep, deep: true)
        Compound(.c1, initial: .c11) {
          Leaf(.c11)
          Leaf(.c12)
        }
      }
      Parallel(.p) {
        Compound(.r1, initial: .r1x) {
          Leaf(.r1x)
          Final(.r1done)
        }
        Compound(.r2, initial: .r2x) {
          Leaf(.r2x)
          Final(.r2done)
        }
      }
      Done(from: .p, to: .done)
      After(.seconds(3), from: .c12, to: .off)
      Always(from: .off, to: .idle, guard: "idle") { _ in false }
    }
  }

  @Test func mermaidDrawsCompositeStatesAndRegions() {
    #expect(
      Self.everything.mermaid() == """
        stateDiagram-v2
            [*] --> idle
            state c {
                [*] --> c1
                state "H*" as deep
                state c1 {
                    [*] --> c11
                    c11
                    c12
                    c11 --> c12: next
                }
            }
            state p {
                state r1 {
                    [*] --> r1x
                    r1x
                    r1done --> [*]
                    r1x --> r1done: finish1
                }
                --
                state r2 {
                    [*] --> r2x
                    r2x
                    r2done --> [*]
                    r2x --> r2done: finish2 [ready]
                }
            }
            idle
            done
            off
            idle --> c: load
            c --> p: go
            off --> deep: toDeep
            p --> done: done
            c12 --> off: after 3s
            off --> idle: [idle]
            done --> [*]

        """)
  }

  @Test func dotDrawsClusters() {
    #expect(
      Self.everything.dot(name: "Everything") == """
        digraph Everything {
          rankdir=LR;
          compound=true;
          "[*]" [shape=point];
          subgraph "cluster_c" {
            label="c";
            "deep" [shape=circle, label="H*"];
            subgraph "cluster_c1" {
              label="c1";
              "c11";
              "c12";
            }
          }
          subgraph "cluster_p" {
            label="p"; style=dashed;
            subgraph "cluster_r1" {
              label="r1";
              "r1x";
              "r1done" [shape=doublecircle];
            }
            subgraph "cluster_r2" {
              label="r2";
              "r2x";
              "r2done" [shape=doublecircle];
            }
          }
          "idle";
          "done" [shape=doublecircle];
          "off";
          "[*]" -> "idle";
          "idle" -> "c11" [label="load", lhead="cluster_c"];
          "c11" -> "c12" [label="next"];
          "c11" -> "r1x" [label="go", ltail="cluster_c", lhead="cluster_p"];
          "r1x" -> "r1done" [label="finish1"];
          "r2x" -> "r2done" [label="finish2 [ready]"];
          "off" -> "deep" [label="toDeep"];
          "r1x" -> "done" [label="done", ltail="cluster_p"];
          "c12" -> "off" [label="after 3s"];
          "off" -> "idle" [label="[idle]"];
        }

        """)
  }

  // Found drawing Login's gate: a terminal leaf inside a compound state was drawn ending at the
  // top level, outside its block; an invoked publisher was not drawn at all.
  @Test func invokesAreDrawnInTheirStateAndANestedTerminalEndsInItsBlock() {
    let graph = StateGraph<Spot, Cue>(initial: .a, terminal: [.a2]) {
      Transition(from: .a1, on: .go, to: .a2)
    } chart: {
      Compound(.a, initial: .a1) {
        Leaf(.a1)
        Leaf(.a2)
      }
      Invoke(in: .a1, label: "check()") { _ in Just(1) }
    }
    let mermaid: String = graph.mermaid()
    #expect(
      mermaid == """
        stateDiagram-v2
            [*] --> a
            state a {
                [*] --> a1
                a1: invoke check()
                a2
                a2 --> [*]
                a1 --> a2: go
            }

        """)
    let dot: String = graph.dot()
    #expect(dot.contains(#""a1" [label="a1\ninvoke check()"];"#))
  }

  @Test func theSameChartDrawsTheSameText() {
    #expect(Self.everything.mermaid() == Self.everything.mermaid())
    #expect(Self.everything.dot() == Self.everything.dot())
  }
}
