extension Publisher {
  /// Replaces each `nil` value with `output`.
  ///
  /// ```
  /// upstream:       -1-n-3-|
  /// replaceNil(0):  -1-0-3-|
  /// values:        n = nil
  /// ```
  ///
  /// - Parameter output: The value delivered in place of `nil`.
  /// - Returns: A publisher of non-optional values.
  @inlinable
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    map { $0 ?? output }
  }
}
