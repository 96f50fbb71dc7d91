import Signals
import SignalsTesting
import Synchronization
import Testing

/// Several threads send into one subject while others subscribe and cancel: nothing may be lost,
/// duplicated or delivered to a subscriber twice at once. Runs under the thread sanitizer in CI.
@Suite struct SubjectStressTests {
  static let senders = 4
  static let valuesPerSender = 2_000

  @Test func concurrentSendsReachEverySubscriberOnceWithoutOverlap() async {
    let subject = PassthroughSubject<Int, Never>()
    let probes = (0..<3).map { _ in ConcurrencyProbe() }
    probes.forEach(subject.subscribe)
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<Self.senders {
        group.addTask {
          for value in 1...Self.valuesPerSender { subject.send(value * (sender + 1)) }
        }
      }
    }
    subject.send(completion: .finished)
    let expectedSum = Self.valuesPerSender * (Self.valuesPerSender + 1) / 2 * (1 + 2 + 3 + 4)
    for probe in probes {
      #expect(probe.overlaps.load(ordering: .relaxed) == 0)
      #expect(probe.count == Self.senders * Self.valuesPerSender)
      #expect(probe.sum == expectedSum)
      #expect(probe.completions.load(ordering: .relaxed) == 1)
    }
  }

  @Test func cancellingWhileOthersSendStopsDeliveryAndDetaches() async {
    let subject = CurrentValueSubject<Int, Never>(0)
    let kept = ConcurrencyProbe()
    let cancelled = (0..<8).map { _ in ConcurrencyProbe() }
    subject.subscribe(kept)
    cancelled.forEach(subject.subscribe)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<Self.senders {
        group.addTask {
          for value in 1...Self.valuesPerSender { subject.send(value) }
        }
      }
      group.addTask {
        for probe in cancelled { probe.cancel() }
      }
    }
    let countsAfterCancel = cancelled.map(\.count)
    subject.send(1)
    #expect(cancelled.map(\.count) == countsAfterCancel)
    #expect(subject.subscriberCount == 1)
    #expect(kept.count == 1 + Self.senders * Self.valuesPerSender + 1)
    #expect(kept.overlaps.load(ordering: .relaxed) == 0)
    #expect(cancelled.allSatisfy { $0.overlaps.load(ordering: .relaxed) == 0 })
  }

  @Test func subscribingWhileOthersSendNeverOverlapsTheInitialValue() async {
    let subject = CurrentValueSubject<Int, Never>(0)
    let all = await withTaskGroup(of: [ConcurrencyProbe].self) { group in
      group.addTask {
        for value in 1...Self.valuesPerSender { subject.send(value) }
        return []
      }
      group.addTask {
        (0..<50).map { _ in
          let probe = ConcurrencyProbe()
          subject.subscribe(probe)
          return probe
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(all.count == 50)
    #expect(all.allSatisfy { $0.overlaps.load(ordering: .relaxed) == 0 && $0.count >= 1 })
    all.forEach { $0.cancel() }
    #expect(subject.subscriberCount == 0)
  }
}
