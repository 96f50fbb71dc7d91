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
