import Signals
import Synchronization
import Testing

@testable import Signals

/// `multicast`'s subject maker is the user's closure, and no user closure runs under one of the
/// library's locks (issue 18.10): a maker that touches the multicast (or anything that waits for
/// it) would deadlock there.
@Suite struct MulticastSubjectMakerTests {
  typealias Shared = Publishers.Multicast<PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>>

  /// Checked to fail: with `createSubject()` called inside the multicast's lock (as before the
  /// fix), the maker finds the lock held.
  @Test func theSubjectMakerRunsOutsideTheMulticastsLock() {
    let holder = Guarded<Shared?>(nil)
    let makerFoundTheLockFree = Guarded<[Bool]>([])
    let upstream = PassthroughSubject<Int, Never>()
    let shared = upstream.multicast { () -> PassthroughSubject<Int, Never> in
      if let shared = holder.withLock({ $0 }) {
        let free = shared.lock.mutex.withLockIfAvailable { _ in true } ?? false
        makerFoundTheLockFree.withLock { $0.append(free) }
      }
      return PassthroughSubject<Int, Never>()
    }
    holder.withLock { $0 = shared }
    var received: [Int] = []
    let subscription = shared.sink { received.append($0) }
    let connection = shared.connect()
    upstream.send(1)
    #expect(makerFoundTheLockFree.withLock { $0 } == [true])
    #expect(received == [1])
    connection.cancel()
    subscription.cancel()
    holder.withLock { $0 = nil }
  }
}
