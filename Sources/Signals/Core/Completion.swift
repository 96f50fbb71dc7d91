extension Subscribers {
  /// How a publisher ended: normally, or with an error of its `Failure` type.
  public enum Completion<Failure: Error> {
    /// The publisher finished normally.
    case finished
    /// The publisher stopped because of `Failure`.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

// The helpers below are `package`: Combine has no such members, and an app may define its own.
extension Subscribers.Completion {
  /// Maps the failure, keeping `.finished` as it is.
  ///
  /// - Parameter transform: Maps the failure to the new error type.
  /// - Returns: `.finished`, or `.failure` with the mapped error.
  @inlinable
  package func mapError<E: Error>(_ transform: (Failure) -> E) -> Subscribers.Completion<E> {
    switch self {
    case .finished: .finished
    case .failure(let error): .failure(transform(error))
    }
  }

  /// This completion with its failure widened to `any Error`.
  @inlinable
  package var eraseError: Subscribers.Completion<any Error> {
    switch self {
    case .finished: .finished
    case .failure(let error): .failure(error)
    }
  }
}

extension Subscribers.Completion where Failure == Never {
  /// Any completion of a publisher that cannot fail, seen as one with another failure type.
  ///
  /// - Parameter to: The failure type of the result.
  /// - Returns: `.finished` with failure type `E`.
  @inlinable
  package func promote<E: Error>(to: E.Type = E.self) -> Subscribers.Completion<E> { .finished }
}
