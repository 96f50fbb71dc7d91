import Signals
import Testing

/// The per-value operators share one engine but each has its own public type, with Combine's
/// name and generic shape, so annotations written for Combine compile and diagnostics name the
/// operator.
@Suite struct OperatorTypeNamesTests {
  typealias Source = PassthroughSubject<Int, Never>

  @Test func annotationsWithCombinesNamesCompile() {
    let source = Source()
    let first: Publishers.First<Source> = source.first()
    let last: Publishers.Last<Source> = source.last()
    let drop: Publishers.Drop<Source> = source.dropFirst()
    let prefixWhile: Publishers.PrefixWhile<Source> = source.prefix { $0 < 3 }
    let scan: Publishers.Scan<Source, String> = source.scan("") { $0 + "\($1)" }
    let compactMap: Publishers.CompactMap<Source, Int> = source.compactMap { $0 }
    let failing = PassthroughSubject<Int, TestError>()
    let mapError: Publishers.MapError<PassthroughSubject<Int, TestError>, any Error> = failing.mapError {
      $0 as any Error
    }
    let contains: Publishers.Contains<Source> = source.contains(2)
    let output: Publishers.Output<Source> = source.prefix(2)
    let upstreams: [Source] = [
      first.upstream, last.upstream, drop.upstream, prefixWhile.upstream, scan.upstream,
      compactMap.upstream, contains.upstream, output.upstream,
    ]
    let sameSource = upstreams.allSatisfy { $0 === source } && mapError.upstream === failing
    #expect(sameSource)
  }

  @Test func typeNamesSayTheOperator() {
    let source = Source()
    let names = [
      "\(type(of: source.first()))", "\(type(of: source.last(where: { $0 > 1 })))",
      "\(type(of: source.dropFirst()))", "\(type(of: source.ignoreOutput()))",
      "\(type(of: source.replaceEmpty(with: 0)))",
    ]
    let expected = ["First<", "LastWhere<", "Drop<", "IgnoreOutput<", "ReplaceEmpty<"]
    for (name, stem) in zip(names, expected) {
      #expect(name.hasPrefix(stem), "\(name)")
      #expect(!name.contains("Relayed"), "\(name)")
    }
  }

  @Test func theNamedOperatorsStillWork() {
    let source = Source()
    var values: [Int] = []
    let subscription = source.dropFirst().first().sink { values.append($0) }
    source.send(1)
    source.send(2)
    source.send(3)
    #expect(values == [2])
    subscription.cancel()
  }
}
