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
