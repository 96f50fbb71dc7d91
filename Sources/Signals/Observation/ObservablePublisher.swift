import Observation

extension Observable where Self: AnyObject {
  /// A publisher of one property of this `@Observable` object: its value now, then its new
  /// value after each change (the spelling Combine users know from key-value observing).
  ///
  /// ```swift
  /// @Observable final class SearchModel {
  ///   var query = ""
  /// }
  /// model.publisher(for: \.query, on: scheduler)
  ///   .debounce(for: .milliseconds(300), scheduler: scheduler)
  ///   .sink { print($0) }
  /// ```
  ///
  /// It is `Observed(on: scheduler) { object[keyPath: keyPath] }` holding the object weakly: see
  /// `Observed` for when the value is read and delivered (the main queue by default, a
  /// `TestScheduler` in tests). Several changes before the scheduler runs give one value, the
  /// latest; the last value delivered is the property's last, whatever thread changes it.
  ///
  /// Threading: the property is read on the subscribing thread for the first value, on
  /// `scheduler` after each change. Completion: never fails; finishes, on `scheduler`, once the
  /// object is released (the publisher does not keep it alive). Cancelling stops the
  /// observation and releases the subscription. Demand: the latest value waits for demand.
  ///
  /// - Parameters:
  ///   - keyPath: The property to publish; any property the object's Observation tracks (a
  ///     computed property is tracked through the stored ones it reads).
  ///   - scheduler: Where the property is read after a change, and its values are delivered.
  /// - Returns: A publisher of the property's current value and of each new value.
  public func publisher<Value>(
    for keyPath: KeyPath<Self, Value>, on scheduler: any Scheduler = MainScheduler.shared
  ) -> Observed<Value> {
    Observed(scheduler: scheduler) { [weak self] in self?[keyPath: keyPath] }
  }
}
