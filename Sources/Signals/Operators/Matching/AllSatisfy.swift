extension Publisher {
  /// Delivers `false` and finishes (cancelling the upstream) at the first value `predicate`
  /// rejects, or `true` when the upstream finishes without one (an empty upstream gives `true`).
  ///
  /// ```
  /// upstream:            -1-2-3-|
  /// allSatisfy(<9):      -------(t|)
  /// allSatisfy(<2):      ---(f|)
  /// ```
  ///
  /// A failure before the answer is forwarded. Threading: `predicate` runs on the delivering
  /// thread.
  ///
  /// - Parameter predicate: What every value must satisfy.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.Relayed(self) {
      RelayRules(
        value: { predicate($0) ? .skip : .emitThenFinish(false) },
        completion: { completion in
          if case .finished = completion { return (true, completion) }
          return (nil, completion)
        })
    }
  }

  /// `allSatisfy(_:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                      -1-2-3-|
  /// tryAllSatisfy (throws on 2):   ---#
  /// ```
  ///
  /// - Parameter predicate: What every value must satisfy; may throw.
  /// - Returns: A publisher of one `Bool`, failing with `any Error`.
  @inlinable
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self>
  {
    Publishers.Relayed(self) {
      RelayRules(
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

extension Publishers {
  /// The publisher `allSatisfy(_:)` returns.
  public typealias AllSatisfy<Upstream: Publisher> = Relayed<Upstream, Bool, Upstream.Failure>
  /// The publisher `tryAllSatisfy(_:)` returns.
  public typealias TryAllSatisfy<Upstream: Publisher> = Relayed<Upstream, Bool, any Error>
}
