import Signals
import Testing

/// Combine's operator fusion: two stages of one kind in a row become one publisher over the
/// original upstream, and deliver what the two stages would.
@Suite struct OperatorFusionTests {
  typealias Source = AnyPublisher<Int, Never>
  let source = [1, 2, 3, 4, 5, 6].publisher.eraseToAnyPublisher()

  /// Collects what a finite publisher delivers, and its failure if any.
  func run<P: Publisher>(_ publisher: P) -> (values: [P.Output], failed: Bool) {
    var values: [P.Output] = []
    var failed = false
    let subscription = publisher.sink(
      receiveCompletion: { if case .failure = $0 { failed = true } }, receiveValue: { values.append($0) })
    subscription.cancel()
    return (values, failed)
  }

  @Test func mapThenMapIsOneMap() {
    let fused = Publishers.Map(upstream: source) { $0 * 2 }.map { $0 + 1 }
    #expect(type(of: fused) == Publishers.Map<Source, Int>.self)
    #expect(run(fused).values == [3, 5, 7, 9, 11, 13])
  }

  @Test func mapOrTryMapAfterTryMapIsOneTryMap() {
    let mapped = Publishers.Map(upstream: source) { $0 * 2 }.tryMap { $0 + 1 }
    #expect(type(of: mapped) == Publishers.TryMap<Source, Int>.self)
    #expect(run(mapped).values == [3, 5, 7, 9, 11, 13])
    let tried = source.tryMap { $0 * 2 }.map { "\($0)" }
    #expect(type(of: tried) == Publishers.TryMap<Source, String>.self)
    #expect(run(tried).values == ["2", "4", "6", "8", "10", "12"])
    let twice = source.tryMap { $0 }.tryMap { value -> Int in
      if value == 3 { throw TestError() }
      return value
    }
    #expect(type(of: twice) == Publishers.TryMap<Source, Int>.self)
    #expect(run(twice) == ([1, 2], true))
  }

  @Test func filterThenFilterIsOneFilter() {
    let fused = Publishers.Filter(upstream: source) { $0 > 1 }.filter { $0.isMultiple(of: 2) }
    #expect(type(of: fused) == Publishers.Filter<Source>.self)
    #expect(run(fused).values == [2, 4, 6])
  }

  @Test func filtersWithATryFilterAreOneTryFilter() {
    let afterFilter = Publishers.Filter(upstream: source) { $0 > 1 }.tryFilter { $0 < 4 }
    #expect(type(of: afterFilter) == Publishers.TryFilter<Source>.self)
    #expect(run(afterFilter).values == [2, 3])
    let thenFilter = source.tryFilter { $0 > 1 }.filter { $0 < 4 }
    #expect(type(of: thenFilter) == Publishers.TryFilter<Source>.self)
    #expect(run(thenFilter).values == [2, 3])
    let throwing = source.tryFilter { $0 > 1 }.tryFilter { value in
      if value == 4 { throw TestError() }
      return true
    }
    #expect(type(of: throwing) == Publishers.TryFilter<Source>.self)
    #expect(run(throwing) == ([2, 3], true))
  }

  @Test func compactMapThenCompactMapOrMapIsOneCompactMap() {
    let fused = source.compactMap { $0 > 2 ? $0 : nil }.compactMap { $0.isMultiple(of: 2) ? "\($0)" : nil }
    #expect(type(of: fused) == Publishers.CompactMap<Source, String>.self)
    #expect(run(fused).values == ["4", "6"])
    let mapped = source.compactMap { $0 > 4 ? $0 : nil }.map { $0 * 10 }
    #expect(type(of: mapped) == Publishers.CompactMap<Source, Int>.self)
    #expect(run(mapped).values == [50, 60])
    let tried = source.tryCompactMap { $0 > 4 ? $0 : nil }.compactMap { $0 == 5 ? nil : $0 }
    #expect(type(of: tried) == Publishers.TryCompactMap<Source, Int>.self)
    #expect(run(tried).values == [6])
  }

  @Test func aFusedStageStillRunsPerSubscription() {
    let subject = PassthroughSubject<Int, Never>()
    let fused = subject.compactMap { $0 }.map { $0 + 1 }
    var first: [Int] = []
    var second: [Int] = []
    let a = fused.sink { first.append($0) }
    subject.send(1)
    let b = fused.sink { second.append($0) }
    subject.send(2)
    #expect(first == [2, 3] && second == [3])
    a.cancel()
    b.cancel()
  }
}
