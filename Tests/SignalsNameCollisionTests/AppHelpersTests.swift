import Signals
import Testing

// An app's own helpers, written the way apps and libraries write them on top of Combine. After
// the swap from `import Combine` to `import Signals` they must still compile and be the ones
// called: were `Signals` to declare the same names (they live in `SignalsExtras`), the calls
// below would be "ambiguous use", or would reach Signals' versions and fail the type checks.
// This target depends on `Signals` alone, so nothing brings `SignalsExtras` in.

extension Publisher {
  /// The app's `withLatestFrom`: each value of `self` paired with nothing but `other`'s latest.
  func withLatestFrom<Other: Publisher>(_ other: Other) -> AnyPublisher<Other.Output, Failure>
  where Other.Failure == Failure {
    other.map { latest in self.map { _ in latest } }.switchToLatest().eraseToAnyPublisher()
  }

  /// The app's `share(replay:)`: one shared subscription whose latest value a new subscriber gets.
  func share(replay: Int) -> AnyPublisher<Output, Failure> {
    let latest = CurrentValueSubject<Output?, Failure>(nil)
    return map(Optional.some).multicast(subject: latest).autoconnect().compactMap { $0 }
      .eraseToAnyPublisher()
  }
}

extension Publisher where Failure == Never {
  /// The app's non-retaining `assign`, with the signature `SignalsExtras` also uses.
  func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, onWeak object: Root
  ) -> AnyCancellable {
    sink { [weak object] value in object?[keyPath: keyPath] = value }
  }
}

extension Collection where Element: Publisher {
  /// The app's `merge()` of a collection of publishers.
  func merge() -> AnyPublisher<Element.Output, Element.Failure> {
    Publishers.MergeMany(Array(self)).eraseToAnyPublisher()
  }

  /// The app's `combineLatest()` of a collection of publishers, built from pairs.
  func combineLatest() -> AnyPublisher<[Element.Output], Element.Failure> {
    guard let first else { return Empty().eraseToAnyPublisher() }
    return dropFirst().reduce(first.map { [$0] }.eraseToAnyPublisher()) { combined, next in
      combined.combineLatest(next) { $0 + [$1] }.eraseToAnyPublisher()
    }
  }
}

extension Scheduler {
  /// The app's timer helper, spelled like `SignalsExtras`' one.
  func timer(every interval: SchedulerTime.Stride) -> AnyPublisher<Int, Never> {
    Just(Int(interval.nanoseconds)).eraseToAnyPublisher()
  }
}

@Suite struct AppHelpersTests {
  final class Model {
    var name = ""
  }

  @Test func appsOwnWithLatestFromCompilesAndIsTheOneCalled() {
    let triggers = PassthroughSubject<String, Never>()
    let others = PassthroughSubject<Int, Never>()
    let sampled = triggers.withLatestFrom(others)
    #expect(type(of: sampled) == AnyPublisher<Int, Never>.self)
    var received: [Int] = []
    let cancellable = sampled.sink { received.append($0) }
    others.send(1)
    triggers.send("a")
    #expect(received == [1])
    cancellable.cancel()
  }

  @Test func appsOwnShareReplayCompilesAndIsTheOneCalled() {
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share(replay: 1)
    #expect(type(of: shared) == AnyPublisher<Int, Never>.self)
    var first: [Int] = []
    var second: [Int] = []
    let one = shared.sink { first.append($0) }
    source.send(1)
    let two = shared.sink { second.append($0) }
    #expect(first == [1])
    #expect(second == [1])
    one.cancel()
    two.cancel()
  }

  @Test func appsOwnAssignOnWeakCompilesAndIsTheOneCalled() {
    let source = PassthroughSubject<String, Never>()
    let model = Model()
    let cancellable = source.assign(to: \.name, onWeak: model)
    source.send("a")
    #expect(model.name == "a")
    cancellable.cancel()
  }

  @Test func appsOwnCollectionMergeCompilesAndIsTheOneCalled() {
    let merged = [Just(1), Just(2)].merge()
    #expect(type(of: merged) == AnyPublisher<Int, Never>.self)
    var received: [Int] = []
    _ = merged.sink { received.append($0) }
    #expect(received == [1, 2])
  }

  @Test func appsOwnCollectionCombineLatestCompilesAndIsTheOneCalled() {
    let combined = [Just(1), Just(2), Just(3)].combineLatest()
    #expect(type(of: combined) == AnyPublisher<[Int], Never>.self)
    var received: [[Int]] = []
    _ = combined.sink { received.append($0) }
    #expect(received == [[1, 2, 3]])
  }

  @Test func appsOwnSchedulerTimerCompilesAndIsTheOneCalled() {
    let ticks = ImmediateScheduler.shared.timer(every: .nanoseconds(7))
    var received: [Int] = []
    _ = ticks.sink { received.append($0) }
    #expect(received == [7])
  }
}
