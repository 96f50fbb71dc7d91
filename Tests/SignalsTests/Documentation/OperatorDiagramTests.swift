import Foundation
import Signals
import SignalsExtras
import SignalsTesting
import Testing

/// Keeps the marble diagrams in the operators' doc comments true: reads every diagram from
/// `Sources/Signals`, plays its inputs on a `TestScheduler`, applies the operator its output line
/// names, and compares what arrives with what the diagram says. A diagram whose timeline is
/// wrong, malformed, or names an operator this table does not know fails.
@Suite struct OperatorDiagramTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// Every diagram under `Sources/Signals` and `Sources/SignalsExtras`, in file order, and the
  /// blocks meant as diagrams that do not parse.
  static func allDiagrams() throws -> (diagrams: [OperatorDiagram], malformed: [String]) {
    let files = ["Signals", "SignalsExtras"].flatMap { module in
      let folder = sources.appendingPathComponent(module)
      let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      return (walker?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "swift" }.sorted {
        $0.path < $1.path
      }
    }
    var all: (diagrams: [OperatorDiagram], malformed: [String]) = ([], [])
    for file in files {
      let relative = String(file.path.dropFirst(sources.path.count + 1))
      let found = OperatorDiagram.diagrams(in: try String(contentsOf: file, encoding: .utf8), file: relative)
      all.diagrams += found.diagrams
      all.malformed += found.malformed
    }
    return all
  }

  @Test func everyOperatorDiagramMatchesWhatTheOperatorDoes() throws {
    let (diagrams, malformed) = try Self.allDiagrams()
    #expect(malformed.isEmpty, "blocks meant as diagrams that do not parse: \(malformed)")
    #expect(diagrams.count >= 65)
    for diagram in diagrams {
      var outputs = 0
      for line in diagram.timelines {
        do {
          // A label the table does not know is an input.
          guard let actual = try Self.play(line.label, DiagramRun(diagram)) else { continue }
          outputs += 1
          #expect(
            actual == line.timeline.filter { $0 != " " },
            "\(diagram.location): \(line.label)\n  expected: \(line.timeline)\n  actual:   \(actual)")
          // Frame for frame under the first input, so the reader's eye can follow a column.
          #expect(
            line.column == diagram.timelines[0].column,
            "\(diagram.location): \(line.label) starts at column \(line.column), its first input at \(diagram.timelines[0].column)"
          )
        } catch {
          outputs += 1
          Issue.record("\(diagram.location): \(line.label): \(error)")
        }
      }
      #expect(outputs > 0, "\(diagram.location): no line names an operator call the diagram test knows")
    }
  }

  @Test func aWrongTimelineFailsTheComparison() throws {
    let source = """
      /// ```
      /// upstream:     -1-2-3-4-|
      /// filter(even): -1-2-3-4-|
      /// ```
      """
    let diagram = try #require(OperatorDiagram.diagrams(in: source, file: "Example.swift").diagrams.first)
    let actual = try #require(try Self.play("filter(even)", DiagramRun(diagram)))
    #expect(actual == "---2---4-|")
    #expect(actual != diagram.timelines[1].timeline)
  }

  @Test func theLegendNamesValuesLongerThanOneCharacter() {
    #expect(
      OperatorDiagram.legend("a = 10, b = [1, 2], c = (a, 1)") == ["a": "10", "b": "[1, 2]", "c": "(a, 1)"])
    #expect(OperatorDiagram.legend("a=10") == nil)
    let source = "/// ```\n/// Just(1).print(\"p\"):\n/// p: receive value: (1)\n/// ```"
    #expect(OperatorDiagram.diagrams(in: source, file: "Print.swift").diagrams.isEmpty)
    let broken = "/// ```\n/// upstream:  -1-2-|\n/// map:       -a-[b]-|\n/// ```"
    #expect(OperatorDiagram.diagrams(in: broken, file: "Map.swift").malformed == ["Map.swift:2"])
  }

  /// Public functions of `Publisher` extensions that are subscribers or plumbing, not operators:
  /// they return no publisher, so there is no timeline to draw.
  static let notOperators: Set<String> = [
    "Publisher.swift: subscribe(_:)", "SubscribeSubject.swift: subscribe(_:)", "Assign.swift: assign(to:on:)",
    "AssignOnWeak.swift: assign(to:onWeak:)", "Assign.swift: assign(to:)",
    "Sink.swift: sink(receiveCompletion:receiveValue:)", "Sink.swift: sink(receiveValue:)",
    // Types in `Publishers` that are options, an engine or sources (their diagrams are the
    // sources' own), not operators.
    "Buffer.swift: PrefetchStrategy", "Buffer.swift: BufferingStrategy",
    "CollectByTime.swift: TimeGroupingStrategy", "SequencePublisher.swift: Sequence",
    "TimerPublisher.swift: Timer",
  ]

  /// The overloads that are a trivial spelling of another operator (another arity, a `transform`
  /// folded in, a `Never` failure, the scheduler's options, a concrete scheduler, a scheduler
  /// known only as `any Scheduler`): each says
  /// `Diagram: see `selector`.` in its doc comment instead of drawing its own. One entry per
  /// overload, so two overloads with one selector in one file are listed twice.
  static let spellings: [String] = [
    "CombineLatest.swift: combineLatest(_:_:)",
    "CombineLatest3And4.swift: combineLatest(_:_:_:)",
    "CombineLatest3And4.swift: combineLatest(_:_:_:_:)",
    "Debounce.swift: debounce(for:scheduler:)",
    "Delay.swift: delay(for:scheduler:)",
    "FlatMap.swift: flatMap(maxPublishers:_:)", "FlatMap.swift: flatMap(maxPublishers:_:)",
    "FlatMap.swift: flatMap(maxPublishers:_:)",
    "MainScheduler.swift: receive(on:)",
    "Merge.swift: merge(with:_:_:)",
    "Merge.swift: merge(with:_:_:_:)",
    "Merge.swift: merge(with:_:_:_:_:)",
    "Merge.swift: merge(with:_:_:_:_:_:)",
    "Merge.swift: merge(with:_:_:_:_:_:_:)",
    "Multicast.swift: multicast(_:)",
    "ReceiveOn.swift: receive(on:)",
    "RunLoopOperators.swift: debounce(for:scheduler:options:)",
    "RunLoopOperators.swift: delay(for:tolerance:scheduler:options:)",
    "RunLoopOperators.swift: measureInterval(using:options:)",
    "RunLoopOperators.swift: receive(on:options:)",
    "RunLoopOperators.swift: subscribe(on:options:)",
    "RunLoopOperators.swift: throttle(for:scheduler:latest:)",
    "RunLoopOperators.swift: timeout(_:scheduler:options:customError:)",
    "SchedulerOptionsSpellings.swift: debounce(for:scheduler:options:)",
    "SchedulerOptionsSpellings.swift: delay(for:scheduler:options:)",
    "SchedulerOptionsSpellings.swift: delay(for:tolerance:scheduler:options:)",
    "SchedulerOptionsSpellings.swift: measureInterval(using:options:)",
    "SchedulerOptionsSpellings.swift: receive(on:options:)",
    "SchedulerOptionsSpellings.swift: subscribe(on:options:)",
    "SchedulerOptionsSpellings.swift: timeout(_:scheduler:options:customError:)",
    "SubscribeOn.swift: subscribe(on:)",
    "SwitchToLatest.swift: switchToLatest()",
    "SwitchToLatest.swift: switchToLatest()",
    "SwitchToLatest.swift: switchToLatest()",
    "Throttle.swift: throttle(for:scheduler:latest:)",
    "Timeout.swift: timeout(_:scheduler:customError:)",
    "Zip.swift: zip(_:_:)",
    "Zip3.swift: zip(_:_:_:)",
    "Zip4.swift: zip(_:_:_:_:)",
  ]

  /// The public operator declarations of `Sources/Signals`, `Sources/SignalsExtras` and
  /// `Sources/SignalsFoundation`.
  static func allOperators() throws -> [OperatorDeclaration] {
    var all: [OperatorDeclaration] = []
    for module in ["Signals", "SignalsExtras", "SignalsFoundation"] {
      let folder = sources.appendingPathComponent(module)
      let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      let files = (walker?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "swift" }
      for file in files.sorted(by: { $0.path < $1.path }) {
        let relative = String(file.path.dropFirst(sources.path.count + 1))
        all += OperatorDeclaration.all(in: try String(contentsOf: file, encoding: .utf8), file: relative)
      }
    }
    return all
  }

  /// What is wrong with the diagrams of `operators`: an operator with neither a diagram nor a
  /// pointer, a pointer to an operator without a diagram, a pointer `spellings` does not list
  /// (or a listed one that does not point), a publisher type that names no diagrammed operator.
  static func coverageProblems(_ operators: [OperatorDeclaration], spellings: [String]) -> [String] {
    var problems: [String] = []
    var diagrammed: Set<String> = []
    var pointing: [OperatorDeclaration] = []
    for declaration in operators
    where declaration.kind == .method && !notOperators.contains(declaration.listed) {
      let source = declaration.doc.map { "/// \($0)" }.joined(separator: "\n")
      if !OperatorDiagram.diagrams(in: source, file: declaration.location).diagrams.isEmpty {
        diagrammed.insert(declaration.name)
      } else if declaration.pointer != nil {
        pointing.append(declaration)
      } else {
        problems.append("\(declaration): neither a diagram nor a `Diagram: see` line")
      }
    }
    for declaration in pointing where !diagrammed.contains(declaration.pointer ?? "") {
      problems.append("\(declaration): points to \(declaration.pointer ?? ""), which has no diagram")
    }
    let listed = pointing.map(\.listed).sorted()
    if listed != spellings.sorted() {
      problems.append(
        "the spellings that point to another diagram are \(listed), the list says \(spellings.sorted())")
    }
    let named = diagrammed.union(pointing.map(\.name))
    for declaration in operators where declaration.kind == .type && !notOperators.contains(declaration.listed)
    {
      let source = declaration.doc.map { "/// \($0)" }.joined(separator: "\n")
      let mentioned = declaration.doc.joined(separator: " ").matches(of: /`([\w.]+\([^`]*\))`/).map {
        String($0.output.1)
      }
      guard OperatorDiagram.diagrams(in: source, file: declaration.location).diagrams.isEmpty,
        !mentioned.contains(where: named.contains)
      else { continue }
      problems.append("\(declaration): the type neither draws a diagram nor names its operator's selector")
    }
    return problems
  }

  @Test func everyPublicOperatorHasADiagramOrPointsToOne() throws {
    let operators = try Self.allOperators()
    #expect(operators.filter { $0.kind == .method }.count >= 130)
    #expect(operators.filter { $0.kind == .type }.count >= 80)
    let problems = Self.coverageProblems(operators, spellings: Self.spellings)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func anOperatorWithoutADiagramIsReported() {
    let source = """
      extension Publisher {
        /// Passes everything.
        ///
        /// ```
        /// upstream:     -1-|
        /// filter(even): ---|
        /// ```
        public func kept() -> Self { self }

        /// Passes nothing; no diagram.
        @inlinable
        public func dropped<T>(_ value: T, and other: (T, T) -> Bool = { _, _ in true }) -> Self { self }

        /// Diagram: see `kept()`.
        public func spelled(by: Int) -> Self { self }
      }

      extension Publishers {
        /// The publisher `dropped(_:and:)` returns.
        public struct Dropped {}
      }
      """
    let operators = OperatorDeclaration.all(in: source, file: "Example.swift")
    #expect(operators.map(\.name) == ["kept()", "dropped(_:and:)", "spelled(by:)", "Dropped"])
    let problems = Self.coverageProblems(operators, spellings: [])
    #expect(problems.count == 3)
    #expect(problems.first?.hasSuffix("dropped(_:and:): neither a diagram nor a `Diagram: see` line") == true)
    #expect(problems.contains { $0.hasPrefix("the spellings that point to another diagram are") })
    #expect(
      problems.last?.hasSuffix("Dropped: the type neither draws a diagram nor names its operator's selector")
        == true)
    #expect(Self.coverageProblems(operators, spellings: ["Example.swift: spelled(by:)"]).count == 2)
  }

  struct Item: Codable {
    let n: Int
  }

  struct Thrown: Error {}

  /// A stream that keeps nothing: `print`'s lines are not what its diagram is about.
  struct Discarded: TextOutputStream {
    mutating func write(_ string: String) {}
  }

  /// Plays the operator call `label` names on `run`'s inputs and renders its output; `nil` for a
  /// label this table does not know (an input's).
  static func play(_ label: String, _ run: DiagramRun) throws -> String? {
    switch label {
    // Filtering, throwing and predicate forms
    case "first(where: >1)": return run.render(try run.ints("upstream").first { $0 > 1 })
    case "tryFirst(where: throws on 2)":
      return run.render(try run.ints("upstream").tryFirst { if $0 == 2 { throw Thrown() } else { false } })
    case "last(where: <3)": return run.render(try run.ints("upstream").last { $0 < 3 })
    case "tryDrop(while: throws on 5)":
      return run.render(try run.ints("upstream").tryDrop { if $0 == 5 { throw Thrown() } else { true } })
    case "tryPrefix(while: throws on 2)":
      return run.render(try run.ints("upstream").tryPrefix { if $0 == 2 { throw Thrown() } else { true } })
    case "tryReduce(0, +, throws on 3)":
      return run.render(
        try run.ints("upstream").tryReduce(0) { if $1 == 3 { throw Thrown() } else { $0 + $1 } })
    case "tryScan(0, +, throws on 3)":
      return run.render(
        try run.ints("upstream").tryScan(0) { if $1 == 3 { throw Thrown() } else { $0 + $1 } })
    case "tryCompactMap(Int, throws on 3)":
      return run.render(
        try run.strings("upstream").tryCompactMap { if $0 == "3" { throw Thrown() } else { Int($0) } })
    case "combineLatest(b, c)":
      let combined = try run.strings("self").combineLatest(try run.strings("b"), try run.strings("c"))
      return run.render(combined) { "(\($0.0), \($0.1), \($0.2))" }
    case "tryCatch { _ in handler }":
      let handler = try run.ints("handler")
      return run.render(try run.ints("upstream").tryCatch { _ in handler })
    case "setFailureType(to: Thrown.self)":
      return run.render(try run.ints("upstream").assertNoFailure().setFailureType(to: Thrown.self))
    case "share(replay: 1): first", "share(replay: 1): second, from 2":
      let shared = try run.strings("upstream").share(replay: 1)
      let first = shared.record(on: run.scheduler)
      run.scheduler.advance(by: .milliseconds(2))
      let second = shared.record(on: run.scheduler)
      run.scheduler.run()
      return (label.hasSuffix("first") ? first : second).marbles()

    // Buffering
    case "buffer(2, .byRequest, .dropNewest), asked 2 at 10":
      let buffered = try run.ints("upstream").buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest)
      let recorder = buffered.record(on: run.scheduler, demand: .none)
      run.scheduler.advance(by: .milliseconds(10))
      recorder.request(.max(2))
      run.scheduler.run()
      defer { recorder.cancel() }
      return recorder.marbles { Character("\($0)") }

    // Sources and subjects
    case "Just(1)": return run.render(Just(1))
    case "Empty()": return run.render(Empty<Int, Never>())
    case "Empty(completeImmediately: false)":
      // Nothing, ever: six quiet frames stand for it.
      let recorder = Empty<Int, Never>(completeImmediately: false).record(on: run.scheduler)
      run.scheduler.advance(by: .milliseconds(6))
      defer { recorder.cancel() }
      return recorder.events.isEmpty ? "------" : recorder.marbles { Character("\($0)") }
    case "Record(output: [1, 2], completion: .finished)":
      return run.render(Record<Int, Never>(output: [1, 2], completion: .finished))
    case "scheduler.timer(every: 2 frames).prefix(3)":
      return run.render(run.scheduler.timer(every: .milliseconds(2)).prefix(3)) { _ in "t" }
    case "Optional(1).publisher": return run.render(Optional(1).publisher)
    case "nil.publisher": return run.render(Int?.none.publisher)
    case "[1, 2, 3].publisher": return run.render([1, 2, 3].publisher)
    case "Future { promise in answer(after: 4 frames, promise) }":
      let scheduler = run.scheduler
      let future = Future<String, Never> { promise in
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(4))) { promise(.success("v")) }
      }
      return run.render(future)
    case "PassthroughSubject(), early", "PassthroughSubject(), subscribed at 2":
      let subject = PassthroughSubject<String, MarbleFailure>()
      return try run.subject(subject, early: label.hasSuffix("early"), from: 2)
    case "CurrentValueSubject(0), early", "CurrentValueSubject(0), subscribed at 2":
      let subject = CurrentValueSubject<String, MarbleFailure>("0")
      return try run.subject(subject, early: label.hasSuffix("early"), from: 2)
    case "ReplaySubject(bufferSize: 2), subscribed at 6":
      return try run.subject(ReplaySubject<String, MarbleFailure>(bufferSize: 2), early: false, from: 6)

    // Transforming
    case "map(*10)": return run.render(try run.ints("upstream").map { $0 * 10 })
    case "tryMap(*10, throws on 2)":
      return run.render(try run.ints("upstream").tryMap { if $0 == 2 { throw Thrown() } else { $0 * 10 } })
    case "map(\\.count)": return run.render(try run.strings("upstream").map(\.count))
    case "map(\\.count, \\.isEmpty)":
      return run.render(try run.strings("upstream").map(\.count, \.isEmpty)) { "(\($0.0), \($0.1))" }
    case "map(\\.count, \\.isEmpty, \\.first)":
      return run.render(try run.strings("upstream").map(\.count, \.isEmpty, \.first)) {
        "(\($0.0), \($0.1), \($0.2.map(String.init) ?? "nil"))"
      }
    case "compactMap(Int)": return run.render(try run.strings("upstream").compactMap { Int($0) })
    case "replaceNil(0)":
      let upstream = try run.input("upstream", as: Int?.self) {
        $0 == "nil" ? .some(nil) : Int($0).map { .some($0) }
      }
      return run.render(upstream.replaceNil(with: 0))
    case "scan(0, +)": return run.render(try run.ints("upstream").scan(0) { $0 + $1 })
    case "reduce(0, +)": return run.render(try run.ints("upstream").reduce(0) { $0 + $1 })
    case "collect()": return run.render(try run.ints("upstream").collect())
    case "collect(2)": return run.render(try run.ints("upstream").collect(2))
    case "collect(.byTime(s, 4 frames))":
      let upstream = try run.strings("upstream")
      return run.render(upstream.collect(.byTime(run.scheduler, .milliseconds(4)))) {
        "[\($0.joined(separator: ", "))]"
      }
    case "collect(.byTimeOrCount(s, 4 frames, 2))":
      let upstream = try run.strings("upstream")
      return run.render(upstream.collect(.byTimeOrCount(run.scheduler, .milliseconds(4), 2))) {
        "[\($0.joined(separator: ", "))]"
      }
    case "decode(type: Item.self, decoder: JSONDecoder())":
      let upstream = try run.strings("upstream").map { Data($0.utf8) }
      return run.render(upstream.decode(type: Item.self, decoder: JSONDecoder()).map(\.n))
    case "encode(encoder: JSONEncoder())":
      let upstream = try run.ints("upstream").map { Item(n: $0) }
      return run.render(upstream.encode(encoder: JSONEncoder())) { String(decoding: $0, as: UTF8.self) }

    // Filtering
    case "filter(even)": return run.render(try run.ints("upstream").filter { $0 % 2 == 0 })
    case "tryFilter(even, throws on 3)":
      return run.render(
        try run.ints("upstream").tryFilter { if $0 == 3 { throw Thrown() } else { $0 % 2 == 0 } })
    case "removeDuplicates()": return run.render(try run.ints("upstream").removeDuplicates())
    case "dropFirst(2)": return run.render(try run.ints("upstream").dropFirst(2))
    case "drop(while: <3)": return run.render(try run.ints("upstream").drop { $0 < 3 })
    case "prefix(2)": return run.render(try run.ints("upstream").prefix(2))
    case "prefix(while: <3)": return run.render(try run.ints("upstream").prefix { $0 < 3 })
    case "first()": return run.render(try run.ints("upstream").first())
    case "last()": return run.render(try run.ints("upstream").last())
    case "tryLast(where: odd)": return run.render(try run.ints("upstream").tryLast { $0 % 2 == 1 })
    case "tryLast(where: throws on 2)":
      return run.render(try run.ints("upstream").tryLast { if $0 == 2 { throw Thrown() } else { true } })
    case "ignoreOutput()": return run.render(try run.ints("upstream").ignoreOutput())
    case "replaceEmpty(with: 0)": return run.render(try run.ints("upstream").replaceEmpty(with: 0))
    case "output(at: 1)": return run.render(try run.strings("upstream").output(at: 1))
    case "output(in: 1...2)": return run.render(try run.strings("upstream").output(in: 1...2))
    case "prefix(untilOutputFrom: trigger)":
      return run.render(try run.strings("upstream").prefix(untilOutputFrom: try run.strings("trigger")))
    case "drop(untilOutputFrom: trigger)":
      return run.render(try run.strings("upstream").drop(untilOutputFrom: try run.strings("trigger")))

    // Matching and math
    case "allSatisfy(<9)": return run.render(try run.ints("upstream").allSatisfy { $0 < 9 })
    case "allSatisfy(<2)": return run.render(try run.ints("upstream").allSatisfy { $0 < 2 })
    case "tryAllSatisfy(throws on 2)":
      return run.render(
        try run.ints("upstream").tryAllSatisfy { if $0 == 2 { throw Thrown() } else { true } })
    case "contains(2)": return run.render(try run.ints("upstream").contains(2))
    case "contains(9)": return run.render(try run.ints("upstream").contains(9))
    case "contains(where: >1)": return run.render(try run.ints("upstream").contains { $0 > 1 })
    case "tryContains(where: throws on 2)":
      return run.render(try run.ints("upstream").tryContains { if $0 == 2 { throw Thrown() } else { false } })
    case "min()": return run.render(try run.ints("upstream").min())
    case "max()": return run.render(try run.ints("upstream").max())
    case "min(by: shorter)": return run.render(try run.strings("upstream").min { $0.count < $1.count })
    case "max(by: shorter)": return run.render(try run.strings("upstream").max { $0.count < $1.count })
    case "tryMin(by: throws on 2)":
      return run.render(
        try run.ints("upstream").tryMin { if $0 == 2 || $1 == 2 { throw Thrown() } else { $0 < $1 } })
    case "tryMax(by: throws on 2)":
      return run.render(
        try run.ints("upstream").tryMax { if $0 == 2 || $1 == 2 { throw Thrown() } else { $0 < $1 } })
    case "count()": return run.render(try run.strings("upstream").count())

    // Combining
    case "combineLatest(other)":
      return run.render(try run.strings("self").combineLatest(try run.strings("other"))) {
        "(\($0.0), \($0.1))"
      }
    case "[p0, p1].combineLatest()":
      return run.render([try run.strings("p0"), try run.strings("p1")].combineLatest()) {
        "[\($0.joined(separator: ", "))]"
      }
    case "zip(other)":
      return run.render(try run.strings("self").zip(try run.strings("other"))) { "(\($0.0), \($0.1))" }
    case "zip(b, c)":
      let zipped = try run.strings("self").zip(try run.strings("b"), try run.strings("c"))
      return run.render(zipped) { "(\($0.0), \($0.1), \($0.2))" }
    case "zip(b, c, d)":
      let zipped = try run.strings("self").zip(
        try run.strings("b"), try run.strings("c"), try run.strings("d"))
      return run.render(zipped) { "(\($0.0), \($0.1), \($0.2), \($0.3))" }
    case "Publishers.MergeMany(p0, p1)":
      return run.render(Publishers.MergeMany(try run.strings("p0"), try run.strings("p1")))
    case "merge(with: other)":
      return run.render(try run.strings("self").merge(with: try run.strings("other")))
    case "withLatestFrom(other)":
      return run.render(try run.strings("self").withLatestFrom(try run.strings("other")))
    case "append(2, 3)": return run.render(try run.ints("self").append(2, 3))
    case "append(other)": return run.render(try run.ints("self").append(try run.ints("other")))
    case "prepend(1, 2)": return run.render(try run.ints("self").prepend(1, 2))
    case "prepend(other)": return run.render(try run.ints("self").prepend(try run.ints("other")))

    // Flattening
    case "flatMap { transform($0) }":
      let inners = ["a": try run.ints("transform(a)"), "b": try run.ints("transform(b)")]
      return run.render(try run.strings("upstream").flatMap { inners[$0] ?? inners["a"]! })
    case "map { inner($0) }.switchToLatest()":
      let inners = ["a": try run.strings("inner(a)"), "b": try run.strings("inner(b)")]
      return run.render(try run.strings("upstream").map { inners[$0] ?? inners["a"]! }.switchToLatest())

    // Time
    case "debounce(3 frames)":
      return run.render(try run.strings("upstream").debounce(for: .milliseconds(3), scheduler: run.scheduler))
    case "throttle(4 frames, latest: true)":
      let upstream = try run.strings("upstream")
      return run.render(upstream.throttle(for: .milliseconds(4), scheduler: run.scheduler, latest: true))
    case "throttle(4 frames, latest: false)":
      let upstream = try run.strings("upstream")
      return run.render(upstream.throttle(for: .milliseconds(4), scheduler: run.scheduler, latest: false))
    case "delay(2 frames)":
      return run.render(try run.strings("upstream").delay(for: .milliseconds(2), scheduler: run.scheduler))
    case "timeout(4 frames)":
      return run.render(try run.strings("upstream").timeout(.milliseconds(4), scheduler: run.scheduler))
    case "timeout(4 frames, customError:)":
      let upstream = try run.strings("upstream")
      return run.render(upstream.timeout(.milliseconds(4), scheduler: run.scheduler) { MarbleFailure() })
    case "measureInterval(using: scheduler)":
      return run.render(try run.strings("upstream").measureInterval(using: run.scheduler)) {
        "\($0.nanoseconds / 1_000_000) frames"
      }
    case "receive(on: scheduler)": return run.render(try run.strings("upstream").receive(on: run.scheduler))
    case "subscribe(on: scheduler)":
      return run.render(try run.strings("upstream").subscribe(on: run.scheduler))

    // Errors
    case "catch { _ in handler }":
      let handler = try run.ints("handler")
      return run.render(try run.ints("upstream").catch { _ in handler })
    case "mapError { _ in Other() }": return run.render(try run.ints("upstream").mapError { _ in Thrown() })
    case "replaceError(with: 0)": return run.render(try run.ints("upstream").replaceError(with: 0))
    case "retry(1)": return run.render(try run.ints("upstream").retry(1))

    // Sharing
    case "share(): first", "share(): second, from 2":
      let shared = try run.strings("upstream").share()
      let first = shared.record(on: run.scheduler)
      run.scheduler.advance(by: .milliseconds(2))
      let second = shared.record(on: run.scheduler)
      run.scheduler.run()
      return (label == "share(): first" ? first : second).marbles()
    case "makeConnectable(), connect() at 2":
      let connectable = try run.ints("upstream").assertNoFailure().makeConnectable()
      let recorder = connectable.record(on: run.scheduler)
      run.scheduler.advance(by: .milliseconds(2))
      let connection = connectable.connect()
      run.scheduler.run()
      connection.cancel()
      return recorder.marbles { Character("\($0)") }

    // Erasing, sharing by hand, and the forms the first pass left to their main spelling
    case "eraseToAnyPublisher()": return run.render(try run.ints("upstream").eraseToAnyPublisher())
    case "append([2, 3])": return run.render(try run.ints("self").append([2, 3]))
    case "combineLatest(b, c, d)":
      let combined = try run.strings("self").combineLatest(
        try run.strings("b"), try run.strings("c"), try run.strings("d"))
      return run.render(combined) { "(\($0.0), \($0.1), \($0.2), \($0.3))" }
    case "merge(with: b, c)":
      return run.render(try run.strings("self").merge(with: try run.strings("b"), try run.strings("c")))
    case "[p0, p1].merge()": return run.render([try run.strings("p0"), try run.strings("p1")].merge())
    case "withLatestFrom(other, resultSelector: +)":
      let other = try run.strings("other")
      return run.render(
        try run.strings("self").withLatestFrom(other) { (mine: String, theirs: String) in mine + theirs })
    case "removeDuplicates(by: parity)":
      return run.render(try run.ints("upstream").removeDuplicates { $0 % 2 == $1 % 2 })
    case "tryRemoveDuplicates(by: parity, throws on 4)":
      return run.render(
        try run.ints("upstream").tryRemoveDuplicates {
          if $1 == 4 { throw Thrown() } else { $0 % 2 == $1 % 2 }
        })
    case "assertNoFailure()": return run.render(try run.ints("upstream").assertNoFailure())
    case "print(to: stream)": return run.render(try run.ints("upstream").print(to: Discarded()))
    case "makeConnectable().autoconnect()":
      return run.render(try run.ints("upstream").assertNoFailure().makeConnectable().autoconnect())
    case "multicast(subject: subject), connect() at 2":
      let multicast = try run.ints("upstream").multicast(subject: PassthroughSubject<Int, MarbleFailure>())
      let recorder = multicast.record(on: run.scheduler)
      run.scheduler.advance(by: .milliseconds(2))
      let connection = multicast.connect()
      run.scheduler.run()
      connection.cancel()
      return recorder.marbles { Character("\($0)") }

    // Debugging
    case "handleEvents(receiveOutput: log)":
      return run.render(try run.ints("upstream").handleEvents(receiveOutput: { _ in }))
    case "breakpoint(receiveOutput: { _ in false })":
      return run.render(try run.ints("upstream").breakpoint(receiveOutput: { _ in false }))
    case "breakpointOnError()": return run.render(try run.ints("upstream").breakpointOnError())
    default: return nil
    }
  }
}
