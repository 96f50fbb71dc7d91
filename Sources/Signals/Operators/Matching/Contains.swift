extension Publisher where Output: Equatable {
  /// Delivers `true` and finishes (cancelling the upstream) as soon as a value equals
  /// `output`, or `false` when the upstream finishes without one.
  ///
  /// ```
  /// upstream:     -1-2-3-|
  /// contains(2):  ---(t|)
  /// contains(9):  -------(f|)
  /// values:       t = true, f = false
  /// ```
  ///
  /// A failure before a match is forwarded. Threading: the answer is delivered on the thread
  /// of the matching value or of the finish.
  ///
  /// - Parameter output: The value looked for.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    Publishers.Contains(upstream: self, output: output)
  }
}

extension Publisher {
  /// Delivers `true` and finishes (cancelling the upstream) as soon as `predicate` accepts a
  /// value, or `false` when the upstream finishes without one.
  ///
  /// ```
  /// upstream:             -1-2-3-|
  /// contains(where: >1):  ---(t|)
  /// values:               t = true
  /// ```
  ///
  /// A failure before a match is forwarded. Threading: `predicate` runs on the delivering thread.
  ///
  /// - Parameter predicate: Whether a value is the one looked for.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
    Publishers.ContainsWhere(upstream: self, predicate: predicate)
  }

  /// `contains(where:)` with a predicate that may throw; a thrown error cancels the upstream
  /// and fails the publisher.
  ///
  /// ```
  /// upstream:                        -1-2-3-|
  /// tryContains(where: throws on 2): ---#
  /// ```
  ///
  /// - Parameter predicate: Whether a value is the one looked for; may throw.
  /// - Returns: A publisher of one `Bool`, failing with `any Error`.
  @inlinable
  public func tryContains(
    where predicate: @escaping (Output) throws -> Bool
  ) -> Publishers.TryContainsWhere<Self> {
    Publishers.TryContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `contains(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Contains<Upstream: Publisher>: Publisher, RelayOperator where Upstream.Output: Equatable {
    /// The type of values delivered.
    public typealias Output = Bool
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The value looked for.
    public let output: Upstream.Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - output: The value looked for.
    @inlinable
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    @usableFromInline static var relayName: String { "Contains" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = output
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in value == predicate ? .emitThenFinish(true) : .skip },
        completion: { completion in
          if case .finished = completion { return (false, completion) }
          return (nil, completion)
        })
    }
  }

  /// The publisher `contains(where:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct ContainsWhere<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Bool
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Says whether a value is the one looked for.
    public let predicate: (Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Says whether a value is the one looked for.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "ContainsWhere" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in predicate(value) ? .emitThenFinish(true) : .skip },
        completion: { completion in
          if case .finished = completion { return (false, completion) }
          return (nil, completion)
        })
    }
  }

  /// The publisher `tryContains(where:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryContainsWhere<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Bool
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Says whether a value is the one looked for; an error it throws fails the publisher.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Says whether a value is the one looked for; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryContainsWhere" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do { return try predicate(value) ? .emitThenFinish(true) : .skip } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (false, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}

/// Two `Contains` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.Contains: Equatable where Upstream: Equatable {}
