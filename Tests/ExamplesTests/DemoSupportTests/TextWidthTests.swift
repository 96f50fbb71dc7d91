import DemoSupport
import Testing

/// Wrapping text for toasts and dialogs: linear in the text, the same lines as before, and a
/// bounded height when asked.
@Suite struct TextWidthTests {
  /// The wrap as it was before it was made linear (it measured the rest of a long word again
  /// for every line it cut off): the reference the new one must agree with.
  static func quadraticWrap(_ text: String, to columns: Int, first: String = "") -> [String] {
    let indent = String(repeating: " ", count: TextWidth.of(first))
    let room = max(1, columns - TextWidth.of(first))
    var lines: [String] = []
    var line = ""
    func flush() {
      lines.append((lines.isEmpty ? first : indent) + line)
      line = ""
    }
    for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
      var word = word
      if !line.isEmpty && TextWidth.of(line) + 1 + TextWidth.of(word) > room { flush() }
      if !line.isEmpty { line += " " }
      while TextWidth.of(line) + TextWidth.of(word) > room {
        var fitting = TextWidth.clip(word, to: room - TextWidth.of(line))
        if fitting.isEmpty && line.isEmpty { fitting = String(word.prefix(1)) }
        line += fitting
        word.removeFirst(fitting.count)
        flush()
      }
      line += word
    }
    if !line.isEmpty || lines.isEmpty { flush() }
    return lines
  }

  /// A small deterministic generator, so that a failure names a seed that reproduces it.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test func wrapsRandomSmallTextsAsTheOldAlgorithmDid() {
    // Spaces (single and repeated), narrow and wide characters, a combining accent, an emoji.
    let alphabet: [String] = ["a", "b", "z", " ", " ", "  ", "語", "字", "\u{301}", "🙂", "-", "1"]
    var random = SplitMix(state: 28)
    for seed in 0..<3_000 {
      let length = Int.random(in: 0...30, using: &random)
      let text = (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
      let columns = Int.random(in: 1...12, using: &random)
      let first = ["", "! ", "* ", "Recent: "].randomElement(using: &random)!
      #expect(
        TextWidth.wrap(text, to: columns, first: first)
          == Self.quadraticWrap(text, to: columns, first: first),
        "seed \(seed): \(text.debugDescription) in \(columns) columns after \(first.debugDescription)")
    }
  }

  @Test func wrapsTwoHundredThousandCharactersIntoFullLines() {
    // The old wrap took minutes here: it measured the rest of the word again for every line.
    let url = "app://contact/user/" + String(repeating: "9", count: 200_000)
    let lines = TextWidth.wrap(url, to: 40, first: "! ")
    #expect(lines.count == (url.count + 37) / 38)
    #expect(lines.first == "! app://contact/user/" + String(repeating: "9", count: 19))
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  9") && TextWidth.of($0) <= 40 })
    #expect(lines.map { String($0.dropFirst(2)) }.joined() == url)
  }

  @Test func wrapsManyShortWordsIntoFullLines() {
    let text = Array(repeating: "word", count: 50_000).joined(separator: " ")
    let lines = TextWidth.wrap(text, to: 24)
    #expect(lines.count == 10_000)
    #expect(lines.allSatisfy { $0 == "word word word word word" })
  }

  @Test func aBoundedWrapEndsItsLastLineWithAnEllipsis() {
    let url = "app://contact/user/" + String(repeating: "9", count: 16_000)
    let lines = TextWidth.wrap(url, to: 20, first: "! ", maximumLines: 3)
    let nines = String(repeating: "9", count: 17)
    #expect(lines == ["! app://contact/user", "  /" + nines, "  " + nines + "…"])
    #expect(lines.allSatisfy { TextWidth.of($0) <= 20 })
  }

  @Test func aBoundedWrapThatFitsHasNoEllipsis() {
    #expect(TextWidth.wrap("one two three", to: 8, maximumLines: 2) == ["one two", "three"])
    #expect(TextWidth.wrap("one two three", to: 8, maximumLines: 1) == ["one two…"])
    #expect(TextWidth.wrap("", to: 8, maximumLines: 1) == [""])
  }

  @Test func aToastIsAtMostSixLinesHowEverLongItsMessage() {
    let message = "Could not open app://contact/user/" + String(repeating: "9", count: 100_000)
    let toast = ScreenFrame.toast(message, textWidth: 48)
    #expect(toast.count == ScreenFrame.maximumToastLines)
    #expect(toast.last?.hasSuffix("…") == true)
    #expect(toast.allSatisfy { TextWidth.of($0) <= 48 })
    #expect(ScreenFrame.toast("Saved", textWidth: 48) == ["! Saved"])
  }

  @Test func anAlertMessageIsAtMostEightLines() {
    let message = Array(repeating: "expired", count: 1_000).joined(separator: " ")
    let lines = ScreenFrame.alertMessage(message)
    #expect(lines.count == ScreenFrame.maximumAlertMessageLines)
    #expect(lines.last?.hasSuffix("…") == true)
    #expect(lines.allSatisfy { TextWidth.of($0) <= ScreenFrame.alertTextWidth })
  }

  @Test func wideCharactersTakeTwoCellsAndAreNeverSplit() {
    #expect(TextWidth.of("ab你") == 4)
    #expect(TextWidth.clip("ab你好", to: 3) == "ab")
    #expect(TextWidth.pad("你", to: 4) == "你  ")
  }

  @Test func aFieldShowsTheEndOfWhatWasTypedInCells() {
    #expect(TextWidth.tail("abc你好", fitting: 5) == "c你好")
    #expect(TextWidth.tail("abc你好", fitting: 4) == "你好")
    #expect(TextWidth.tail("你好", fitting: 3) == "好")
    #expect(TextWidth.tail("", fitting: 3) == "")
  }

  @Test func aLongMessageWrapsAtSpacesUnderItsMarker() {
    #expect(
      TextWidth.wrap("parameter id is 999, not the id of a contact", to: 20, first: "! ") == [
        "! parameter id is", "  999, not the id of", "  a contact",
      ])
    #expect(TextWidth.wrap("short", to: 20, first: "! ") == ["! short"])
    #expect(TextWidth.wrap("abcdefghij", to: 6, first: "! ") == ["! abcd", "  efgh", "  ij"])
    #expect(TextWidth.wrap("你好世界", to: 6, first: "! ") == ["! 你好", "  世界"])
    #expect(TextWidth.wrap("", to: 6) == [""])
    #expect(TextWidth.wrap("你好", to: 3, first: "! ") == ["! 你", "  好"])  // wider than the room
    for line in TextWidth.wrap(String(repeating: "word ", count: 50), to: 17, first: "* ") {
      #expect(TextWidth.of(line) <= 17)
    }
  }

  @Test func aDialogSplicedOverWideTextKeepsTheColumns() {
    // "你" spans cells 2-3 and is cut by the patch's left edge; "好" spans 6-7, cut by the
    // right edge of a four-cell patch and left whole by a three-cell one.
    #expect(TextWidth.splice("ab你cd好ef", at: 3, with: "XYZW") == "ab XYZW ef")
    #expect(TextWidth.splice("ab你cd好ef", at: 3, with: "XYZ") == "ab XYZ好ef")
    #expect(TextWidth.splice("abcdef", at: 2, with: "XY") == "abXYef")
    #expect(TextWidth.splice("ab", at: 4, with: "XY") == "ab  XY")
    for line in ["ab你cd好ef", "你好你好你好", "abcdefgh"] {
      #expect(TextWidth.of(TextWidth.splice(line, at: 3, with: "XYZ")) == TextWidth.of(line))
    }
  }
}
