import Signals
import SignalsTesting
import Synchronization
import Testing

@Suite struct DemandArithmeticTests {
  typealias Demand = Subscribers.Demand

  @Test func addsSubtractsAndMultipliesAsCombineDoes() {
    #expect(Demand.max(2) + .max(3) == .max(5))
    #expect(Demand.max(2) + .unlimited == .unlimited)
    #expect(Demand.unlimited + 1 == .unlimited)
    #expect(Demand.max(Int.max) + 1 == .unlimited)
    #expect(Demand.max(5) - .max(2) == .max(3))
    #expect(Demand.max(2) - .max(5) == .none)
    #expect(Demand.max(2) - .unlimited == .none)
    #expect(Demand.unlimited - .max(5) == .unlimited)
    #expect(Demand.unlimited - .unlimited == .unlimited)
    #expect(Demand.max(3) - 1 == .max(2))
    #expect(Demand.max(3) * 4 == .max(12))
    #expect(Demand.unlimited * 4 == .unlimited)
    #expect(Demand.max(Int.max) * 2 == .unlimited)
    var demand = Demand.max(1)
    demand += .max(2)
    demand -= 1
    demand *= 3
    demand += 1
    demand -= .max(1)
    #expect(demand == .max(6))
  }

  @Test func comparesWithIntsAndDemands() {
    let one = Demand.max(1)
    #expect(one > 0)
    #expect(one >= 1)
    #expect(one < 2)
    #expect(one <= 1)
    #expect(one == 1)
    #expect(one != 2)
    #expect(0 < one)
    #expect(2 > one)
    #expect(Demand.unlimited > Int.max)
    #expect(Demand.unlimited != Int.max)
    #expect(!(Demand.unlimited < 5))
    #expect(Demand.none < one)
    #expect(one < Demand.unlimited)
    #expect(Demand.unlimited.max == nil)
    #expect(Demand.max(4).max == 4)
    #expect(Demand.max(4).description == "max(4)")
    #expect(Demand.unlimited.description == "unlimited")
  }

  @Test func aDifferenceThatOverflowsIsNoneAsInCombine() {
    #expect(Demand.max(Int.max) - (-1) == .none)
    var demand = Demand.max(Int.max)
    demand -= -1
    #expect(demand == .none)
    #expect(Demand.max(5) - (-1) == .max(6))
  }

  @Test func aNegativeLimitIsNoneInsteadOfATrap() {
    #expect(Demand.max(-3) == .none)
    #expect(Demand.max(1) + -5 == .none)
  }
}

/// A control-event publisher written as Combine code writes one: its own `Subscription` that
/// counts demand with `Subscribers.Demand` arithmetic. The one change: `@unchecked Sendable`,
/// because Signals' `Cancellable` is `Sendable` (a listed difference; in Swift 5 mode the same
/// file compiles unchanged, with a warning).
final class TapControl {
  var handlers: [(Int) -> Void] = []
  func tap(_ value: Int) { handlers.forEach { $0(value) } }
}

struct TapPublisher: Publisher {
  typealias Output = Int
  typealias Failure = Never
  let control: TapControl

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    let subscription = TapSubscription(subscriber: subscriber, control: control)
    subscriber.receive(subscription: subscription)
  }
}

final class TapSubscription<S: Subscriber>: Subscription, @unchecked Sendable where S.Input == Int {
  // @unchecked: as Combine code writes it, called on one thread (the test's).
  private var subscriber: S?
  private var demand: Subscribers.Demand = .none
  let combineIdentifier = CombineIdentifier()

  init(subscriber: S, control: TapControl) {
    self.subscriber = subscriber
    control.handlers.append { [weak self] value in self?.send(value) }
  }

  private func send(_ value: Int) {
    guard let subscriber, demand > 0 else { return }
    demand -= 1
    demand += subscriber.receive(value)
  }

  func request(_ demand: Subscribers.Demand) { self.demand += demand }
  func cancel() { subscriber = nil }
}

/// A subscriber written as Combine code writes one: one value at a time.
final class OneAtATime: Subscriber {
  typealias Input = Int
  typealias Failure = Never
  let combineIdentifier = CombineIdentifier()
  var received: [Int] = []
  var subscription: (any Subscription)?
  var finished = false

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(.max(1))
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    received.append(input)
    return input < 3 ? .max(1) : .none
  }

  func receive(completion: Subscribers.Completion<Never>) { finished = true }
}

@Suite struct CombineShapedTypesTests {
  @Test func aCombineWrittenSubscriptionSendsOnlyWhatWasRequested() {
    let control = TapControl()
    let recorder = TapPublisher(control: control).map { $0 * 10 }.record(demand: .max(2))
    for value in 1...5 { control.tap(value) }
    #expect(recorder.values == [10, 20])
    recorder.request(.max(1))
    control.tap(6)
    control.tap(7)
    #expect(recorder.values == [10, 20, 60])
  }

  @Test func aCombineWrittenSubscriberTakesOneAtATime() {
    let subscriber = OneAtATime()
    (1...10).publisher.subscribe(subscriber)
    #expect(subscriber.received == [1, 2, 3])
    #expect(!subscriber.finished)
    subscriber.subscription?.request(.max(2))
    #expect(subscriber.received == [1, 2, 3, 4, 5])
    #expect(subscriber.combineIdentifier == subscriber.combineIdentifier)
  }

  @Test func combineIdentifiersAreUniqueAndFollowIdentity() {
    let subscriber = OneAtATime()
    let other = OneAtATime()
    #expect(subscriber.combineIdentifier != other.combineIdentifier)
    #expect(CombineIdentifier() != CombineIdentifier())
    #expect(CombineIdentifier(subscriber) == CombineIdentifier(subscriber))
  }
}

@Suite struct SourceDemandTests {
  @Test func aPassthroughSubjectDropsValuesForASubscriberWithoutDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let slow = subject.record(demand: .max(1))
    let fast = subject.record()
    subject.send(1)
    subject.send(2)
    slow.request(.max(1))
    subject.send(3)
    #expect(slow.values == [1, 3])
    #expect(fast.values == [1, 2, 3])
  }

  @Test func aSequenceEmitsAsRequestedAndFinishesAfterItsLastElement() {
    let recorder = [1, 2, 3].publisher.record(demand: .none)
    #expect(recorder.events.isEmpty)
    recorder.request(.max(2))
    #expect(recorder.values == [1, 2])
    #expect(recorder.completion == nil)
    recorder.request(.max(1))
    #expect(recorder.events == [.value(1), .value(2), .value(3), .completion(.finished)])
    #expect([Int]().publisher.record(demand: .none).isFinished)
  }

  @Test func justWaitsForARequest() {
    let recorder = Just(7).record(demand: .none)
    #expect(recorder.events.isEmpty)
    recorder.request(.max(1))
    #expect(recorder.events == [.value(7), .completion(.finished)])
  }

  @Test func aFutureHoldsItsValueUntilRequested() {
    let future = Future<Int, Never> { $0(.success(5)) }
    let recorder = future.record(demand: .none)
    #expect(recorder.events.isEmpty)
    recorder.request(.max(1))
    #expect(recorder.events == [.value(5), .completion(.finished)])
  }

  @Test func aStepwiseRecorderSeesOneValueAtATime() {
    let recorder = (1...4).publisher.map { $0 * 2 }.filter { $0 != 4 }.record(demand: .stepwise)
    #expect(recorder.values == [2, 6, 8])
    #expect(recorder.isFinished)
    #expect(recorder.requests.count == 4)
  }

  @Test func aRecorderRequestsOnATimeline() throws {
    let scheduler = TestScheduler()
    let source = try scheduler.hot("-a-b-c-d-|")
    let later = SchedulerTime.zero.advanced(by: .milliseconds(4))
    let recorder = source.record(on: scheduler, demand: .timeline([(.zero, .max(1)), (later, .max(1))]))
    scheduler.run()
    #expect(recorder.values == ["a", "c"])
    #expect(recorder.isFinished)
  }
}

@Suite struct DemandReentrancyTests {
  @Test func aRequestFromInsideReceiveIsServedAfterItReturns() {
    let subject = PassthroughSubject<Int, Never>()
    var depth = 0
    var maxDepth = 0
    var received: [Int] = []
    var subscription: (any Subscription)?
    subject.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.max(1))
        },
        receiveValue: { value in
          depth += 1
          maxDepth = max(maxDepth, depth)
          received.append(value)
          if value < 3 {
            subscription?.request(.max(1))
            subject.send(value + 1)
          }
          depth -= 1
          return .none
        }))
    subject.send(1)
    #expect(received == [1, 2, 3])
    #expect(maxDepth == 1)
  }

  @Test func requestsFromAnotherThreadAddUp() async {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record(demand: .none)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<250 { recorder.request(.max(1)) } }
      }
    }
    for value in 0..<1_200 { subject.send(value) }
    #expect(recorder.values.count == 1_000)
  }
}
