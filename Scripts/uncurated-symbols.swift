// Lists the symbols a module's landing page leaves to DocC's generated groups ("Structures",
// "Functions", ...), and exits with 1 if there is any: every symbol a module declares at its top
// level belongs in one of the landing page's topic groups. Used by Scripts/build-docs:
// `swift Scripts/uncurated-symbols.swift ARCHIVE...` (each a `<Module>.doccarchive`).
import Foundation

var uncurated: [String] = []
for path in CommandLine.arguments.dropFirst() {
  let archive = URL(fileURLWithPath: path)
  let module = archive.deletingPathExtension().lastPathComponent
  let page = archive.appendingPathComponent("data/documentation/\(module.lowercased()).json")
  guard let data = try? Data(contentsOf: page),
    let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  else {
    FileHandle.standardError.write(Data("\(page.path): no landing page\n".utf8))
    exit(2)
  }
  for section in json["topicSections"] as? [[String: Any]] ?? [] where section["generated"] as? Bool == true {
    let title = section["title"] as? String ?? "?"
    for identifier in section["identifiers"] as? [String] ?? [] {
      let symbol = identifier.split(separator: "/").last.map(String.init) ?? identifier
      uncurated.append("\(module): \(symbol) (in the generated group \"\(title)\")")
    }
  }
}
for line in uncurated.sorted() { print("  \(line)") }
exit(uncurated.isEmpty ? 0 : 1)
