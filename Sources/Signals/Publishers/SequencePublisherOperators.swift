// Combine's specialisations of the operators on `Publishers.Sequence`: the operator is
// applied to the sequence at the call (eagerly, as Combine's `Sequence.map` is, except
// `dropFirst`, `drop(while:)` and `prefix(_:)`, which give the standard library's lazy
// wrappers), and the result is again a source (`Publishers.Sequence`, `Optional.Publisher`,
// `Result.Publisher`, `Just`, `Empty`) with Combine's return types.

extension Publishers.Sequence where Failure == Never {
  /// The smallest element under `areInIncreasingOrder`, or nothing for an empty sequence.
  ///
  /// - Parameter areInIncreasingOrder: The ordering, run now.
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func min(
    by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
  ) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.min(by: areInIncreasingOrder))
  }

  /// The largest element under `areInIncreasingOrder`, or nothing for an empty sequence.
  ///
  /// - Parameter areInIncreasingOrder: The ordering, run now.
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func max(
    by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
  ) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.max(by: areInIncreasingOrder))
  }

  /// The first element `predicate` accepts, or nothing.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func first(
    where predicate: (Elements.Element) -> Bool
  ) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.first(where: predicate))
  }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
  /// The smallest element, or nothing for an empty sequence.
  ///
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func min() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.min())
  }

  /// The largest element, or nothing for an empty sequence.
  ///
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func max() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.max())
  }
}

extension Publishers.Sequence {
  /// Whether every element satisfies `predicate`.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable public func allSatisfy(
    _ predicate: (Elements.Element) -> Bool
  ) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
  }

  /// Whether every element satisfies `predicate`, or the error it throws.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Result.Publisher` of the answer or the error.
  @inlinable public func tryAllSatisfy(
    _ predicate: (Elements.Element) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
  }

  /// All the elements in one array.
  ///
  /// - Returns: A `Result.Publisher` of the array.
  @inlinable public func collect() -> Result<[Elements.Element], Failure>.Publisher {
    Result<[Elements.Element], Failure>.Publisher(Array(sequence))
  }

  /// The transformed elements, without the `nil`s.
  ///
  /// - Parameter transform: Makes each new element, run now.
  /// - Returns: A `Publishers.Sequence` of the new elements.
  @inlinable public func compactMap<T>(
    _ transform: (Elements.Element) -> T?
  ) -> Publishers.Sequence<[T], Failure> {
    Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
  }

  /// Whether an element satisfies `predicate`.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable public func contains(
    where predicate: (Elements.Element) -> Bool
  ) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
  }

  /// Whether an element satisfies `predicate`, or the error it throws.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Result.Publisher` of the answer or the error.
  @inlinable public func tryContains(
    where predicate: (Elements.Element) throws -> Bool
  ) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try sequence.contains(where: predicate) })
  }

  /// The elements from the first one `predicate` rejects.
  ///
  /// - Parameter predicate: The test; the wrapper runs it as it is iterated.
  /// - Returns: A `Publishers.Sequence` over the standard library's lazy wrapper.
  @inlinable public func drop(
    while predicate: @escaping (Elements.Element) -> Bool
  ) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
    Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
  }

  /// The elements after the first `count`.
  ///
  /// - Parameter count: How many to drop; a negative count drops none.
  /// - Returns: A `Publishers.Sequence` over the standard library's lazy wrapper.
  @inlinable public func dropFirst(
    _ count: Int = 1
  ) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
    Publishers.Sequence<DropFirstSequence<Elements>, Failure>(
      sequence: sequence.dropFirst(Swift.max(0, count)))
  }

  /// The elements `isIncluded` accepts.
  ///
  /// - Parameter isIncluded: The test, run now.
  /// - Returns: A `Publishers.Sequence` of the accepted elements.
  @inlinable public func filter(
    _ isIncluded: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
  }

  /// Only the finish.
  ///
  /// - Returns: An `Empty` that finishes at once.
  @inlinable public func ignoreOutput() -> Empty<Elements.Element, Failure> { Empty() }

  /// The transformed elements.
  ///
  /// - Parameter transform: Makes each new element, run now.
  /// - Returns: A `Publishers.Sequence` of the new elements.
  @inlinable public func map<T>(
    _ transform: (Elements.Element) -> T
  ) -> Publishers.Sequence<[T], Failure> {
    Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
  }

  /// The first `maxLength` elements.
  ///
  /// - Parameter maxLength: How many to keep; a negative length keeps none.
  /// - Returns: A `Publishers.Sequence` over the standard library's lazy wrapper.
  @inlinable public func prefix(
    _ maxLength: Int
  ) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
    Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(Swift.max(0, maxLength)))
  }

  /// The elements before the first one `predicate` rejects.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: A `Publishers.Sequence` of the kept elements.
  @inlinable public func prefix(
    while predicate: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence.prefix(while: predicate)))
  }

  /// The elements folded into `initialResult`.
  ///
  /// - Parameters:
  ///   - initialResult: The result before any element.
  ///   - nextPartialResult: Folds an element in, run now.
  /// - Returns: A `Result.Publisher` of the result.
  @inlinable public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) -> T
  ) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(sequence.reduce(initialResult, nextPartialResult))
  }

  /// The elements folded into `initialResult`, or the error the fold throws.
  ///
  /// - Parameters:
  ///   - initialResult: The result before any element.
  ///   - nextPartialResult: Folds an element in, run now.
  /// - Returns: A `Result.Publisher` of the result or the error.
  @inlinable public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
  }

  /// The elements with each `nil` replaced by `output`.
  ///
  /// - Parameter output: The replacement.
  /// - Returns: A `Publishers.Sequence` of the elements.
  @inlinable public func replaceNil<T>(
    with output: T
  ) -> Publishers.Sequence<[Elements.Element], Failure> where Elements.Element == T? {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.map { $0 ?? output })
  }

  /// Every partial result of folding the elements into `initialResult`.
  ///
  /// - Parameters:
  ///   - initialResult: The result before any element.
  ///   - nextPartialResult: Folds an element in, run now.
  /// - Returns: A `Publishers.Sequence` of the partial results.
  @inlinable public func scan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) -> T
  ) -> Publishers.Sequence<[T], Failure> {
    var accumulator = initialResult
    return Publishers.Sequence<[T], Failure>(
      sequence: sequence.map {
        accumulator = nextPartialResult(accumulator, $0)
        return accumulator
      })
  }

  /// The same elements under another failure type.
  ///
  /// - Parameter error: The failure type to declare.
  /// - Returns: A `Publishers.Sequence` of the same sequence.
  @inlinable public func setFailureType<E: Error>(to error: E.Type) -> Publishers.Sequence<Elements, E> {
    Publishers.Sequence<Elements, E>(sequence: sequence)
  }
}

extension Publishers.Sequence where Elements.Element: Equatable {
  /// The elements without consecutive repeats.
  ///
  /// - Returns: A `Publishers.Sequence` of the kept elements.
  @inlinable public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
    var previous: Elements.Element?
    var result: [Elements.Element] = []
    for element in sequence where element != previous {
      result.append(element)
      previous = element
    }
    return Publishers.Sequence<[Elements.Element], Failure>(sequence: result)
  }

  /// Whether an element equals `output`.
  ///
  /// - Parameter output: The element looked for.
  /// - Returns: A `Result.Publisher` of the answer.
  @inlinable public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(sequence.contains(output))
  }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
  /// The first element, or nothing for an empty collection.
  ///
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func first() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.first)
  }

  /// The element at `index`, or nothing when the index is out of the collection (any
  /// collection, as in Combine).
  ///
  /// - Parameter index: The index asked for.
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
  }
}

extension Publishers.Sequence where Elements: Collection {
  /// The number of elements.
  ///
  /// - Returns: A `Result.Publisher` of the count.
  @inlinable public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(sequence.count)
  }

  /// The elements at the indices of `range` that the collection has (any collection, as in
  /// Combine).
  ///
  /// - Parameter range: The indices asked for; the part outside the collection is ignored
  ///   (Combine traps).
  /// - Returns: A `Publishers.Sequence` of those elements.
  @inlinable public func output(
    in range: Range<Elements.Index>
  ) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(
      sequence: Array(sequence[range.clamped(to: sequence.startIndex..<sequence.endIndex)]))
  }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
  /// The last element, or nothing for an empty collection.
  ///
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func last() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.last)
  }

  /// The last element `predicate` accepts, or nothing.
  ///
  /// - Parameter predicate: The test, run now.
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func last(
    where predicate: (Elements.Element) -> Bool
  ) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.last(where: predicate))
  }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
  /// The element at `index`, or nothing when the index is out of the collection.
  ///
  /// - Parameter index: The index asked for.
  /// - Returns: An `Optional.Publisher` of the element or of nothing.
  @inlinable public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
  }

  /// The number of elements.
  ///
  /// - Returns: A `Just` of the count.
  @inlinable public func count() -> Just<Int> { Just<Int>(sequence.count) }
}

extension Publishers.Sequence where Elements: RandomAccessCollection {
  /// The elements at the indices of `range` that the collection has.
  ///
  /// - Parameter range: The indices asked for; the part outside the collection is ignored.
  /// - Returns: A `Publishers.Sequence` of those elements.
  @inlinable public func output(
    in range: Range<Elements.Index>
  ) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(
      sequence: Array(sequence[range.clamped(to: sequence.startIndex..<sequence.endIndex)]))
  }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
  /// `elements`, then this sequence's.
  ///
  /// - Parameter elements: The elements delivered first.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
    prepend(elements)
  }

  /// `elements`, then this sequence's.
  ///
  /// - Parameter elements: The elements delivered first.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
  where S.Element == Elements.Element {
    // As Combine builds it: capacity for both first, then one pass over each.
    var result = Elements()
    result.reserveCapacity(sequence.count + elements.underestimatedCount)
    result.append(contentsOf: elements)
    result.append(contentsOf: sequence)
    return Publishers.Sequence<Elements, Failure>(sequence: result)
  }

  /// `publisher`'s elements, then this sequence's.
  ///
  /// - Parameter publisher: The sequence publisher delivered first.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func prepend(
    _ publisher: Publishers.Sequence<Elements, Failure>
  ) -> Publishers.Sequence<Elements, Failure> {
    // As Combine builds it: `publisher`'s collection, with this one appended.
    var result = publisher.sequence
    result.append(contentsOf: sequence)
    return Publishers.Sequence<Elements, Failure>(sequence: result)
  }

  /// This sequence's elements, then `elements`.
  ///
  /// - Parameter elements: The elements delivered after.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
    append(elements)
  }

  /// This sequence's elements, then `elements`.
  ///
  /// - Parameter elements: The elements delivered after.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
  where S.Element == Elements.Element {
    var result = sequence
    result.append(contentsOf: elements)
    return Publishers.Sequence<Elements, Failure>(sequence: result)
  }

  /// This sequence's elements, then `publisher`'s.
  ///
  /// - Parameter publisher: The sequence publisher delivered after.
  /// - Returns: A `Publishers.Sequence` of all of them.
  @inlinable public func append(
    _ publisher: Publishers.Sequence<Elements, Failure>
  ) -> Publishers.Sequence<Elements, Failure> {
    append(publisher.sequence)
  }
}
