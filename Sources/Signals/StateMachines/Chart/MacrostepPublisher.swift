extension StateMachine {
  /// The machine's inspector as a publisher (`macrosteps`): a `MacrostepRecord` for each
  /// macrostep of a statechart, to the subscribers there when it runs. A concrete publisher
  /// (not `AnyPublisher`), so that a subscriber's path is specialized for the caller's types.
  ///
  /// Semantics, as `PassthroughSubject`'s: a subscriber receives only the macrosteps that
  /// start after it subscribed (none replayed), and a record is dropped for a subscriber with
  /// no outstanding demand. Recording starts when the first subscriber is attached and stops
  /// when the last one cancels: a machine nobody inspects records nothing. A flat graph records
  /// no macrostep (its steps are `transitions`).
  ///
  /// Threading: the machine calls the subscribers itself, from the thread that ran the
  /// macrostep, never two at once and never under its lock, after the subscribers of
  /// `statePublisher` and before those of `transitions`. A subscriber is attached by the thread
  /// holding the machine (now, or right after the macrostep running), and given its
  /// subscription then; a request may come from any thread; a cancel stops the deliveries at
  /// once and the subscriber is let go right after the macrostep running. A subscription does
  /// not keep the machine alive.
  ///
  /// Completion: it never completes; the macrostep that stops the machine is the last record.
  public struct MacrostepPublisher: Publisher {
    /// One macrostep's record.
    public typealias Output = MacrostepRecord<State, Event>
    /// It never fails.
    public typealias Failure = Never

    @usableFromInline let machine: StateMachine

    @inlinable init(machine: StateMachine) { self.machine = machine }

    /// Attaches `subscriber`, which receives the records of the macrosteps from then on.
    ///
    /// - Parameter subscriber: The subscriber to attach; it receives its subscription from the
    ///   thread holding the machine, now or right after the macrostep running.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == MacrostepRecord<State, Event>, S.Failure == Never {
      let observer = PassthroughObserver(downstream: subscriber) { [weak machine] in
        machine?.schedule(.passthrough(.prune))
      }
      machine.schedule(.passthrough(.watchMacrosteps(observer)))
    }
  }
}
