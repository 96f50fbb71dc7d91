extension Publisher {
  /// Delivers this publisher's values, then, once it finishes, the elements of `elements`.
  ///
  /// ```
  /// self:            -1-|
  /// append([2, 3]):  -1-(23|)
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
