extension Publisher {
  /// Replaces each `nil` value with `output`.
  ///
  /// ```
  /// upstream:       -1-n-3-|
  /// replaceNil(0):  -1-0-3-|
  /// values:        n = nil
  /// ```
  @inlinable
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    map { $0 ?? output }
  }
}
