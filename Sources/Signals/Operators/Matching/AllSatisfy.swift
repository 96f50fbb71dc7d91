extension Publisher {
  /// Delivers `false` and finishes (cancelling the upstream) at the first value `predicate`
  /// rejects, or `true` when the upstream finishes without one (an empty upstream gives `true`).
  ///
  /// ```
  /// upstream:        -1-2-3-|
  /// allSatisfy(<9):  -------(t|)
  /// allSatisfy(<2):  ---(f|)
  /// values:          t = true, f = false
  /// ```
  ///
  /// A failure before the answer is forwarded. Threading: `predicate` runs on the delivering
  /// thread.
  ///
  /// - Parameter predicate: What every value must satisfy.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }

  /// `allSatisfy(_:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                    -1-2-3-|
  /// tryAllSatisfy(throws on 2):  ---#
  /// ```
  ///
  /// - Parameter predicate: What every value must satisfy; may throw.
  /// - Returns: A publisher of one `Bool`, failing with `any Error`.
  @inlinable
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self>
  {
    Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `allSatisfy(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct AllSatisfy<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Bool
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The test every value must pass.
    public let predicate: (Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: The test every value must pass.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "AllSatisfy" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in predicate(value) ? .skip : .emitThenFinish(false) },
        completion: { completion in
          if case .finished = completion { return (true, completion) }
          return (nil, completion)
        })
    }
  }

  /// The publisher `tryAllSatisfy(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Bool
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The test every value must pass; an error it throws fails the publisher.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: The test every value must pass; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryAllSatisfy" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do { return try predicate(value) ? .skip : .emitThenFinish(false) } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (true, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}
