extension Publisher {
  /// Delivers this publisher's values, then, once it finishes, those of `publisher`.
  ///
  /// ```
  /// self:           -1-2-|
  /// other:               -3-|
  /// append(other):  -1-2--3-|
  /// ```
  ///
  /// `publisher` is subscribed only when this one finishes (and asked for the outstanding
  /// demand); a failure of either is forwarded. The subscription handshake is Combine's: the upstream is
  /// subscribed first, and the subscriber receives this operator's subscription when the
  /// upstream's arrives.
  ///
  /// - Parameter publisher: The publisher whose values come last.
  /// - Returns: A publisher of this publisher's values, then the other's.
  @inlinable
  public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }

  /// Delivers this publisher's values, then `values`, once it finishes.
  ///
  /// ```
  /// self:          -1-|
  /// append(2, 3):  -1-(23|)
  /// ```
  ///
  /// A failure of this publisher is forwarded and the values never delivered. Threading: the
  /// values are delivered on the thread of the finish.
  ///
  /// - Parameter values: The values to deliver last.
  /// - Returns: A publisher of this publisher followed by the values.
  @inlinable
  public func append(
    _ values: Output...
  ) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
    Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: values))
  }

  /// Delivers this publisher's values, then, once it finishes, the elements of `elements`.
  ///
  /// ```
  /// self:              -1-|
  /// append([2, 3]):    -1-(23|)
  /// ```
  ///
  /// A failure of this publisher is forwarded and the sequence never delivered. Threading: the
  /// sequence is delivered on the thread of the finish.
  ///
  /// - Parameter elements: The values to deliver last.
  /// - Returns: A publisher of this publisher followed by the sequence.
  @inlinable
  public func append<S: Sequence>(
    _ elements: S
  ) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>> where S.Element == Output {
    Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
  }
}
