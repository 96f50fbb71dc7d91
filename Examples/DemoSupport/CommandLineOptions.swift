/// A command line that could not be read: what is wrong with it, said to the user with the
/// demo's usage text after it.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, such as `unknown option --bogus`.
  public let message: String

  /// Makes the error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// A demo's command line, taken apart option by option: each read removes what it used, and
/// `finish()` refuses whatever is left, so an unknown flag is an error whichever mode the other
/// flags chose, wherever it stands.
///
/// Threading: a value type; use it from one thread. Bad input: every read throws `UsageError`
/// (an option without its value, a value outside its choices, an unknown option, an option
/// given twice that is read once).
public struct CommandLineOptions {
  var arguments: [String]
  /// The options a read has taken, so that a second copy left over is called given twice,
  /// not unknown.
  var taken: Set<String> = []

  /// The options after the program's name.
  public init(_ arguments: [String]) { self.arguments = arguments }

  /// The value after `name`, both removed; `nil` when `name` is absent.
  public mutating func value(_ name: String) throws(UsageError) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { throw UsageError("\(name) needs a value") }
    taken.insert(name)
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
  }

  /// Every value of an option that may be given several times, in the order given.
  public mutating func values(_ name: String) throws(UsageError) -> [String] {
    var values: [String] = []
    while let value = try value(name) { values.append(value) }
    return values
  }

  /// The value after `name`, which must be one of `choices`; `nil` when `name` is absent.
  public mutating func choice(_ name: String, in choices: [String]) throws(UsageError) -> String? {
    guard let value = try value(name) else { return nil }
    guard choices.contains(value) else {
      let listed = choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
      throw UsageError("\(name) takes \(listed), not \"\(value)\"")
    }
    return value
  }

  /// Whether any of `names` is given (each spelling is removed once).
  public mutating func flag(_ names: String...) -> Bool {
    guard let index = arguments.firstIndex(where: { names.contains($0) }) else { return false }
    taken.formUnion(names)
    arguments.remove(at: index)
    return true
  }

  /// Whether `name` is on the command line and not read yet; reads nothing (for an option that
  /// goes only with another, such as the login demo's `--chart` with `--graph`).
  public func contains(_ name: String) -> Bool { arguments.contains(name) }

  /// Refuses whatever no read has taken: a second copy of an option read once is given twice,
  /// anything else is unknown.
  public func finish() throws(UsageError) {
    guard let unknown = arguments.first else { return }
    if taken.contains(unknown) { throw UsageError("\(unknown) is given twice; give it once") }
    throw UsageError("unknown option \(unknown)")
  }

  /// Reads the options every demo has, `--help`/`-h`, `--graph mermaid|dot` and
  /// `--script FILE|-`, and says which mode they choose (help wins, then the graph, then the
  /// script; none is the app).
  public mutating func demoMode() throws(UsageError) -> DemoMode {
    let help = flag("--help", "-h")
    let graph = try choice("--graph", in: ["mermaid", "dot"])
    let script = try value("--script")
    if help { return .help }
    if let graph { return .graph(graph == "dot" ? .dot : .mermaid) }
    if let script { return .script(path: script) }
    return .app
  }
}

/// What a demo was asked to do.
public enum DemoMode: Equatable, Sendable {
  /// Print the usage text.
  case help
  /// Print the navigation graph.
  case graph(GraphFormat)
  /// Play the script at `path` (`-` is standard input) on virtual time and print its frames.
  case script(path: String)
  /// Run the app: interactive in a terminal, else play the built-in script.
  case app
}

/// How a demo prints its navigation graph.
public enum GraphFormat: Equatable, Sendable {
  /// Mermaid's `stateDiagram-v2`.
  case mermaid
  /// Graphviz DOT.
  case dot
}
