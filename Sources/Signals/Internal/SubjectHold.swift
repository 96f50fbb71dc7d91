/// The subject a `Broadcaster` serves, and whether the broadcaster holds it for its subscribers:
/// the one place a subject is retained by hand.
///
/// Combine's subscriptions keep their subject alive until they are cancelled or the subject
/// completes. Here the subscriptions keep the broadcaster, and the broadcaster keeps the subject
/// for them: one retain while any subscriber is attached or waits in the queue to be attached,
/// nothing per value. The subject owns the broadcaster, so the reference is unretained
/// otherwise. Touched only inside the broadcaster's lock.
@usableFromInline
struct SubjectHold {
  /// The subject, unretained; set by its `init`, cleared by its `deinit`.
  @usableFromInline var subject: Unmanaged<AnyObject>?
  /// Whether the broadcaster holds `subject` (one retain).
  @usableFromInline var holds = false
  /// How many subscriptions wait in the queue to be attached.
  @usableFromInline var queued = 0

  @inlinable init() {}

  /// Records `subject`, unretained (from the subject's `init`, before anything else can see the
  /// broadcaster).
  @usableFromInline mutating func serve(_ subject: AnyObject) {
    self.subject = .passUnretained(subject)
  }

  /// Holds the subject for a subscription being made (from the subject's own
  /// `receive(subscriber:)`, so the subject is alive).
  @inlinable mutating func hold() {
    guard !holds, let subject else { return }
    _ = subject.retain()
    holds = true
  }

  /// Lets the subject go once no subscriber is attached (`attached`) or queued: returns it, to
  /// be released outside the lock (its `deinit` cancels its upstream subscriptions).
  @inlinable mutating func letGo(attached: Int) -> SubjectRelease {
    guard holds, attached == 0, queued == 0 else { return SubjectRelease(nil) }
    holds = false
    return SubjectRelease(subject)
  }
}

/// A subject let go by `SubjectHold.letGo(attached:)`, released by `perform()` outside the lock.
@usableFromInline
struct SubjectRelease {
  @usableFromInline let subject: Unmanaged<AnyObject>?

  @inlinable init(_ subject: Unmanaged<AnyObject>?) { self.subject = subject }

  /// Nothing to release.
  @inlinable static var none: SubjectRelease { SubjectRelease(nil) }

  /// Releases the subject, if there is one (its `deinit` may run).
  @inlinable func perform() { subject?.release() }
}
