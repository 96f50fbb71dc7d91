import DemoSupport

/// The terminal key decoder on arbitrary bytes.
///
/// Invariants: it never traps; it never makes more keys than bytes; feeding the bytes in two
/// chunks gives the same keys as feeding them at once, wherever the cut (except right after an
/// Esc byte, which the decoder documents as a lone Esc press when a chunk ends there); printable
/// UTF-8 text decodes to its characters, one key per Unicode scalar.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = bytes(data, count)
  var whole = KeyDecoder()
  let keys = whole.decode(input)
  require(keys.count <= input.count, "\(keys.count) keys from \(input.count) bytes")

  for cut in cuts(of: input.count) where cut == 0 || input[cut - 1] != 0x1B {
    var chunked = KeyDecoder()
    let split = chunked.decode(input[..<cut]) + chunked.decode(input[cut...])
    require(split == keys, "cut at \(cut) of \(input): \(split) instead of \(keys)")
  }

  if let text = String(validating: input, as: UTF8.self),
    text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
  {
    let expected = text.unicodeScalars.map { Key.character(Character($0)) }
    require(keys == expected, "printable \(input) decoded as \(keys)")
  }
  return 0
}

/// A few cut points: the ends, the middle, and one chosen by the input's length.
func cuts(of count: Int) -> Set<Int> {
  guard count > 0 else { return [0] }
  return [0, count / 2, (count * 7) % (count + 1), count]
}
