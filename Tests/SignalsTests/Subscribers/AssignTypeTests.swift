import Signals
import SignalsTesting
import Testing

/// `Subscribers.Assign`, the subscriber `assign(to:on:)` makes (Combine's shape).
@Suite struct AssignTypeTests {
  final class Model: @unchecked Sendable {
    var value = 0
  }

  @Test func writesEachValueAndAsksForEverything() {
    let model = Model()
    var requests: [Subscribers.Demand] = []
    let subject = PassthroughSubject<Int, Never>()
    let assign = Subscribers.Assign(object: model, keyPath: \Model.value)
    subject.handleEvents(receiveRequest: { requests.append($0) }).subscribe(assign)
    subject.send(3)
    #expect(model.value == 3)
    subject.send(5)
    #expect(model.value == 5)
    #expect(requests == [.unlimited])
    #expect(assign.object === model)
    #expect(assign.keyPath == \Model.value)
    assign.cancel()
  }

  @Test func letsGoOfTheObjectAtCompletion() {
    weak var released: Model?
    let subject = PassthroughSubject<Int, Never>()
    let assign: Subscribers.Assign<Model, Int>
    do {
      let model = Model()
      released = model
      assign = Subscribers.Assign(object: model, keyPath: \.value)
      subject.subscribe(assign)
    }
    #expect(released != nil)
    subject.send(completion: .finished)
    #expect(released == nil)
    #expect(assign.object == nil)
  }

  @Test func cancelLetsGoOfTheObjectAndTheSubscription() {
    weak var released: Model?
    let subject = PassthroughSubject<Int, Never>()
    let cancellable: AnyCancellable
    do {
      let model = Model()
      released = model
      cancellable = subject.assign(to: \.value, on: model)
    }
    subject.send(1)
    #expect(released?.value == 1)
    cancellable.cancel()
    #expect(released == nil)
    #expect(subject.subscriberCount == 0)
    subject.send(2)
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let model = Model()
    let assign = Subscribers.Assign(object: model, keyPath: \Model.value)
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    first.subscribe(assign)
    second.subscribe(assign)
    #expect(second.subscriberCount == 0)
    first.send(7)
    #expect(model.value == 7)
    assign.cancel()
  }
}
