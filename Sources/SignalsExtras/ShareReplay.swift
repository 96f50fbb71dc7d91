import Signals

extension Publisher {
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
