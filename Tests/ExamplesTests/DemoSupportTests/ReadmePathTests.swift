import Foundation
import Testing

/// `Examples/README.md` sends readers to files: each path it names in backticks (with a `/`,
/// relative to `Examples/` or to the package) must exist, so a moved or renamed file fails here
/// rather than in a reader's hands.
@Suite struct ReadmePathTests {
  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The backticked words of `text` that look like paths: a `/` and no scheme or space.
  static func paths(in text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { $0.contains("/") && !$0.contains("://") && !$0.contains(" ") && !$0.hasPrefix("-") }
      .filter { $0.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } }
  }

  @Test func everyPathTheExamplesReadmeNamesExists() throws {
    let readme = try String(
      contentsOf: Self.package.appendingPathComponent("Examples/README.md"), encoding: .utf8)
    let named = Self.paths(in: readme)
    #expect(named.count > 20, "found only \(named)")
    let missing = named.filter { path in
      ["Examples/", "", "Tests/ExamplesTests/"].allSatisfy { base in
        !FileManager.default.fileExists(atPath: Self.package.appendingPathComponent(base + path).path)
      }
    }
    #expect(missing.isEmpty, "Examples/README.md names paths that do not exist: \(missing)")
  }
}
