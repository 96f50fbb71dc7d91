import Coordinators
import Foundation
import Signals

/// A chart coordinator's saved navigation (format version 2: configuration and histories) on
/// arbitrary bytes, restored over a coordinator first driven along a path chosen by the first
/// byte.
///
/// Invariants: a refused restore is a `StateRestoreError` and changes nothing (what the
/// coordinator saves, which holds the configuration, the values and the histories; its stack;
/// what its navigator was asked to do), and its description is at most 4 KiB; an accepted one
/// shows the screens its configuration means, and saving and restoring it again gives the same
/// save and stack. Oversized input is refused: the input padded past the byte limit (one input
/// in sixteen, by its first byte), and a configuration longer than the chart has states.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChartRestore(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = bytes(data, count)
  let steps = Int(input.first ?? 0)
  let saved = Data(input.dropFirst())
  MainActor.assumeIsolated {
    checkRestore(saved, steps: steps)
    checkOversized(saved, steps: steps)
  }
  return 0
}

enum Screen: Hashable, Codable, Sendable, CaseKeyed {
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

enum Action: Hashable, Sendable, CaseKeyed {
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

let chart = StateGraph<Screen, Action>(initial: .app) {
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

let roles: [Screen.Case: ScreenRole] = [
  .feed: .tab, .article: .push, .profile: .tab,
  .onFeed: .selectsTab(0), .onProfile: .selectsTab(1),
  .cart: .modal, .payment: .push,
]

/// The events the first byte picks: a prefix of one path through the chart.
func events(_ steps: Int) -> [Action] {
  let path: [Action] = [
    .open(id: steps), .checkout, .pay(total: steps * 3), .close, .showProfile, .resume, .close, .back,
  ]
  return Array(path.prefix(steps % (path.count + 1)))
}

@MainActor
final class RecordingNavigator: Navigator {
  var calls: [String] = []
  func setRoot(_ screen: Screen) { calls.append("root \(screen)") }
  func push(_ screen: Screen) { calls.append("push \(screen)") }
  func pop() { calls.append("pop") }
  func present(_ screen: Screen) { calls.append("present \(screen)") }
  func dismiss() { calls.append("dismiss") }
  func setTabs(_ roots: [Screen]) { calls.append("tabs \(roots)") }
  func selectTab(_ index: Int) { calls.append("select tab \(index)") }
}

@MainActor
func makeCoordinator(_ navigator: RecordingNavigator, steps: Int) -> Coordinator<Screen, Action> {
  let coordinator = Coordinator(graph: chart, navigator: navigator, policy: .ignore, screens: roles)
  coordinator.start()
  for event in events(steps) { coordinator.send(event) }
  return coordinator
}

@MainActor
func describe(_ stack: [Coordinator<Screen, Action>.Entry]) -> [String] {
  stack.map { "\($0.screen)\($0.modal ? " modal" : "")" }
}

/// Whether the restore was accepted.
@MainActor
@discardableResult
func checkRestore(_ saved: Data, steps: Int) -> Bool {
  let navigator = RecordingNavigator()
  let coordinator = makeCoordinator(navigator, steps: steps)
  let before: (save: [UInt8], stack: [String], calls: [String])
  do {
    before = (try coordinator.savedNavigation(), describe(coordinator.stack), navigator.calls)
  } catch {
    require(false, "a coordinator's navigation does not save: \(error)")
    return false
  }
  do {
    try coordinator.restoreNavigation(from: saved)
  } catch {
    require(
      (try? coordinator.savedNavigation()) == before.save,
      "a refused restore (\(error)) changed the configuration or the histories")
    require(describe(coordinator.stack) == before.stack, "a refused restore (\(error)) changed the stack")
    require(navigator.calls == before.calls, "a refused restore (\(error)) drove the navigator")
    require(error.description.utf8.count <= 4096, "a description of \(error.description.utf8.count) bytes")
    return false
  }
  let stack = describe(coordinator.stack)
  do {
    let save = try coordinator.savedNavigation()
    let relaunched = RecordingNavigator()
    let again = makeCoordinator(relaunched, steps: 0)
    relaunched.calls = []
    try again.restoreNavigation(from: save)
    require(describe(again.stack) == stack, "saved \(stack), restored \(describe(again.stack))")
    require((try again.savedNavigation()) == save, "a restored save saves differently")
    // The navigator was rebuilt from nothing: tabs first, then what they and the modal show.
    require(relaunched.calls.first?.hasPrefix("tabs ") == true, "the restore began with \(relaunched.calls)")
  } catch {
    require(false, "the restored navigation \(stack) does not save and restore: \(error)")
  }
  return true
}

/// Input the limits refuse is refused, and changes nothing, whatever it holds.
@MainActor
func checkOversized(_ saved: Data, steps: Int) {
  var long = Data(#"{"chart":{"configuration":["#.utf8)
  for index in 0..<(chart.states.count + 1 + saved.count % 200) {
    if index > 0 { long.append(UInt8(ascii: ",")) }
    long.append(contentsOf: #"{"state":"app"}"#.utf8)
  }
  long.append(contentsOf: #"],"history":[]},"version":2}"#.utf8)
  require(checkRestore(long, steps: steps) == false, "a configuration longer than the chart was restored")
  guard steps % 16 == 0 else { return }
  let padded =
    saved + Data(repeating: UInt8(ascii: " "), count: Coordinator<Screen, Action>.maximumRestoredBytes)
  require(checkRestore(padded, steps: steps) == false, "a save of \(padded.count) bytes was restored")
}
