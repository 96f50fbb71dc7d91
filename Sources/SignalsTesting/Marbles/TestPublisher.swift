import Signals

/// The error `#` stands for in a marble diagram when no `error:` is given.
public struct MarbleFailure: Error, Equatable, CustomStringConvertible {
  /// Makes the error.
  public init() {}
  /// `#`.
  public var description: String { "#" }
}

/// A publisher that plays a marble diagram on a `TestScheduler` and records when it was
/// subscribed to and cancelled.
///
/// A hot one plays its diagram once, from the moment it is made (its `^` is that moment), to
/// whoever is subscribed at each event. A cold one plays the whole diagram for each subscriber,
/// from the moment it subscribes. Threading: as `TestScheduler`: events are sent from the thread
/// that advances the clock.
public final class TestPublisher<Output: Sendable, Failure: Error>: Publisher, Sendable {
  /// When a subscriber subscribed, and when it cancelled, in virtual time (the module-level
  /// `SubscriptionRecord`, named here too so that existing code keeps compiling).
  public typealias SubscriptionRecord = SignalsTesting.SubscriptionRecord

  enum Mode {
    case hot(PassthroughSubject<Output, Failure>)
    case cold
  }

  let scheduler: TestScheduler
  let diagram: [(offset: SchedulerTime.Stride, event: Subscribers.Completion<Failure>?, value: Output?)]
  let mode: Mode
  let records = Guarded<[SubscriptionRecord]>([])

  /// Plays `diagram`; a `#` sends `error` (callers without one check first that the diagram
  /// has no `#`: see `infallible(_:text:)`).
  init(
    scheduler: TestScheduler, diagram: MarbleDiagram<Output>, error: Failure?, hot: Bool
  ) {
    self.scheduler = scheduler
    self.diagram = diagram.entries.map { entry in
      switch entry.event {
      case .value(let value): (entry.offset, nil, value)
      case .finished: (entry.offset, .finished, nil)
      case .failure: (entry.offset, error.map { .failure($0) }, nil)
      }
    }
    if hot {
      let subject = PassthroughSubject<Output, Failure>()
      mode = .hot(subject)
      let origin = scheduler.now
      for step in self.diagram where step.offset >= .zero {
        scheduler.schedule(after: origin.advanced(by: step.offset)) { [step] in
          if let value = step.value { subject.send(value) }
          if let completion = step.event { subject.send(completion: completion) }
        }
      }
    } else {
      mode = .cold
    }
  }

  /// Every subscription so far, in order.
  public var subscriptions: [SubscriptionRecord] { records.withLock { $0 } }

  /// Subscribes `subscriber`, recording the time; a cold publisher starts its diagram now.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let index = records.withLock { records -> Int in
      records.append(SubscriptionRecord(subscribed: scheduler.now))
      return records.count - 1
    }
    let onCancel: @Sendable () -> Void = { [self] in
      let time = scheduler.now
      records.withLock { $0[index].cancelled = time }
    }
    switch mode {
    case .hot(let subject):
      subject.subscribe(RecordingSubscriber(downstream: subscriber, onCancel: onCancel))
    case .cold:
      let subject = PassthroughSubject<Output, Failure>()
      let origin = scheduler.now
      let tokens = diagram.map { step in
        scheduler.schedule(after: origin.advanced(by: step.offset)) {
          if let value = step.value { subject.send(value) }
          if let completion = step.event { subject.send(completion: completion) }
        }
      }
      subject.subscribe(
        RecordingSubscriber(downstream: subscriber) {
          onCancel()
          for token in tokens { token.cancel() }
        })
    }
  }
}

/// Passes events through and wraps the subscription so its cancellation is recorded.
struct RecordingSubscriber<Downstream: Subscriber>: Subscriber {
  let downstream: Downstream
  let onCancel: @Sendable () -> Void

  func receive(subscription: any Subscription) {
    downstream.receive(subscription: RecordedSubscription(wrapped: subscription, onCancel: onCancel))
  }
  func receive(_ input: Downstream.Input) -> Subscribers.Demand { downstream.receive(input) }
  func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
  }
}

/// A subscription that reports its first cancellation.
final class RecordedSubscription: Subscription {
  let wrapped: any Subscription
  let onCancel: @Sendable () -> Void
  let cancelled = Guarded(false)

  init(wrapped: any Subscription, onCancel: @escaping @Sendable () -> Void) {
    self.wrapped = wrapped
    self.onCancel = onCancel
  }

  func request(_ demand: Subscribers.Demand) { wrapped.request(demand) }

  func cancel() {
    let first = cancelled.withLock { cancelled -> Bool in
      defer { cancelled = true }
      return !cancelled
    }
    guard first else { return }
    onCancel()
    wrapped.cancel()
  }
}

extension TestScheduler {
  /// A hot publisher playing `marbles` from now; value characters map through `values`, `#`
  /// fails with `error`. Throws `MarbleError` for a malformed diagram.
  ///
  /// - Parameters:
  ///   - marbles: The diagram to play.
  ///   - values: What each value character stands for.
  ///   - error: The failure a `#` sends.
  /// - Returns: A hot publisher of the diagram, from now.
  /// - Throws: `MarbleError` for a malformed diagram.
  public func hot<Output: Sendable, Failure: Error>(
    _ marbles: String, values: [Character: Output], error: Failure
  ) throws(MarbleError) -> TestPublisher<Output, Failure> {
    let diagram = try MarbleDiagram(marbles, frameDuration: frameDuration) { values[$0] }
    return TestPublisher(scheduler: self, diagram: diagram, error: error, hot: true)
  }

  /// A cold publisher playing `marbles` for each subscriber; see `hot(_:values:error:)`.
  ///
  /// - Parameters:
  ///   - marbles: The diagram to play.
  ///   - values: What each value character stands for.
  ///   - error: The failure a `#` sends.
  /// - Returns: A cold publisher of the diagram, for each subscriber from its subscription.
  /// - Throws: `MarbleError` for a malformed diagram.
  public func cold<Output: Sendable, Failure: Error>(
    _ marbles: String, values: [Character: Output], error: Failure
  ) throws(MarbleError) -> TestPublisher<Output, Failure> {
    let diagram = try MarbleDiagram(marbles, frameDuration: frameDuration) { values[$0] }
    return TestPublisher(scheduler: self, diagram: diagram, error: error, hot: false)
  }

  /// A hot publisher whose values are mapped through `values`; `#` fails with `MarbleFailure`.
  ///
  /// - Parameters:
  ///   - marbles: The diagram to play.
  ///   - values: What each value character stands for.
  /// - Returns: A hot publisher of the diagram, from now.
  /// - Throws: `MarbleError` for a malformed diagram.
  public func hot<Output: Sendable>(
    _ marbles: String, values: [Character: Output]
  ) throws(MarbleError) -> TestPublisher<Output, MarbleFailure> {
    try hot(marbles, values: values, error: MarbleFailure())
  }

  /// A cold publisher whose values are mapped through `values`; `#` fails with `MarbleFailure`.
  ///
  /// - Parameters:
  ///   - marbles: The diagram to play.
  ///   - values: What each value character stands for.
  /// - Returns: A cold publisher of the diagram, for each subscriber from its subscription.
  /// - Throws: `MarbleError` for a malformed diagram.
  public func cold<Output: Sendable>(
    _ marbles: String, values: [Character: Output]
  ) throws(MarbleError) -> TestPublisher<Output, MarbleFailure> {
    try cold(marbles, values: values, error: MarbleFailure())
  }

  /// A hot publisher that cannot fail (`Failure == Never`, or any error type the caller names),
  /// so that it can drive `assign(to:on:)`, `assign(to: &$property)` or a subject of that type:
  ///
  /// ```swift
  /// try scheduler.hot("-a-b", values: ["a": "al", "b": "alice"]).assign(to: &model.$account)
  /// let typing: TestPublisher<String, Never> = try scheduler.hot("-a-b", values: ...)
  /// ```
  ///
  /// The failure type comes from the context or from `failureType`. Throws `MarbleError` for a
  /// malformed diagram, and `.failureInInfallibleDiagram` for a `#`, which it has no error for.
  ///
  /// - Parameters:
  ///   - marbles: The diagram to play.
  ///   - values: What each value character stands for.
  ///   - failureType: The failure type; no event of the diagram sends one.
  /// - Returns: A hot publisher of the diagram, from now.
  /// - Throws: `MarbleError` for a malformed diagram, `.failureInInfallibleDiagram` for a `#`.
  public func hot<Output: Sendable, Failure: Error>(
    _ marbles: String, values: [Character: Output], failureType: Failure.Type = Failure.self
  ) throws(MarbleError) -> TestPublisher<Output, Failure> {
    let diagram = try infallible(
      MarbleDiagram(marbles, frameDuration: frameDuration) { values[$0] }, text: marbles)
    return TestPublisher(scheduler: self, diagram: diagram, error: nil, hot: true)
  }

  /// A cold publisher that cannot fail; see `hot(_:values:failureType:)`.
  ///
  /// - Parameters:
  ///   - marbles: The diagram to play.
  ///   - values: What each value character stands for.
  ///   - failureType: The failure type; no event of the diagram sends one.
  /// - Returns: A cold publisher of the diagram, for each subscriber from its subscription.
  /// - Throws: `MarbleError` for a malformed diagram, `.failureInInfallibleDiagram` for a `#`.
  public func cold<Output: Sendable, Failure: Error>(
    _ marbles: String, values: [Character: Output], failureType: Failure.Type = Failure.self
  ) throws(MarbleError) -> TestPublisher<Output, Failure> {
    let diagram = try infallible(
      MarbleDiagram(marbles, frameDuration: frameDuration) { values[$0] }, text: marbles)
    return TestPublisher(scheduler: self, diagram: diagram, error: nil, hot: false)
  }

  /// A hot publisher that cannot fail, whose values are the diagram's characters as strings;
  /// see `hot(_:values:failureType:)`.
  ///
  /// - Parameters:
  ///   - marbles: The diagram to play.
  ///   - failureType: The failure type; no event of the diagram sends one.
  /// - Returns: A hot publisher of the diagram, from now.
  /// - Throws: `MarbleError` for a malformed diagram, `.failureInInfallibleDiagram` for a `#`.
  public func hot<Failure: Error>(
    _ marbles: String, failureType: Failure.Type = Failure.self
  ) throws(MarbleError) -> TestPublisher<String, Failure> {
    let diagram = try infallible(MarbleDiagram(marbles, frameDuration: frameDuration), text: marbles)
    return TestPublisher(scheduler: self, diagram: diagram, error: nil, hot: true)
  }

  /// A cold publisher that cannot fail, whose values are the diagram's characters as strings;
  /// see `hot(_:values:failureType:)`.
  ///
  /// - Parameters:
  ///   - marbles: The diagram to play.
  ///   - failureType: The failure type; no event of the diagram sends one.
  /// - Returns: A cold publisher of the diagram, for each subscriber from its subscription.
  /// - Throws: `MarbleError` for a malformed diagram, `.failureInInfallibleDiagram` for a `#`.
  public func cold<Failure: Error>(
    _ marbles: String, failureType: Failure.Type = Failure.self
  ) throws(MarbleError) -> TestPublisher<String, Failure> {
    let diagram = try infallible(MarbleDiagram(marbles, frameDuration: frameDuration), text: marbles)
    return TestPublisher(scheduler: self, diagram: diagram, error: nil, hot: false)
  }

  /// `diagram`, if it has no `#`; otherwise the error pointing at the `#` in `text`.
  func infallible<V>(_ diagram: MarbleDiagram<V>, text: String) throws(MarbleError) -> MarbleDiagram<V> {
    guard diagram.entries.contains(where: { if case .failure = $0.event { true } else { false } }) else {
      return diagram
    }
    let column = (Array(text).firstIndex(of: "#") ?? 0) + 1
    throw MarbleError(diagram: text, column: column, reason: .failureInInfallibleDiagram)
  }

  /// A hot publisher whose values are the diagram's characters, as strings.
  ///
  /// - Parameter marbles: The diagram to play.
  /// - Returns: A hot publisher of the diagram, from now.
  /// - Throws: `MarbleError` for a malformed diagram.
  public func hot(_ marbles: String) throws(MarbleError) -> TestPublisher<String, MarbleFailure> {
    let diagram = try MarbleDiagram(marbles, frameDuration: frameDuration)
    return TestPublisher(scheduler: self, diagram: diagram, error: MarbleFailure(), hot: true)
  }

  /// A cold publisher whose values are the diagram's characters, as strings.
  ///
  /// - Parameter marbles: The diagram to play.
  /// - Returns: A cold publisher of the diagram, for each subscriber from its subscription.
  /// - Throws: `MarbleError` for a malformed diagram.
  public func cold(_ marbles: String) throws(MarbleError) -> TestPublisher<String, MarbleFailure> {
    let diagram = try MarbleDiagram(marbles, frameDuration: frameDuration)
    return TestPublisher(scheduler: self, diagram: diagram, error: MarbleFailure(), hot: false)
  }

  /// Subscribes to `publisher` now, runs the clock until nothing is left, and returns what it
  /// delivered as a marble diagram from now: `#expect(scheduler.run(output) == "--a--|")`.
  ///
  /// Values render through `values` (or as themselves when one character long). For a
  /// publisher that never ends (a timer), cancel it with `prefix`, or use `advance` and a
  /// `Recorder`: `run()` stops after a million actions.
  ///
  /// - Parameters:
  ///   - publisher: The publisher to run.
  ///   - values: The character each value is written as.
  /// - Returns: What arrived, as a marble diagram from now.
  public func run<P: Publisher>(_ publisher: P, values: [Character: P.Output] = [:]) -> String
  where P.Output: Equatable {
    let start = now
    let recorder = publisher.record(on: self)
    run()
    defer { recorder.cancel() }
    return recorder.marbles(values: values, from: start, frameDuration: frameDuration)
  }

  /// Subscribes to `publisher` at the `^` of `subscription` (at once without one), cancels at
  /// its `!` (never without one; what is due in that frame still arrives first), runs the
  /// clock until nothing is left, and returns what was delivered, as a marble diagram aligned
  /// with `subscription`:
  ///
  /// ```swift
  /// let ticks = try scheduler.hot("-a-b-c-d-e-|")
  /// #expect(try scheduler.run(ticks, subscription: "--^---!") == "---b-c")
  /// ```
  ///
  /// `subscription` holds only frames, time progressions, at most one `^` and at most one `!`
  /// after it; anything else (a value, `|`, `#`, a second marker, `!` before `^`) is a thrown
  /// `MarbleError` pointing at its column, like any malformed diagram, and nothing is run.
  ///
  /// - Parameters:
  ///   - publisher: The publisher to run.
  ///   - subscription: When to subscribe (`^`) and to cancel (`!`).
  ///   - values: The character each value is written as.
  /// - Returns: What arrived, as a marble diagram from now.
  /// - Throws: `MarbleError` for a malformed `subscription`; nothing is run.
  public func run<P: Publisher>(
    _ publisher: P, subscription: String, values: [Character: P.Output] = [:]
  ) throws(MarbleError) -> String where P.Output: Equatable {
    let diagram = try SubscriptionDiagram(subscription, frameDuration: frameDuration)
    let start = now
    advance(to: start.advanced(by: diagram.origin))
    let recorder = publisher.record(on: self)
    if let cancellation = diagram.cancellation {
      let handle: any Cancellable = recorder  // not the generic type: the closure is Sendable
      schedule(after: start.advanced(by: diagram.origin + cancellation)) { handle.cancel() }
    }
    run()
    defer { recorder.cancel() }
    return recorder.marbles(values: values, from: start, frameDuration: frameDuration)
  }
}

/// A subscription diagram (`--^---!`): where to subscribe and where to cancel, checked.
struct SubscriptionDiagram {
  /// The offset of `^` from the diagram's start; zero without one.
  let origin: SchedulerTime.Stride
  /// The offset of `!` from the origin, if there is one; never negative.
  let cancellation: SchedulerTime.Stride?

  init(_ diagram: String, frameDuration: SchedulerTime.Stride) throws(MarbleError) {
    var parser = MarbleParser(diagram: diagram, frameDuration: frameDuration)
    try parser.parse { _, token, column throws(MarbleError) in
      let character: Character =
        switch token {
        case .value(let value): value
        case .finished: "|"
        case .failure: "#"
        }
      throw MarbleError(diagram: diagram, column: column, reason: .notInSubscription(character))
    }
    let origin = parser.origin ?? .zero
    if let cancellation = parser.cancellation, cancellation < origin {
      let column = (Array(diagram).firstIndex(of: "!") ?? 0) + 1
      throw MarbleError(diagram: diagram, column: column, reason: .cancellationBeforeSubscription)
    }
    self.origin = origin
    cancellation = parser.cancellation.map { $0 - origin }
  }
}
