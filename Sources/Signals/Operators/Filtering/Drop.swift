extension Publisher {
  /// Drops the first `count` values and delivers the rest.
  ///
  /// ```
  /// upstream:      -1-2-3-|
  /// dropFirst(2):  -----3-|
  /// ```
  ///
  /// Bad input: a negative `count` is treated as 0.
  ///
  /// - Parameter count: How many values to drop.
  /// - Returns: A publisher of the values after the first `count`.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }

  /// Drops values while `predicate` returns `true`, then delivers every value from the first
  /// one for which it returns `false`.
  ///
  /// ```
  /// upstream:          -1-5-2-|
  /// drop(while: <3):   ---5-2-|
  /// ```
  ///
  /// - Parameter predicate: Whether to keep dropping; runs on the thread that delivers the value.
  /// - Returns: A publisher of the values from the first one `predicate` rejects.
  @inlinable
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }

  /// `drop(while:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                     -1-5-2-|
  /// tryDrop(while: throws on 5):  ---#
  /// ```
  ///
  /// - Parameter predicate: Whether to keep dropping; an error it throws fails the publisher.
  /// - Returns: A publisher of the values from the first one `predicate` rejects.
  @inlinable
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
    Publishers.TryDropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `dropFirst(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Drop<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// How many values to drop before passing the rest.
    public let count: Int

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - count: How many values to drop before passing the rest.
    @inlinable
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    @usableFromInline static var relayName: String { "Drop" }
    /// Combine's `Drop` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .passing }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      var remaining = count
      return RelayRules(value: { value in
        guard remaining > 0 else { return .emit(value) }
        remaining -= 1
        return .skip
      })
    }
  }

  /// The publisher `drop(while:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct DropWhile<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Drops values while it returns `true`.
    public let predicate: (Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Drops values while it returns `true`.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "DropWhile" }
    /// Combine's `DropWhile` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .leaving }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      var dropping = true
      return RelayRules(value: { value in
        if dropping { dropping = predicate(value) }
        return dropping ? .skip : .emit(value)
      })
    }
  }

  /// The publisher `tryDrop(while:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryDropWhile<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Drops values while it returns `true`; an error it throws fails the publisher.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Drops values while it returns `true`; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryDropWhile" }
    /// Combine's `TryDropWhile` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .leaving }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      var dropping = true
      return RelayRules(throwing: { value in
        if dropping {
          do { dropping = try predicate(value) } catch { return .fail(error) }
        }
        return dropping ? .skip : .emit(value)
      })
    }
  }
}

/// Two `Drop` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.Drop: Equatable where Upstream: Equatable {}
