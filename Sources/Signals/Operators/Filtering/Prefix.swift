extension Publisher {
  /// Delivers the first `maxLength` values, then finishes and cancels the upstream at once.
  ///
  /// ```
  /// upstream:   -1-2-3-|
  /// prefix(2):  -1-(2|)
  /// ```
  ///
  /// `prefix(0)` finishes on subscription without subscribing upstream. Bad input: a negative
  /// `maxLength` is treated as 0. A failure before the n-th value is forwarded.
  ///
  /// - Parameter maxLength: How many values to deliver.
  /// - Returns: A publisher that finishes after the values it keeps.
  @inlinable
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    output(in: 0..<Swift.max(0, maxLength))
  }

  /// Delivers values while `predicate` returns `true`; finishes (cancelling the upstream) at
  /// the first value for which it returns `false`, which is not delivered.
  ///
  /// ```
  /// upstream:            -1-2-5-1-|
  /// prefix(while: <3):   -1-2-|
  /// ```
  ///
  /// - Parameter predicate: Whether to go on; runs on the thread that delivers the value.
  /// - Returns: A publisher that finishes after the values it keeps.
  @inlinable
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.PrefixWhile(upstream: self, predicate: predicate)
  }

  /// `prefix(while:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                       -1-2-5-|
  /// tryPrefix(while: throws on 2):  -1-#
  /// ```
  ///
  /// - Parameter predicate: Whether to go on; an error it throws fails the publisher.
  /// - Returns: A publisher that finishes after the values it keeps.
  @inlinable
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self>
  {
    Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `prefix(while:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct PrefixWhile<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Passes values while it returns `true`, then finishes.
    public let predicate: (Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Passes values while it returns `true`, then finishes.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "PrefixWhile" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      return RelayRules(value: { predicate($0) ? .emit($0) : .finish })
    }
  }

  /// The publisher `tryPrefix(while:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryPrefixWhile<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Passes values while it returns `true`, then finishes; an error it throws fails the publisher.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Passes values while it returns `true`, then finishes; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryPrefixWhile" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      return RelayRules(throwing: { value in
        do { return try predicate(value) ? .emit(value) : .finish } catch { return .fail(error) }
      })
    }
  }
}
