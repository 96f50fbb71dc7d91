extension StateMachine {
  /// A change to the subscribers of the machine's passthrough streams (`transitions`,
  /// `macrosteps`): run as a job (`Job.passthrough`) by the thread holding the claim, which alone
  /// changes their lists, between events.
  @usableFromInline
  enum PassthroughJob {
    /// A new subscriber of `transitions`: attach it, then give it its subscription.
    case watchSteps(SubscriberHandle<Step, Never>)
    /// A new subscriber of `macrosteps`: attach it, then give it its subscription.
    case watchMacrosteps(SubscriberHandle<MacrostepRecord<State, Event>, Never>)
    /// A subscriber cancelled: drop the cancelled ones from both lists and let them go.
    case prune
  }

  /// Runs `job`; the caller holds the claim.
  ///
  /// The lists decide what a send builds: `stepsWatched` (a `Step` per transition) and the
  /// engine's `inspected` (a record per macrostep) are set while a list has a subscriber and
  /// cleared when its last one leaves, here only, so a machine nobody watches builds neither.
  @usableFromInline
  func perform(_ job: PassthroughJob) {
    switch job {
    case .watchSteps(let handle):
      guard handle.isActive else { return handle.call(.releaseSubscriber) }
      stepObservers.append(handle)
      stepsWatched.store(true, ordering: .relaxed)
      handle.call(.start)
    case .watchMacrosteps(let handle):
      guard handle.isActive else { return handle.call(.releaseSubscriber) }
      macrostepObservers.append(handle)
      engine.inspected.store(true, ordering: .relaxed)
      handle.call(.start)
    case .prune:
      let steps = stepObservers.removeCancelled()
      let macrosteps = macrostepObservers.removeCancelled()
      stepsWatched.store(!stepObservers.isEmpty, ordering: .relaxed)
      engine.inspected.store(!macrostepObservers.isEmpty, ordering: .relaxed)
      for handle in steps { handle.call(.releaseSubscriber) }
      for handle in macrosteps { handle.call(.releaseSubscriber) }
    }
  }
}
