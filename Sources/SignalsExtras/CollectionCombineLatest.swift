import Signals

extension Collection where Element: Publisher {
  /// Combines every publisher in the collection: once all have produced a value, emits the
  /// array of their latest values (in collection order) each time one produces.
  ///
  /// ```
  /// p0:                       -a-----b--|
  /// p1:                       ---1------|
  /// [p0, p1].combineLatest(): ---x---y--|
  /// values:                   x = [a, 1], y = [b, 1]
  /// ```
  ///
  /// An empty collection finishes at once. Completion, failure, cancellation and threading as in
  /// `combineLatest(_:)`. Demand: each request is passed to every input at once, as Combine
  /// does; the demand the subscriber returns for a value reaches an input once that input has
  /// used what it had, so stepwise demand costs O(1) per value whatever the number of inputs.
  ///
  /// - Returns: A publisher of arrays of the latest value of each publisher, in the collection's order.
  @inlinable
  public func combineLatest() -> Publishers.CombineLatestMany<Element> {
    Publishers.CombineLatestMany(Array(self))
  }
}
