/// The handle a publisher gives its subscriber: cancelling it ends the flow.
///
/// There is no `request(_:)`: Signals has no demand. Threading: `cancel()` may be called from any
/// thread, any number of times; see `Cancellable`.
public protocol Subscription: Cancellable {}
