// Combine's specialisations of the operators on `Just`: applied to one known value, each gives
// at once the source it amounts to (`Just`, `Optional.Publisher`, `Result.Publisher`, `Empty`,
// `Publishers.Sequence`), with Combine's return types. The closures run at the call, once, as
// in Combine. Where Combine traps on a negative count or index, these treat it as zero.

extension Just where Output: Comparable {
  /// The value itself: the smallest of one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func min() -> Just<Output> { self }

  /// The value itself: the largest of one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func max() -> Just<Output> { self }
}

extension Just where Output: Equatable {
  /// Whether the value equals `output`.
  ///
  /// - Parameter output: The value looked for.
  /// - Returns: A `Just` of the answer.
  @inlinable public func contains(_ output: Output) -> Just<Bool> { Just<Bool>(self.output == output) }

  /// The value itself: one value has no duplicates.
  ///
  /// - Returns: This publisher.
  @inlinable public func removeDuplicates() -> Just<Output> { self }
}

extension Just {
  /// Whether the value satisfies `predicate`.
  ///
  /// - Parameter predicate: The test, run once now.
  /// - Returns: A `Just` of the answer.
  @inlinable public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }

  /// Whether the value satisfies `predicate`, or the error it throws.
  ///
  /// - Parameter predicate: The test, run once now.
  /// - Returns: A `Result.Publisher` of the answer or the error.
  @inlinable public func tryAllSatisfy(
    _ predicate: (Output) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try predicate(output) })
  }

  /// Whether the value satisfies `predicate`.
  ///
  /// - Parameter predicate: The test, run once now.
  /// - Returns: A `Just` of the answer.
  @inlinable public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }

  /// Whether the value satisfies `predicate`, or the error it throws.
  ///
  /// - Parameter predicate: The test, run once now.
  /// - Returns: A `Result.Publisher` of the answer or the error.
  @inlinable public func tryContains(
    where predicate: (Output) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try predicate(output) })
  }

  /// The value in a one-element array.
  ///
  /// - Returns: A `Just` of `[output]`.
  @inlinable public func collect() -> Just<[Output]> { Just<[Output]>([output]) }

  /// The value itself: the smallest of one value.
  ///
  /// - Parameter areInIncreasingOrder: Not called: one value needs no comparison.
  /// - Returns: This publisher.
  @inlinable public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

  /// The value itself: the largest of one value.
  ///
  /// - Parameter areInIncreasingOrder: Not called: one value needs no comparison.
  /// - Returns: This publisher.
  @inlinable public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

  /// One: the number of values.
  ///
  /// - Returns: A `Just` of `1`.
  @inlinable public func count() -> Just<Int> { Just<Int>(1) }

  /// Nothing when `count` is positive, else the value.
  ///
  /// - Parameter count: How many values to drop; a negative count drops none.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(count > 0 ? nil : output)
  }

  /// Nothing when `predicate` accepts the value, else the value.
  ///
  /// - Parameter predicate: The test, run once now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? nil : output)
  }

  /// The value itself: the first of one.
  ///
  /// - Returns: This publisher.
  @inlinable public func first() -> Just<Output> { self }

  /// The value when `predicate` accepts it, else nothing.
  ///
  /// - Parameter predicate: The test, run once now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? output : nil)
  }

  /// The value itself: the last of one.
  ///
  /// - Returns: This publisher.
  @inlinable public func last() -> Just<Output> { self }

  /// The value when `predicate` accepts it, else nothing.
  ///
  /// - Parameter predicate: The test, run once now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? output : nil)
  }

  /// Only the finish.
  ///
  /// - Returns: An `Empty` that finishes at once.
  @inlinable public func ignoreOutput() -> Empty<Output, Never> { Empty() }

  /// The transformed value.
  ///
  /// - Parameter transform: Makes the new value, once now.
  /// - Returns: A `Just` of the new value.
  @inlinable public func map<T>(_ transform: (Output) -> T) -> Just<T> { Just<T>(transform(output)) }

  /// The transformed value, or the error `transform` throws.
  ///
  /// - Parameter transform: Makes the new value, once now.
  /// - Returns: A `Result.Publisher` of the new value or the error.
  @inlinable public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try transform(output) })
  }

  /// The transformed value, or nothing when `transform` gives `nil`.
  ///
  /// - Parameter transform: Makes the new value, once now.
  /// - Returns: An `Optional.Publisher` of the new value or of nothing.
  @inlinable public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
    Optional<T>.Publisher(transform(output))
  }

  /// The value when `isIncluded` accepts it, else nothing.
  ///
  /// - Parameter isIncluded: The test, run once now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(isIncluded(output) ? output : nil)
  }

  /// The value at index 0, nothing at any other index.
  ///
  /// - Parameter index: The index asked for.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func output(at index: Int) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(index == 0 ? output : nil)
  }

  /// The value when `range` starts at index 0 (Combine's rule), else nothing.
  ///
  /// - Parameter range: The indices asked for.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher
  where R.Bound == Int {
    Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
  }

  /// The value when `maxLength` is positive, else nothing.
  ///
  /// - Parameter maxLength: How many values to keep.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(maxLength > 0 ? output : nil)
  }

  /// The value when `predicate` accepts it, else nothing.
  ///
  /// - Parameter predicate: The test, run once now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(predicate(output) ? output : nil)
  }

  /// The same value under a failure type that never happens.
  ///
  /// - Parameter failureType: The failure type to declare.
  /// - Returns: A `Result.Publisher` of the value.
  @inlinable public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
    Result<Output, E>.Publisher(output)
  }

  /// The same value under another failure type (`Just` never fails, so `transform` is never
  /// called).
  ///
  /// - Parameter transform: Not called.
  /// - Returns: A `Result.Publisher` of the value.
  @inlinable public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
    Result<Output, E>.Publisher(output)
  }

  /// The value itself: one value has no duplicates.
  ///
  /// - Parameter predicate: Not called.
  /// - Returns: This publisher.
  @inlinable public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

  /// The value, or the error `predicate` throws when asked about the value and itself
  /// (Combine's rule).
  ///
  /// - Parameter predicate: Called once now with the value twice.
  /// - Returns: A `Result.Publisher` of the value or the error.
  @inlinable public func tryRemoveDuplicates(
    by predicate: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(
      Result {
        _ = try predicate(output, output)
        return output
      })
  }

  /// The value itself: `Just` never fails.
  ///
  /// - Parameter output: Not delivered.
  /// - Returns: This publisher.
  @inlinable public func replaceError(with output: Output) -> Just<Output> { self }

  /// The value itself: `Just` is never empty.
  ///
  /// - Parameter output: Not delivered.
  /// - Returns: This publisher.
  @inlinable public func replaceEmpty(with output: Output) -> Just<Output> { self }

  /// The value itself: `Just` never fails, so there is nothing to retry.
  ///
  /// - Parameter times: Not used.
  /// - Returns: This publisher.
  @inlinable public func retry(_ times: Int) -> Just<Output> { self }

  /// The value folded into `initialResult`.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, once now.
  /// - Returns: A `Result.Publisher` of the result.
  @inlinable public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) -> T
  ) -> Result<T, Never>.Publisher {
    Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
  }

  /// The value folded into `initialResult`, or the error the fold throws.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, once now.
  /// - Returns: A `Result.Publisher` of the result or the error.
  @inlinable public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
  }

  /// The one partial result: the value folded into `initialResult`.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, once now.
  /// - Returns: A `Result.Publisher` of the result.
  @inlinable public func scan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) -> T
  ) -> Result<T, Never>.Publisher {
    Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
  }

  /// The one partial result, or the error the fold throws.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, once now.
  /// - Returns: A `Result.Publisher` of the result or the error.
  @inlinable public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
  }

  /// `elements`, then the value.
  ///
  /// - Parameter elements: The values delivered first.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
    prepend(elements)
  }

  /// `elements`, then the value.
  ///
  /// - Parameter elements: The values delivered first.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never>
  where S.Element == Output {
    // `Sequence + Array`, as Combine builds it: `elements` is walked once, after a capacity
    // estimate from its `underestimatedCount`.
    Publishers.Sequence(sequence: elements + [output])
  }

  /// The value, then `elements`.
  ///
  /// - Parameter elements: The values delivered after it.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
    append(elements)
  }

  /// The value, then `elements`.
  ///
  /// - Parameter elements: The values delivered after it.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never>
  where S.Element == Output {
    Publishers.Sequence(sequence: [output] + elements)
  }
}
