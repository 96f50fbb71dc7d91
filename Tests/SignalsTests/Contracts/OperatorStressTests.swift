import Signals
import SignalsExtras
import SignalsTesting
import Synchronization
import Testing

/// Several threads send into the inputs of the multi-input operators while others switch and
/// cancel: nothing may be lost, duplicated or delivered twice at once. Runs under the thread
/// sanitizer in CI.
@Suite struct OperatorStressTests {
  static let values = 2_000

  /// Runs `body(index)` on `count` concurrent tasks and waits for all of them.
  func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<count { group.addTask { body(index) } }
    }
  }

  @Test func mergeDeliversEveryValueOnce() async {
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let probe = ConcurrencyProbe()
    subjects.merge().subscribe(probe)
    await concurrently(4) { index in
      for value in 1...Self.values { subjects[index].send(value) }
      subjects[index].send(completion: .finished)
    }
    #expect(probe.overlaps.load(ordering: .relaxed) == 0)
    #expect(probe.count == 4 * Self.values)
    #expect(probe.sum == 4 * Self.values * (Self.values + 1) / 2)
    #expect(probe.completions.load(ordering: .relaxed) == 1)
  }

  @Test func combineLatestEmitsOncePerValue() async {
    let a = CurrentValueSubject<Int, Never>(0)
    let b = CurrentValueSubject<Int, Never>(0)
    let probe = ConcurrencyProbe()
    a.combineLatest(b) { $0 + $1 }.subscribe(probe)
    await concurrently(2) { index in
      let subject = index == 0 ? a : b
      for value in 1...Self.values { subject.send(value) }
      subject.send(completion: .finished)
    }
    #expect(probe.overlaps.load(ordering: .relaxed) == 0)
    #expect(probe.count == 1 + 2 * Self.values)
    #expect(probe.completions.load(ordering: .relaxed) == 1)
  }

  @Test func zipPairsByPositionAcrossThreads() async {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let mismatches = Atomic<Int>(0)
    let probe = ConcurrencyProbe()
    a.zip(b).map { pair -> Int in
      if pair.0 != pair.1 { mismatches.add(1, ordering: .relaxed) }
      return pair.0
    }.subscribe(probe)
    await concurrently(2) { index in
      let subject = index == 0 ? a : b
      for value in 1...Self.values { subject.send(value) }
    }
    #expect(mismatches.load(ordering: .relaxed) == 0)
    #expect(probe.count == Self.values)
    #expect(probe.overlaps.load(ordering: .relaxed) == 0)
  }

  @Test func flatMapDeliversEveryInnerValueOnce() async {
    let upstream = PassthroughSubject<Int, Never>()
    let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let probe = ConcurrencyProbe()
    upstream.flatMap { inners[$0] }.subscribe(probe)
    for index in inners.indices { upstream.send(index) }
    upstream.send(completion: .finished)
    await concurrently(4) { index in
      for value in 1...Self.values { inners[index].send(value) }
      inners[index].send(completion: .finished)
    }
    #expect(probe.overlaps.load(ordering: .relaxed) == 0)
    #expect(probe.count == 4 * Self.values)
    #expect(probe.completions.load(ordering: .relaxed) == 1)
  }

  @Test func switchToLatestNeverOverlapsWhileSwitching() async {
    let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let last = PassthroughSubject<Int, Never>()
    let probe = ConcurrencyProbe()
    upstream.switchToLatest().subscribe(probe)
    await concurrently(5) { index in
      if index == 4 {
        for round in 0..<200 { upstream.send(inners[round % 4]) }
      } else {
        for value in 1...Self.values { inners[index].send(value) }
      }
    }
    upstream.send(last)
    let before = probe.count
    for inner in inners { inner.send(1) }
    last.send(5)
    #expect(probe.count == before + 1)
    #expect(probe.overlaps.load(ordering: .relaxed) == 0)
    #expect(inners.allSatisfy { $0.subscriberCount == 0 })
  }

  @Test func cancellingWhileSendingDetachesEveryInput() async {
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let probes = (0..<8).map { _ in ConcurrencyProbe() }
    for probe in probes { subjects[0].merge(with: subjects[1], subjects[2], subjects[3]).subscribe(probe) }
    await concurrently(5) { index in
      if index == 4 {
        for probe in probes { probe.cancel() }
      } else {
        for value in 1...Self.values { subjects[index].send(value) }
      }
    }
    let counts = probes.map(\.count)
    for subject in subjects { subject.send(1) }
    #expect(probes.map(\.count) == counts)
    #expect(subjects.allSatisfy { $0.subscriberCount == 0 })
    #expect(probes.allSatisfy { $0.overlaps.load(ordering: .relaxed) == 0 })
  }
}
