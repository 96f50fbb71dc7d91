extension Publisher {
  /// Shares one subscription to this publisher among all subscribers: the upstream is
  /// subscribed when the first subscriber attaches and cancelled when the last one leaves.
  ///
  /// ```
  /// upstream:                 -a-b-c-|
  /// share(): first:           -a-b-c-|
  /// share(): second, from 2:  ---b-c-|
  /// ```
  ///
  /// Late subscribers get only the values sent after they attach; use `share(replay:)` to give
  /// them the latest ones too. Threading: as the subjects it is built on.
  ///
  /// - Returns: A publisher that shares one upstream subscription among its subscribers.
  @inlinable public func share() -> Publishers.Share<Self> {
    Publishers.Share(upstream: self)
  }
}

extension Publishers {
  /// The publisher `share()` returns: one subscription to `upstream`, shared by every
  /// subscriber, made when the first attaches and cancelled when the last leaves.
  ///
  /// A class, as Combine's: every subscriber of one `Share` shares its subscription, and two
  /// `Share`s are equal only when they are the same object. It is a `PassthroughSubject`
  /// multicast with `autoconnect()`, as in Combine. Threading: as the subject it is built on.
  public final class Share<Upstream: Publisher>: Publisher, Equatable, @unchecked Sendable {
    // @unchecked: as the `Autoconnect` it wraps (itself @unchecked Sendable): both stored
    // properties are immutable, and every subscription goes through the autoconnect's lock.
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher shared.
    public let upstream: Upstream
    @usableFromInline let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

    /// Shares `upstream`; prefer `upstream.share()`.
    ///
    /// - Parameter upstream: The publisher to subscribe once for every subscriber.
    @inlinable public init(upstream: Upstream) {
      self.upstream = upstream
      shared = upstream.multicast(subject: PassthroughSubject<Output, Failure>()).autoconnect()
    }

    /// Attaches `subscriber` to the shared subscription, subscribing upstream if it is the
    /// first.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      shared.receive(subscriber: subscriber)
    }

    /// Whether `lhs` and `rhs` are the same object, as Combine's `Share` compares.
    ///
    /// - Parameters:
    ///   - lhs: A share.
    ///   - rhs: Another share.
    /// - Returns: `lhs === rhs`.
    public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }
  }
  /// The publisher `share(replay:)` returns.
  public typealias ShareReplay<Upstream: Publisher> = Autoconnect<
    Multicast<Upstream, ReplaySubject<Upstream.Output, Upstream.Failure>>
  >
}
