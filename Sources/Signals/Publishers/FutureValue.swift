extension Future where Output: Sendable {
  /// The future's value, waited for without blocking; throws the future's failure.
  ///
  /// ```swift
  /// let user = try await loadUser().value
  /// ```
  ///
  /// Returns at once if the future already has its result. Cancelling the waiting task does
  /// not end the wait (as in Combine): the future's work is shared and runs to its end.
  /// `Output` must be `Sendable` (Combine does not ask it): the one result goes to every
  /// subscriber, so it crosses from the fulfilling thread to each waiting task.
  public var value: Output {
    get async throws {
      try await withCheckedThrowingContinuation { continuation in
        subscribe(
          AnySubscriber<Output, Failure>(
            receiveSubscription: { $0.request(.unlimited) },
            receiveValue: {
              continuation.resume(returning: $0)
              return .none
            },
            receiveCompletion: { completion in
              if case .failure(let error) = completion { continuation.resume(throwing: error) }
            }))
      }
    }
  }
}

extension Future where Failure == Never, Output: Sendable {
  /// The future's value, waited for without blocking.
  ///
  /// ```swift
  /// let answer = await Future { promise in promise(.success(42)) }.value
  /// ```
  ///
  /// Returns at once if the future already has its result. Cancelling the waiting task does
  /// not end the wait (as in Combine): the future's work is shared and runs to its end.
  public var value: Output {
    get async {
      await withCheckedContinuation { continuation in
        subscribe(
          AnySubscriber<Output, Never>(
            receiveSubscription: { $0.request(.unlimited) },
            receiveValue: {
              continuation.resume(returning: $0)
              return .none
            }))
      }
    }
  }
}
