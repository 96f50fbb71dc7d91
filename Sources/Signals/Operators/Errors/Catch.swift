extension Publisher {
  /// Replaces a failure with the publisher `handler` makes from it, and goes on with that one.
  ///
  /// ```
  /// upstream:                -1-#
  /// handler:                    -8-9-|
  /// catch { _ in handler }:  -1--8-9-|
  /// ```
  ///
  /// Threading: `handler` runs on the thread that delivered the failure. Cancelling cancels
  /// whichever publisher is current. Demand: outstanding demand is asked again of the
  /// replacement. The subscription handshake is Combine's: the upstream is
  /// subscribed first, and the subscriber receives this operator's subscription when the
  /// upstream's arrives. What either publisher sends before its subscription is ignored, as
  /// Combine ignores it (or traps).
  ///
  /// - Parameter handler: Makes the publisher that replaces the failed upstream.
  /// - Returns: A publisher of the upstream's values, then of the handler's publisher after a failure.
  @inlinable
  public func `catch`<P: Publisher>(
    _ handler: @escaping (Failure) -> P
  ) -> Publishers.Catch<Self, P> where P.Output == Output {
    Publishers.Catch(upstream: self, handler: handler)
  }

  /// `catch` with a handler that may throw; a thrown error becomes the failure.
  ///
  /// ```
  /// upstream:                  -1-#
  /// handler:                      -8-|
  /// tryCatch { _ in handler }: -1--8-|
  /// ```
  ///
  /// - Parameter handler: Makes the publisher that replaces the failed upstream; an error it throws fails the publisher.
  /// - Returns: A publisher of the upstream's values, then of the handler's publisher after a failure.
  @inlinable
  public func tryCatch<P: Publisher>(
    _ handler: @escaping (Failure) throws -> P
  ) -> Publishers.TryCatch<Self, P> where P.Output == Output {
    Publishers.TryCatch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// The publisher `catch(_:)` returns: the upstream, then on failure the handler's publisher.
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where NewPublisher.Output == Upstream.Output {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The replacement's failure type.
    public typealias Failure = NewPublisher.Failure

    /// The publisher tried first.
    public let upstream: Upstream
    /// Makes the publisher that replaces the failed upstream.
    public let handler: (Upstream.Failure) -> NewPublisher

    /// Makes the publisher; `upstream.catch(handler)` is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher tried first.
    ///   - handler: Makes the publisher that replaces the failed upstream.
    @inlinable
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes `subscriber` to the upstream, then to the handler's publisher after a failure.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = self.handler
      let state = SequentialSubscription<Upstream.Failure, NewPublisher, S>(
        subscriber, name: "Catch", handler: { .success(handler($0)) })
      upstream.subscribe(state.first())
    }
  }

  /// The publisher `tryCatch(_:)` returns: the upstream, then on failure the handler's
  /// publisher; an error the handler throws becomes the failure.
  public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where NewPublisher.Output == Upstream.Output {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's replaced, the handler's thrown, or the replacement's.
    public typealias Failure = any Error

    /// The publisher tried first.
    public let upstream: Upstream
    /// Makes the publisher that replaces the failed upstream; an error it throws fails the publisher.
    public let handler: (Upstream.Failure) throws -> NewPublisher

    /// Makes the publisher; `upstream.tryCatch(handler)` is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher tried first.
    ///   - handler: Makes the publisher that replaces the failed upstream; an error it throws
    ///     fails the publisher.
    @inlinable
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes `subscriber` to the upstream, then to the handler's publisher after a failure.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = self.handler
      let state = SequentialSubscription<Upstream.Failure, FailureErased<NewPublisher>, S>(
        subscriber, name: "TryCatch",
        handler: { error in
          do { return .success(FailureErased(upstream: try handler(error))) } catch {
            return .failure(error)
          }
        })
      upstream.subscribe(state.first())
    }
  }
}

/// `tryCatch`'s replacement publisher, its failure widened to `any Error`. Unlike a `mapError`,
/// the subscriber it gives the replacement stands for `tryCatch`'s own (its combine identifier,
/// description and mirror), as Combine's `tryCatch` subscribes the replacement itself.
@usableFromInline
struct FailureErased<Upstream: Publisher>: Publisher {
  @usableFromInline typealias Output = Upstream.Output
  @usableFromInline typealias Failure = any Error

  @usableFromInline let upstream: Upstream

  @inlinable init(upstream: Upstream) { self.upstream = upstream }

  @inlinable func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(FailureErasingInput<S, Upstream.Failure>(downstream: subscriber))
  }
}

/// The subscriber `FailureErased` gives its upstream: passes everything on, the failure widened,
/// under its subscriber's combine identifier (and, where it has them, its description and
/// mirror: see `SubscriptionDescriptions.swift`).
@usableFromInline
struct FailureErasingInput<Downstream: Subscriber, Failure: Error>: Subscriber
where Downstream.Failure == any Error {
  @usableFromInline let downstream: Downstream

  @inlinable init(downstream: Downstream) { self.downstream = downstream }

  @inlinable var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
  @inlinable func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand { downstream.receive(input) }
  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(error))
    }
  }
}
