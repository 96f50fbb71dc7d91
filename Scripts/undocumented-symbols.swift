// Lists the public symbols of symbol-graph files that have no doc comment, and exits with 1 if
// there is any. Used by Scripts/build-docs: `swift Scripts/undocumented-symbols.swift FILE...`.
// Members the compiler synthesizes (their identifiers say `::SYNTHESIZED::`) are skipped: their
// documentation is the protocol's; so are extension blocks, whose members carry the documentation.
import Foundation

var missing: [String] = []
for path in CommandLine.arguments.dropFirst() {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
    let symbols = graph["symbols"] as? [[String: Any]]
  else {
    FileHandle.standardError.write(Data("\(path): not a symbol graph\n".utf8))
    exit(2)
  }
  for symbol in symbols where symbol["docComment"] == nil {
    let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
    guard !identifier.contains("::SYNTHESIZED::") else { continue }
    // An extension block (`extension Publisher {`) is not a symbol of its own; its members are.
    guard (symbol["kind"] as? [String: Any])?["identifier"] as? String != "swift.extension" else { continue }
    let name = (symbol["pathComponents"] as? [String])?.joined(separator: ".") ?? identifier
    let file = ((symbol["location"] as? [String: Any])?["uri"] as? String).map {
      URL(string: $0)?.lastPathComponent ?? $0
    }
    missing.append("\(name)\(file.map { " (\($0))" } ?? "")")
  }
}
for line in missing.sorted() { print("  \(line)") }
exit(missing.isEmpty ? 0 : 1)
