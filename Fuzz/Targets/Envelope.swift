import Foundation

@testable import LoginFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The service layer's envelope decoder, as the login service reads its answers, on arbitrary
/// bodies, with the status chosen by the first byte.
///
/// Invariants: it never traps; a status outside 2xx is `.http` with that status whatever the
/// body; a session only comes out of a 2xx answer whose envelope has code 0 and whose data names
/// a user and carries a token; a non-zero code is `.rejected` with that code; a body in which
/// some object has a key twice (as a strict JSON reader written here sees it) never yields a
/// session or an account check; an account check answers a Bool or a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = bytes(data, count)
  let statuses = [200, 200, 201, 204, 307, 401, 500]
  let status = statuses[Int(input.first ?? 0) % statuses.count]
  let body = Data(input.dropFirst())
  let success = (200..<300).contains(status)
  var reader = StrictJSON(Array(input.dropFirst()))
  let duplicated = reader.hasDuplicateKey()

  let login = ResponseEnvelope<HTTPLoginService.SessionPayload>.decode(status: status, body: body)
    .flatMap(\.session)
  let code = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["code"] as? Int
  switch login {
  case .success(let session):
    require(success, "a session from status \(status)")
    require(!session.userID.isEmpty && !session.token.isEmpty, "an incomplete session \(session)")
    require(duplicated != true, "a session from a body with a key twice")
    if let code { require(code == 0, "a session from code \(code)") }
  case .failure(.http(let answered)):
    require(answered == status && !success, "status \(answered) reported for \(status)")
  case .failure(.rejected(let rejected, _)):
    require(success && rejected != 0, "rejected with code \(rejected) at status \(status)")
    require(duplicated != true, "a code read from a body with a key twice")
  case .failure(.undecodable), .failure(.offline), .failure(.unreachable):
    require(success, "status \(status) reported as \(login)")
  case .failure(.answerTooLarge):
    require(false, "a decoder reported a transport's size limit")
  }

  let check = ResponseEnvelope<Bool>.decode(status: status, body: body)
  if case .success = check {
    require(success, "an account check answered at status \(status)")
    require(duplicated != true, "an account check from a body with a key twice")
  }
  return 0
}

/// A strict recursive JSON reader (RFC 8259, UTF-8), written apart from the service layer's
/// scanner so that the two check each other: whether some object of a JSON text has a key twice,
/// keys compared as Swift strings after unescaping; `nil` when the text is not JSON it reads
/// (malformed, a lone surrogate, deeper than 256 levels).
struct StrictJSON {
  let bytes: [UInt8]
  var index = 0
  var duplicate = false

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func hasDuplicateKey() -> Bool? {
    skipSpace()
    guard value(depth: 0) else { return nil }
    skipSpace()
    return index == bytes.count ? duplicate : nil
  }

  var next: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipSpace() {
    while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  mutating func take(_ byte: UInt8) -> Bool {
    guard next == byte else { return false }
    index += 1
    return true
  }

  mutating func value(depth: Int) -> Bool {
    guard depth < 256, let byte = next else { return false }
    switch byte {
    case UInt8(ascii: "{"):
      index += 1
      var keys: Set<String> = []
      skipSpace()
      if take(UInt8(ascii: "}")) { return true }
      repeat {
        skipSpace()
        guard let key = string() else { return false }
        if !keys.insert(key).inserted { duplicate = true }
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return false }
        skipSpace()
        guard value(depth: depth + 1) else { return false }
        skipSpace()
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "}"))
    case UInt8(ascii: "["):
      index += 1
      skipSpace()
      if take(UInt8(ascii: "]")) { return true }
      repeat {
        skipSpace()
        guard value(depth: depth + 1) else { return false }
        skipSpace()
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]"))
    case UInt8(ascii: "\""): return string() != nil
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default: return number()
    }
  }

  mutating func literal(_ word: String) -> Bool {
    for byte in word.utf8 { guard take(byte) else { return false } }
    return true
  }

  mutating func number() -> Bool {
    _ = take(UInt8(ascii: "-"))
    if take(UInt8(ascii: "0")) {
      if let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return false }
    } else {
      guard digits() else { return false }
    }
    if take(UInt8(ascii: ".")) { guard digits() else { return false } }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
      guard digits() else { return false }
    }
    return true
  }

  mutating func digits() -> Bool {
    let start = index
    while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return index > start
  }

  /// A string at `index`, unescaped; `nil` if it is not a valid JSON string.
  mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    var scalars = String.UnicodeScalarView()
    var utf8: [UInt8] = []
    func flush() -> Bool {
      guard let text = String(validating: utf8, as: UTF8.self) else { return false }
      scalars.append(contentsOf: text.unicodeScalars)
      utf8.removeAll()
      return true
    }
    while let byte = next {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard flush() else { return nil }
        return String(scalars)
      case 0..<0x20: return nil
      case UInt8(ascii: "\\"):
        guard flush(), let escape = next else { return nil }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          guard let unit = hex4() else { return nil }
          if (0xD800..<0xDC00).contains(unit) {
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
              (0xDC00..<0xE000).contains(low),
              let scalar = Unicode.Scalar((unit - 0xD800) * 0x400 + (low - 0xDC00) + 0x10000)
            else { return nil }
            scalars.append(scalar)
          } else {
            guard let scalar = Unicode.Scalar(unit) else { return nil }
            scalars.append(scalar)
          }
        default: return nil
        }
      default: utf8.append(byte)
      }
    }
    return nil
  }

  mutating func hex4() -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Int(String(UnicodeScalar(bytes[index])), radix: 16) else { return nil }
      value = value * 16 + UInt32(digit)
      index += 1
    }
    return value
  }
}
