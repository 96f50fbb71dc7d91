import Foundation
import Signals
import SignalsTesting
import Testing

@testable import Coordinators

/// The shop of `ChartCoordinatorTests` with payloads (the article read, the amount to pay) and a
/// way out (a top-level final state), for saving and restoring a chart's navigation.
enum Store: Hashable, Codable, Sendable, CaseKeyed {
  case app, feed, feedList, article(id: Int), profile, profileHome, selection, onFeed, onProfile
  case overlay, noOverlay, cart, cartItems, payment(total: Int), cartHistory, signedOut

  enum Case: Hashable, Sendable {
    case app, feed, feedList, article, profile, profileHome, selection, onFeed, onProfile
    case overlay, noOverlay, cart, cartItems, payment, cartHistory, signedOut
  }

  var caseKey: Case {
    switch self {
    case .app: .app
    case .feed: .feed
    case .feedList: .feedList
    case .article: .article
    case .profile: .profile
    case .profileHome: .profileHome
    case .selection: .selection
    case .onFeed: .onFeed
    case .onProfile: .onProfile
    case .overlay: .overlay
    case .noOverlay: .noOverlay
    case .cart: .cart
    case .cartItems: .cartItems
    case .payment: .payment
    case .cartHistory: .cartHistory
    case .signedOut: .signedOut
    }
  }
}

enum StoreEvent: CaseKeyed, Sendable {
  case open(id: Int), back, showProfile, showFeed, checkout, pay(total: Int), close, resume, signOut

  enum Case: Hashable, Sendable {
    case open, back, showProfile, showFeed, checkout, pay, close, resume, signOut
  }

  var caseKey: Case {
    switch self {
    case .open: .open
    case .back: .back
    case .showProfile: .showProfile
    case .showFeed: .showFeed
    case .checkout: .checkout
    case .pay: .pay
    case .close: .close
    case .resume: .resume
    case .signOut: .signOut
    }
  }
}

let store = StateGraph<Store, StoreEvent>(initial: .app) {
  Transition(
    from: .feedList, on: .open,
    to: .make(.article) { if case .open(let id) = $0 { .article(id: id) } else { nil } })
  Transition(from: .article, on: .back, to: .feedList)
  Transition(from: .onFeed, on: .showProfile, to: .onProfile)
  Transition(from: .onProfile, on: .showFeed, to: .onFeed)
  Transition(from: .noOverlay, on: .checkout, to: .cart)
  Transition(
    from: .cartItems, on: .pay,
    to: .make(.payment) { if case .pay(let total) = $0 { .payment(total: total) } else { nil } })
  Transition(from: .cart, on: .close, to: .noOverlay)
  Transition(from: .noOverlay, on: .resume, to: .cartHistory)
  Transition(from: .app, on: .signOut, to: .signedOut)
} chart: {
  Parallel(.app) {
    Compound(.feed, initial: .feedList) {
      Leaf(.feedList)
      Leaf(case: .article)
    }
    Compound(.profile, initial: .profileHome) { Leaf(.profileHome) }
    Compound(.selection, initial: .onFeed) {
      Leaf(.onFeed)
      Leaf(.onProfile)
    }
    Compound(.overlay, initial: .noOverlay) {
      Leaf(.noOverlay)
      Compound(.cart, initial: .cartItems) {
        Leaf(.cartItems)
        Leaf(case: .payment)
        History(.cartHistory)
      }
    }
  }
  Final(.signedOut)
}

let storeScreens: [Store.Case: ScreenRole] = [
  .feed: .tab, .article: .push, .profile: .tab,
  .onFeed: .selectsTab(0), .onProfile: .selectsTab(1),
  .cart: .modal, .payment: .push,
]

/// A save of the store as written by hand: states named, no values, `history` records by name.
func storeSave(_ configuration: [String], history: [(String, [String])] = [], version: Int = 2) -> String {
  func states(_ names: [String]) -> String { names.map { #"{"state":"\#($0)"}"# }.joined(separator: ",") }
  let records = history.map { #"{"history":"\#($0.0)","states":[\#(states($0.1))]}"# }.joined(separator: ",")
  return
    #"{"chart":{"configuration":[\#(states(configuration))],"history":[\#(records)]},"version":\#(version)}"#
}

/// The store's initial configuration, by name.
let storeStart = [
  "app", "feed", "feedList", "profile", "profileHome", "selection", "onFeed", "overlay", "noOverlay",
]

/// Saves the store cannot be in, each with the error its restore throws.
let storeRefusals: [(save: String, error: StateRestoreError)] = [
  (storeSave(storeStart + ["nowhere"]), .unknownState("nowhere")),
  (
    storeSave(storeStart + ["article"]),
    .corrupt(
      "compound state feed has 2 active children (feedList, article); only a parallel state's regions are active together"
    )
  ),
  (
    storeSave(storeStart.filter { $0 != "selection" && $0 != "onFeed" }),
    .corrupt("parallel state app is missing its region selection")
  ),
  (storeSave(storeStart + ["cartHistory"]), .notRestorable("cartHistory")),
  (storeSave(["signedOut"]), .notRestorable("signedOut")),
  (
    storeSave(storeStart, history: [("cartHistory", ["feedList"])]),
    .corrupt("history cartHistory records feedList, which is not a child of cart")
  ),
  (
    storeSave(storeStart, history: [("cartHistory", ["cartItems", "payment"])]),
    .corrupt(
      "history cartHistory cannot restore what it records: compound state cart has 2 active children (cartItems, payment); only a parallel state's regions are active together"
    )
  ),
  (
    storeSave(storeStart, history: [("cart", ["cartItems"])]),
    .corrupt("a history is saved for cart, which is not a history state")
  ),
  (
    storeSave(storeStart, history: [("cartHistory", ["cartItems"]), ("cartHistory", ["payment"])]),
    .corrupt("history cartHistory is saved twice")
  ),
  (storeSave(["feedList"]), .corrupt("feedList is active but its parent feed is not")),
  (storeSave([]), .corrupt("no top-level state is active")),
  (storeSave(storeStart + ["feed"]), .corrupt("state feed is listed twice in the saved configuration")),
  (storeSave(storeStart, version: 3), .unsupportedVersion(found: 3, supported: 2)),
  // A flat graph's save (a screen stack) is format version 1.
  (
    #"{"stack":[{"modal":false,"screen":{"app":{}}}],"version":1}"#,
    .unsupportedVersion(found: 1, supported: 2)
  ),
  (
    #"{"chart":{"configuration":[{"state":"article","value":{"payment":{"total":1}}}],"history":[]},"version":2}"#,
    .corrupt("the saved value of article is of case payment")
  ),
]

@MainActor
@Suite struct ChartNavigationPersistenceTests {
  /// A store coordinator that read article 7, left a checkout at the payment of 42 (which its
  /// history recorded) and shows the profile tab.
  func browsed(
    _ navigator: RecordingNavigator<Store> = RecordingNavigator()
  ) throws -> Coordinator<Store, StoreEvent> {
    let coordinator = Coordinator(graph: store, navigator: navigator, screens: storeScreens)
    coordinator.start()
    try coordinator.trySend(.open(id: 7))
    try coordinator.trySend(.checkout)
    try coordinator.trySend(.pay(total: 42))
    try coordinator.trySend(.close)
    try coordinator.trySend(.showProfile)
    return coordinator
  }

  @Test func aChartsConfigurationHistoryAndScreensComeBackAfterARelaunch() throws {
    let before = try browsed()
    let saved = try before.savedNavigation()

    let navigator = RecordingNavigator<Store>()
    let after = Coordinator(graph: store, navigator: navigator, screens: storeScreens)
    after.start()
    navigator.reset()
    try after.restoreNavigation(from: saved)
    #expect(navigator.calls == ["tabs feed, profile", "push article(id: 7)", "select tab 1"])
    #expect(after.machine.configuration == before.machine.configuration)
    #expect(after.machine.activeState(.article) == .article(id: 7))
    #expect(after.stack.map(\.screen) == [.profile])

    // Back to where the checkout was, after the relaunch: the payment screen, with its amount.
    navigator.reset()
    try after.trySend(.resume)
    try before.trySend(.resume)
    #expect(navigator.calls == ["present cart", "push payment(total: 42)"])
    #expect(after.machine.configuration == before.machine.configuration)
    #expect(after.stack.map(\.screen) == [.profile, .cart, .payment(total: 42)])
    #expect(after.stack.map(\.modal) == [false, true, false])
  }

  @Test func aSaveTakenWithAModalUpRestoresItOverTheTabs() throws {
    let before = try browsed()
    try before.trySend(.resume)
    let navigator = RecordingNavigator<Store>()
    let after = Coordinator(graph: store, navigator: navigator, screens: storeScreens)
    after.start()
    navigator.reset()
    try after.restoreNavigation(from: try before.savedNavigation())
    #expect(
      navigator.calls == [
        "tabs feed, profile", "push article(id: 7)", "select tab 1", "present cart",
        "push payment(total: 42)",
      ])
    #expect(after.stack.map(\.screen) == before.stack.map(\.screen))
    try after.trySend(.close)
    #expect(navigator.calls.last == "dismiss")
  }

  @Test func theSaveIsVersionTwoAndNamesEachStateWithItsValue() throws {
    let saved = String(decoding: try browsed().savedNavigation(), as: UTF8.self)
    #expect(saved.hasPrefix(#"{"chart":{"configuration":[{"state":"app","value":{"app":{}}},"#))
    #expect(saved.contains(#"{"state":"article","value":{"article":{"id":7}}}"#))
    #expect(
      saved.contains(
        #""history":[{"history":"cartHistory","states":[{"state":"payment","value":{"payment":{"total":42}}}]}]"#
      ))
    #expect(saved.hasSuffix(#""version":2}"#))
  }

  @Test func aHandWrittenSaveWithoutValuesRestoresTheStatesOwnValues() throws {
    let navigator = RecordingNavigator<Store>()
    let coordinator = Coordinator(graph: store, navigator: navigator, screens: storeScreens)
    coordinator.start()
    navigator.reset()
    let profile = [
      "app", "feed", "feedList", "profile", "profileHome", "selection", "onProfile", "overlay", "noOverlay",
    ]
    try coordinator.restoreNavigation(
      from: Array(storeSave(profile, history: [("cartHistory", ["cartItems"])]).utf8))
    #expect(navigator.calls == ["tabs feed, profile", "select tab 1"])
    try coordinator.trySend(.resume)
    #expect(navigator.calls.suffix(1) == ["present cart"])
  }

  @Test func aRestoreBeforeStartIsShownByStart() throws {
    let saved = try browsed().savedNavigation()
    let navigator = RecordingNavigator<Store>()
    let coordinator = Coordinator(graph: store, navigator: navigator, screens: storeScreens)
    try coordinator.restoreNavigation(from: saved)
    #expect(navigator.calls == [])
    coordinator.start()
    #expect(navigator.calls == ["tabs feed, profile", "push article(id: 7)", "select tab 1"])
  }

  @Test(arguments: storeRefusals)
  func aSaveTheChartCannotBeInIsRefusedAndChangesNothing(save: String, error: StateRestoreError) throws {
    let navigator = RecordingNavigator<Store>()
    let coordinator = try browsed(navigator)
    let before = (
      configuration: coordinator.machine.configuration, calls: navigator.calls,
      stack: coordinator.stack.map(\.screen), article: coordinator.machine.activeState(.article)
    )
    #expect(throws: error) { try coordinator.restoreNavigation(from: Array(save.utf8)) }
    #expect(coordinator.machine.configuration == before.configuration)
    #expect(coordinator.machine.activeState(.article) == before.article)
    #expect(coordinator.stack.map(\.screen) == before.stack)
    #expect(navigator.calls == before.calls)
    // The history is as it was: the checkout resumes at its payment.
    try coordinator.trySend(.resume)
    #expect(coordinator.stack.map(\.screen) == [.profile, .cart, .payment(total: 42)])
  }

  @Test func dataThatIsNotASaveIsCorrupt() throws {
    let navigator = RecordingNavigator<Store>()
    let coordinator = try browsed(navigator)
    let calls = navigator.calls
    for bad in [
      "", "{}", "[]", #"{"version":2}"#,
      #"{"chart":{"configuration":[{"state":1}],"history":[]},"version":2}"#,
    ] {
      #expect(throws: StateRestoreError.self) { try coordinator.restoreNavigation(from: Array(bad.utf8)) }
      do {
        try coordinator.restoreNavigation(from: Array(bad.utf8))
      } catch {
        guard case .corrupt = error else { throw error }
      }
    }
    #expect(navigator.calls == calls)
  }

  @Test func aSaveLargerThanTheByteLimitIsRefusedBeforeItIsParsed() throws {
    let navigator = RecordingNavigator<Store>()
    let coordinator = try browsed(navigator)
    let calls = navigator.calls
    // Not even JSON: a parse would report that, not the size.
    let huge = [UInt8](
      repeating: UInt8(ascii: "x"), count: Coordinator<Store, StoreEvent>.maximumRestoredBytes + 1)
    #expect(throws: StateRestoreError.corrupt("the save has 1048577 bytes; at most 1048576 are read")) {
      try coordinator.restoreNavigation(from: huge)
    }
    #expect(navigator.calls == calls)
  }

  @Test func aListLongerThanTheChartHasStatesIsRefusedBeforeItsEntriesAreDecoded() throws {
    let navigator = RecordingNavigator<Store>()
    let coordinator = try browsed(navigator)
    let calls = navigator.calls
    let configuration = coordinator.machine.configuration
    // Entries that do not decode (a number for a name): decoding one would report that instead.
    let bad = Array(repeating: #"{"state":1}"#, count: 1_000).joined(separator: ",")
    #expect(
      throws: StateRestoreError.corrupt("the saved configuration has 1000 entries; the chart has 16 states")
    ) {
      try coordinator.restoreNavigation(
        from: Array(#"{"chart":{"configuration":[\#(bad)],"history":[]},"version":2}"#.utf8))
    }
    let record = #"{"history":"cartHistory","states":[\#(bad)]}"#
    #expect(
      throws: StateRestoreError.corrupt(
        "the saved history cartHistory has 1000 entries; the chart has 16 states")
    ) {
      try coordinator.restoreNavigation(
        from: Array(#"{"chart":{"configuration":[],"history":[\#(record)]},"version":2}"#.utf8))
    }
    #expect(navigator.calls == calls)
    #expect(coordinator.machine.configuration == configuration)
  }

  @Test func aValueNestedTooDeeplyIsRefused() throws {
    let navigator = RecordingNavigator<Store>()
    let coordinator = try browsed(navigator)
    let calls = navigator.calls
    let depth = 100_000
    let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let save = #"{"chart":{"configuration":[{"state":"app","value":\#(value)}],"history":[]},"version":2}"#
    #expect(throws: StateRestoreError.self) { try coordinator.restoreNavigation(from: Array(save.utf8)) }
    #expect(navigator.calls == calls)
  }

  @Test func aFlatCoordinatorStillSavesAndReadsVersionOne() throws {
    let graph = StateGraph<Store, StoreEvent>(initial: .feedList) {
      Transition(
        from: .feedList, on: .open,
        to: .make(.article) { if case .open(let id) = $0 { .article(id: id) } else { nil } })
    }
    let coordinator = Coordinator(graph: graph, navigator: RecordingNavigator<Store>())
    coordinator.start()
    try coordinator.trySend(.open(id: 3))
    let saved = String(decoding: try coordinator.savedNavigation(), as: UTF8.self)
    #expect(
      saved
        == #"{"stack":[{"modal":false,"screen":{"feedList":{}}},{"modal":false,"screen":{"article":{"id":3}}}],"version":1}"#
    )
    #expect(throws: StateRestoreError.unsupportedVersion(found: 2, supported: 1)) {
      try coordinator.restoreNavigation(from: Array(storeSave(storeStart).utf8))
    }
  }
}
