import DemoSupport
import Testing

/// The interactive loop's input path: a read's keys applied before one redraw.
@MainActor @Suite struct CoalescedRedrawTests {
  /// A front whose field takes every character, announcing each change as the apps do.
  final class Field: TerminalFront {
    var text = ""
    var onChange: () -> Void = {}
    var frame: [String] { [text] }
    func handle(_ key: Key) -> Bool {
      if key == .interrupt { return false }
      if case .character(let character) = key { text.append(character) }
      onChange()
      return true
    }
  }

  /// Work for a later turn of the main queue, run when the test says.
  @MainActor final class Turns {
    var queued: [@MainActor @Sendable () -> Void] = []
    func runAll() {
      while !queued.isEmpty { queued.removeFirst()() }
    }
  }

  @Test func aHundredKilobytePasteIsAppliedBeforeOneRedraw() {
    let field = Field()
    let turns = Turns()
    var draws = 0
    let redraws = CoalescedRedraw(later: { turns.queued.append($0) }) { draws += 1 }
    field.onChange = { redraws.changed() }
    let letters: [Character] = (0..<100_000).map { (index: Int) -> Character in
      Character(Unicode.Scalar(UInt8(97 + index % 26)))
    }
    let pasted = String(letters)
    var decoder = KeyDecoder()
    // What the loop does with one read: decode it, apply its keys as one batch.
    #expect(redraws.apply(decoder.decode(Array(pasted.utf8)), to: field.handle))
    #expect(draws == 1)
    #expect(field.text == pasted)
    turns.runAll()
    #expect(draws == 1)  // nothing changed after the batch: no second draw
  }

  @Test func eachReadOfAPasteIsOneRedraw() {
    let field = Field()
    var draws = 0
    let redraws = CoalescedRedraw(later: { _ in Issue.record("a batch asked for a later draw") }) {
      draws += 1
    }
    field.onChange = { redraws.changed() }
    var decoder = KeyDecoder()
    let bytes = Array(String(repeating: "é語🙂x", count: 2_000).utf8)
    // Reads cut anywhere, even inside a character.
    for start in stride(from: 0, to: bytes.count, by: 4_093) {
      _ = redraws.apply(decoder.decode(bytes[start..<min(start + 4_093, bytes.count)]), to: field.handle)
    }
    #expect(draws == (bytes.count + 4_092) / 4_093)
    #expect(field.text == String(repeating: "é語🙂x", count: 2_000))
  }

  @Test func changesInOneTurnAreDrawnOnceOnTheNextTurn() {
    let turns = Turns()
    var draws = 0
    let redraws = CoalescedRedraw(later: { turns.queued.append($0) }) { draws += 1 }
    redraws.changed()
    redraws.changed()
    redraws.changed()
    #expect(draws == 0)
    #expect(turns.queued.count == 1)
    turns.runAll()
    #expect(draws == 1)
    turns.runAll()
    #expect(draws == 1)
  }

  @Test func aKeyThatQuitsStopsTheBatchWithoutADraw() {
    let field = Field()
    var draws = 0
    let redraws = CoalescedRedraw(later: { _ in }) { draws += 1 }
    field.onChange = { redraws.changed() }
    #expect(!redraws.apply([.character("a"), .interrupt, .character("b")], to: field.handle))
    #expect(field.text == "a")
    #expect(draws == 0)
  }

  @Test func aBatchWithoutChangesDrawsNothing() {
    var draws = 0
    let redraws = CoalescedRedraw(later: { _ in }) { draws += 1 }
    #expect(redraws.apply([.up, .down], to: { _ in true }))
    #expect(draws == 0)
    redraws.drawNow()
    #expect(draws == 1)
  }
}
