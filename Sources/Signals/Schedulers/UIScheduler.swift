import Dispatch

/// The main thread's scheduler that does not wait when it need not: an action scheduled from the
/// main queue runs at once, anywhere else it hops to the main queue (combine-schedulers'
/// `UIScheduler`).
///
/// A `@MainActor` view model ends its pipelines with `receive(on: UIScheduler.shared)`, so the
/// result's `sink` takes `@MainActor` closures (checked by the compiler, as with
/// `MainScheduler`), and a value that already arrives on the main thread is delivered in the
/// same call. That is what makes such a view model testable in virtual time: a `@MainActor`
/// test that advances a `TestScheduler` sees the value as soon as `advance(by:)` returns, with
/// no `await` and no yield, because the test's thread is the main thread.
///
/// ```swift
/// $query
///   .debounce(for: .milliseconds(300), scheduler: scheduler)   // a TestScheduler in tests
///   .receive(on: UIScheduler.shared)
///   .sink { [weak self] query in self?.shown = query }          // @MainActor, checked
/// ```
///
/// Compared with `MainScheduler`, which always goes through the main queue: the value arrives
/// one main-queue turn earlier when it is sent on the main thread, and a re-entrant delivery
/// runs inside the sender's call rather than after it. Timed actions (`schedule(after:)`) always
/// go through the main queue, as in combine-schedulers.
///
/// Threading: "on the main queue" is what libdispatch says about the calling code (a mark set
/// on the main queue and read with `DispatchQueue.getSpecific`): the main thread outside any
/// other queue's block, a block of the main queue, and main-actor code (whose executor is the
/// main queue). Code running on the main thread inside `someQueue.sync { }` is not on the main
/// queue; its actions hop. Bad input: as `DispatchQueue`.
public struct UIScheduler: Scheduler {
  /// The shared instance.
  public static let shared = UIScheduler()

  /// Makes the scheduler; `shared` is the usual spelling.
  public init() {}

  /// The time on the system's monotonic clock, as `DispatchQueue.main` reads it.
  public var now: SchedulerTime { DispatchQueue.main.now }

  /// Runs `action` at once when called on the main queue; otherwise on the main queue,
  /// asynchronously.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    if MainQueueMark.isCurrent {
      action()
    } else {
      DispatchQueue.main.schedule(action)
    }
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

/// Tells whether the calling code runs on the main queue: a value set on the main queue once,
/// read back with `DispatchQueue.getSpecific`.
enum MainQueueMark {
  static let key = DispatchSpecificKey<UInt8>()

  /// Marks the main queue, once (a static's initializer runs exactly once).
  static let installed: Bool = {
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return true
  }()

  /// Whether the caller runs on the main queue.
  static var isCurrent: Bool {
    _ = installed
    return DispatchQueue.getSpecific(key: key) == 1
  }
}

extension Publishers.ReceiveOn where Context == UIScheduler, Output: Sendable {
  /// Subscribes with main-actor closures for the completion and each value: `UIScheduler`
  /// delivers every event on the main thread. Values must be `Sendable`, since they may cross
  /// from the upstream's thread to the main thread.
  ///
  /// - Parameters:
  ///   - receiveCompletion: Called on the main actor with the completion.
  ///   - receiveValue: Called on the main actor with each value.
  /// - Returns: The cancellable that ends the subscription.
  public func sink(
    receiveCompletion: @escaping @MainActor (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping @MainActor (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: { completion in MainActor.assumeIsolated { receiveCompletion(completion) } },
      receiveValue: { value in MainActor.assumeIsolated { receiveValue(value) } })
    subscribe(sink)
    return AnyCancellable(object: sink)
  }
}

extension Publishers.ReceiveOn where Context == UIScheduler, Output: Sendable, Failure == Never {
  /// Subscribes with a main-actor closure for each value; `UIScheduler` delivers on the main
  /// thread.
  ///
  /// - Parameter receiveValue: Called on the main actor with each value.
  /// - Returns: The cancellable that ends the subscription.
  public func sink(receiveValue: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
