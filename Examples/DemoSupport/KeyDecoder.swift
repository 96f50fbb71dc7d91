/// Turns the bytes a raw-mode terminal sends into keys.
///
/// Feed it each chunk read from standard input. It decodes UTF-8 text (a character split across
/// two reads is kept until its last byte arrives), control keys, and the escape sequences of the
/// arrow keys and Shift-Tab. An escape byte that ends a chunk is a lone Esc press. Invalid
/// UTF-8 becomes `.unknown` with the offending bytes; nothing here traps.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Makes a decoder with nothing pending.
  public init() {}

  /// Decodes `bytes`, returning the complete keys they finish, in order.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.key(at: index, in: pending) else { break }
      keys.append(key)
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// The key starting at `index` and its length in bytes, or `nil` if more bytes are needed.
  private static func key(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
    let byte = bytes[index]
    let remaining = bytes.count - index
    switch byte {
    case 0x1B:
      return escapeSequence(at: index, in: bytes)
    case 0x09: return (.tab, 1)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x03: return (.interrupt, 1)
    case 0x04: return (.endOfInput, 1)
    case 0x00..<0x20: return (.unknown([byte]), 1)
    case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
    default:
      let length = utf8Length(leading: byte)
      guard length > 1 else { return (.unknown([byte]), 1) }
      guard remaining >= length else {
        // Wait for the rest, unless what came so far is already invalid.
        let continuation = bytes[(index + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
        return continuation ? nil : (.unknown([byte]), 1)
      }
      let slice = Array(bytes[index..<(index + length)])
      guard let text = String(validating: slice, as: UTF8.self), let character = text.first else {
        return (.unknown([byte]), 1)
      }
      return (.character(character), length)
    }
  }

  private static func escapeSequence(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
    guard index + 1 < bytes.count else { return (.escape, 1) }
    let next = bytes[index + 1]
    guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else { return (.escape, 1) }
    guard index + 2 < bytes.count else { return nil }
    // CSI: parameters (digits and ;) then one final byte in 0x40...0x7E.
    var end = index + 2
    while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return nil }
    let final = bytes[end]
    let length = end - index + 1
    switch final {
    case UInt8(ascii: "A"): return (.up, length)
    case UInt8(ascii: "B"): return (.down, length)
    case UInt8(ascii: "C"): return (.right, length)
    case UInt8(ascii: "D"): return (.left, length)
    case UInt8(ascii: "Z"): return (.backTab, length)
    default: return (.unknown(Array(bytes[index..<(index + length)])), length)
    }
  }

  private static func utf8Length(leading byte: UInt8) -> Int {
    switch byte {
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 1
    }
  }
}
