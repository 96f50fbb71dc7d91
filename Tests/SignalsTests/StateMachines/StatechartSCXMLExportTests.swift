import Foundation
import FoundationXML
import Signals
import Testing

/// Counts the elements of an XML document by name, and whether it parsed.
final class ElementCounter: NSObject, XMLParserDelegate {
  var counts: [String: Int] = [:]

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    counts[name, default: 0] += 1
  }
}

@Suite struct StatechartSCXMLExportTests {
  @Test func theCheckoutFlowExportsAsAWellFormedSCXMLDocument() throws {
    let text = checkoutFlow.scxml(name: "Checkout")
    let counter = ElementCounter()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = counter
    #expect(parser.parse(), "\(text)")
    #expect(counter.counts["scxml"] == 1)
    #expect(counter.counts["parallel"] == 1)
    #expect(counter.counts["history"] == 1)
    #expect(counter.counts["final"] == 1)
    #expect(counter.counts["invoke"] == 1)
    #expect(counter.counts["send"] == 1)
    #expect(counter.counts["cancel"] == 1)
    #expect(counter.counts["transition"] == 10)  // 8 on events, the delayed one, history's default
  }

  @Test func namesThatAreNotXMLNamesAreMadeOneAndUnique() {
    #expect(xmlName("a b") == "s_a_b")
    #expect(xmlName("10") == "s_10")
    #expect(xmlName("ok") == "ok")
  }

  @Test func aSmallChartExportsExactly() {
    let graph = StateGraph<Stage, Nudge>(initial: .q, context: Tally()) {
      Transition(from: .q1, on: .go, to: .q2).guarded("ready") { _ in true }.action { $0.context.count += 1 }
      Transition(from: .q, on: .tick).action { $0.context.count += 1 }
      Transition(from: .q, on: .back, to: .q1).internal()
    } chart: {
      Compound(.q, initial: .q1, entry: { _ in }) {
        Leaf(.q1)
        Leaf(.q2)
        History(.hist, deep: true)
      }
      Final(.done)
      After(.milliseconds(1_500), from: .q2, to: .done)
      Done(from: .q, to: .off)
    }
    #expect(
      graph.scxml(name: "Small") == """
        <?xml version="1.0" encoding="UTF-8"?>
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="Small" initial="q">
          <state id="q" initial="q1">
            <onentry>
              <log label="entry"/>
            </onentry>
            <transition event="tick">
              <log label="action"/>
            </transition>
            <transition event="back" target="q1" type="internal"/>
            <transition event="done.state.q" target="off"/>
            <history id="hist" type="deep">
              <transition target="q1"/>
            </history>
            <state id="q1">
              <transition event="go" cond="ready" target="q2">
                <log label="action"/>
              </transition>
            </state>
            <state id="q2">
              <onentry>
                <send id="after.q2.0" event="after.q2.0" delay="1500ms"/>
              </onentry>
              <onexit>
                <cancel sendid="after.q2.0"/>
              </onexit>
              <transition event="after.q2.0" target="done"/>
            </state>
          </state>
          <final id="done"/>
          <state id="off"/>
        </scxml>

        """)
  }
}

@Suite struct CompoundInvokeDrawingTests {
  @Test func mermaidAndDotDrawAnInvokeOnACompoundState() {
    let graph = StateGraph<Stage, Nudge>(initial: .q, context: Tally()) {
      Transition(from: .q1, on: .go, to: .q2)
    } chart: {
      Compound(.q, initial: .q1) {
        Leaf(.q1)
        Leaf(.q2)
      }
      Invoke(in: .q, label: "poll()", { _ in Empty<Nudge, Never>() })
    }
    #expect(graph.mermaid().contains("q: invoke poll()"))
    #expect(graph.dot().contains("invoke poll()"))
    #expect(graph.scxml().contains(#"<invoke type="publisher" src="poll()"/>"#))
  }
}
