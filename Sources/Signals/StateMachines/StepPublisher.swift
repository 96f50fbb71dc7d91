extension StateMachine {
  /// The machine's transitions as a publisher (`transitions`): each `Step` as it happens, to the
  /// subscribers there when it happens. A concrete publisher (not `AnyPublisher`), so that a
  /// subscriber's path is specialized for the caller's types.
  ///
  /// Semantics, as `PassthroughSubject`'s: a subscriber receives only the steps taken after it
  /// subscribed (none replayed), and a step is dropped for a subscriber with no outstanding
  /// demand (a later request brings the next steps, not the dropped ones). A flat graph's step
  /// is one per transition taken; a statechart's, one per event it takes (sent, from an action,
  /// or an invoked publisher's: its macrostep, from the first leaf's state before to the one
  /// after, without annotations), none for a delayed transition's timer or a restore. Nothing is
  /// built for it while nobody subscribes: a send then makes no `Step`.
  ///
  /// Threading: the machine calls the subscribers itself, from the thread running the event,
  /// never two at once and never under its lock, after the subscribers of `statePublisher` (and
  /// of `macrosteps`), so that each reads the new `state`. An event sent from a subscriber is
  /// queued and runs after every subscriber has the step. A subscriber is attached by the
  /// thread holding the machine (now, or right after the event running), and given its
  /// subscription then; a request may come from any thread; a cancel stops the deliveries at
  /// once and the subscriber is let go right after the event running. A subscription does not
  /// keep the machine alive.
  ///
  /// Completion: it never completes, not even when a statechart stops (the steps just end).
  public struct StepPublisher: Publisher {
    /// A transition that happened.
    public typealias Output = Step
    /// It never fails.
    public typealias Failure = Never

    @usableFromInline let machine: StateMachine

    @inlinable init(machine: StateMachine) { self.machine = machine }

    /// Attaches `subscriber`, which receives the steps taken from then on.
    ///
    /// - Parameter subscriber: The subscriber to attach; it receives its subscription from the
    ///   thread holding the machine, now or right after the event running.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Step, S.Failure == Never {
      let observer = PassthroughObserver(downstream: subscriber) { [weak machine] in
        machine?.schedule(.passthrough(.prune))
      }
      machine.schedule(.passthrough(.watchSteps(observer)))
    }
  }
}
