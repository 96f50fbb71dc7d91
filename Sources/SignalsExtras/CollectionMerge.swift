import Signals

extension Collection where Element: Publisher {
  /// Merges every publisher in the collection; see `Publishers.MergeMany`.
  ///
  /// ```
  /// p0:               -a---b-|
  /// p1:               --1----2-|
  /// [p0, p1].merge(): -a1--b-2-|
  /// ```
  ///
  /// - Returns: A publisher of every value of every publisher in the collection, as they come.
  @inlinable
  public func merge() -> Publishers.MergeMany<Element> { Publishers.MergeMany(Array(self)) }
}
