// Combine's specialisations of the operators on `Result.Publisher`: applied to a known result,
// each gives at once the `Result.Publisher` (or `Empty`) it amounts to, with Combine's return
// types (as OpenCombine lists them). The closures run at the call, once, and only on a success.

extension Result.Publisher where Success: Equatable {
  /// Whether the value equals `output`, or the failure.
  ///
  /// - Parameter output: The value looked for.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable public func contains(_ output: Output) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map { $0 == output })
  }

  /// This publisher: one value has no duplicates.
  ///
  /// - Returns: This publisher.
  @inlinable public func removeDuplicates() -> Result<Output, Failure>.Publisher { self }
}

extension Result.Publisher where Success: Comparable {
  /// This publisher: the smallest of one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func min() -> Result<Output, Failure>.Publisher { self }

  /// This publisher: the largest of one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func max() -> Result<Output, Failure>.Publisher { self }
}

extension Result.Publisher where Failure == Never {
  /// The same value under a failure type that never happens.
  ///
  /// - Parameter failureType: The failure type to declare.
  /// - Returns: A `Result.Publisher` of the value.
  @inlinable public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
    switch result {
    case .success(let value): Result<Output, E>.Publisher(value)
    }
  }
}

extension Result.Publisher {
  /// Whether the value satisfies `predicate`, or the failure.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map(predicate))
  }

  /// Whether the value satisfies `predicate`, or the failure or the error it throws.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable public func tryAllSatisfy(
    _ predicate: (Output) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result<Bool, any Error> { try predicate(result.get()) })
  }

  /// Whether the value satisfies `predicate`, or the failure.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map(predicate))
  }

  /// Whether the value satisfies `predicate`, or the failure or the error it throws.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable public func tryContains(
    where predicate: (Output) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result<Bool, any Error> { try predicate(result.get()) })
  }

  /// The value in a one-element array, or the failure.
  ///
  /// - Returns: A `Result.Publisher` of the array.
  @inlinable public func collect() -> Result<[Output], Failure>.Publisher {
    Result<[Output], Failure>.Publisher(result.map { [$0] })
  }

  /// One, or the failure.
  ///
  /// - Returns: A `Result.Publisher` of the count.
  @inlinable public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(result.map { _ in 1 })
  }

  /// This publisher: the first of one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func first() -> Result<Output, Failure>.Publisher { self }

  /// This publisher: the last of one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func last() -> Result<Output, Failure>.Publisher { self }

  /// This publisher: the least of one value (`areInIncreasingOrder` is not called).
  ///
  /// - Parameter areInIncreasingOrder: The ordering, unused for one value.
  /// - Returns: This publisher.
  @inlinable public func min(
    by areInIncreasingOrder: (Output, Output) -> Bool
  ) -> Result<Output, Failure>.Publisher {
    self
  }

  /// This publisher: the greatest of one value (`areInIncreasingOrder` is not called).
  ///
  /// - Parameter areInIncreasingOrder: The ordering, unused for one value.
  /// - Returns: This publisher.
  @inlinable public func max(
    by areInIncreasingOrder: (Output, Output) -> Bool
  ) -> Result<Output, Failure>.Publisher {
    self
  }

  /// The value, or the failure; as in Combine, `areInIncreasingOrder` is called once, with the
  /// value twice, and an error it throws becomes the failure.
  ///
  /// - Parameter areInIncreasingOrder: The ordering, which may throw.
  /// - Returns: A `Result.Publisher` of the value or of the error.
  @inlinable public func tryMin(
    by areInIncreasingOrder: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    valueComparedWithItself(by: areInIncreasingOrder)
  }

  /// The value once `compare` has been called with it twice (Combine's `try` comparisons of a
  /// single value), or the failure, or the error `compare` throws.
  @inlinable func valueComparedWithItself(
    by compare: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(
      Result<Output, any Error> {
        let value = try result.get()
        _ = try compare(value, value)
        return value
      })
  }

  /// The value, or the failure; as in Combine, `areInIncreasingOrder` is called once, with the
  /// value twice, and an error it throws becomes the failure.
  ///
  /// - Parameter areInIncreasingOrder: The ordering, which may throw.
  /// - Returns: A `Result.Publisher` of the value or of the error.
  @inlinable public func tryMax(
    by areInIncreasingOrder: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    tryMin(by: areInIncreasingOrder)
  }

  /// Only a finish (Combine's signature: the failure too is dropped).
  ///
  /// - Returns: An `Empty` that finishes at once.
  @inlinable public func ignoreOutput() -> Empty<Output, Failure> { Empty() }

  /// The transformed value, or the failure.
  ///
  /// - Parameter transform: Makes the new value, run now.
  /// - Returns: A `Result.Publisher` of the new value.
  @inlinable public func map<T>(_ transform: (Output) -> T) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map(transform))
  }

  /// The transformed value, or the failure or the error `transform` throws.
  ///
  /// - Parameter transform: Makes the new value, run now.
  /// - Returns: A `Result.Publisher` of the new value.
  @inlinable public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result<T, any Error> { try transform(result.get()) })
  }

  /// The value, or the transformed failure.
  ///
  /// - Parameter transform: Makes the new failure, run now.
  /// - Returns: A `Result.Publisher` of the value or the new failure.
  @inlinable public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Output, E>.Publisher {
    Result<Output, E>.Publisher(result.mapError(transform))
  }

  /// This publisher: one value has no duplicates.
  ///
  /// - Parameter predicate: Not called.
  /// - Returns: This publisher.
  @inlinable public func removeDuplicates(
    by predicate: (Output, Output) -> Bool
  ) -> Result<Output, Failure>.Publisher {
    self
  }

  /// The value, or the failure or the error `predicate` throws when asked about the value and
  /// itself (Combine's rule).
  ///
  /// - Parameter predicate: Called once now with the value twice.
  /// - Returns: A `Result.Publisher` of the value.
  @inlinable public func tryRemoveDuplicates(
    by predicate: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    valueComparedWithItself(by: predicate)
  }

  /// The value, or `output` in place of the failure.
  ///
  /// - Parameter output: The value delivered in place of the failure.
  /// - Returns: A `Result.Publisher` that cannot fail.
  @inlinable public func replaceError(with output: Output) -> Result<Output, Never>.Publisher {
    switch result {
    case .success(let value): Result<Output, Never>.Publisher(value)
    case .failure: Result<Output, Never>.Publisher(output)
    }
  }

  /// This publisher: a result is never empty.
  ///
  /// - Parameter output: Not delivered.
  /// - Returns: This publisher.
  @inlinable public func replaceEmpty(with output: Output) -> Result<Output, Failure>.Publisher { self }

  /// This publisher: a known result does not change on a retry.
  ///
  /// - Parameter times: Not used.
  /// - Returns: This publisher.
  @inlinable public func retry(_ times: Int) -> Result<Output, Failure>.Publisher { self }

  /// The value folded into `initialResult`, or the failure.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, run now.
  /// - Returns: A `Result.Publisher` of the result.
  @inlinable public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) -> T
  ) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
  }

  /// The value folded into `initialResult`, or the failure or the error the fold throws.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, run now.
  /// - Returns: A `Result.Publisher` of the result.
  @inlinable public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(
      Result<T, any Error> { try nextPartialResult(initialResult, result.get()) })
  }

  /// The one partial result, or the failure.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, run now.
  /// - Returns: A `Result.Publisher` of the result.
  @inlinable public func scan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) -> T
  ) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
  }

  /// The one partial result, or the failure or the error the fold throws.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, run now.
  /// - Returns: A `Result.Publisher` of the result.
  @inlinable public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(
      Result<T, any Error> { try nextPartialResult(initialResult, result.get()) })
  }
}
