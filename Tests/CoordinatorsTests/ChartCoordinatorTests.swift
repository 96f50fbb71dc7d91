import Coordinators
import Signals
import SignalsTesting
import Testing

/// A shop: two tabs (a feed that pushes an article, a profile), and a checkout flow presented
/// over them that resumes where it was left.
enum Shop: String, CaseKeyed, CaseIterable, Codable, Sendable {
  case app, feed, feedList, article, profile, profileHome, selection, onFeed, onProfile
  case overlay, noOverlay, cart, cartItems, payment, cartHistory
}

enum ShopEvent: CaseKeyed, CaseIterable, Sendable {
  case openArticle, back, showProfile, showFeed, checkout, pay, close, resume
}

let shop = StateGraph<Shop, ShopEvent>(initial: .app) {
  Transition(from: .feedList, on: .openArticle, to: .article)
  Transition(from: .article, on: .back, to: .feedList)
  Transition(from: .onFeed, on: .showProfile, to: .onProfile)
  Transition(from: .onProfile, on: .showFeed, to: .onFeed)
  Transition(from: .noOverlay, on: .checkout, to: .cart)
  Transition(from: .cartItems, on: .pay, to: .payment)
  Transition(from: .cart, on: .close, to: .noOverlay)
  Transition(from: .noOverlay, on: .resume, to: .cartHistory)
} chart: {
  Parallel(.app) {
    Compound(.feed, initial: .feedList) {
      Leaf(.feedList)
      Leaf(.article)
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
        Leaf(.payment)
        History(.cartHistory)
      }
    }
  }
}

let shopScreens: [Shop: ScreenRole] = [
  .feed: .tab, .article: .push, .profile: .tab,
  .onFeed: .selectsTab(0), .onProfile: .selectsTab(1),
  .cart: .modal, .payment: .push,
]

@MainActor
@Suite struct ChartCoordinatorTests {
  @Test func aChartWithTabsANestedFlowAndHistoryDrivesTheNavigator() throws {
    let navigator = RecordingNavigator<Shop>()
    let coordinator = Coordinator(graph: shop, navigator: navigator, screens: shopScreens)
    coordinator.start()
    #expect(navigator.calls == ["tabs feed, profile", "select tab 0"])
    navigator.reset()

    try coordinator.trySend(.openArticle)
    try coordinator.trySend(.showProfile)
    try coordinator.trySend(.checkout)
    try coordinator.trySend(.pay)
    #expect(navigator.calls == ["push article", "select tab 1", "present cart", "push payment"])
    navigator.reset()

    // Closing the checkout dismisses it with what it pushed; resuming it (history) shows the
    // payment screen again, over the feed tab and its article, kept by the parallel region.
    try coordinator.trySend(.close)
    try coordinator.trySend(.showFeed)
    try coordinator.trySend(.resume)
    #expect(navigator.calls == ["dismiss", "select tab 0", "present cart", "push payment"])
    #expect(coordinator.stack.map(\.screen) == [.feed, .article, .cart, .payment])
    #expect(coordinator.stack.map(\.modal) == [false, false, true, false])
    navigator.reset()

    try coordinator.trySend(.close)
    try coordinator.trySend(.back)
    #expect(navigator.calls == ["dismiss", "pop"])
    #expect(coordinator.stack.map(\.screen) == [.feed])
  }

  @Test func aChartCoordinatorRestoresItsTabsItsFlowAndWhereTheFlowWas() throws {
    let navigator = RecordingNavigator<Shop>()
    let coordinator = Coordinator(graph: shop, navigator: navigator, screens: shopScreens)
    coordinator.start()
    try coordinator.trySend(.openArticle)
    try coordinator.trySend(.showProfile)
    try coordinator.trySend(.checkout)
    try coordinator.trySend(.pay)
    try coordinator.trySend(.close)

    // The code of the article's "Restoring it", verbatim.
    let saved = try coordinator.savedNavigation()
    let relaunched = RecordingNavigator<Shop>()
    let restored = Coordinator(graph: shop, navigator: relaunched, screens: shopScreens)
    restored.start()
    relaunched.reset()
    try restored.restoreNavigation(from: saved)
    #expect(relaunched.calls == ["tabs feed, profile", "push article", "select tab 1"])
    try restored.trySend(.resume)
    #expect(relaunched.calls.suffix(2) == ["present cart", "push payment"])
  }

  @Test func aSystemBackGestureInAChartIsReportedAsTheFrontsOwnPop() throws {
    let navigator = RecordingNavigator<Shop>()
    let coordinator = Coordinator(graph: shop, navigator: navigator, backEvent: .back, screens: shopScreens)
    coordinator.start()
    try coordinator.trySend(.openArticle)
    navigator.reset()
    try coordinator.systemDidGoBack()
    #expect(navigator.calls == ["system pop"])
    #expect(throws: TransitionRejected.self) { try coordinator.systemDidGoBack() }
  }

  @Test func aChangeInATabThatIsNotShownSelectsItThenComesBack() {
    let old = layout([.app, .feed, .feedList, .profile, .selection, .onProfile])
    let new = layout([.app, .feed, .article, .profile, .selection, .onProfile])
    #expect(new.calls(from: old) == [.selectTab(0), .push(.article), .selectTab(1)])
  }

  @Test func aStackIsPoppedToWhatBothLayoutsShareThenPushed() {
    let roles: [Shop: ScreenRole] = [.feed: .root, .article: .push, .cart: .modal, .payment: .push]
    let home = layout([.feed], roles)
    let reading = layout([.feed, .article], roles)
    let paying = layout([.feed, .article, .cart, .payment], roles)
    #expect(reading.calls(from: home) == [.push(.article)])
    #expect(home.calls(from: reading) == [.pop])
    #expect(paying.calls(from: home) == [.push(.article), .present(.cart), .push(.payment)])
    // Dismissing the modal takes the screen it pushed; the article under it is popped after.
    #expect(home.calls(from: paying) == [.dismiss, .pop])
    #expect(layout([.profile], [.profile: .root]).calls(from: home) == [.setRoot(.profile)])
    #expect(home.calls(from: ScreenLayout()) == [.setRoot(.feed)])
    #expect(home.calls(from: home) == [])
  }

  @Test func aNavigatorWithoutTabsShowsTheFirstTabAsItsRoot() {
    final class Plain: Navigator {
      var calls: [String] = []
      func setRoot(_ screen: Shop) { calls.append("root \(screen)") }
      func push(_ screen: Shop) { calls.append("push \(screen)") }
      func pop() { calls.append("pop") }
      func present(_ screen: Shop) { calls.append("present \(screen)") }
      func dismiss() { calls.append("dismiss") }
    }
    let navigator = Plain()
    Coordinator(graph: shop, navigator: navigator, screens: shopScreens).start()
    #expect(navigator.calls == ["root feed"])
  }

  func layout(_ configuration: [Shop], _ roles: [Shop: ScreenRole] = shopScreens) -> ScreenLayout<Shop> {
    ScreenLayout(configuration: configuration, roles: roles) { $0 }
  }
}
