import Dispatch
import Foundation
import SignalsFoundation
import Synchronization
import Testing

/// Counts notifications and detects two deliveries overlapping.
final class NotificationProbe: Sendable {
  let inside = Atomic<Int>(0)
  let overlaps = Atomic<Int>(0)
  let count = Atomic<Int>(0)

  func receive(_ notification: Notification) {
    if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
    count.add(1, ordering: .relaxed)
    inside.subtract(1, ordering: .acquiringAndReleasing)
  }
}

@Suite struct NotificationCenterPublisherTests {
  static let ping = Notification.Name("SignalsFoundationTests.ping")

  @Test func deliversNotificationsPostedFromSeveralThreadsOneAtATime() {
    let center = NotificationCenter()
    let probe = NotificationProbe()
    let subscription = center.publisher(for: Self.ping).sink { probe.receive($0) }
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<200 { center.post(name: Self.ping, object: nil) }
    }
    #expect(probe.count.load(ordering: .relaxed) == 1_600)
    #expect(probe.overlaps.load(ordering: .relaxed) == 0)
    subscription.cancel()
  }

  @Test func onlyTheGivenSendersNotificationsWhenAnObjectIsGiven() {
    let center = NotificationCenter()
    let sender = NSObject()
    let other = NSObject()
    let names = Guarded<[String]>([])
    let subscription = center.publisher(for: Self.ping, object: sender).sink { notification in
      names.withLock { $0.append(notification.object as? NSObject === sender ? "sender" : "other") }
    }
    center.post(name: Self.ping, object: other)
    center.post(name: Self.ping, object: sender)
    center.post(name: Notification.Name("another"), object: sender)
    #expect(names.withLock { $0 } == ["sender"])
    subscription.cancel()
  }

  @Test func cancellingRemovesTheObserver() {
    let center = NotificationCenter()
    let probe = NotificationProbe()
    let publisher: NotificationCenter.Publisher = center.publisher(for: Self.ping)
    let subscription = publisher.sink { probe.receive($0) }
    center.post(name: Self.ping, object: nil)
    subscription.cancel()
    center.post(name: Self.ping, object: nil)
    #expect(probe.count.load(ordering: .relaxed) == 1)
    #expect(publisher.name == Self.ping)
  }
}
