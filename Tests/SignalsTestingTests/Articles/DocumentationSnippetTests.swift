import Foundation
import Testing

/// Keeps the DocC articles' code compiled: every ```swift block of every article under
/// `Sources/*/*.docc` must appear, line for line (indentation aside), in a test source file, where
/// the build compiles it and a test runs it.
@Suite struct DocumentationSnippetTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The files under `folder` whose names end with `suffix`, sorted.
  static func files(under folder: String, endingWith suffix: String) -> [URL] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
      return []
    }
    return walker.compactMap { $0 as? URL }.filter { $0.path.hasSuffix(suffix) }.sorted { $0.path < $1.path }
  }

  /// The ```swift blocks of `text`, each as its lines with surrounding spaces removed.
  static func swiftBlocks(in text: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var block = current {
        if trimmed == "```" {
          blocks.append(block)
          current = nil
        } else {
          block.append(trimmed)
          current = block
        }
      } else if trimmed == "```swift" {
        current = []
      }
    }
    return blocks
  }

  /// Whether `block` (blank lines ignored) occurs as consecutive non-blank lines of `lines`.
  static func contains(_ lines: [String], _ block: [String]) -> Bool {
    let wanted = block.filter { !$0.isEmpty }
    guard !wanted.isEmpty, wanted.count <= lines.count else { return wanted.isEmpty }
    return (0...(lines.count - wanted.count)).contains { start in
      lines[start..<(start + wanted.count)].elementsEqual(wanted)
    }
  }

  @Test func everyArticleSnippetIsCompiledByATest() throws {
    let articles = Self.files(under: "Sources", endingWith: ".md").filter { $0.path.contains(".docc/") }
    #expect(articles.count >= 6)
    let testFiles = try Self.files(under: "Tests", endingWith: ".swift").map { file in
      try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    var checked = 0
    for article in articles {
      for block in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
        checked += 1
        let found = testFiles.contains { Self.contains($0, block) }
        #expect(
          found,
          "\(article.lastPathComponent): this block is in no test file:\n\(block.joined(separator: "\n"))")
      }
    }
    #expect(checked > 0)
  }

  @Test func theCheckerFindsABlockOnlyWhereItsLinesFollowEachOther() {
    let file = ["let a = 1", "let b = 2", "print(a + b)"]
    #expect(Self.contains(file, ["let b = 2", "", "print(a + b)"]))
    #expect(!Self.contains(file, ["let a = 1", "print(a + b)"]))
    #expect(Self.swiftBlocks(in: "x\n```swift\n  a\n\n```\n```sh\nb\n```") == [["a", ""]])
  }
}
