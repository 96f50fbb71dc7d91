import Coordinators
import Signals
import SignalsTesting
import Testing

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
}
