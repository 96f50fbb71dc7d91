import Foundation
import Testing

/// Keeps the doc comments' fixed labels: `Threading:`, `Completion:` (what happens at and after
/// completion), `Bad input:` and `- Throws:`, instead of `Failure:`, which used to mean any of
/// three things.
@Suite struct DocCommentLabelTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The doc-comment lines of `source` that use `Failure:` as a label: at the start of the
  /// comment's text or after a sentence.
  static func labelled(_ source: String, file: String) -> [String] {
    var found: [String] = []
    for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let text = line.trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("///"), text.firstMatch(of: #/(^///\s*|[.;:]\s+)Failure:/#) != nil else {
        continue
      }
      found.append("\(file):\(number + 1)")
    }
    return found
  }

  @Test func noDocCommentUsesFailureAsALabel() throws {
    var found: [String] = []
    for folder in ["Sources", "Examples"] {
      let walker = FileManager.default.enumerator(
        at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      for case let file as URL in walker?.allObjects ?? [] where file.pathExtension == "swift" {
        let relative = String(file.path.dropFirst(Self.root.path.count + 1))
        found += Self.labelled(try String(contentsOf: file, encoding: .utf8), file: relative)
      }
    }
    #expect(
      found.isEmpty, "say Completion:, Bad input: or - Throws: instead of Failure: at \(found.sorted())")
  }

  @Test func theLabelIsFoundAtTheStartAndAfterASentence() {
    let source = """
      /// Threading: any thread. Failure: never fails.
      /// Failure: a bad line throws.
      /// The `Failure` type is `Never`; Failure as a word is fine, and so is `S.Failure: Error`.
      """
    #expect(Self.labelled(source, file: "A.swift") == ["A.swift:1", "A.swift:2"])
  }
}
