import Foundation
import Signals
import SignalsTesting

/// One marble diagram of an operator's doc comment, as written between the ``` fences:
///
/// ```
/// upstream:  -1-2-3-|
/// map(*10):  -a-b-c-|
/// values:    a = 10, b = 20, c = 30
/// ```
///
/// Every line is `label: timeline`. A line whose label names an operator call the diagram test
/// knows is an output; the others are the inputs it reads by label; the `values:` line names what
/// a one-character symbol stands for.
struct OperatorDiagram: CustomStringConvertible {
  /// Where the diagram is: the file, relative to `Sources/`, and the line of its first row.
  let location: String
  /// The timelines by label, in order, each with the column (in its row) where it starts.
  let timelines: [(label: String, timeline: String, column: Int)]
  /// What each symbol stands for, as written (`a = 10` gives `a: "10"`).
  let legend: [Character: String]

  var description: String { location }

  /// The fenced blocks without a language in the doc comments of `source`: where each starts
  /// (`file:line`) and its rows.
  static func blocks(in source: String, file: String) -> [(location: String, rows: [String])] {
    var found: [(location: String, rows: [String])] = []
    var block: [String]?
    var start = 0
    for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("///") else {
        block = nil
        continue
      }
      let text = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
      if text == "```" {
        if let rows = block {
          found.append(("\(file):\(start)", rows))
          block = nil
        } else {
          block = []
          start = number + 2
        }
      } else if block != nil {
        block?.append(text)
      }
    }
    return found
  }

  /// Whether a block is meant as a diagram: a row other than the legend ends, after its last
  /// colon, in something with a frame or a completion (a printed log or a table does not).
  static func isMeantAsDiagram(_ rows: [String]) -> Bool {
    rows.contains { row in
      guard !row.hasPrefix("values:"), let colon = row.lastIndex(of: ":") else { return false }
      let rest = row[row.index(after: colon)...]
      return rest.contains("-") || rest.contains("|")
    }
  }

  /// The diagrams in the doc comments of `source`, and where a block meant as a diagram does not
  /// parse as one.
  static func diagrams(in source: String, file: String) -> (diagrams: [OperatorDiagram], malformed: [String])
  {
    var diagrams: [OperatorDiagram] = []
    var malformed: [String] = []
    for block in blocks(in: source, file: file) where isMeantAsDiagram(block.rows) {
      if let diagram = OperatorDiagram(rows: block.rows, location: block.location) {
        diagrams.append(diagram)
      } else {
        malformed.append(block.location)
      }
    }
    return (diagrams, malformed)
  }

  /// A diagram from its rows: `label: timeline` (the label is everything before the last colon,
  /// so it may itself hold colons, `first(where: >1)`), or the `values:` legend.
  init?(rows: [String], location: String) {
    var timelines: [(label: String, timeline: String, column: Int)] = []
    var legend: [Character: String] = [:]
    for row in rows where !row.isEmpty {
      if row.hasPrefix("values:") {
        guard let entries = Self.legend(row.dropFirst("values:".count).trimmingCharacters(in: .whitespaces))
        else { return nil }
        legend.merge(entries) { _, new in new }
        continue
      }
      guard let colon = row.lastIndex(of: ":"), colon != row.startIndex else { return nil }
      let label = row[..<colon].trimmingCharacters(in: .whitespaces)
      let afterColon = row[row.index(after: colon)...]
      let rest = afterColon.trimmingCharacters(in: .whitespaces)
      guard !rest.isEmpty, !label.contains("\""), Self.looksLikeTimeline(rest) else { return nil }
      let leading = afterColon.prefix { $0 == " " }.count
      timelines.append((label, rest, row.distance(from: row.startIndex, to: colon) + 1 + leading))
    }
    guard !timelines.isEmpty else { return nil }
    self.location = location
    self.timelines = timelines
    self.legend = legend
  }

  /// Whether `text` is written in the marble language's characters (it may still be malformed:
  /// the parser says so, with the column).
  static func looksLikeTimeline(_ text: String) -> Bool {
    text.allSatisfy { $0.isLetter || $0.isNumber || "-|#()^! ".contains($0) }
  }

  /// `a = 10, b = [1, 2]` as `[a: "10", b: "[1, 2]"]`: an entry is a single character, ` = `,
  /// then everything up to the next `, x = ` or the end.
  static func legend(_ text: String) -> [Character: String]? {
    var entries: [Character: String] = [:]
    for entry in text.split(separator: /, (?=\S = )/) {
      guard let symbol = entry.first, entry.dropFirst().hasPrefix(" = ") else { return nil }
      entries[symbol] = String(entry.dropFirst(4)).trimmingCharacters(in: .whitespaces)
    }
    return entries
  }
}

/// One run of a diagram on a fresh `TestScheduler` (frames of one millisecond): makes its input
/// publishers and renders what the operator under test delivers.
final class DiagramRun {
  let diagram: OperatorDiagram
  let scheduler = TestScheduler()
  private var made: [String: AnyObject] = [:]

  init(_ diagram: OperatorDiagram) { self.diagram = diagram }

  /// The timeline of the input `label`; a missing one is a thrown error naming it.
  func timeline(_ label: String) throws -> String {
    guard let input = diagram.timelines.first(where: { $0.label == label }) else {
      throw DiagramError.noInput(label, diagram.description)
    }
    return input.timeline
  }

  /// The value a symbol stands for, as text: its legend entry, or the symbol itself.
  func text(_ symbol: Character) -> String { diagram.legend[symbol] ?? String(symbol) }

  /// The input `label` as a test publisher of `Output`, each symbol converted by `convert` from
  /// its text. Cold, or hot when its timeline has a `^`; the same publisher for the same label.
  func input<Output: Sendable>(
    _ label: String, as type: Output.Type = Output.self, _ convert: (String) -> Output?
  ) throws -> TestPublisher<Output, MarbleFailure> {
    if let existing = made[label] as? TestPublisher<Output, MarbleFailure> { return existing }
    let timeline = try timeline(label)
    var values: [Character: Output] = [:]
    for symbol in timeline where symbol.isLetter || symbol.isNumber {
      guard let value = convert(text(symbol)) else {
        throw DiagramError.unconvertible(symbol, diagram.description)
      }
      values[symbol] = value
    }
    let publisher = try scheduler.cold(timeline, values: values)
    made[label] = publisher
    return publisher
  }

  /// The input `label` with values that are their text.
  func strings(_ label: String) throws -> TestPublisher<String, MarbleFailure> { try input(label) { $0 } }

  /// The input `label` with values that are integers.
  func ints(_ label: String) throws -> TestPublisher<Int, MarbleFailure> { try input(label) { Int($0) } }

  /// Subscribes to `publisher`, runs the clock until nothing is left, and writes what arrived in
  /// the diagram's notation: each value described by `describe`, then written as the legend's
  /// symbol for that text, or as itself when it is one letter or digit (`?` otherwise).
  func render<P: Publisher>(
    _ publisher: P, _ describe: @escaping (P.Output) -> String = { "\($0)" }
  ) -> String {
    var symbols: [String: Character] = [:]
    for (symbol, text) in diagram.legend { symbols[text] = symbol }
    let recorder = publisher.record(on: scheduler)
    scheduler.run()
    defer { recorder.cancel() }
    return recorder.marbles(from: .zero, frameDuration: scheduler.frameDuration) { value in
      let text = describe(value)
      return symbols[text] ?? (text.count == 1 ? text.first : nil)
    }
  }
}

extension DiagramRun {
  /// Plays the timeline `sent` into `subject` and renders what a subscriber receives: one that
  /// subscribes at once (`early`), or one that subscribes at frame `frame`.
  func subject<S: Subject>(_ subject: S, early: Bool, from frame: Int) throws -> String
  where S.Output == String, S.Failure == MarbleFailure {
    let sends = try strings("sent").subscribe(subject)
    defer { sends.cancel() }
    if early { return render(subject) }
    scheduler.advance(by: .milliseconds(frame))
    let recorder = subject.record(on: scheduler)
    scheduler.run()
    defer { recorder.cancel() }
    return recorder.marbles(from: .zero, frameDuration: scheduler.frameDuration) { $0.first }
  }
}

enum DiagramError: Error, CustomStringConvertible {
  case noInput(String, String)
  case unconvertible(Character, String)

  var description: String {
    switch self {
    case .noInput(let label, let diagram): "\(diagram): no input labelled \(label)"
    case .unconvertible(let symbol, let diagram): "\(diagram): symbol \(symbol) does not convert"
    }
  }
}
