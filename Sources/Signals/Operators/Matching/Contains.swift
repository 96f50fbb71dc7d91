extension Publisher where Output: Equatable {
  /// Delivers `true` and finishes (cancelling the upstream) as soon as a value equals
  /// `output`, or `false` when the upstream finishes without one.
  ///
  /// ```
  /// upstream:      -1-2-3-|
  /// contains(2):   ---(t|)
  /// contains(9):   -------(f|)
  /// ```
  ///
  /// A failure before a match is forwarded. Threading: the answer is delivered on the thread
  /// of the matching value or of the finish.
  ///
  /// - Parameter output: The value looked for.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    contains { $0 == output }
  }
}

extension Publisher {
  /// Delivers `true` and finishes (cancelling the upstream) as soon as `predicate` accepts a
  /// value, or `false` when the upstream finishes without one.
  ///
  /// ```
  /// upstream:             -1-2-3-|
  /// contains(where: >1):  ---(t|)
  /// ```
  ///
  /// A failure before a match is forwarded. Threading: `predicate` runs on the delivering thread.
  ///
  /// - Parameter predicate: Whether a value is the one looked for.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
    Publishers.Relayed(self) {
      RelayRules(
        value: { predicate($0) ? .emitThenFinish(true) : .skip },
        completion: { completion in
          if case .finished = completion { return (false, completion) }
          return (nil, completion)
        })
    }
  }

  /// `contains(where:)` with a predicate that may throw; a thrown error cancels the upstream
  /// and fails the publisher.
  ///
  /// ```
  /// upstream:                    -1-2-3-|
  /// tryContains (throws on 2):   ---#
  /// ```
  ///
  /// - Parameter predicate: Whether a value is the one looked for; may throw.
  /// - Returns: A publisher of one `Bool`, failing with `any Error`.
  @inlinable
  public func tryContains(
    where predicate: @escaping (Output) throws -> Bool
  ) -> Publishers.TryContainsWhere<Self> {
    Publishers.Relayed(self) {
      RelayRules(
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

extension Publishers {
  /// The publisher `contains(_:)` returns.
  public typealias Contains<Upstream: Publisher> = Relayed<Upstream, Bool, Upstream.Failure>
  /// The publisher `contains(where:)` returns.
  public typealias ContainsWhere<Upstream: Publisher> = Relayed<Upstream, Bool, Upstream.Failure>
  /// The publisher `tryContains(where:)` returns.
  public typealias TryContainsWhere<Upstream: Publisher> = Relayed<Upstream, Bool, any Error>
}
