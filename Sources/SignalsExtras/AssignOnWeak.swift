import Signals

extension Publisher where Failure == Never {
  /// Writes each value into `object[keyPath: keyPath]` without retaining `object`; once
  /// `object` is gone, the subscription cancels itself at the next value.
  ///
  /// Use it for view models that assign their own derived publishers to themselves.
  ///
  /// - Parameters:
  ///   - keyPath: The property each value is written to.
  ///   - object: The object that holds the property; held weakly.
  /// - Returns: The cancellable that ends the subscription.
  @inlinable
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, onWeak object: Root
  ) -> AnyCancellable {
    let assign = Subscribers.WeakAssign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }
}
