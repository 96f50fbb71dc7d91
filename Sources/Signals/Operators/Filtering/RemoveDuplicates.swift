extension Publisher where Output: Equatable {
  /// Drops each value equal to the one delivered just before it.
  ///
  /// ```
  /// upstream:            -1-1-2-2-1-|
  /// removeDuplicates():  -1---2---1-|
  /// ```
  ///
  /// - Returns: A publisher without consecutive equal values.
  @inlinable
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    removeDuplicates(by: ==)
  }
}

extension Publisher {
  /// Drops each value that `predicate(previous, value)` says duplicates the one delivered just
  /// before it. Completion passes through; each subscriber compares on its own.
  ///
  /// ```
  /// upstream:                     -1-3-2-4-5-|
  /// removeDuplicates(by: parity): -1---2---5-|
  /// ```
  ///
  /// Threading: `predicate` runs on the thread that delivers the value.
  ///
  /// - Parameter predicate: Whether a value, second, duplicates the one delivered before it.
  /// - Returns: A publisher without the values `predicate` calls duplicates.
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }

  /// `removeDuplicates(by:)` with a predicate that may throw; a thrown error cancels the
  /// upstream and fails the publisher.
  ///
  /// ```
  /// upstream:                                     -1-3-2-4-|
  /// tryRemoveDuplicates(by: parity, throws on 4): -1---2-#
  /// ```
  ///
  /// - Parameter predicate: Whether a value, second, duplicates the one delivered before it;
  ///   an error it throws fails the publisher.
  /// - Returns: A publisher without the values `predicate` calls duplicates.
  @inlinable
  public func tryRemoveDuplicates(
    by predicate: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryRemoveDuplicates<Self> {
    Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `removeDuplicates()` and `removeDuplicates(by:)` return.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Says whether a value (second) repeats the previous delivered one (first).
    public let predicate: (Upstream.Output, Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Says whether a value (second) repeats the previous delivered one (first).
    @inlinable
    public init(
      upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool
    ) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "RemoveDuplicates" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      var previous: Upstream.Output?
      var rules = RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>(value: { value in
        if let previous, predicate(previous, value) { return .skip }
        previous = value
        return .emit(value)
      })
      // Combine's mirror shows the last value kept (`last`).
      rules.mirrored = { previous as Any }
      return rules
    }
  }

  /// The publisher `tryRemoveDuplicates(by:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Says whether a value (second) repeats the previous delivered one (first); an error it throws fails the publisher.
    public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Says whether a value (second) repeats the previous delivered one (first); an error it throws fails the publisher.
    @inlinable
    public init(
      upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
    ) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryRemoveDuplicates" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      var previous: Upstream.Output?
      var rules = RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>(throwing: { value in
        do {
          if let previous, try predicate(previous, value) { return .skip }
        } catch { return .fail(error) }
        previous = value
        return .emit(value)
      })
      // Combine's mirror shows the last value kept (`last`).
      rules.mirrored = { previous as Any }
      return rules
    }
  }
}
