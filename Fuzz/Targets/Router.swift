import Coordinators
import Signals

/// The router's URL parsing and matching on arbitrary text: the first line is registered as a
/// pattern, every line is then opened as a deep link and asked for as a data request.
///
/// Invariants: a pattern either registers or is `.malformedURL`, `.fragment` or
/// `.controlCharacter` quoting it exactly; a pattern that registered routes to itself (opening it
/// reaches its handler, with each `:name` segment bound to the segment as written); every routing
/// error quotes the URL exactly as given, and its description is at most 4 KiB however long the
/// URL; a handler is never reached for a URL with a fragment, nor with a parameter (a path
/// segment or a query item's name or value) that holds a control, bidirectional formatting or
/// invisible character (default-ignorable or format category Cf), is or holds a dot segment
/// (`.` or `..` between `/` or `\`), or is longer than `Router.maximumParameterLength` bytes;
/// at most `Router.maximumHeld` links are
/// held; a request for a registered URL delivers its value as the type asked for, or a typed
/// error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRouter(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = text(data, count)
  MainActor.assumeIsolated { check(input) }
  return 0
}

@MainActor
func check(_ input: String) {
  let urls = input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let pattern = urls[0]
  let router = Router()
  var reached: RouteMatch?
  var registered = true
  do {
    try router.register(pattern) { match in
      reached = match
      requireClean(match)
      return .handled
    }
  } catch {
    registered = false
    require(
      error == .malformedURL(pattern) || error == .fragment(url: pattern)
        || (error.isRefusedPart && quotes(error, pattern)),
      "registering \(pattern.debugDescription) threw \(error)")
    requireBounded(error)
  }
  do {
    try router.register("app://contact/user/:id") { match in
      requireClean(match)
      _ = try match.int("id")
      return .notReady(reason: "later")
    }
    try router.register(
      "native://message/:name",
      request: { match in
        requireClean(match)
        return Just(match.parameters.count).setFailureType(to: Never.self).eraseToAnyPublisher()
      })
  } catch {
    require(false, "a fixed pattern was refused: \(error)")
  }
  if registered {
    reached = nil
    do {
      try router.open(pattern)
    } catch {
      require(false, "the registered pattern \(pattern.debugDescription) does not route to itself: \(error)")
    }
    require(reached != nil, "opening the pattern \(pattern.debugDescription) reached another handler")
  }
  for url in urls {
    do {
      try router.open(url)
    } catch {
      require(quotes(error, url), "opening \(url.debugDescription) threw \(error), which quotes another URL")
      requireBounded(error)
    }
    require(router.held.count <= Router.maximumHeld, "\(router.held.count) links are held")
    do {
      var delivered: [Int] = []
      let cancellable = try router.request(url, as: Int.self).sink(
        receiveCompletion: { _ in }, receiveValue: { delivered.append($0) })
      cancellable.cancel()
      require(delivered.count <= 1, "a request delivered \(delivered.count) values")
    } catch {
      require(
        quotes(error, url), "requesting \(url.debugDescription) threw \(error), which quotes another URL")
      requireBounded(error)
    }
  }
  _ = router.deliverHeld()
  _ = router.refuseHeld("fuzz")
  require(router.held.isEmpty, "held links remain after refuseHeld")
}

func quotes(_ error: RouterError, _ url: String) -> Bool {
  switch error {
  case .malformedURL(let quoted), .unknownRoute(let quoted), .missingParameter(_, let quoted),
    .handlerFailed(let quoted, _), .wrongResultType(let quoted, _), .fragment(let quoted),
    .controlCharacter(let quoted, _), .tooManyHeld(let quoted, _), .invisibleCharacter(let quoted, _, _),
    .dotSegment(let quoted, _), .parameterTooLong(let quoted, _, _, _):
    quoted == url
  case .badParameter: true
  }
}

extension RouterError {
  /// A refusal of one part of the URL, which a pattern may get too.
  var isRefusedPart: Bool {
    switch self {
    case .controlCharacter, .invisibleCharacter, .dotSegment, .parameterTooLong: true
    default: false
    }
  }
}

/// A handler got a URL without a fragment, whose parameters carry no control, bidirectional
/// formatting or invisible character, no dot segment, and none longer than the limit.
func requireClean(_ match: RouteMatch) {
  require(!match.url.utf8.contains(UInt8(ascii: "#")), "\(match.url.debugDescription) reached a handler")
  for (name, value) in match.parameters {
    for text in [name, value] {
      let shown = "parameter \(name.prefix(80).debugDescription) = \(value.prefix(80).debugDescription)"
      require(
        !text.unicodeScalars.contains(where: isRefused), "\(shown) with a refused character reached a handler"
      )
      require(!hasDotSegment(text), "\(shown) with a dot segment reached a handler")
      require(
        text.utf8.count <= Router.maximumParameterLength,
        "\(shown) of \(text.utf8.count) bytes reached a handler")
    }
  }
}

/// The scalars no parameter may carry (C0, DEL, C1, line separators, bidirectional formatting),
/// and the invisible ones (Unicode's default-ignorable code points and format category Cf).
func isRefused(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
  default: scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
  }
}

/// Whether `text`, cut at every `/` and `\`, has a piece that is `.` or `..`.
func hasDotSegment(_ text: String) -> Bool {
  text.unicodeScalars.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" })
    .contains { String($0) == "." || String($0) == ".." }
}

/// An error's description stays short however long the URL.
func requireBounded(_ error: RouterError) {
  require(error.description.utf8.count <= 4096, "a description of \(error.description.utf8.count) bytes")
}
