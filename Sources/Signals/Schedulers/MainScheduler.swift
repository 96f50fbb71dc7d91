import Dispatch

/// The scheduler of the main thread: actions run on the main dispatch queue.
///
/// `publisher.receive(on: MainScheduler.shared)` makes a publisher whose `sink` accepts a
/// `@MainActor` closure, checked by the compiler, since values are then always delivered on the
/// main thread. Threading: actions run on the main queue, which runs while the main thread is in
/// `dispatchMain()`, a run loop, or the main actor's executor. Bad input: as `DispatchQueue`.
public struct MainScheduler: Scheduler {
  /// The shared instance.
  public static let shared = MainScheduler()

  /// Makes the main scheduler; `shared` is the usual spelling.
  public init() {}

  /// The time on the system's monotonic clock.
  public var now: SchedulerTime { DispatchQueue.main.now }

  /// Runs `action` on the main queue, asynchronously.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    DispatchQueue.main.schedule(action)
  }

  /// Runs `action` on the main queue at `date`.
  @discardableResult
  public func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable
  {
    DispatchQueue.main.schedule(after: date, action)
  }

  /// Runs `action` on the main queue at `date`, then every `interval`.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    DispatchQueue.main.schedule(after: date, interval: interval, action)
  }
}

extension Publisher {
  /// Delivers every value and the completion on the main thread; see `receive(on:)`.
  ///
  /// The result's `sink` takes `@MainActor` closures.
  ///
  /// Diagram: see `receive(on:)`, on a scheduler the diagram test can run (the main thread's
  /// is real time).
  ///
  /// - Parameter scheduler: `MainScheduler.shared`.
  /// - Returns: A publisher whose events arrive on the main thread.
  @inlinable
  public func receive(on scheduler: MainScheduler) -> Publishers.ReceiveOnMain<Self> {
    Publishers.ReceiveOnMain(upstream: self)
  }
}

extension Publishers {
  /// The publisher `receive(on:)` returns given `MainScheduler.shared`: its events arrive on the main
  /// thread, so it can be observed with `@MainActor` closures.
  public struct ReceiveOnMain<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events move to the main thread.
    public let upstream: Upstream

    /// Makes the publisher; prefer `upstream.receive(on: MainScheduler.shared)`.
    ///
    /// - Parameter upstream: The publisher whose events are delivered on the main actor.
    @inlinable public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes `subscriber`; its events arrive on the main thread.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      Publishers.ReceiveOn(upstream: upstream, scheduler: MainScheduler.shared).subscribe(subscriber)
    }
  }
}

extension Publishers.ReceiveOnMain where Output: Sendable {
  /// Subscribes with main-actor closures for the completion and each value. Values must be
  /// `Sendable`, since they cross from the upstream's thread to the main thread.
  ///
  /// - Parameters:
  ///   - receiveCompletion: Called on the main actor with the completion.
  ///   - receiveValue: Called on the main actor with each value.
  /// - Returns: The cancellable that ends the subscription.
  public func sink(
    receiveCompletion: @escaping @MainActor (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping @MainActor (Output) -> Void
  ) -> AnyCancellable {
    Publishers.ReceiveOn(upstream: upstream, scheduler: MainScheduler.shared).sink(
      receiveCompletion: { completion in MainActor.assumeIsolated { receiveCompletion(completion) } },
      receiveValue: { value in MainActor.assumeIsolated { receiveValue(value) } })
  }
}

extension Publishers.ReceiveOnMain where Output: Sendable, Failure == Never {
  /// Subscribes with a main-actor closure for each value.
  ///
  /// - Parameter receiveValue: Called on the main actor with each value.
  /// - Returns: The cancellable that ends the subscription.
  public func sink(receiveValue: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
