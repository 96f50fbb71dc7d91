import Signals

/// Where in a URL a refused segment or query item is.
public enum URLPart: Sendable, Equatable, CustomStringConvertible {
  /// The scheme, before `://`.
  case scheme
  /// A path segment, counted from 1 (`app://contact/user/42`: `42` is segment 3).
  case segment(Int)
  /// A query item (its name or its value), counted from 1 (`?tab=1&from=push`: `from` is item 2).
  case queryItem(Int)

  /// The part in words: "the scheme", "path segment 3", "query item 2".
  public var description: String {
    switch self {
    case .scheme: "the scheme"
    case .segment(let index): "path segment \(index)"
    case .queryItem(let index): "query item \(index)"
    }
  }
}

/// Why a URL could not be routed.
///
/// Bad input: the description quotes at most the first 64 characters of a URL, parameter or
/// reason (control, bidirectional formatting and invisible characters written as `\u{...}`),
/// then `…` and the full length in bytes; the cases keep the values whole.
public enum RouterError: Error, Equatable, CustomStringConvertible {
  /// Not `scheme://path`, or it has spaces or empty segments.
  case malformedURL(String)
  /// The URL has a fragment (`#...`). Routes take a path and a query; a fragment is refused
  /// rather than dropped, so that a link built for a web page does not open another screen
  /// than its author meant. (`%23` is a `#` inside a parameter, and is taken.)
  case fragment(url: String)
  /// The URL holds, as written or percent-encoded, a control character (C0, DEL, C1), a line
  /// or paragraph separator, or a bidirectional formatting character (U+202E and the like),
  /// which no segment or parameter may carry. `scalar` is the first one found.
  case controlCharacter(url: String, scalar: Unicode.Scalar)
  /// A part of the URL holds, as written or percent-encoded, an invisible character: one of
  /// Unicode's default-ignorable code points or of its format category (Cf), such as U+200B
  /// ZERO WIDTH SPACE, U+FEFF or U+00AD SOFT HYPHEN. A link that reads `…/42` with one of them
  /// is not 42, so none reaches a parameter. `scalar` is the first one found, `part` where.
  case invisibleCharacter(url: String, scalar: Unicode.Scalar, part: URLPart)
  /// A path segment, or a `/`-separated piece of a segment or query value, is `.` or `..` once
  /// percent-decoded (`%2e%2e`): a handler that builds a path from a parameter would climb out
  /// of where it meant to look.
  case dotSegment(url: String, part: URLPart)
  /// A segment or query item is longer than `Router.maximumParameterLength` UTF-8 bytes once
  /// percent-decoded (`length` is its decoded length).
  case parameterTooLong(url: String, part: URLPart, length: Int, limit: Int)
  /// No registered pattern matches.
  case unknownRoute(String)
  /// The pattern matched but a parameter the handler needs is absent.
  case missingParameter(name: String, url: String)
  /// A parameter is there but not of the type the handler needs.
  case badParameter(name: String, value: String, expected: String)
  /// The handler threw.
  case handlerFailed(url: String, reason: String)
  /// A data request's publisher produced values of another type than asked for.
  case wrongResultType(url: String, expected: String)
  /// The link's flow is not ready and `Router.maximumHeld` links are held already: it is not
  /// held.
  case tooManyHeld(url: String, limit: Int)

  /// What went wrong, quoting the URL (at most its first 64 characters).
  public var description: String {
    switch self {
    case .malformedURL(let url): "malformed URL \"\(excerpt(url))\""
    case .fragment(let url): "\"\(excerpt(url))\" has a fragment (#...), which routes do not take"
    case .controlCharacter(let url, let scalar):
      "\"\(excerpt(url))\" holds U+\(hex(scalar)), a control or bidirectional formatting character"
    case .invisibleCharacter(let url, let scalar, let part):
      "\"\(excerpt(url))\" holds U+\(hex(scalar))\(named(scalar)) in \(part), an invisible character no route takes"
    case .dotSegment(let url, let part):
      "\"\(excerpt(url))\" has a dot segment (. or .., perhaps percent-encoded) in \(part)"
    case .parameterTooLong(let url, let part, let length, let limit):
      "\"\(excerpt(url))\" has \(length) bytes in \(part), more than the \(limit) a parameter may have"
    case .unknownRoute(let url): "no route for \"\(excerpt(url))\""
    case .missingParameter(let name, let url): "\"\(excerpt(url))\" lacks parameter \(excerpt(name))"
    case .badParameter(let name, let value, let expected):
      "parameter \(excerpt(name)) is \"\(excerpt(value))\", not \(excerpt(expected))"
    case .handlerFailed(let url, let reason):
      "the handler of \"\(excerpt(url))\" failed: \(excerpt(reason, limit: 256))"
    case .wrongResultType(let url, let expected):
      "\"\(excerpt(url))\" answered with something other than \(excerpt(expected))"
    case .tooManyHeld(let url, let limit):
      "\"\(excerpt(url))\" is not held: \(limit) links are held already"
    }
  }

  /// `" ZERO WIDTH SPACE"`: the scalar's Unicode name, when it has one.
  func named(_ scalar: Unicode.Scalar) -> String {
    scalar.properties.name.map { " \($0)" } ?? ""
  }

  /// `text` as `Signals.excerpt` quotes it (its first `limit` scalars, then `…` and its length in
  /// bytes), with invisible characters written as `\u{...}` too, so that a quote shows where they
  /// are.
  func excerpt(_ text: String, limit: Int = 64) -> String {
    var quoted = ""
    var taken = 0
    for scalar in text.unicodeScalars {
      guard taken < limit else { return quoted + "… (\(text.utf8.count) bytes)" }
      taken += 1
      if scalar.isControlOrBidiFormatting || scalar.isInvisibleInRoutes {
        quoted += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted
  }

  func hex(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

/// A URL matched against a route pattern: its parameters, by name.
public struct RouteMatch: Sendable {
  /// The URL as given.
  public let url: String
  /// Path parameters (`:id` in the pattern) and query items, percent-decoded.
  public let parameters: [String: String]

  /// The parameter `name` as text.
  ///
  /// - Parameter name: The parameter's name in the pattern (`id` for `:id`) or the query.
  /// - Returns: The parameter's value, percent-decoded.
  /// - Throws: `RouterError.missingParameter` when the URL does not have it.
  public func string(_ name: String) throws(RouterError) -> String {
    guard let value = parameters[name] else { throw .missingParameter(name: name, url: url) }
    return value
  }

  /// The parameter `name` as an integer.
  ///
  /// - Parameter name: The parameter's name in the pattern (`id` for `:id`) or the query.
  /// - Returns: The parameter's value as an integer.
  /// - Throws: `RouterError.missingParameter` when the URL does not have it,
  ///   `RouterError.badParameter` when it is not an integer.
  public func int(_ name: String) throws(RouterError) -> Int {
    let text = try string(name)
    guard let value = Int(text) else { throw .badParameter(name: name, value: text, expected: "an integer") }
    return value
  }
}

/// What a deep-link handler did with a URL.
public enum RouteDisposition: Sendable {
  /// It was acted on.
  case handled
  /// The flow that takes it is not ready (the user is not logged in yet): hold it and offer it
  /// again at `deliverHeld()`.
  case notReady(reason: String)
}

/// Maps URLs to deep-link handlers (`app://contact/user/:id` to a coordinator event) and to
/// data requests between modules answered with a publisher (`app://message/last_contacts`),
/// so that modules know each other only by URL.
///
/// Patterns: `scheme://segment/:parameter/...`; query items are parameters too. The first
/// registered pattern that matches wins. Segments and query items are percent-decoded.
///
/// A fragment (`app://contact/user/42#top`) is refused with `RouterError.fragment`, not
/// dropped: a route has nowhere to deliver it, and dropping it would open a screen its link did
/// not name. A control character (C0, DEL, C1), a line separator or a bidirectional formatting
/// character (U+202E and the like), raw or percent-encoded, is refused with
/// `RouterError.controlCharacter`, in a pattern as in a URL, so none reaches a parameter. So are
/// what a person reading the link cannot see, and what would let a parameter climb a path:
/// an invisible character (Unicode's default-ignorable code points and format category, such
/// as U+200B or U+FEFF; note that this refuses emoji sequences joined by U+200D or carrying a
/// variation selector: parameters are ids and keys, not prose) with
/// `RouterError.invisibleCharacter`; a segment, or a `/`- or `\`-separated piece of a
/// parameter, that is `.` or `..` once decoded (`%2e%2e`) with `RouterError.dotSegment`; and a
/// segment or query item longer than `maximumParameterLength` bytes decoded with
/// `RouterError.parameterTooLong`. Each says which part of the URL it found the problem in.
///
/// Threading: main actor. Bad input: every problem is a `RouterError` that quotes the URL;
/// nothing traps. At most `maximumHeld` links wait for their flow; a further one is refused
/// with `RouterError.tooManyHeld`.
@MainActor
public final class Router {
  struct Route {
    let scheme: String
    let segments: [String]
  }

  var links: [(Route, (RouteMatch) throws -> RouteDisposition)] = []
  var requests: [(Route, (RouteMatch) throws -> AnyPublisher<Any, any Error>)] = []
  /// Deep links whose flow was not ready, oldest first, with the reason; at most
  /// `maximumHeld`.
  public private(set) var held: [(url: String, reason: String)] = []

  /// How many deep links wait for their flow at most: 16. Links are held for the moments
  /// before a flow is ready (the user is not logged in yet), when a person taps a few; many
  /// more is a loop or an attack, and `deliverHeld()` would open every one of them at once.
  public nonisolated static var maximumHeld: Int { 16 }

  /// Makes an empty router.
  public init() {}

  /// Routes URLs matching `pattern` to `handler` (deep links).
  ///
  /// - Parameters:
  ///   - pattern: The URL pattern, with `:name` for a path parameter.
  ///   - handler: Opens a matching link and says how it went.
  /// - Throws: `RouterError.malformedURL` when `pattern` is not a URL pattern.
  public func register(
    _ pattern: String, handler: @escaping (RouteMatch) throws -> RouteDisposition
  ) throws(RouterError) {
    links.append((try Self.parse(pattern), handler))
  }

  /// Answers data requests for URLs matching `pattern` with the publisher `handler` returns.
  ///
  /// - Parameters:
  ///   - pattern: The URL pattern, with `:name` for a path parameter.
  ///   - handler: Makes the publisher of the data a matching request asks for.
  /// - Throws: `RouterError.malformedURL` when `pattern` is not a URL pattern.
  public func register<Output, Failure: Error>(
    _ pattern: String, request handler: @escaping (RouteMatch) throws -> AnyPublisher<Output, Failure>
  ) throws(RouterError) {
    let route = try Self.parse(pattern)
    requests.append(
      (
        route,
        { match in try handler(match).map { $0 as Any }.mapError { $0 as any Error }.eraseToAnyPublisher() }
      ))
  }

  /// Opens a deep link: returns how the handler disposed of it; a `.notReady` link is held,
  /// unless `maximumHeld` links are held already.
  ///
  /// - Parameter url: The deep link.
  /// - Returns: How the handler disposed of the link.
  /// - Throws: `RouterError` when `url` is malformed, has a fragment or a control character, no
  ///   route matches it, or its handler throws (a thrown `RouterError` as it is, any other error
  ///   as `.handlerFailed`); `.tooManyHeld` when its flow is not ready and `maximumHeld` links
  ///   are held already (the link is not held; those held stay).
  @discardableResult
  public func open(_ url: String) throws(RouterError) -> RouteDisposition {
    let (handler, match) = try find(url, in: links)
    let disposition: RouteDisposition
    do { disposition = try handler(match) } catch let error as RouterError { throw error } catch {
      throw .handlerFailed(url: url, reason: "\(error)")
    }
    if case .notReady(let reason) = disposition {
      guard held.count < Self.maximumHeld else { throw .tooManyHeld(url: url, limit: Self.maximumHeld) }
      held.append((url, reason))
    }
    return disposition
  }

  /// Offers every held deep link again, oldest first; returns the URLs now handled. Those still
  /// not ready stay held (with their new reason); those that fail are dropped and returned in
  /// `failed`.
  ///
  /// - Returns: The URLs handled now, and those that failed with their errors, oldest first.
  @discardableResult
  public func deliverHeld() -> (handled: [String], failed: [(url: String, error: RouterError)]) {
    let pending = held
    held = []
    var handled: [String] = []
    var failed: [(url: String, error: RouterError)] = []
    for (url, _) in pending {
      do {
        if case .handled = try open(url) { handled.append(url) }
      } catch {
        failed.append((url, error))
      }
    }
    return (handled, failed)
  }

  /// Refuses every held deep link for good, with `reason` (the flow that would take them is
  /// gone: the user logged out or quit the login); returns them, oldest first, so the UI can say
  /// why they were not opened.
  ///
  /// - Parameter reason: Why the links are refused.
  /// - Returns: The refused URLs with `reason`, oldest first.
  @discardableResult
  public func refuseHeld(_ reason: String) -> [(url: String, reason: String)] {
    defer { held = [] }
    return held.map { ($0.url, reason) }
  }

  /// Asks the module registered for `url` for data of type `type`.
  ///
  /// Bad input: routing errors are thrown at once; a handler's publisher failure arrives as
  /// `.handlerFailed`, a value of another type as `.wrongResultType`.
  ///
  /// - Parameters:
  ///   - url: The request's URL.
  ///   - type: The type of the data asked for.
  /// - Returns: The handler's publisher, its values cast to `type`.
  /// - Throws: `RouterError` when no route matches `url` or its handler throws.
  public func request<T>(_ url: String, as type: T.Type) throws(RouterError) -> AnyPublisher<T, RouterError> {
    let (handler, match) = try find(url, in: requests)
    let publisher: AnyPublisher<Any, any Error>
    do { publisher = try handler(match) } catch let error as RouterError { throw error } catch {
      throw .handlerFailed(url: url, reason: "\(error)")
    }
    return
      publisher
      .mapError { RouterError.handlerFailed(url: url, reason: "\($0)") }
      .flatMap { value -> AnyPublisher<T, RouterError> in
        if let typed = value as? T {
          return Just(typed).setFailureType(to: RouterError.self).eraseToAnyPublisher()
        }
        return Fail(error: RouterError.wrongResultType(url: url, expected: "\(T.self)")).eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
  }

  func find<Handler>(_ url: String, in table: [(Route, Handler)]) throws(RouterError) -> (Handler, RouteMatch)
  {
    let (scheme, segments, query) = try Self.split(url)
    for (route, handler) in table where route.scheme == scheme && route.segments.count == segments.count {
      var parameters = query
      var matches = true
      for (expected, actual) in zip(route.segments, segments) {
        if expected.hasPrefix(":") {
          parameters[String(expected.dropFirst())] = actual
        } else if expected != actual {
          matches = false
          break
        }
      }
      if matches { return (handler, RouteMatch(url: url, parameters: parameters)) }
    }
    throw .unknownRoute(url)
  }

  static func parse(_ pattern: String) throws(RouterError) -> Route {
    let (scheme, segments, _) = try split(pattern)
    return Route(scheme: scheme, segments: segments)
  }

  /// `scheme://a/b?x=1` into its scheme, decoded path segments and decoded query items; refuses
  /// a fragment, a control or invisible character (raw or decoded), a dot segment and a part
  /// longer than `maximumParameterLength`.
  static func split(_ url: String) throws(RouterError) -> (String, [String], [String: String]) {
    try refuseControlCharacter(in: url, of: url)
    guard !url.utf8.contains(UInt8(ascii: "#")) else { throw .fragment(url: url) }
    guard let separator = url.unicodeScalars.firstRange(of: "://".unicodeScalars),
      !url.unicodeScalars.contains(" ")
    else { throw .malformedURL(url) }
    let scheme = String(url.unicodeScalars[..<separator.lowerBound])
    try refuseInvisibleCharacter(in: scheme, of: url, at: .scheme)
    guard !scheme.isEmpty,
      scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
    else { throw .malformedURL(url) }
    let rest = url.unicodeScalars[separator.upperBound...]
    let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts.first.map(String.init) ?? ""
    let rawSegments = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map(
      String.init)
    guard !rawSegments.isEmpty, !rawSegments.contains(where: \.isEmpty) else { throw .malformedURL(url) }
    var segments: [String] = []
    for (index, segment) in rawSegments.enumerated() {
      segments.append(try decode(segment, of: url, at: .segment(index + 1)))
    }
    var query: [String: String] = [:]
    if parts.count == 2 {
      for (index, item) in parts[1].split(separator: "&").enumerated() {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard pair.count == 2 else { throw .malformedURL(url) }
        let name = try decode(String(pair[0]), of: url, at: .queryItem(index + 1))
        let value = try decode(String(pair[1]), of: url, at: .queryItem(index + 1))
        guard !name.isEmpty else { throw .malformedURL(url) }
        query[name] = value
      }
    }
    return (scheme, segments, query)
  }

  /// How many UTF-8 bytes a path segment or a query item's name or value may have, once
  /// percent-decoded: 1,024. Parameters are ids and keys; a longer one is a mistake or an
  /// attack, and is refused with `RouterError.parameterTooLong` before any handler sees it.
  public nonisolated static var maximumParameterLength: Int { 1_024 }

  /// `part` percent-decoded, refusing what no parameter may carry.
  static func decode(_ part: String, of url: String, at location: URLPart) throws(RouterError) -> String {
    try refuseInvisibleCharacter(in: part, of: url, at: location)
    guard let decoded = percentDecoded(part) else { throw .malformedURL(url) }
    try refuseControlCharacter(in: decoded, of: url)
    try refuseInvisibleCharacter(in: decoded, of: url, at: location)
    let length = decoded.utf8.count
    guard length <= maximumParameterLength else {
      throw .parameterTooLong(url: url, part: location, length: length, limit: maximumParameterLength)
    }
    if decoded.unicodeScalars.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" }
    )
    .contains(where: { $0.elementsEqual(".".unicodeScalars) || $0.elementsEqual("..".unicodeScalars) }) {
      throw .dotSegment(url: url, part: location)
    }
    return decoded
  }

  /// `text` with each `%XX` replaced by its byte, read as UTF-8; nil when a `%` is not followed
  /// by two hex digits or the bytes are not UTF-8. (Foundation's `removingPercentEncoding` drops
  /// a leading byte order mark, U+FEFF, which would let one through unseen.)
  static func percentDecoded(_ text: String) -> String? {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static func refuseControlCharacter(in text: String, of url: String) throws(RouterError) {
    if let scalar = text.unicodeScalars.first(where: \.isControlOrBidiFormatting) {
      throw .controlCharacter(url: url, scalar: scalar)
    }
  }

  static func refuseInvisibleCharacter(
    in text: String, of url: String, at location: URLPart
  ) throws(RouterError) {
    if let scalar = text.unicodeScalars.first(where: \.isInvisibleInRoutes) {
      throw .invisibleCharacter(url: url, scalar: scalar, part: location)
    }
  }
}

extension Unicode.Scalar {
  /// Whether this is one of Unicode's default-ignorable code points (U+200B ZERO WIDTH SPACE,
  /// U+00AD SOFT HYPHEN, variation selectors, Hangul fillers) or of its format category Cf
  /// (U+FEFF, U+2060 WORD JOINER, U+202E and the other bidirectional formatting characters):
  /// characters a person reading a link does not see.
  var isInvisibleInRoutes: Bool {
    properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
  }
}
