import Foundation

/// A strict pass over a JSON text that finds a key written twice in one object, at any depth.
///
/// Foundation's `JSONDecoder` keeps one of two equal keys without a word, and JSON readers
/// disagree on which (the first, the last): `{"code": 0, "code": 7}` reads as a success to one
/// and as a refusal to a proxy or a log. An envelope with a duplicate key is therefore refused
/// before it is decoded. Keys are compared as Swift strings after unescaping, so `"\u0063ode"`
/// is `"code"`, and two canonically equivalent spellings (`"é"`, `"e\u{301}"`) are one key, as
/// they are in the decoder's dictionary.
///
/// The pass reads each byte once, keeping the keys seen so far for every object that is open
/// (a stack, not recursion, so deep nesting costs memory, not stack). It does not validate the
/// JSON: the decoder does that afterwards; it only has to see every key of every object.
///
/// Threading: pure functions, any thread. Bad input: a text that is not UTF-8, holds a NUL byte
/// (a UTF-16 or UTF-32 text, which the decoder would transcode and this pass could not read) or
/// an invalid escape in a key is `.unreadable`; nothing traps.
enum DuplicateKeys {
  /// What the pass found.
  enum Verdict: Equatable {
    /// No object has a key twice.
    case unique
    /// An object has `key` twice (the first such key in the text).
    case duplicate(key: String)
    /// The text cannot be vouched for: not UTF-8, a NUL byte, or a key with a bad escape.
    case unreadable
  }

  /// Scans `text`.
  static func scan(_ text: Data) -> Verdict {
    text.withUnsafeBytes { raw in scan(raw.bindMemory(to: UInt8.self)) }
  }

  /// One open container: the keys of an object so far (`nil` for an array) and whether the next
  /// string is a key.
  struct Open {
    var keys: Set<String>?
    var expectsKey: Bool
  }

  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict {
    guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { return .unreadable }
    var open: [Open] = []
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        let start = index + 1
        var end = start
        var escaped = false
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
          if bytes[end] == UInt8(ascii: "\\") {
            escaped = true
            end += 2
          } else {
            end += 1
          }
        }
        // An unterminated string is no JSON: the decoder refuses it.
        guard end < bytes.count else { return .unique }
        if let top = open.last, top.keys != nil, top.expectsKey {
          let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
          guard let key = escaped ? unescape(raw) : String(decoding: raw, as: UTF8.self) else {
            return .unreadable
          }
          guard open[open.count - 1].keys!.insert(key).inserted else { return .duplicate(key: key) }
          open[open.count - 1].expectsKey = false
        }
        index = end
      case UInt8(ascii: "{"): open.append(Open(keys: [], expectsKey: true))
      case UInt8(ascii: "["): open.append(Open(keys: nil, expectsKey: false))
      case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
      case UInt8(ascii: ","):
        if let top = open.last, top.keys != nil { open[open.count - 1].expectsKey = true }
      default: break
      }
      index += 1
    }
    return .unique
  }

  /// The text of a string's content with its escapes resolved; `nil` for a bad escape. A lone
  /// surrogate becomes U+FFFD (the decoder refuses it anyway).
  static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(raw.count)
    var index = 0
    func hex4(at position: Int) -> UInt32? {
      guard position + 4 <= raw.count else { return nil }
      var value: UInt32 = 0
      for byte in raw[position..<position + 4] {
        guard let digit = hexDigit(byte) else { return nil }
        value = value << 4 | digit
      }
      return value
    }
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      guard index + 1 < raw.count else { return nil }
      let simple: UInt8? =
        switch raw[index + 1] {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
      if let simple {
        utf8.append(simple)
        index += 2
        continue
      }
      guard raw[index + 1] == UInt8(ascii: "u"), let unit = hex4(at: index + 2) else { return nil }
      index += 6
      var scalar = Unicode.Scalar(unit)
      if (0xD800..<0xDC00).contains(unit), index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"),
        raw[index + 1] == UInt8(ascii: "u"), let low = hex4(at: index + 2), (0xDC00..<0xE000).contains(low)
      {
        scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        index += 6
      }
      utf8.append(contentsOf: String(scalar ?? "\u{FFFD}").utf8)
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
