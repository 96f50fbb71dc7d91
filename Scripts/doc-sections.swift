// Lists the public functions and initializers of symbol-graph files whose doc comment lacks a
// section their declaration calls for: `- Parameters:` (or `- Parameter name:`) when they take
// parameters, `- Returns:` when they return a value, `- Throws:` when they throw. Used by
// Scripts/build-docs: `swift Scripts/doc-sections.swift FILE...`.
//
// Each declaration counts once (a protocol extension's method appears in the graph of every
// conforming type). Not counted: operators (`==`, `<`, `+`), and the members that implement a
// protocol requirement of Combine's vocabulary (`receive(subscriber:)`, `request(_:)`,
// `schedule(after:_:)`, ...): their sections are the protocol's.
//
// Exit status 1 when any function lacks one, 0 otherwise: a new public function comes with its
// sections.
import Foundation

let requirements: Set<String> = [
  "receive(subscriber:)", "receive(subscription:)", "receive(_:)", "receive(completion:)", "request(_:)",
  "cancel()", "connect()", "send(_:)", "send(completion:)", "send(subscription:)", "send()",
  "schedule(_:)", "schedule(after:_:)", "schedule(after:interval:_:)", "schedule(options:_:)",
  "schedule(after:tolerance:options:_:)", "schedule(after:interval:tolerance:options:_:)",
  "distance(to:)", "advanced(by:)", "hash(into:)", "encode(to:)", "init(from:)", "write(_:)",
  "makeIterator()", "next()", "callAsFunction(_:)", "init(integerLiteral:)", "init(floatLiteral:)",
  "init(stringLiteral:)", "seconds(_:)", "milliseconds(_:)", "microseconds(_:)", "nanoseconds(_:)",
]
let kinds: Set<String> = ["swift.func", "swift.method", "swift.type.method", "swift.init"]

/// Whether the function itself throws (or rethrows): `throws` after its parameter list, not
/// inside a closure parameter's type.
func throwsItself(_ declaration: String) -> Bool {
  var depth = 0
  var started = false
  var rest = Substring(declaration)
  // The generic parameter clause has no parentheses of its own; the first `(` opens the list.
  while let character = rest.first {
    rest = rest.dropFirst()
    if character == "(" {
      depth += 1
      started = true
    } else if character == ")" {
      depth -= 1
      if started, depth == 0 { break }
    }
  }
  let effects = rest.split(separator: "->").first ?? rest
  return effects.firstMatch(of: #/\b(re)?throws\b/#) != nil
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else {
  FileHandle.standardError.write(Data("usage: doc-sections.swift FILE...\n".utf8))
  exit(2)
}
var missing: [String: String] = [:]
for path in arguments {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
    let symbols = graph["symbols"] as? [[String: Any]]
  else {
    FileHandle.standardError.write(Data("\(path): not a symbol graph\n".utf8))
    exit(2)
  }
  for symbol in symbols {
    guard let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String, kinds.contains(kind),
      let components = symbol["pathComponents"] as? [String], let name = components.last,
      !(components.count > 1 && requirements.contains(name)),
      let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String,
      let sources = uri.range(of: "/Sources/"),
      let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]]
    else { continue }
    let doc = lines.compactMap { $0["text"] as? String }.joined(separator: "\n")
    let signature = symbol["functionSignature"] as? [String: Any]
    let parameters = signature?["parameters"] as? [[String: Any]] ?? []
    let returns = (signature?["returns"] as? [[String: Any]] ?? []).compactMap { $0["spelling"] as? String }
      .joined()
    let declaration = (symbol["declarationFragments"] as? [[String: Any]] ?? []).compactMap {
      $0["spelling"] as? String
    }.joined()
    var absent: [String] = []
    if !parameters.isEmpty, doc.firstMatch(of: #/- Parameters?\b/#) == nil { absent.append("Parameters") }
    if kind != "swift.init", !["", "()", "Void"].contains(returns), !doc.contains("- Returns:") {
      absent.append("Returns")
    }
    if throwsItself(declaration), !doc.contains("- Throws:") { absent.append("Throws") }
    guard !absent.isEmpty else { continue }
    let line = ((location["position"] as? [String: Any])?["line"] as? Int ?? -1) + 1
    let file = String(uri[sources.upperBound...])
    missing["\(file):\(line)"] = "\(file):\(line) \(components.joined(separator: ".")): \(absent.joined(separator: ", "))"
  }
}
for key in missing.keys.sorted() { print("  \(missing[key] ?? key)") }
print("\(missing.count) public functions lack a section their declaration calls for")
exit(missing.isEmpty ? 0 : 1)
