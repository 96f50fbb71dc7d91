import Coordinators
import Signals
import SignalsTesting
import Testing

/// A refused character as a URL writes it (raw or percent-encoded), and the scalar it is;
/// described escaped, so that a test log stays readable.
struct Refused: Sendable, CustomTestStringConvertible {
  let written: String
  let scalar: Unicode.Scalar
  init(_ written: String, _ value: UInt32) {
    self.written = written
    scalar = Unicode.Scalar(value)!
  }
  var testDescription: String { "\(written.debugDescription) (U+\(String(scalar.value, radix: 16)))" }
}

@MainActor
@Suite struct RouterTests {
  @Test func deepLinksReachTheirHandlerWithTypedParameters() throws {
    let router = Router()
    var opened: [Int] = []
    try router.register("app://contact/user/:id") { match in
      opened.append(try match.int("id"))
      return .handled
    }
    try router.open("app://contact/user/42")
    try router.open("app://contact/user/7?from=push")
    #expect(opened == [42, 7])
  }

  @Test func everyKindOfBadURLIsATypedError() throws {
    let router = Router()
    try router.register("app://contact/user/:id") { match in
      _ = try match.int("id")
      _ = try match.string("tab")
      return .handled
    }
    #expect(throws: RouterError.malformedURL("contact/user/1")) { try router.open("contact/user/1") }
    #expect(throws: RouterError.malformedURL("app://contact//1")) { try router.open("app://contact//1") }
    #expect(throws: RouterError.unknownRoute("app://settings")) { try router.open("app://settings") }
    #expect(throws: RouterError.badParameter(name: "id", value: "ada", expected: "an integer")) {
      try router.open("app://contact/user/ada")
    }
    #expect(throws: RouterError.missingParameter(name: "tab", url: "app://contact/user/1")) {
      try router.open("app://contact/user/1")
    }
    #expect(RouterError.unknownRoute("app://x").description == "no route for \"app://x\"")
  }

  @Test func aLinkThatArrivesTooEarlyIsHeldThenDelivered() throws {
    let router = Router()
    var loggedIn = false
    var shown: [String] = []
    try router.register("app://contact/user/:id") { match in
      guard loggedIn else { return .notReady(reason: "not logged in") }
      shown.append(try match.string("id"))
      return .handled
    }
    try router.open("app://contact/user/5")
    #expect(router.held.map(\.reason) == ["not logged in"])
    #expect(router.deliverHeld().handled.isEmpty)
    loggedIn = true
    #expect(router.deliverHeld().handled == ["app://contact/user/5"])
    #expect(shown == ["5"])
    #expect(router.held.isEmpty)
  }

  @Test func heldLinksThatFailLaterAreDroppedAndReturned() throws {
    struct Gone: Error {}
    let router = Router()
    var ready = false
    try router.register("app://contact/user/:id") { match in
      guard ready else { return .notReady(reason: "not logged in") }
      if try match.int("id") == 404 { throw Gone() }
      return .handled
    }
    try router.open("app://contact/user/404")
    try router.open("app://contact/user/ada")
    try router.open("app://contact/user/1")
    ready = true
    let (handled, failed) = router.deliverHeld()
    #expect(handled == ["app://contact/user/1"])
    #expect(failed.map(\.url) == ["app://contact/user/404", "app://contact/user/ada"])
    #expect(
      failed.map(\.error) == [
        .handlerFailed(url: "app://contact/user/404", reason: "Gone()"),
        .badParameter(name: "id", value: "ada", expected: "an integer"),
      ])
    #expect(router.held.isEmpty)
  }

  @Test func heldLinksCanBeRefusedWithAReason() throws {
    let router = Router()
    try router.register("app://contact/user/:id") { _ in .notReady(reason: "not logged in") }
    try router.open("app://contact/user/1")
    try router.open("app://contact/user/2")
    let refused = router.refuseHeld("you quit the login")
    #expect(refused.map(\.url) == ["app://contact/user/1", "app://contact/user/2"])
    #expect(refused.allSatisfy { $0.reason == "you quit the login" })
    #expect(router.held.isEmpty)
    #expect(router.deliverHeld().handled.isEmpty)
  }

  @Test func aThrowingLinkHandlerIsAHandlerFailure() throws {
    struct Broken: Error {}
    let router = Router()
    try router.register("app://news") { _ in throw Broken() }
    #expect(throws: RouterError.handlerFailed(url: "app://news", reason: "Broken()")) {
      try router.open("app://news")
    }
    #expect(router.held.isEmpty)
  }

  @Test func modulesAnswerDataRequestsWithPublishers() throws {
    let router = Router()
    try router.register("native://message/last_contacts") { match -> AnyPublisher<[String], Never> in
      let count = (try? match.int("count")) ?? 2
      return Just(Array(["ada", "grace", "linus"].prefix(count))).eraseToAnyPublisher()
    }
    let recorder = try router.request("native://message/last_contacts?count=1", as: [String].self).record()
    #expect(recorder.values == [["ada"]])
    #expect(recorder.isFinished)
    let wrongType = try router.request("native://message/last_contacts", as: Int.self).record()
    #expect(wrongType.failure == .wrongResultType(url: "native://message/last_contacts", expected: "Int"))
  }

  @Test func aFailingHandlerIsReportedWithItsReason() throws {
    struct Offline: Error {}
    let router = Router()
    try router.register("native://news/latest") { _ -> AnyPublisher<[String], Offline> in
      Fail(error: Offline()).eraseToAnyPublisher()
    }
    let recorder = try router.request("native://news/latest", as: [String].self).record()
    #expect(recorder.failure == .handlerFailed(url: "native://news/latest", reason: "Offline()"))
  }

  @Test func refusesAFragmentInAParameter() throws {
    let router = Router()
    var reached: [String] = []
    try router.register("app://contact/user/:id") { match in
      reached.append(try match.string("id"))
      return .handled
    }
    try router.register("native://message/:name", request: { _ in Just(1).eraseToAnyPublisher() })
    #expect(throws: RouterError.fragment(url: "app://contact/user/42#frag")) {
      try router.open("app://contact/user/42#frag")
    }
    #expect(throws: RouterError.fragment(url: "app://contact/user/42?tab=1#frag")) {
      try router.open("app://contact/user/42?tab=1#frag")
    }
    #expect(throws: RouterError.fragment(url: "native://message/last#x")) {
      try router.request("native://message/last#x", as: Int.self)
    }
    #expect(throws: RouterError.fragment(url: "app://contact/user/#")) {
      try router.register("app://contact/user/#") { _ in .handled }
    }
    try router.open("app://contact/user/a%23b")  // an encoded # is data, not a fragment
    #expect(reached == ["a#b"])
  }

  @Test(arguments: [
    Refused("\t", 0x09), Refused("\n", 0x0A), Refused("\u{0}", 0x00), Refused("\u{7F}", 0x7F),
    Refused("\u{85}", 0x85), Refused("\u{202E}", 0x202E), Refused("\u{2066}", 0x2066), Refused("%09", 0x09),
    Refused("%0A", 0x0A), Refused("%00", 0x00), Refused("%7F", 0x7F), Refused("%C2%85", 0x85),
    Refused("%E2%80%AE", 0x202E),
  ])
  func refusesAControlCharacterInAParameter(_ refused: Refused) throws {
    let (written, scalar) = (refused.written, refused.scalar)
    let router = Router()
    var reached: [String] = []
    try router.register("app://contact/user/:id") { match in
      reached.append(try match.string("id"))
      return .handled
    }
    for url in [
      "app://contact/user/42\(written)", "app://contact/user/42?from=a\(written)b",
      "app://contact/user/42?a\(written)=1",
    ] {
      #expect(throws: RouterError.controlCharacter(url: url, scalar: scalar)) { try router.open(url) }
    }
    #expect(throws: RouterError.controlCharacter(url: "app://contact/\(written)/:id", scalar: scalar)) {
      try router.register("app://contact/\(written)/:id") { _ in .handled }
    }
    #expect(reached.isEmpty)
  }

  @Test func holdsAtMostSixteenLinksAndRefusesTheNextWithATypedError() throws {
    let router = Router()
    var ready = false
    var opened = 0
    try router.register("app://contact/user/:id") { _ in
      guard ready else { return .notReady(reason: "not logged in") }
      opened += 1
      return .handled
    }
    var refused: [RouterError] = []
    for id in 0..<1_000 {
      do { try router.open("app://contact/user/\(id)") } catch { refused.append(error) }
    }
    #expect(Router.maximumHeld == 16)
    #expect(router.held.map(\.url) == (0..<16).map { "app://contact/user/\($0)" })
    #expect(refused.count == 1_000 - 16)
    #expect(refused.first == .tooManyHeld(url: "app://contact/user/16", limit: 16))
    ready = true
    #expect(router.deliverHeld().handled.count == 16)
    #expect(opened == 16)
    #expect(router.held.isEmpty)
  }

  @Test func errorDescriptionsQuoteAtMostSixtyFourCharactersOfTheURL() throws {
    let router = Router()
    try router.register("app://contact/user/:id") { match in
      _ = try match.int("id")
      return .handled
    }
    let long = String(repeating: "x", count: 10_000_000)
    let errors: [RouterError] = [
      .malformedURL(long), .fragment(url: long), .controlCharacter(url: long, scalar: "\u{0}"),
      .unknownRoute(long), .missingParameter(name: long, url: long),
      .badParameter(name: long, value: long, expected: long), .handlerFailed(url: long, reason: long),
      .wrongResultType(url: long, expected: long), .tooManyHeld(url: long, limit: 16),
    ]
    for error in errors {
      #expect(error.description.utf8.count < 1_000, "\(error.description.prefix(80))")
    }
    do {
      try router.open("app://contact/user/" + String(repeating: "x", count: 100_000))
      Issue.record("a 100 KB id was taken")
    } catch {
      #expect(
        error.description
          == "\"app://contact/user/\(String(repeating: "x", count: 45))… (100019 bytes)\" has 100000 bytes"
          + " in path segment 3, more than the 1024 a parameter may have")
    }
    #expect(
      RouterError.unknownRoute("app://a\u{202E}b").description == #"no route for "app://a\u{202E}b""#)
  }

  @Test(arguments: [
    Refused("\u{200B}", 0x200B), Refused("\u{FEFF}", 0xFEFF), Refused("\u{AD}", 0xAD),
    Refused("\u{2060}", 0x2060),
    Refused("\u{FE0F}", 0xFE0F), Refused("\u{3164}", 0x3164), Refused("\u{E0001}", 0xE0001),
    Refused("%E2%80%8B", 0x200B), Refused("%EF%BB%BF", 0xFEFF), Refused("%C2%AD", 0xAD),
  ])
  func refusesAnInvisibleCharacterInAParameterAndSaysWhere(_ refused: Refused) throws {
    let (written, scalar) = (refused.written, refused.scalar)
    let router = Router()
    var reached: [String] = []
    try router.register("app://contact/user/:id") { match in
      reached.append(try match.string("id"))
      return .handled
    }
    for (url, part) in [
      ("app://contact/user/42\(written)", URLPart.segment(3)),
      ("app://contact/user/42?tab=1&from=a\(written)b", .queryItem(2)),
      ("app://contact/user/42?a\(written)=1", .queryItem(1)),
    ] {
      #expect(throws: RouterError.invisibleCharacter(url: url, scalar: scalar, part: part)) {
        try router.open(url)
      }
    }
    #expect(
      throws: RouterError.invisibleCharacter(
        url: "app://\(written)contact/:id", scalar: scalar, part: .segment(1))
    ) {
      try router.register("app://\(written)contact/:id") { _ in .handled }
    }
    #expect(reached.isEmpty)
  }

  @Test func anInvisibleCharacterIsNamedAndShownWhereItIs() throws {
    let router = Router()
    try router.register("app://contact/user/:id") { _ in .handled }
    do {
      try router.open("app://contact/user/4\u{200B}2")
      Issue.record("a zero-width space was taken")
    } catch {
      #expect(
        error.description
          == #""app://contact/user/4\u{200B}2" holds U+200B ZERO WIDTH SPACE in path segment 3, an invisible"#
          + " character no route takes")
    }
    #expect(throws: RouterError.invisibleCharacter(url: "ap\u{200C}p://x", scalar: "\u{200C}", part: .scheme))
    {
      try router.open("ap\u{200C}p://x")
    }
    // A bidirectional override stays a control character, as it was.
    #expect(throws: RouterError.controlCharacter(url: "app://contact/user/\u{202E}1", scalar: "\u{202E}")) {
      try router.open("app://contact/user/\u{202E}1")
    }
  }

  @Test(arguments: [
    ("app://contact/user/..", URLPart.segment(3)), ("app://contact/user/.", .segment(3)),
    ("app://contact/user/%2e%2e", .segment(3)), ("app://contact/user/%2E.", .segment(3)),
    ("app://contact/user/%2e", .segment(3)), ("app://contact/user/..%2Fetc", .segment(3)),
    ("app://contact/user/a%2F..%2Fb", .segment(3)), ("app://contact/user/a%5C..", .segment(3)),
    ("app://contact/user/1?next=..%2Fadmin", .queryItem(1)),
    ("app://contact/user/1?x=2&next=%2E%2E", .queryItem(2)),
  ])
  func refusesADecodedDotSegmentAndSaysWhere(_ url: String, _ part: URLPart) throws {
    let router = Router()
    var reached: [String] = []
    try router.register("app://contact/user/:id") { match in
      reached.append(try match.string("id"))
      return .handled
    }
    #expect(throws: RouterError.dotSegment(url: url, part: part)) { try router.open(url) }
    #expect(reached.isEmpty)
  }

  @Test func dotsThatAreNotASegmentAreData() throws {
    let router = Router()
    var reached: [String] = []
    try router.register("app://file/:name") { match in
      reached.append(try match.string("name"))
      return .handled
    }
    for url in ["app://file/a.b", "app://file/...", "app://file/.profile", "app://file/a%2F.b"] {
      try router.open(url)
    }
    #expect(reached == ["a.b", "...", ".profile", "a/.b"])
    #expect(throws: RouterError.dotSegment(url: "app://file/../:name", part: .segment(2))) {
      try router.register("app://file/../:name") { _ in .handled }
    }
  }

  @Test func refusesAParameterLongerThanTheLimitAndSaysWhere() throws {
    let router = Router()
    var reached: [Int] = []
    try router.register("app://note/:id") { match in
      reached.append(try match.string("id").utf8.count)
      return .handled
    }
    #expect(Router.maximumParameterLength == 1_024)
    let longest = String(repeating: "x", count: 1_024)
    try router.open("app://note/\(longest)")
    try router.open("app://note/1?text=\(longest)")
    let tooLong = longest + "x"
    #expect(
      throws: RouterError.parameterTooLong(
        url: "app://note/\(tooLong)", part: .segment(2), length: 1_025, limit: 1_024)
    ) {
      try router.open("app://note/\(tooLong)")
    }
    #expect(
      throws: RouterError.parameterTooLong(
        url: "app://note/1?text=\(tooLong)", part: .queryItem(1), length: 1_025, limit: 1_024)
    ) {
      try router.open("app://note/1?text=\(tooLong)")
    }
    // The limit is on the decoded text: 342 encoded "é" are 684 bytes, under it.
    try router.open("app://note/\(String(repeating: "%C3%A9", count: 342))")
    let huge = "app://note/" + String(repeating: "x", count: 10_000_000)
    #expect(
      throws: RouterError.parameterTooLong(url: huge, part: .segment(2), length: 10_000_000, limit: 1_024)
    ) {
      try router.open(huge)
    }
    #expect(reached == [1_024, 1, 684])
  }
}
