extension Publisher {
  /// Delivers `values` first, then this publisher's values.
  ///
  /// ```
  /// self:           ---3-|
  /// prepend(1, 2):  (12)--3-|
  /// ```
  ///
  /// - Parameter values: The values to deliver first.
  /// - Returns: A publisher of the given values, then this publisher's.
  @inlinable
  public func prepend(
    _ values: Output...
  ) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
    Publishers.Concatenate(prefix: Publishers.Sequence(sequence: values), suffix: self)
  }

  /// Delivers the elements of `elements` first, then this publisher's values.
  ///
  /// ```
  /// self:           ---3-|
  /// prepend(1, 2):  (12)--3-|
  /// ```
  ///
  /// This publisher is subscribed once the sequence is used up. A failure of this publisher is
  /// forwarded. Threading: the sequence is delivered on the subscribing thread.
  ///
  /// - Parameter elements: The values to deliver first.
  /// - Returns: A publisher of the sequence followed by this publisher.
  @inlinable
  public func prepend<S: Sequence>(
    _ elements: S
  ) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self> where S.Element == Output {
    Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
  }

  /// Delivers `publisher`'s values first, then, once it finishes, this publisher's values.
  ///
  /// ```
  /// other:           -1-|
  /// self:               -2-|
  /// prepend(other):  -1--2-|
  /// ```
  ///
  /// This publisher is subscribed only when `publisher` finishes; a failure of either is
  /// forwarded.
  ///
  /// - Parameter publisher: The publisher whose values come first.
  /// - Returns: A publisher of `publisher` followed by this one.
  @inlinable
  public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: publisher, suffix: self)
  }
}
