import Signals
import Testing

/// Combine's shapes: each operator type has Combine's memberwise initializer and public
/// properties, is `Equatable` where Combine's is, and behaves, built by hand, as the operator
/// method's result.
@Suite struct OperatorShapeTests {
  typealias Source = PassthroughSubject<Int, Never>

  /// Collects what a finite publisher delivers.
  func values<P: Publisher>(_ publisher: P) -> [P.Output] {
    var values: [P.Output] = []
    let subscription = publisher.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    subscription.cancel()
    return values
  }

  @Test func filteringOperatorsHaveCombinesInitializersAndProperties() {
    let source = Source()
    #expect(Publishers.Drop(upstream: source, count: 2).count == 2)
    #expect(source.dropFirst(3).count == 3)
    #expect(source.prefix(2).range == 0..<2)
    #expect(source.output(at: 4).range == 4..<5)
    #expect(source.output(in: 1...3).range == 1..<4)
    #expect(Publishers.Output(upstream: source, range: 1..<3).upstream === source)
    #expect(Publishers.ReplaceEmpty(upstream: source, output: 7).output == 7)
    #expect(source.replaceEmpty(with: 9).output == 9)
    #expect(Publishers.First(upstream: source).upstream === source)
    #expect(Publishers.Last(upstream: source).upstream === source)
    #expect(Publishers.IgnoreOutput(upstream: source).upstream === source)
    let isIncluded = Publishers.TryFilter(upstream: source) { $0 > 1 }.isIncluded
    #expect((try? isIncluded(2)) == true)
    #expect(Publishers.DropWhile(upstream: source) { $0 < 2 }.predicate(1))
    #expect(Publishers.PrefixWhile(upstream: source) { $0 < 2 }.predicate(1))
    #expect(Publishers.FirstWhere(upstream: source) { $0 == 2 }.predicate(2))
    #expect(Publishers.LastWhere(upstream: source) { $0 == 2 }.predicate(2))
    #expect(Publishers.RemoveDuplicates(upstream: source) { $0 == $1 }.predicate(1, 1))
  }

  @Test func reducingOperatorsHaveCombinesInitializersAndProperties() {
    let source = Source()
    do {
      let publisher = Publishers.Scan(upstream: source, initialResult: 5) { $0 + $1 }
      #expect(publisher.initialResult == 5)
    }
    #expect(source.scan(1) { $0 + $1 }.nextPartialResult(1, 2) == 3)
    do {
      let publisher = Publishers.Reduce(upstream: source, initial: 4) { $0 + $1 }
      #expect(publisher.initial == 4)
    }
    #expect(source.reduce(2) { $0 * $1 }.nextPartialResult(2, 3) == 6)
    #expect(Publishers.CollectByCount(upstream: source, count: 3).count == 3)
    #expect(source.collect(2).count == 2)
    #expect(Publishers.Collect(upstream: source).upstream === source)
    #expect(Publishers.Count(upstream: source).upstream === source)
    #expect(Publishers.Contains(upstream: source, output: 3).output == 3)
    #expect(source.contains(4).output == 4)
    #expect(Publishers.AllSatisfy(upstream: source) { $0 > 0 }.predicate(1))
    #expect(Publishers.ContainsWhere(upstream: source) { $0 > 0 }.predicate(1))
    #expect(Publishers.Comparison(upstream: source, areInIncreasingOrder: <).areInIncreasingOrder(1, 2))
    #expect(Publishers.CompactMap(upstream: source) { $0 > 1 ? $0 : nil }.transform(2) == 2)
    #expect((try? Publishers.TryMap(upstream: source) { $0 * 2 }.transform(2)) == 4)
  }

  @Test func errorOperatorsHaveCombinesInitializersAndProperties() {
    let failing = PassthroughSubject<Int, TestError>()
    #expect(Publishers.ReplaceError(upstream: failing, output: 3).output == 3)
    #expect(failing.replaceError(with: 4).output == 4)
    let mapped = Publishers.MapError(upstream: failing, { $0 as any Error })
    #expect(mapped.upstream === failing)
    #expect(Publishers.MapError(upstream: failing, transform: { $0 }).transform(TestError(3)) == TestError(3))
    let asserted = Publishers.AssertNoFailure(upstream: failing, prefix: "p", file: "f", line: 7)
    #expect(asserted.prefix == "p" && asserted.line == 7 && "\(asserted.file)" == "f")
    let caught = Publishers.Catch(upstream: failing) { _ in Just(0) }
    #expect(values(caught.handler(TestError())) == [0])
    let tryCaught: Publishers.TryCatch<PassthroughSubject<Int, TestError>, Just<Int>> = failing.tryCatch {
      _ in Just(1)
    }
    #expect((try? tryCaught.handler(TestError())).map(values) == [1])
  }

  @Test func operatorsAreEquatableWhereCombinesAre() {
    // `Empty` is Equatable and has no specialisations, so the general operators apply.
    let empty = Empty<Int, Never>()
    #expect(empty.dropFirst(2) == Publishers.Drop(upstream: empty, count: 2))
    #expect(empty.dropFirst(2) != empty.dropFirst(3))
    #expect(empty.prefix(2) == empty.output(in: 0..<2))
    #expect(empty.output(at: 1) != empty.output(at: 2))
    #expect(empty.replaceEmpty(with: 2) == Publishers.ReplaceEmpty(upstream: empty, output: 2))
    #expect(empty.replaceEmpty(with: 2) != empty.replaceEmpty(with: 3))
    #expect(empty.contains(2) == empty.contains(2))
    #expect(empty.contains(2) != empty.contains(3))
    #expect(empty.collect(2) != empty.collect(3))
    #expect(empty.first() == Publishers.First(upstream: empty))
    #expect(empty.last() == Publishers.Last(upstream: empty))
    #expect(empty.count() == Publishers.Count(upstream: empty))
    #expect(empty.collect() == Publishers.Collect(upstream: empty))
    #expect(empty.ignoreOutput() == Publishers.IgnoreOutput(upstream: empty))
    #expect(Publishers.Drop(upstream: Just(1), count: 1) != Publishers.Drop(upstream: Just(2), count: 1))
  }

  @Test func aHandBuiltOperatorBehavesAsTheMethodsResult() {
    let source = [3, 1, 2, 2].publisher
    do {
      let publisher = Publishers.Scan(upstream: source, initialResult: 0) { $0 + $1 }
      #expect(values(publisher) == [3, 4, 6, 8])
    }
    #expect(values(Publishers.Drop(upstream: source, count: 2)) == [2, 2])
    #expect(values(Publishers.Output(upstream: source, range: 1..<3)) == [1, 2])
    #expect(values(Publishers.Output(upstream: source, range: 0..<0)) == [])
    let deduplicated = Publishers.RemoveDuplicates(upstream: source, predicate: ==)
    #expect(values(deduplicated) == [3, 1, 2])
    #expect(values(Publishers.CollectByCount(upstream: source, count: 3)) == [[3, 1, 2], [2]])
  }

  @Test func comparisonKeepsTheValueItsPredicateOrdersLast() {
    let source = [3, 1, 2, 1].publisher
    let comparison = Publishers.Comparison(upstream: source, areInIncreasingOrder: <)
    #expect(values(comparison) == [3])
    #expect(values(source.max()) == [3])
    #expect(values(source.min()) == [1])
    #expect(values(source.min(by: <)) == [1])
    #expect(values(source.max(by: >)) == [1])
    #expect(values(source.tryMin(by: <)) == [1])
    #expect(values(source.tryMax(by: <)) == [3])
  }

  @Test func keyPathMapsHaveCombinesTypesAndProperties() {
    let source = ["ab", "cde"].publisher.eraseToAnyPublisher()
    let counts = source.map(\.count)
    #expect(type(of: counts) == Publishers.MapKeyPath<AnyPublisher<String, Never>, Int>.self)
    #expect(counts.keyPath == \String.count)
    #expect(values(counts) == [2, 3])
    let pairs = Publishers.MapKeyPath2(upstream: source, keyPath0: \.count, keyPath1: \.isEmpty)
    #expect(values(pairs).map(\.0) == [2, 3])
    let triples = source.map(\.count, \.isEmpty, \.first)
    #expect(triples.keyPath2 == \String.first)
    #expect(values(triples).map(\.2) == ["a", "c"])
  }

  @Test func timeOperatorsHaveCombinesInitializersWithOptions() {
    let scheduler = ImmediateScheduler.shared
    let source = Source()
    let debounce = Publishers.Debounce(upstream: source, dueTime: 2, scheduler: scheduler, options: nil)
    #expect(debounce.dueTime == 2 && debounce.options == nil)
    let delay = Publishers.Delay(
      upstream: source, interval: 1, tolerance: 0.5, scheduler: scheduler, options: nil)
    #expect(delay.interval == 1 && delay.tolerance == 0.5)
    #expect(source.delay(for: 3, tolerance: 0.25, scheduler: scheduler).tolerance == 0.25)
    #expect(Publishers.ReceiveOn(upstream: source, scheduler: scheduler, options: nil).upstream === source)
    #expect(Publishers.SubscribeOn(upstream: source, scheduler: scheduler, options: nil).upstream === source)
    let timeout = Publishers.Timeout(
      upstream: source, interval: 4, scheduler: scheduler, options: nil, customError: nil)
    #expect(timeout.interval == 4 && timeout.customError == nil)
  }

  @Test func combiningOperatorsAreEquatableWhereTheirUpstreamsAre() {
    #expect(Just(1).zip(Just(2)) == Publishers.Zip(Just(1), Just(2)))
    #expect(Just(1).zip(Just(2)) != Publishers.Zip(Just(1), Just(3)))
    #expect(Just(1).zip(Just(2), Just(3)) == Publishers.Zip3(Just(1), Just(2), Just(3)))
    #expect(Just(1).combineLatest(Just(2)) == Publishers.CombineLatest(Just(1), Just(2)))
    #expect(Just(1).merge(with: Just(2)) == Publishers.Merge(Just(1), Just(2)))
    #expect(Just(1).merge(with: Just(2), Just(3)) != Publishers.Merge3(Just(1), Just(2), Just(4)))
    let empty = Empty<Int, Never>()
    #expect(empty.append(empty) == Publishers.Concatenate(prefix: empty, suffix: empty))
    let typed = empty.setFailureType(to: TestError.self)
    #expect(typed == Publishers.SetFailureType<Empty<Int, Never>, TestError>(upstream: empty))
    #expect(
      empty.drop(untilOutputFrom: Just(1)) == Publishers.DropUntilOutput(upstream: empty, other: Just(1)))
  }
}
