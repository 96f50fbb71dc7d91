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
    multicast(subject: PassthroughSubject<Output, Failure>()).autoconnect()
  }

  /// Shares one subscription among all subscribers and gives each new subscriber the last
  /// `count` values first.
  ///
  /// The replayed values persist across a disconnection (when every subscriber left and a new
  /// one reconnects). Bad input: a negative `count` is treated as 0.
  ///
  /// ```
  /// upstream:                         -a-b-c-|
  /// share(replay: 1): first:          -a-b-c-|
  /// share(replay: 1): second, from 2: --ab-c-|
  /// ```
  ///
  /// - Parameter count: How many of the latest values a new subscriber receives first.
  /// - Returns: A publisher that shares one upstream subscription among its subscribers.
  @inlinable public func share(replay count: Int) -> Publishers.ShareReplay<Self> {
    multicast(subject: ReplaySubject<Output, Failure>(bufferSize: count)).autoconnect()
  }
}

extension Publishers {
  /// The publisher `share()` returns.
  public typealias Share<Upstream: Publisher> = Autoconnect<
    Multicast<Upstream, PassthroughSubject<Upstream.Output, Upstream.Failure>>
  >
  /// The publisher `share(replay:)` returns.
  public typealias ShareReplay<Upstream: Publisher> = Autoconnect<
    Multicast<Upstream, ReplaySubject<Upstream.Output, Upstream.Failure>>
  >
}
