/// A publisher you send values into by hand: the bridge from imperative code to publishers.
///
/// Threading: every subject in Signals accepts `send` from any thread and from inside its own
/// subscribers' callbacks; each subscriber still receives one call at a time, in send order.
/// Completion: values and completions sent after a completion are ignored.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Delivers `value` to every current subscriber.
  func send(_ value: Output)
  /// Delivers `completion` to every current subscriber; the subject accepts nothing after it.
  func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
  /// Sends `()`, for subjects that signal events without data.
  @inlinable
  public func send() { send(()) }
}
