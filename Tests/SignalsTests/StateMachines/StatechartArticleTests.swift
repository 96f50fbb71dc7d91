import Signals
import SignalsTesting
import Synchronization
import Testing

// The code of the Statecharts article (Sources/Signals/Signals.docc/Statecharts.md), verbatim.

enum Player: CaseKeyed, CaseIterable, Hashable, Sendable {
  case stopped, active, playing, paused, resume
}

enum Control: CaseKeyed, CaseIterable, Hashable, Sendable {
  case play, pause, stop, back
}

let player = StateGraph<Player, Control>(initial: .stopped) {
  Transition(from: .stopped, on: .play, to: .active)
  Transition(from: .stopped, on: .back, to: .resume)
  Transition(from: .active, on: .stop, to: .stopped)
  Transition(from: .playing, on: .pause, to: .paused)
  Transition(from: .paused, on: .play, to: .playing)
} chart: {
  Compound(.active, initial: .playing) {
    History(.resume)
    Leaf(.playing)
    Leaf(.paused)
  }
  After(.seconds(300), from: .paused, to: .stopped)
}

/// What the checkout flow counts: its failed payments.
struct Attempts: Sendable, Equatable {
  var failures = 0
}

enum Checkout: CaseKeyed, CaseIterable, Hashable, Sendable {
  typealias MachineContext = Attempts
  case checkout, form, editing, valid, paying, retrying
  case connectivity, online, offline, resume, cart, paid
}

enum Shopper: CaseKeyed, CaseIterable, Hashable, Sendable {
  case fill, pay, succeeded, failed, connected, disconnected, openCart, back
}

/// The payment service the chart invokes; the tests give it answers.
struct PaymentGateway: Sendable {
  let charge: @Sendable () -> AnyPublisher<Bool, Never>
}

let gateway = PaymentGateway { [answers = PaymentAnswers.shared] in answers.next() }

/// The answers the fake gateway gives, in order (then `false`).
final class PaymentAnswers: Sendable {
  static let shared = PaymentAnswers()
  let queue = Mutex<[Bool]>([])
  func next() -> AnyPublisher<Bool, Never> {
    Just(queue.withLock { $0.isEmpty ? false : $0.removeFirst() }).eraseToAnyPublisher()
  }
}

let checkoutFlow = StateGraph<Checkout, Shopper>(initial: .checkout, context: Attempts()) {
  Transition(from: .editing, on: .fill, to: .valid)
  Transition(from: .valid, on: .pay, to: .paying).guarded("online") { $0.isActive(.online) }
  Transition(from: .paying, on: .succeeded, to: .paid)
  Transition(from: .paying, on: .failed, to: .retrying).action { $0.context.failures += 1 }
  Transition(from: .online, on: .disconnected, to: .offline)
  Transition(from: .offline, on: .connected, to: .online)
  Transition(from: .checkout, on: .openCart, to: .cart)
  Transition(from: .cart, on: .back, to: .resume)
} chart: {
  Parallel(.checkout) {
    History(.resume, deep: true)
    Compound(.form, initial: .editing) {
      Leaf(.editing)
      Leaf(.valid)
      Leaf(.paying)
      Leaf(.retrying)
    }
    Compound(.connectivity, initial: .online) {
      Leaf(.online)
      Leaf(.offline)
    }
  }
  Final(.paid)
  Invoke(
    in: .paying, label: "gateway.charge()", { _ in gateway.charge() }, onValue: { $0 ? .succeeded : .failed })
  After("backoff", { .seconds(2 * $0.context.failures) }, from: .retrying, to: .paying)
    .guarded("under 3 failures") { $0.context.failures < 3 }
}

@Suite(.serialized) struct StatechartArticleTests {
  @Test func theCheckoutFlowRetriesWithABackoffFromItsContextThenGivesUp() throws {
    PaymentAnswers.shared.queue.withLock { $0 = [false, false, false] }
    let scheduler = TestScheduler()
    let machine = StateMachine(graph: checkoutFlow, scheduler: scheduler)
    try machine.trySend(.fill)
    try machine.trySend(.disconnected)
    #expect(!machine.can(.pay))  // the guard reads the other region
    try machine.trySend(.connected)
    try machine.trySend(.pay)
    #expect(machine.state == .retrying)
    #expect(machine.context.failures == 1)
    scheduler.advance(by: .seconds(2))
    #expect(machine.context.failures == 2)
    scheduler.advance(by: .seconds(4))
    #expect(machine.context.failures == 3)
    scheduler.advance(by: .seconds(60))
    #expect(machine.configuration == [.checkout, .form, .retrying, .connectivity, .online])
  }

  @Test func theCheckoutFlowResumesWhereItWasAfterTheCartAndEndsWhenPaid() throws {
    PaymentAnswers.shared.queue.withLock { $0 = [true] }
    let scheduler = TestScheduler()
    let machine = StateMachine(graph: checkoutFlow, scheduler: scheduler)
    try machine.trySend(.fill)
    try machine.trySend(.disconnected)
    try machine.trySend(.openCart)
    try machine.trySend(.back)
    #expect(machine.configuration == [.checkout, .form, .valid, .connectivity, .offline])
    try machine.trySend(.connected)
    try machine.trySend(.pay)
    #expect(machine.isFinished)
    #expect(machine.state == .paid)
    #expect(checkoutFlow.problems() == [])
  }

  @Test func thePlayerChart() throws {
    let scheduler = TestScheduler()
    let machine = StateMachine(graph: player, scheduler: scheduler)
    try machine.trySend(.play)
    #expect(machine.configuration == [.active, .playing])
    try machine.trySend(.pause)
    scheduler.advance(by: .seconds(300))
    #expect(machine.state == .stopped)
    try machine.trySend(.back)
    #expect(machine.configuration == [.active, .paused])
  }

  @Test func thePlayerChartIsSoundAndDraws() {
    #expect(player.problems() == [])
    #expect(
      player.mermaid() == """
        stateDiagram-v2
            [*] --> stopped
            state active {
                [*] --> playing
                state "H" as resume
                playing
                paused
                playing --> paused: pause
                paused --> playing: play
            }
            stopped
            stopped --> active: play
            stopped --> resume: back
            active --> stopped: stop
            paused --> stopped: after 300s

        """)
  }
}
