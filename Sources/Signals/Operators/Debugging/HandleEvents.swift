extension Publisher {
  /// Calls the given closures as events pass, for side effects such as logging or a loading
  /// indicator; the events themselves pass through unchanged.
  ///
  /// `receiveSubscription` runs when the subscriber subscribes, `receiveOutput` before each
  /// value is delivered, `receiveCompletion` before the completion, and `receiveCancel` when
  /// the subscriber cancels (not after a completion). Threading: each runs on the thread of
  /// its event.
  ///
  /// ```
  /// upstream:                           -1-2-|
  /// handleEvents(receiveOutput: log):   -1-2-|
  /// ```
  ///
  /// - Parameters:
  ///   - receiveSubscription: Called with the subscription.
  ///   - receiveOutput: Called with each value.
  ///   - receiveCompletion: Called with the completion.
  ///   - receiveCancel: Called when the subscriber cancels.
  ///   - receiveRequest: Called with each demand the subscriber signals.
  /// - Returns: A publisher of the same events.
  @inlinable
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil,
    receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
  }
}

extension Publishers {
  /// The publisher `handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)`
  /// and `print(_:to:)` return.
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher observed.
    public let upstream: Upstream
    /// Runs on subscription.
    public let receiveSubscription: ((any Subscription) -> Void)?
    /// Runs before each value.
    public let receiveOutput: ((Output) -> Void)?
    /// Runs before the completion.
    public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    /// Runs on cancel.
    public let receiveCancel: (() -> Void)?
    /// Called with each demand the subscriber requests, before it goes upstream.
    public let receiveRequest: ((Subscribers.Demand) -> Void)?
    /// The subscription's description: `"HandleEvents"`, or the name of an operator built on
    /// this one (`breakpoint` gives `"Breakpoint"`).
    @usableFromInline var relayName = "HandleEvents"

    /// Makes the publisher; prefer `upstream.handleEvents(...)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - receiveSubscription: Called with the subscription.
    ///   - receiveOutput: Called with each value.
    ///   - receiveCompletion: Called with the completion.
    ///   - receiveCancel: Called when the subscriber cancels.
    ///   - receiveRequest: Called with each demand the subscriber sends.
    @inlinable
    public init(
      upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)?,
      receiveOutput: ((Output) -> Void)?,
      receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?, receiveCancel: (() -> Void)?,
      receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) {
      self.receiveRequest = receiveRequest
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
    }

    /// Subscribes `subscriber` through the observer.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let receiveCancel = receiveCancel
      let receiveOutput = receiveOutput
      let receiveCompletion = receiveCompletion
      let receiveSubscription = receiveSubscription
      let receiveRequest = receiveRequest
      let relay = Relay<Output, Failure, S>(
        subscriber,
        RelayRules(
          value: { value in
            receiveOutput?(value)
            return .emit(value)
          },
          completion: { completion in
            receiveCompletion?(completion)
            return (nil, completion)
          }),
        name: relayName,
        edges: RelayEdges(
          earlyValues: true, earlyCompletion: true, cancelledEarly: .leavesIt, passesRequestsForNothing: true)
      )
      upstream.subscribe(
        EventsInput<Output, Failure>(
          name: relayName,
          receiveSubscription: { subscription in
            // Combine's: a second subscription is shown to `receiveSubscription` while the flow
            // is live (after its end the handlers are gone) and cancelled here, with no
            // `receiveCancel`: it never reaches the subscriber.
            if relay.subscribed {
              if !relay.link.isTerminated { receiveSubscription?(subscription) }
              return subscription.cancel()
            }
            receiveSubscription?(subscription)
            // The relay cancels its upstream only when its subscriber cancels: it never ends
            // the flow itself, and an upstream completion does not cancel.
            relay.receive(
              subscription: CancelObserver(subscription, onRequest: receiveRequest) { receiveCancel?() })
          },
          receiveValue: { value in
            // Combine's: demand the subscriber returns for a value is a request too.
            let more = relay.receive(value)
            if more > .none { receiveRequest?(more) }
            return more
          },
          receiveCompletion: relay.receive(completion:),
          // Made on the subscriber, which Combine's subscription is too: before the upstream's
          // subscription, Combine's calls the handler and drops the request, and calls
          // `receiveCancel` for a cancel; after it, the relay's subscription calls them.
          request: { demand in
            if relay.link.isTerminated { return }
            guard relay.link.isAttached else {
              receiveRequest?(demand)
              return
            }
            relay.request(demand)
          },
          cancel: {
            if relay.link.isTerminated { return }
            if !relay.link.isAttached { receiveCancel?() }
            relay.cancel()
          }))
    }
  }
}

/// The subscriber `handleEvents` puts upstream: closures that call the operator's handlers and
/// pass each event to its relay; it describes itself by the operator's name with no children,
/// as Combine's does.
///
/// As Combine's, it is a subscription too (OpenCombine 0.14's `HandleEventsTests`,
/// `testHandleEventsRequestBeforeSubscription` and `testHandleEventsCancelBeforeSubscription`):
/// a request or cancel made on it reaches the handlers and the relay, as one made on the
/// subscription the subscriber gets.
@usableFromInline
final class EventsInput<Input, Failure: Error>: Subscriber, Subscription, CombineDescribed,
  @unchecked Sendable
{
  // @unchecked: only immutable closures, the user's handlers and the relay's methods, called
  // from the threads the relay's own events and its subscription's calls come from (as Combine's).
  @usableFromInline let combineName: String
  @usableFromInline let receiveSubscription: (any Subscription) -> Void
  @usableFromInline let receiveValue: (Input) -> Subscribers.Demand
  @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
  @usableFromInline let requested: (Subscribers.Demand) -> Void
  @usableFromInline let cancelled: () -> Void

  @inlinable init(
    name: String, receiveSubscription: @escaping (any Subscription) -> Void,
    receiveValue: @escaping (Input) -> Subscribers.Demand,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    request: @escaping (Subscribers.Demand) -> Void,
    cancel: @escaping () -> Void
  ) {
    combineName = name
    self.receiveSubscription = receiveSubscription
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
    requested = request
    cancelled = cancel
  }

  @inlinable func receive(subscription: any Subscription) { receiveSubscription(subscription) }
  @inlinable func receive(_ input: Input) -> Subscribers.Demand { receiveValue(input) }
  @inlinable func receive(completion: Subscribers.Completion<Failure>) { receiveCompletion(completion) }
  @inlinable func request(_ demand: Subscribers.Demand) { requested(demand) }
  @inlinable func cancel() { cancelled() }
}
