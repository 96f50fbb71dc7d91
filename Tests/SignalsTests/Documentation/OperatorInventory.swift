import Foundation

/// The public operators of a source file, read from its text: every `public func` declared at the
/// top level of an extension of `Publisher`, `ConnectablePublisher`, `Sequence` or `Collection`,
/// and every public type declared at the top level of `extension Publishers`, each with the doc
/// comment above it.
struct OperatorDeclaration: CustomStringConvertible {
  /// `method` for a function, `type` for a publisher type.
  enum Kind { case method, type }

  let kind: Kind
  /// The function's selector (`merge(with:_:)`) or the type's name (`Merge3`).
  let name: String
  /// Where it is declared: the file, relative to `Sources/`, and the line.
  let location: String
  /// The doc comment's lines, without the `///`.
  let doc: [String]

  var description: String { "\(location) \(name)" }

  /// The file name, relative to nothing (`Merge.swift`), and the name: how the test's lists
  /// name a declaration.
  var listed: String { "\(location.split(separator: "/").last?.split(separator: ":").first ?? ""): \(name)" }

  /// The selector a `Diagram: see `selector`.` line of the doc comment points to.
  var pointer: String? {
    for line in doc {
      guard let match = line.firstMatch(of: /Diagram: see `([^`]+)`/) else { continue }
      return String(match.output.1)
    }
    return nil
  }

  /// The extended types whose top-level functions are operators.
  static let operatorExtensions: Set<String> = [
    "Publisher", "ConnectablePublisher", "Sequence", "Collection",
  ]

  /// The operator declarations of `source`.
  static func all(in source: String, file: String) -> [OperatorDeclaration] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [OperatorDeclaration] = []
    var extended: String?
    var depth = 0
    var doc: [String] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("///") {
        doc.append(String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces))
        continue
      }
      if trimmed.hasPrefix("//") { continue }
      if depth == 0 {
        extended = trimmed.firstMatch(of: /^extension ([\w.]+)/).map { String($0.output.1) }
      } else if depth == 1, let extended {
        let location = "\(file):\(index + 1)"
        if operatorExtensions.contains(extended), trimmed.firstMatch(of: #/(^|\s)public func /#) != nil,
          let selector = selector(lines[index...].prefix(16).joined(separator: " "))
        {
          found.append(OperatorDeclaration(kind: .method, name: selector, location: location, doc: doc))
        } else if extended == "Publishers",
          let match = trimmed.firstMatch(of: /(^|\s)public (final class|struct|class|enum) (\w+)/)
        {
          found.append(
            OperatorDeclaration(kind: .type, name: String(match.output.3), location: location, doc: doc))
        }
      }
      // Attributes sit between a doc comment and its declaration.
      if !trimmed.hasPrefix("@") || trimmed.contains(" func ") { doc = [] }
      depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
    }
    return found
  }

  /// `merge(with:_:)` from a declaration beginning `public func merge<B: Publisher>(with b: B, _ c: C)`:
  /// the name, then each parameter's argument label.
  static func selector(_ declaration: String) -> String? {
    guard let name = declaration.firstMatch(of: /public func `?(\w+)`?/) else { return nil }
    var rest = declaration[name.range.upperBound...]
    if rest.first == "<" {
      var angles = 0
      while let first = rest.first {
        rest = rest.dropFirst()
        if first == "<" { angles += 1 } else if first == ">" { angles -= 1 }
        if angles == 0 { break }
      }
    }
    guard rest.first == "(" else { return nil }
    var labels: [String] = []
    var nesting = 0
    var parameter = ""
    var previous: Character = " "
    for character in rest {
      // `->` inside a closure type is not a closing bracket.
      let arrow = character == ">" && previous == "-"
      previous = character
      if "([<{".contains(character) {
        nesting += 1
        if nesting == 1 { continue }
      } else if ")]>}".contains(character), !arrow {
        nesting -= 1
      }
      if nesting == 0 || (nesting == 1 && character == ",") {
        let label = parameter.trimmingCharacters(in: .whitespaces).split(separator: " ").first
        if let label { labels.append("\(label.split(separator: ":").first ?? label):") }
        parameter = ""
        if nesting == 0 { break }
        continue
      }
      parameter.append(character)
    }
    return "\(name.output.1)(\(labels.joined()))"
  }
}
