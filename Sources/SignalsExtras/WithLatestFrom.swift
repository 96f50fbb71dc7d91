import Signals

extension Publisher {
  /// Delivers, for each value of this publisher, the latest value of `other`; values that come
  /// before `other` has produced one are dropped.
  ///
  /// ```
  /// self:                   -a---b-c-|
  /// other:                  ---1--2----
  /// withLatestFrom(other):  -----1-2-|
  /// ```
  ///
  /// Only this publisher triggers output; `other`'s values are remembered, never delivered on
  /// their own. Finishes when this publisher finishes (cancelling `other`); a failure of either
  /// is forwarded at once. Threading: as `combineLatest`.
  ///
  /// - Parameter other: The publisher whose latest value is taken.
  /// - Returns: A publisher of `other`'s latest value at each of this publisher's values.
  @inlinable
  public func withLatestFrom<Other: Publisher>(
    _ other: Other
  ) -> Publishers.WithLatestFrom<Self, Other, Other.Output> where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other) { $1 }
  }

  /// Combines each value of this publisher with the latest value of `other` using
  /// `resultSelector`; see `withLatestFrom(_:)`.
  ///
  /// ```
  /// self:                                     -a---b-c-|
  /// other:                                    ---1--2----
  /// withLatestFrom(other, resultSelector: +): -----x-y-|
  /// values:                                   x = b1, y = c2
  /// ```
  ///
  /// Threading: `resultSelector` runs on the thread that delivers this publisher's value.
  ///
  /// - Parameters:
  ///   - other: The publisher whose latest value is taken.
  ///   - resultSelector: Makes the output from this publisher's value and `other`'s latest.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func withLatestFrom<Other: Publisher, T>(
    _ other: Other, resultSelector: @escaping (Output, Other.Output) -> T
  ) -> Publishers.WithLatestFrom<Self, Other, T> where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
  }
}
