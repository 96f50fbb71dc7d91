/// Something an autoconnecting subscriber releases once, at its cancel (not at its completion,
/// as in Combine).
@usableFromInline
protocol Releasable: AnyObject, Sendable {
  func release()
}

/// Releases one subscriber's hold on an `Autoconnect`, at most once, from any thread.
@usableFromInline
final class ReleaseOnce: Sendable {
  @usableFromInline let done = Guarded(false)
  @usableFromInline let target: any Releasable

  @inlinable init(_ target: any Releasable) { self.target = target }

  @inlinable func run() {
    let first = done.withLock { done -> Bool in
      defer { done = true }
      return !done
    }
    if first { target.release() }
  }
}
