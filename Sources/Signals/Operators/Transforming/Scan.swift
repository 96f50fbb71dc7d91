extension Publisher {
  /// Delivers a running accumulation: `nextPartialResult(previous, value)` for each value,
  /// starting from `initialResult`.
  ///
  /// ```
  /// upstream:    -1-2-3-|
  /// scan(0, +):  -1-3-6-|
  /// ```
  ///
  /// Each subscriber accumulates from `initialResult` on its own. Completion passes through.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result.
  /// - Returns: A publisher of each intermediate result.
  @inlinable
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }

  /// `scan` with a closure that may throw; a thrown error cancels the upstream and fails.
  ///
  /// ```
  /// upstream:                   -1-2-3-|
  /// tryScan(0, +, throws on 3): -1-3-#
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result; an error it throws fails the publisher.
  /// - Returns: A publisher of each intermediate result.
  @inlinable
  public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// The publisher `scan(_:_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer. Like Combine's, it hands
  /// the upstream's subscription to its subscriber; each subscription accumulates in its own
  /// subscriber, from `initialResult`.
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The result before any value.
    public let initialResult: Output
    /// Folds a value into the result, which is then delivered.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - initialResult: The result before any value.
    ///   - nextPartialResult: Folds a value into the result, which is then delivered.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Subscribes `subscriber` through a fresh accumulation.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ScanSubscriber(
          downstream: subscriber, initialResult: initialResult, nextPartialResult: nextPartialResult))
    }
  }

  /// The publisher `tryScan(_:_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryScan<Upstream: Publisher, Output>: Publisher, RelayOperator {
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The result before any value.
    public let initialResult: Output
    /// Folds a value into the result, which is then delivered; an error it throws fails the publisher.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - initialResult: The result before any value.
    ///   - nextPartialResult: Folds a value into the result, which is then delivered; an error it throws fails the publisher.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    @usableFromInline static var relayName: String { "TryScan" }
    /// Combine's `TryScan` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(earlyValues: true, earlyCompletion: false, cancelledEarly: .leavesIt)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let nextPartialResult = self.nextPartialResult
      var result = initialResult
      var rules = RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>(throwing: { value in
        do {
          result = try nextPartialResult(result, value)
          return .emit(result)
        } catch { return .fail(error) }
      })
      // Combine's mirror shows the running result (`result`).
      rules.mirrored = { result }
      return rules
    }
  }
}

/// The subscriber `scan` puts between its upstream and its subscriber: it keeps the running
/// result and hands the upstream's subscription through, as Combine's `Scan` does. No lock:
/// the upstream calls it serially (the Subscriber contract), as Combine's keeps none either.
@usableFromInline
final class ScanSubscriber<Input, Downstream: Subscriber>: Subscriber {
  /// `nil` once the completion has passed, so that a subscriber that keeps the upstream's subscription
  /// does not keep itself alive through it (Combine's subjects let go of their subscriber at the
  /// completion; a Signals subject keeps this object, which lets go instead).
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
  @usableFromInline let nextPartialResult: (Downstream.Input, Input) -> Downstream.Input
  @usableFromInline @exclusivity(unchecked) var result: Downstream.Input

  @inlinable init(
    downstream: Downstream, initialResult: Downstream.Input,
    nextPartialResult: @escaping (Downstream.Input, Input) -> Downstream.Input
  ) {
    self.downstream = downstream
    self.nextPartialResult = nextPartialResult
    result = initialResult
  }

  @inlinable func receive(subscription: any Subscription) {
    downstream?.receive(subscription: subscription)
  }
  @inlinable func receive(_ input: Input) -> Subscribers.Demand {
    guard let downstream else { return .none }
    result = nextPartialResult(result, input)
    return downstream.receive(result)
  }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    guard let downstream else { return }
    self.downstream = nil
    downstream.receive(completion: completion)
  }
}
