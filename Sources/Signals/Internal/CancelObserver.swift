/// A subscription that calls `onCancel` before cancelling the one it wraps.
@usableFromInline
final class CancelObserver: Subscription, @unchecked Sendable {
  // @unchecked: `onCancel` is the user's `receiveCancel`; it runs on the cancelling thread, as
  // documented on `handleEvents`.
  @usableFromInline let wrapped: any Subscription
  @usableFromInline let onCancel: () -> Void
  @usableFromInline let onRequest: ((Subscribers.Demand) -> Void)?

  @inlinable init(
    _ wrapped: any Subscription, onRequest: ((Subscribers.Demand) -> Void)? = nil,
    onCancel: @escaping () -> Void
  ) {
    self.wrapped = wrapped
    self.onRequest = onRequest
    self.onCancel = onCancel
  }

  @inlinable func request(_ demand: Subscribers.Demand) {
    onRequest?(demand)
    wrapped.request(demand)
  }

  @inlinable func cancel() {
    onCancel()
    wrapped.cancel()
  }
}
