/// The link between a publisher and one subscriber: the subscriber requests values through it
/// and cancels the flow with it, as in Combine.
///
/// `request(_:)` adds to what the publisher may send (demands add up; see `Subscribers.Demand`);
/// a publisher never sends more values in total than was requested, and sends its completion
/// whether or not anything was requested. Unlike Combine, a subscription is a class: every
/// subscription has identity anyway (it is cancelled once and releases what it holds), and a
/// class-bound existential is two words instead of five, which every subscriber that keeps its
/// subscription saves.
///
/// Threading: `request(_:)` and `cancel()` may be called from any thread, any number of times,
/// and from inside the subscriber's own `receive` calls (a request made there is served after
/// the current call returns, never by a nested call). See `Cancellable`.
public protocol Subscription: Cancellable, AnyObject, CustomCombineIdentifierConvertible {
  /// Asks for `demand` more values. `.none` is allowed and does nothing.
  func request(_ demand: Subscribers.Demand)
}
