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

/// Combine's coding of a completion: `{"success": true}` for `.finished`,
/// `{"success": false, "error": ...}` for `.failure` (OpenCombine's keys, matching Combine's).
extension Subscribers.Completion {
  private enum CodingKeys: String, CodingKey {
    case success
    case error
  }
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
  /// Writes `{"success": true}` for `.finished`, `{"success": false, "error": ...}` for `.failure`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error, or the failure's own encoding error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .finished:
      try container.encode(true, forKey: .success)
    case .failure(let error):
      try container.encode(false, forKey: .success)
      try container.encode(error, forKey: .error)
    }
  }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
  /// Reads a completion written by `encode(to:)`.
  ///
  /// - Parameter decoder: The decoder holding the keyed container.
  /// - Throws: The decoder's `DecodingError` when `success` is missing, or `error` is missing or
  ///   not a `Failure` when `success` is `false`.
  /// Bad input: a malformed document is a `DecodingError`, never a trap.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decode(Bool.self, forKey: .success) {
      self = .finished
    } else {
      self = .failure(try container.decode(Failure.self, forKey: .error))
    }
  }
}

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
