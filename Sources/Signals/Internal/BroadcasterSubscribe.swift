// How a subscriber joins a subject: its handle is made where `subscribe` is called (so its path
// is specialized for the subscriber), attached to the list by the thread that holds the drain,
// and given its subscription, the replayed values and the completion, in that order.

extension Broadcaster {
  /// Attaches `subscriber` and gives it its subscription, then what the subject replays, then
  /// the completion if it has completed (waiting for another thread's delivery: see `send`).
  @inlinable @inline(__always)
  func subscribe<S: Subscriber>(_ subscriber: S, mayWait: Bool = true)
  where S.Input == Output, S.Failure == Failure {
    var waits = false
    let admission: Admission? = lock.withLock {
      if mayWait && drainsOnAnotherThread() {
        waits = true
        return nil
      }
      let handle = SubjectSubscription(
        id: list.makeID(), broadcaster: self, backlog: replay.capacity, downstream: subscriber)
      hold.hold()
      guard claimOrQueue(mayTakeOver: false, { .subscribe(handle) }) == .claimed else {
        hold.queued &+= 1
        return nil
      }
      return attach(handle)
    }
    guard let admission = consume admission else {
      if waits { subscribeAfterWaiting(subscriber) }
      return
    }
    admit(admission)
    drain(carrying: ())
  }

  /// Attaches `subscriber` after the waiting described at `sendAfterWaiting`.
  @inlinable @inline(never)
  func subscribeAfterWaiting<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribe(subscriber, mayWait: awaitDrain())
  }

  /// What a new subscriber receives first: its subscription, the replayed values, and the
  /// completion if the subject has completed; and the subject, to release after, when the
  /// subscriber was not attached and nothing else holds it. (A struct, not a `Step`: CONTRIBUTING,
  /// *no multi-payload enum on the subscribe path*.)
  @usableFromInline struct Admission {
    @usableFromInline let handle: Handle
    /// `nil` when there are none: an empty slice would still retain its storage.
    @usableFromInline let values: ArraySlice<Output>?
    @usableFromInline let completion: Subscribers.Completion<Failure>?
    @usableFromInline let unused: SubjectRelease

    @inlinable init(
      _ handle: Handle, _ values: ArraySlice<Output>?, _ completion: Subscribers.Completion<Failure>?,
      _ unused: SubjectRelease
    ) {
      self.handle = handle
      self.values = values
      self.completion = completion
      self.unused = unused
    }
  }

  /// Adds `handle` unless the subject has completed; returns what it must receive. Call locked.
  @inlinable func attach(_ handle: Handle) -> Admission {
    var unused = SubjectRelease.none
    if deliveredCompletion == nil && handle.isActive {
      list.append(handle)
    } else {
      unused = letSubjectGoIfUnused()
    }
    if replay.isEmpty || (deliveredCompletion != nil && !replaysAfterCompletion) {
      return Admission(handle, nil, deliveredCompletion, unused)
    }
    return Admission(handle, replay.elements, deliveredCompletion, unused)
  }

  /// Gives a new subscriber its subscription, then what `attach` found for it.
  @inlinable func admit(_ admission: Admission) {
    let ended = admission.completion != nil && admission.values == nil
    admission.handle.call(ended ? .startEnded : .start)
    if let values = admission.values {
      for value in values { admission.handle.call(value: value) }
    }
    if let completion = admission.completion { admission.handle.call(completion: completion) }
    admission.unused.perform()
  }
}
