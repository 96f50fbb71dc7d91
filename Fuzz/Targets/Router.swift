import Coordinators
import Signals

/// The router's URL parsing and matching on arbitrary text: the first line is registered as a
/// pattern, every line is then opened as a deep link and asked for as a data request.
///
/// Invariants: a pattern either registers or is `.malformedURL` quoting it exactly; a pattern
/// that registered routes to itself (opening it reaches its handler, with each `:name` segment
/// bound to the segment as written); every routing error quotes the URL exactly as given; a
/// request for a registered URL delivers its value as the type asked for, or a typed error.
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
      return .handled
    }
  } catch {
    registered = false
    require(error == .malformedURL(pattern), "registering \(pattern.debugDescription) threw \(error)")
  }
  do {
    try router.register("app://contact/user/:id") { match in
      _ = try match.int("id")
      return .notReady(reason: "later")
    }
    try router.register(
      "native://message/:name",
      request: { match in
        Just(match.parameters.count).setFailureType(to: Never.self).eraseToAnyPublisher()
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
    }
    do {
      var delivered: [Int] = []
      let cancellable = try router.request(url, as: Int.self).sink(
        receiveCompletion: { _ in }, receiveValue: { delivered.append($0) })
      cancellable.cancel()
      require(delivered.count <= 1, "a request delivered \(delivered.count) values")
    } catch {
      require(
        quotes(error, url), "requesting \(url.debugDescription) threw \(error), which quotes another URL")
    }
  }
  _ = router.deliverHeld()
  _ = router.refuseHeld("fuzz")
  require(router.held.isEmpty, "held links remain after refuseHeld")
}

func quotes(_ error: RouterError, _ url: String) -> Bool {
  switch error {
  case .malformedURL(let quoted), .unknownRoute(let quoted), .missingParameter(_, let quoted),
    .handlerFailed(let quoted, _), .wrongResultType(let quoted, _):
    quoted == url
  case .badParameter: true
  }
}
