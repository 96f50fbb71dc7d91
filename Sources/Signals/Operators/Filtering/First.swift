extension Publisher {
  /// Delivers the first value, then finishes and cancels the upstream at once.
  ///
  /// ```
  /// upstream: -1-2-|
  /// first():  -(1|)
  /// ```
  ///
  /// An upstream that finishes empty finishes it empty; a failure is forwarded.
  ///
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func first() -> Publishers.First<Self> {
    Publishers.First(upstream: self)
  }

  /// Delivers the first value for which `predicate` returns `true`, then finishes and cancels
  /// the upstream at once.
  ///
  /// ```
  /// upstream:           -1-2-3-|
  /// first(where: >1):   ---(2|)
  /// ```
  ///
  /// - Parameter predicate: Decides on each value; runs on the thread that delivers it.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.FirstWhere(upstream: self, predicate: predicate)
  }

  /// `first(where:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                     -1-2-3-|
  /// tryFirst(where: throws on 2): ---#
  /// ```
  ///
  /// - Parameter predicate: Decides on each value; an error it throws fails the publisher.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
    Publishers.TryFirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `first()` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct First<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @usableFromInline static var relayName: String { "First" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      RelayRules(asking: .everythingForOneResult, value: { .emitThenFinish($0) })
    }
  }

  /// The publisher `first(where:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct FirstWhere<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Picks the value to deliver.
    public let predicate: (Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Picks the value to deliver.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryFirst" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      return RelayRules(
        asking: .everythingForOneResult, value: { predicate($0) ? .emitThenFinish($0) : .skip })
    }
  }

  /// The publisher `tryFirst(where:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryFirstWhere<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Picks the value to deliver; an error it throws fails the publisher.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Picks the value to deliver; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryFirstWhere" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      return RelayRules(
        asking: .everythingForOneResult,
        throwing: { value in
          do { return try predicate(value) ? .emitThenFinish(value) : .skip } catch { return .fail(error) }
        })
    }
  }
}

/// Two `First` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.First: Equatable where Upstream: Equatable {}
