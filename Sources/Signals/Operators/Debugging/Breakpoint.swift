#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Publisher {
  /// Stops in the debugger (raises `SIGTRAP`) when one of the given closures returns `true`
  /// for the event passing; the events themselves pass through unchanged.
  ///
  /// ```
  /// upstream:                                   -1-2-3-|
  /// breakpoint(receiveOutput: { _ in false }):  -1-2-3-|
  /// ```
  ///
  /// Without a debugger attached, `SIGTRAP` ends the process unless it is handled, as in
  /// Combine: use it only while debugging. Threading: each closure runs, and the signal is
  /// raised, on the thread of its event.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Decides on the subscription.
  ///   - receiveOutput: Decides on each value.
  ///   - receiveCompletion: Decides on the completion.
  /// - Returns: A publisher that passes every event on.
  @inlinable
  public func breakpoint(
    receiveSubscription: ((any Subscription) -> Bool)? = nil,
    receiveOutput: ((Output) -> Bool)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
  ) -> Publishers.Breakpoint<Self> {
    Publishers.Breakpoint(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion)
  }

  /// Stops in the debugger (raises `SIGTRAP`) when the upstream fails; see `breakpoint`.
  ///
  /// ```
  /// upstream:             -1-2-|
  /// breakpointOnError():  -1-2-|
  /// ```
  ///
  /// - Returns: A publisher that passes every event on.
  @inlinable
  public func breakpointOnError() -> Publishers.Breakpoint<Self> {
    breakpoint(receiveCompletion: { completion in
      if case .failure = completion { return true }
      return false
    })
  }
}

extension Publishers {
  /// The publisher `breakpoint(...)` and `breakpointOnError()` return.
  public struct Breakpoint<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher observed.
    public let upstream: Upstream
    /// Decides on the subscription.
    public let receiveSubscription: ((any Subscription) -> Bool)?
    /// Decides on each value.
    public let receiveOutput: ((Upstream.Output) -> Bool)?
    /// Decides on the completion.
    public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

    /// Makes the publisher; prefer `upstream.breakpoint(...)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - receiveSubscription: Decides on the subscription; `true` raises `SIGTRAP`.
    ///   - receiveOutput: Decides on each value; `true` raises `SIGTRAP`.
    ///   - receiveCompletion: Decides on the completion; `true` raises `SIGTRAP`.
    @inlinable
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Bool)? = nil,
      receiveOutput: ((Upstream.Output) -> Bool)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
    }

    /// Subscribes `subscriber` behind the checks: every event, the subscription and the
    /// demand pass through unchanged, as in Combine.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        BreakpointSubscriber(
          downstream: subscriber, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
          receiveCompletion: receiveCompletion))
    }
  }
}

/// `breakpoint`'s subscriber: checks each event, then hands it on, with the upstream's
/// subscription and the downstream's demand, as Combine's does.
@usableFromInline
struct BreakpointSubscriber<Downstream: Subscriber>: Subscriber, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible
{
  @usableFromInline let downstream: Downstream
  @usableFromInline let receiveSubscription: ((any Subscription) -> Bool)?
  @usableFromInline let receiveOutput: ((Downstream.Input) -> Bool)?
  @usableFromInline let receiveCompletion: ((Subscribers.Completion<Downstream.Failure>) -> Bool)?
  @usableFromInline let combineIdentifier = CombineIdentifier()

  @inlinable init(
    downstream: Downstream, receiveSubscription: ((any Subscription) -> Bool)?,
    receiveOutput: ((Downstream.Input) -> Bool)?,
    receiveCompletion: ((Subscribers.Completion<Downstream.Failure>) -> Bool)?
  ) {
    self.downstream = downstream
    self.receiveSubscription = receiveSubscription
    self.receiveOutput = receiveOutput
    self.receiveCompletion = receiveCompletion
  }

  @inlinable func receive(subscription: any Subscription) {
    if receiveSubscription?(subscription) == true { raiseBreakpoint() }
    downstream.receive(subscription: subscription)
  }

  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    if receiveOutput?(input) == true { raiseBreakpoint() }
    return downstream.receive(input)
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    if receiveCompletion?(completion) == true { raiseBreakpoint() }
    downstream.receive(completion: completion)
  }

  /// Combine's name for the operator.
  @usableFromInline var description: String { "Breakpoint" }
  /// No children, as Combine's.
  @usableFromInline var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
  /// The operator's name, as `description`.
  @usableFromInline var playgroundDescription: Any { description }
}

/// Raises `SIGTRAP`, which stops an attached debugger here.
@usableFromInline
func raiseBreakpoint() {
  raise(SIGTRAP)
}
