extension Publisher {
  /// Prints each event as it passes, one line each, to `stream` or to standard output.
  ///
  /// ```
  /// Just(1).print("p").sink { _ in }:
  /// p: receive subscription: (Just)
  /// p: request unlimited
  /// p: receive value: (1)
  /// p: receive finished
  /// ```
  ///
  /// The events themselves pass through unchanged:
  ///
  /// ```
  /// upstream:          -1-2-|
  /// print(to: stream): -1-2-|
  /// ```
  ///
  /// The lines are Combine's (OpenCombine's `Print` for the exact text): the subscription is
  /// named by its description, each request from downstream prints `request unlimited` or
  /// `request max: (n)`, demand a subscriber returns from a value prints
  /// `request max: (n) (synchronous)` (nothing when it returns `.none`, as in Apple's example
  /// above), cancellation prints `receive cancel`, a failure `receive error: (error)`. Each line
  /// is written with `Swift.print(_:to:)`, as Combine's is. The stream is copied, as in Combine:
  /// to read the lines back, pass a stream that writes to a shared object.
  ///
  /// - Parameters:
  ///   - prefix: Starts every line.
  ///   - stream: Where the lines go; standard output when `nil`.
  /// - Returns: A publisher of the same events.
  ///
  /// Threading: lines are written on the thread of their event; give each thread its own
  /// stream if that matters.
  @inlinable
  public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self>
  {
    Publishers.Print(upstream: self, prefix: prefix, to: stream)
  }
}

extension Publishers {
  /// The publisher `print(_:to:)` returns: it prints a line for each event and passes the
  /// events through unchanged.
  ///
  /// Its subscription describes itself as `"Print"`. Threading: lines are written on the thread
  /// of their event.
  public struct Print<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// Starts every line (followed by `": "` when not empty).
    public let prefix: String
    /// The publisher whose events are printed.
    public let upstream: Upstream
    /// Where the lines go; standard output when `nil`.
    public let stream: (any TextOutputStream)?

    /// Makes the publisher; prefer `upstream.print(prefix, to: stream)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are printed.
    ///   - prefix: Starts every line.
    ///   - stream: Where the lines go; standard output when `nil`.
    @inlinable
    public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
      self.upstream = upstream
      self.prefix = prefix
      self.stream = stream
    }

    /// Subscribes `subscriber` through the printer.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(PrintSubscription(subscriber, prefix: prefix, stream: stream))
    }
  }
}

/// A stream behind a concrete type, for `Swift.print(_:to:)`.
@usableFromInline
struct PrintTarget: TextOutputStream {
  @usableFromInline var stream: any TextOutputStream

  @inlinable init(_ stream: any TextOutputStream) { self.stream = stream }

  @inlinable mutating func write(_ string: String) { stream.write(string) }
}

/// The subscription of `print`: prints each event, then passes it on (OpenCombine's
/// `Publishers.Print.Inner`).
///
/// A second subscription is cancelled; a request or cancel before the subscription arrives is
/// printed and goes nowhere, as in Combine.
@usableFromInline
final class PrintSubscription<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
  // @unchecked: `status` is touched only inside `lock`; `stream` is written only by the
  // serial events and requests of one subscription (Combine's Print has the same rule: give
  // each thread its own stream); `downstream` and `prefix` are immutable.
  @usableFromInline enum Status {
    case awaiting
    case subscribed(any Subscription)
    case terminal
  }

  @usableFromInline let downstream: Downstream
  @usableFromInline let prefix: String
  @usableFromInline @exclusivity(unchecked) var stream: PrintTarget?
  @usableFromInline @exclusivity(unchecked) var status = Status.awaiting
  @usableFromInline let lock = Lock()
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, prefix: String, stream: (any TextOutputStream)?) {
    self.downstream = downstream
    self.prefix = prefix.isEmpty ? "" : prefix + ": "
    self.stream = stream.map(PrintTarget.init)
  }

  @inlinable func log(_ line: String) {
    if stream != nil {
      Swift.print(prefix + line, to: &stream!)
    } else {
      Swift.print(prefix + line)
    }
  }

  @inlinable static func describe(_ demand: Subscribers.Demand) -> String {
    demand.max.map { "request max: (\($0))" } ?? "request unlimited"
  }

  @inlinable func receive(subscription: any Subscription) {
    log("receive subscription: (\(subscription))")
    let accepted = lock.withLock { () -> Bool in
      guard case .awaiting = status else { return false }
      status = .subscribed(subscription)
      return true
    }
    guard accepted else { return subscription.cancel() }
    downstream.receive(subscription: self)
  }

  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    log("receive value: (\(input))")
    let more = downstream.receive(input)
    if more > .none { log(Self.describe(more) + " (synchronous)") }
    return more
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    switch completion {
    case .finished: log("receive finished")
    case .failure(let error): log("receive error: (\(error))")
    }
    lock.withLock { status = .terminal }
    downstream.receive(completion: completion)
  }

  @inlinable func request(_ demand: Subscribers.Demand) {
    log(Self.describe(demand))
    let upstream = lock.withLock { () -> (any Subscription)? in
      guard case .subscribed(let subscription) = status else { return nil }
      return subscription
    }
    upstream?.request(demand)
  }

  @inlinable func cancel() {
    log("receive cancel")
    let upstream = lock.withLock { () -> (any Subscription)? in
      guard case .subscribed(let subscription) = status else { return nil }
      status = .terminal
      return subscription
    }
    upstream?.cancel()
  }
}

extension PrintSubscription: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// `"Print"`, as Combine's subscription describes itself.
  @usableFromInline var description: String { "Print" }
  /// No children, as Combine's.
  @usableFromInline var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
  /// `"Print"`.
  @usableFromInline var playgroundDescription: Any { description }
}
