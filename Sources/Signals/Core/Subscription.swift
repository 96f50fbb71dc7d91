/// The handle a publisher gives its subscriber: cancelling it ends the flow.
///
/// There is no `request(_:)`: Signals has no demand. Unlike Combine, a subscription is a class:
/// every subscription has identity anyway (it is cancelled once and releases what it holds), and
/// a class-bound existential is two words instead of five, which every subscriber that keeps its
/// subscription saves. Threading: `cancel()` may be called from any thread, any number of times;
/// see `Cancellable`.
public protocol Subscription: Cancellable, AnyObject {}
