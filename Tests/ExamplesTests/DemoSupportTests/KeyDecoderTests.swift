import DemoSupport
import Testing

@Suite struct KeyDecoderTests {
  @Test func decodesTextControlKeysAndArrows() {
    var decoder = KeyDecoder()
    let keys = decoder.decode(Array("ab\t\r\u{7F}\u{1B}[A\u{1B}[Z\u{3}".utf8))
    let expected: [Key] = [
      .character("a"), .character("b"), .tab, .enter, .backspace, .up, .backTab, .interrupt,
    ]
    #expect(keys == expected)
  }

  @Test func decodesWideCharactersSplitAcrossReads() {
    var decoder = KeyDecoder()
    let bytes = Array("你好".utf8)
    #expect(decoder.decode(bytes[0..<2]).isEmpty)
    #expect(decoder.decode(bytes[2...]) == [.character("你"), .character("好")])
  }

  @Test func loneEscapeAtTheEndOfAReadIsTheEscapeKey() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [.escape])
  }

  @Test func invalidUTF8BecomesUnknownWithoutStoppingLaterKeys() {
    var decoder = KeyDecoder()
    let keys = decoder.decode([0xFF, 0xC3, 0x28, UInt8(ascii: "x")])
    #expect(keys == [.unknown([0xFF]), .unknown([0xC3]), .character("("), .character("x")])
  }

  @Test func unknownEscapeSequencesAreReportedWhole() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[15~".utf8)) == [.unknown(Array("\u{1B}[15~".utf8))])
  }

  @Test func longPastedTextDecodesEveryCharacter() {
    var decoder = KeyDecoder()
    let text = String(repeating: "x", count: 10_000)
    #expect(decoder.decode(Array(text.utf8)).count == 10_000)
  }

  @Test func scriptNamesRoundTrip() {
    for key in [Key.tab, .backTab, .enter, .escape, .up, .down, .left, .right, .backspace] {
      #expect(Key(scriptName: key.scriptName!) == key)
    }
    #expect(Key(scriptName: "hyperspace") == nil)
  }
}

@Suite struct TextWidthTests {
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
