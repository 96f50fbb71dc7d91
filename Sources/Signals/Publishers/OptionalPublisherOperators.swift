// Combine's specialisations of the operators on `Optional.Publisher`: applied to at most one
// known value, each gives at once the source it amounts to, with Combine's return types (as
// OpenCombine lists them). The closures run at the call, once. Where Combine traps on a
// negative count or index, these treat it as zero.

extension Optional.Publisher where Wrapped: Equatable {
  /// Whether the value equals `output`; nothing when there is no value.
  ///
  /// - Parameter output: The value looked for.
  /// - Returns: An `Optional.Publisher` of the answer.
  @inlinable public func contains(_ output: Output) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(self.output.map { $0 == output })
  }

  /// This publisher: at most one value has no duplicates.
  ///
  /// - Returns: This publisher.
  @inlinable public func removeDuplicates() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher where Wrapped: Comparable {
  /// This publisher: the smallest of at most one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func min() -> Optional<Wrapped>.Publisher { self }

  /// This publisher: the largest of at most one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func max() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher {
  /// Whether the value satisfies `predicate`; nothing when there is no value.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: An `Optional.Publisher` of the answer.
  @inlinable public func allSatisfy(_ predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(output.map(predicate))
  }

  /// The value in an array, or an empty array.
  ///
  /// - Returns: An `Optional.Publisher` of the array.
  @inlinable public func collect() -> Optional<[Output]>.Publisher {
    Optional<[Output]>.Publisher(output.map { [$0] } ?? [])
  }

  /// The transformed value, or nothing.
  ///
  /// - Parameter transform: Makes the new value, run now.
  /// - Returns: An `Optional.Publisher` of the new value or of nothing.
  @inlinable public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.flatMap(transform))
  }

  /// This publisher: the smallest of at most one value.
  ///
  /// - Parameter areInIncreasingOrder: Not called.
  /// - Returns: This publisher.
  @inlinable public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher
  {
    self
  }

  /// This publisher: the largest of at most one value.
  ///
  /// - Parameter areInIncreasingOrder: Not called.
  /// - Returns: This publisher.
  @inlinable public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher
  {
    self
  }

  /// Whether the value satisfies `predicate`; nothing when there is no value.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: An `Optional.Publisher` of the answer.
  @inlinable public func contains(where predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(output.map(predicate))
  }

  /// One when there is a value; nothing otherwise (Combine's rule).
  ///
  /// - Returns: An `Optional.Publisher` of the count.
  @inlinable public func count() -> Optional<Int>.Publisher {
    Optional<Int>.Publisher(output.map { _ in 1 })
  }

  /// The value when `count` is zero or negative, else nothing.
  ///
  /// - Parameter count: How many values to drop.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(count > 0 ? nil : output)
  }

  /// The value unless `predicate` accepts it.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
  }

  /// This publisher: the first of at most one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func first() -> Optional<Output>.Publisher { self }

  /// The value when `predicate` accepts it.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
  }

  /// This publisher: the last of at most one value.
  ///
  /// - Returns: This publisher.
  @inlinable public func last() -> Optional<Output>.Publisher { self }

  /// The value when `predicate` accepts it.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
  }

  /// The value when `isIncluded` accepts it.
  ///
  /// - Parameter isIncluded: The test, run now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
  }

  /// Only the finish.
  ///
  /// - Returns: An `Empty` that finishes at once.
  @inlinable public func ignoreOutput() -> Empty<Output, Failure> { Empty() }

  /// The transformed value, or nothing.
  ///
  /// - Parameter transform: Makes the new value, run now.
  /// - Returns: An `Optional.Publisher` of the new value or of nothing.
  @inlinable public func map<T>(_ transform: (Output) -> T) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map(transform))
  }

  /// The value at index 0, nothing at any other index.
  ///
  /// - Parameter index: The index asked for.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func output(at index: Int) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { index == 0 ? $0 : nil })
  }

  /// The value when `range` starts at index 0 and is not empty.
  ///
  /// - Parameter range: The indices asked for.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher
  where R.Bound == Int {
    let range = range.relative(to: 0..<Int.max)
    return Optional<Output>.Publisher(
      output.flatMap { range.lowerBound == 0 && range.upperBound != 0 ? $0 : nil })
  }

  /// The value when `maxLength` is positive.
  ///
  /// - Parameter maxLength: How many values to keep.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(maxLength > 0 ? output : nil)
  }

  /// The value when `predicate` accepts it.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: An `Optional.Publisher` of the value or of nothing.
  @inlinable public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
  }

  /// The value folded into `initialResult`; nothing when there is no value (Combine's rule).
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, run now.
  /// - Returns: An `Optional.Publisher` of the result or of nothing.
  @inlinable public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) -> T
  ) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
  }

  /// The one partial result, or nothing when there is no value.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the value.
  ///   - nextPartialResult: Folds the value in, run now.
  /// - Returns: An `Optional.Publisher` of the result or of nothing.
  @inlinable public func scan<T>(
    _ initialResult: T, _ nextPartialResult: (T, Output) -> T
  ) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
  }

  /// This publisher: at most one value has no duplicates.
  ///
  /// - Parameter predicate: Not called.
  /// - Returns: This publisher.
  @inlinable public func removeDuplicates(
    by predicate: (Output, Output) -> Bool
  ) -> Optional<Output>.Publisher {
    self
  }

  /// This publisher: it never fails.
  ///
  /// - Parameter output: Not delivered.
  /// - Returns: This publisher.
  @inlinable public func replaceError(with output: Output) -> Optional<Output>.Publisher { self }

  /// The value, or `output` when there is none.
  ///
  /// - Parameter output: The value delivered in place of nothing.
  /// - Returns: A `Just` of one of them.
  @inlinable public func replaceEmpty(with output: Output) -> Just<Output> { Just(self.output ?? output) }

  /// This publisher: it never fails, so there is nothing to retry.
  ///
  /// - Parameter times: Not used.
  /// - Returns: This publisher.
  @inlinable public func retry(_ times: Int) -> Optional<Output>.Publisher { self }
}
