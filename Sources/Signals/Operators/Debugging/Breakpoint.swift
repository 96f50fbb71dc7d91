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

    /// Subscribes `subscriber` behind the checks.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (onSubscription, onOutput, onCompletion) = (receiveSubscription, receiveOutput, receiveCompletion)
      var events = upstream.handleEvents(
        receiveSubscription: { if onSubscription?($0) == true { raiseBreakpoint() } },
        receiveOutput: { if onOutput?($0) == true { raiseBreakpoint() } },
        receiveCompletion: { if onCompletion?($0) == true { raiseBreakpoint() } }
      )
      events.relayName = "Breakpoint"
      events.subscribe(subscriber)
    }
  }
}

/// Raises `SIGTRAP`, which stops an attached debugger here.
@usableFromInline
func raiseBreakpoint() {
  raise(SIGTRAP)
}
