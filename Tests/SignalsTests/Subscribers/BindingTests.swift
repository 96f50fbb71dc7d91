import Signals
import SignalsExtras
import SignalsTesting
import Testing

@Suite struct PublishedTests {
  final class Model {
    @Published var name = "initial"
    var seenInsideSubscriber: [String] = []
  }

  @Test func publishesTheCurrentValueThenEachNewOne() {
    let model = Model()
    let recorder = model.$name.record()
    model.name = "a"
    model.name = "b"
    #expect(recorder.values == ["initial", "a", "b"])
  }

  @Test func subscribersSeeTheStoredValue() {
    let model = Model()
    let cancellable = model.$name.sink { [unowned model] _ in
      model.seenInsideSubscriber.append(model.name)
    }
    model.name = "after"
    #expect(model.seenInsideSubscriber == ["initial", "after"])
    cancellable.cancel()
  }

  @Test func assignToPublishedLivesAsLongAsTheProperty() {
    let source = PassthroughSubject<String, Never>()
    var model: Model? = Model()
    source.assign(to: &model!.$name)
    source.send("from source")
    #expect(model?.name == "from source")
    weak let gone = model
    model = nil
    #expect(gone == nil)
    #expect(source.subscriberCount == 0)
  }
}

@Suite struct AssignTests {
  final class Target {
    var value = 0
  }

  @Test func completionReleasesTheObjectWhileTheCancellableIsHeld() {
    let subject = PassthroughSubject<Int, Never>()
    var target: Target? = Target()
    weak let weakTarget = target
    let cancellable = subject.assign(to: \.value, on: target!)
    subject.send(5)
    #expect(target?.value == 5)
    target = nil
    #expect(weakTarget != nil)
    subject.send(completion: .finished)
    #expect(weakTarget == nil)
    _ = cancellable
  }

  @Test func cancelReleasesTheObjectWhileTheCancellableIsHeld() {
    let subject = PassthroughSubject<Int, Never>()
    var target: Target? = Target()
    weak let weakTarget = target
    let cancellable = subject.assign(to: \.value, on: target!)
    target = nil
    cancellable.cancel()
    #expect(weakTarget == nil)
    _ = cancellable
  }

  @Test func writesEachValue() {
    let target = Target()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.assign(to: \.value, on: target)
    subject.send(3)
    #expect(target.value == 3)
    cancellable.cancel()
    subject.send(4)
    #expect(target.value == 3)
  }

  @Test func onWeakDoesNotRetainAndCancelsItselfWhenTheObjectIsGone() {
    var target: Target? = Target()
    weak let weakTarget = target
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.assign(to: \.value, onWeak: target!)
    subject.send(1)
    #expect(target?.value == 1)
    target = nil
    #expect(weakTarget == nil)
    subject.send(2)
    #expect(subject.subscriberCount == 0)
    cancellable.cancel()
  }
}

@Suite struct ValuesTests {
  @Test func iteratesEveryValueThenEnds() async {
    var seen: [Int] = []
    for await value in [1, 2, 3].publisher.values { seen.append(value) }
    #expect(seen == [1, 2, 3])
  }

  @Test func throwsTheFailure() async {
    let failing = [1].publisher.setFailureType(to: TestError.self).append(Fail(error: TestError(6)))
    var seen: [Int] = []
    await #expect(throws: TestError(6)) {
      for try await value in failing.values { seen.append(value) }
    }
    #expect(seen == [1])
  }

  @Test func endingTheLoopCancelsTheSubscription() async {
    let subject = CurrentValueSubject<Int, Never>(0)
    for await _ in subject.values { break }
    #expect(subject.subscriberCount == 0)
  }
}
