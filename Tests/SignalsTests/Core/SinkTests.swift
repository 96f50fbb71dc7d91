import Signals
import SignalsTesting
import Testing

@Suite struct SinkTests {
  @Test func receivesValuesAndCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    var values: [Int] = []
    var completions: [Subscribers.Completion<TestError>] = []
    let cancellable = subject.sink(
      receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
    subject.send(1)
    subject.send(completion: .failure(TestError(3)))
    #expect(values == [1])
    #expect(completions == [.failure(TestError(3))])
    _ = cancellable
  }

  @Test func aSubscriberOfVoidReceivesAValueWithReceiveAndNoArgument() {
    var values = 0
    let sink = Subscribers.Sink<Void, Never>(receiveCompletion: { _ in }, receiveValue: { values += 1 })
    sink.receive(subscription: Subscriptions.empty)
    #expect(sink.receive() == .none)
    #expect(values == 1)
  }

  @Test func cancelsASecondSubscription() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    first.subscribe(sink)
    second.subscribe(sink)
    #expect(first.subscriberCount == 1)
    #expect(second.subscriberCount == 0)
    sink.cancel()
    #expect(first.subscriberCount == 0)
  }

  @Test func cancelBeforeSubscriptionCancelsItWhenItArrives() {
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    sink.cancel()
    subject.subscribe(sink)
    subject.send(1)
    #expect(values.isEmpty)
    #expect(subject.subscriberCount == 0)
  }

  @Test func noCompletionAfterCancel() {
    let subject = PassthroughSubject<Int, Never>()
    var completed = false
    let cancellable = subject.sink(receiveCompletion: { _ in completed = true }, receiveValue: { _ in })
    cancellable.cancel()
    subject.send(completion: .finished)
    #expect(!completed)
  }

  @Test func droppingTheCancellableCancelsAndReleasesTheClosures() {
    final class Owner {}
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    do {
      let owner = Owner()
      weakOwner = owner
      let cancellable = subject.sink { _ in _ = owner }
      #expect(subject.subscriberCount == 1)
      _ = cancellable
    }
    #expect(subject.subscriberCount == 0)
    #expect(weakOwner == nil)
  }

  @Test func completionReleasesTheClosuresWhileTheCancellableIsHeld() {
    final class Owner {}
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var cancellable: AnyCancellable?
    do {
      let owner = Owner()
      weakOwner = owner
      cancellable = subject.sink { _ in _ = owner }
    }
    #expect(weakOwner != nil)
    subject.send(completion: .finished)
    #expect(weakOwner == nil)
    #expect(cancellable != nil)
  }

  @Test func aSinkHeldDirectlyLetsGoOfItsClosuresAtCompletion() {
    final class Owner {}
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var completions = 0
    var sink: Subscribers.Sink<Int, Never>?
    do {
      let owner = Owner()
      weakOwner = owner
      sink = Subscribers.Sink(
        receiveCompletion: { _ in
          _ = owner
          completions += 1
        },
        receiveValue: { _ in _ = owner })
    }
    subject.subscribe(sink!)
    #expect(weakOwner != nil)
    subject.send(completion: .finished)
    #expect(completions == 1)
    #expect(weakOwner == nil)
    // What is left does nothing, as in OpenCombine.
    sink?.receiveValue(1)
    sink?.receiveCompletion(.finished)
    #expect(completions == 1)
  }

  @Test func aCompletionFromInsideTheValueClosureReleasesItOnlyAfterItReturns() {
    final class Owner {}
    weak var weakOwner: Owner?
    var aliveAfterCompletion: [Bool] = []
    var sink: Subscribers.Sink<Int, Never>?
    do {
      let owner = Owner()
      weakOwner = owner
      sink = Subscribers.Sink(
        receiveCompletion: { _ in },
        receiveValue: { _ in
          // The completion replaces the closures while this one runs: what it captures must
          // stay alive until it returns.
          sink?.receive(completion: .finished)
          withExtendedLifetime(owner) { aliveAfterCompletion.append(weakOwner != nil) }
        })
    }
    _ = sink?.receive(1)
    #expect(aliveAfterCompletion == [true])
    #expect(weakOwner == nil)
    _ = sink?.receive(2)
    #expect(aliveAfterCompletion == [true])
  }

  @Test func aCompletionFromANestedValueCallReleasesTheClosureOnlyAfterTheOutermostReturns() {
    final class Owner {}
    weak var weakOwner: Owner?
    var aliveAfterInnerCall: [Bool] = []
    var sink: Subscribers.Sink<Int, Never>?
    do {
      let owner = Owner()
      weakOwner = owner
      sink = Subscribers.Sink(
        receiveCompletion: { _ in },
        receiveValue: { value in
          guard value == 1 else {
            // The inner call completes the sink while the outer one still runs.
            sink?.receive(completion: .finished)
            return
          }
          _ = sink?.receive(2)
          withExtendedLifetime(owner) { aliveAfterInnerCall.append(weakOwner != nil) }
        })
    }
    _ = sink?.receive(1)
    #expect(aliveAfterInnerCall == [true])
    #expect(weakOwner == nil)
    _ = sink?.receive(3)
    #expect(aliveAfterInnerCall == [true])
  }

  @Test func cancelReleasesTheClosuresWhileTheCancellableIsHeld() {
    final class Owner {}
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var cancellable: AnyCancellable?
    do {
      let owner = Owner()
      weakOwner = owner
      cancellable = subject.sink(receiveCompletion: { _ in _ = owner }, receiveValue: { _ in _ = owner })
    }
    cancellable?.cancel()
    #expect(weakOwner == nil)
    #expect(subject.subscriberCount == 0)
  }

  @Test func aFinishedChainLeavesNothingAliveBehindAHeldCancellable() {
    final class Owner {}
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let (cancellable, scope) = LiveSubscriptions.track { () -> AnyCancellable in
      let owner = Owner()
      weakOwner = owner
      return subject.scan(0, +).removeDuplicates().sink {
        _ = owner; values.append($0)
      }
    }
    subject.send(2)
    #expect(scope.count > 0)
    subject.send(completion: .finished)
    #expect(values == [2])
    #expect(scope.count == 0)
    #expect(weakOwner == nil)
    _ = cancellable
  }
}
