import Foundation
import Signals
import SignalsFoundation
import Testing

/// A state named by any text, so that a save can name a state of any length.
private struct Named: Hashable, Sendable, Codable, CaseKeyed {
  var name: String
  var caseKey: String { name }
}

private enum Move: Hashable, Sendable, CaseIterable, CaseKeyed { case next }

private let named = StateGraph<Named, Move>(initial: Named(name: "first")) {
  Transition(from: "first", on: .next, to: Named(name: "second"))
}

private func save(_ name: String) -> Data {
  Data((#"{"state":{"name":""# + name + #""},"version":1}"#).utf8)
}

@Suite struct StateRestoreErrorTests {
  @Test func aRefusedTenMegabyteStateIsDescribedInAFewHundredBytes() {
    let machine = StateMachine(graph: named)
    let huge = save(String(repeating: "x", count: 10_000_000))
    #expect(throws: StateRestoreError.self) { try machine.restore(from: huge) }
    do {
      try machine.restore(from: huge)
    } catch {
      #expect(error.description.utf8.count < 512, "\(error.description.utf8.count) bytes")
      #expect(error.description.contains("\(huge.count) bytes"))
    }
    #expect(machine.state == Named(name: "first"))
  }

  @Test func anUnknownStateIsQuotedByItsFirstSixtyFourCharactersAndItsLength() {
    let machine = StateMachine(graph: named)
    let name = String(repeating: "y", count: 60_000)
    #expect(throws: StateRestoreError.unknownState(name)) { try machine.restore(from: save(name)) }
    let description = StateRestoreError.unknownState(name).description
    #expect(
      description
        == "saved state \(String(repeating: "y", count: 64))… (60000 bytes) is not a state of this graph")
  }

  @Test func aCorruptDetailIsCutAfterTwoHundredFiftySixCharacters() {
    let detail = String(repeating: "z", count: 10_000_000)
    let description = StateRestoreError.corrupt(detail).description
    #expect(description == "saved state is corrupt: \(String(repeating: "z", count: 256))… (10000000 bytes)")
  }

  @Test func aQuotedNameCannotBreakOrReorderItsLine() {
    let description = StateRestoreError.unknownState("a\n\u{202E}b\u{0}").description
    #expect(description == #"saved state a\u{A}\u{202E}b\u{0} is not a state of this graph"#)
  }
}
