import Foundation
import Testing

/// Signals imports no Foundation, so a program that uses only Signals does not link it (about
/// 50 MB on Linux). Foundation's publishers live in SignalsFoundation.
@Suite struct SignalsImportsNoFoundationTests {
  /// The package root, found from this file.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The directory of the built products: where this test binary and `Counter` are.
  static let productsDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent()

  /// `ldd`, if installed.
  static let ldd = ["/usr/bin/ldd", "/bin/ldd"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The built `Counter` example, if it was built beside this test binary.
  static var counter: URL? {
    let url = productsDirectory.appendingPathComponent("Counter")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  /// The modules `source` imports, with attributes, access levels and declaration kinds
  /// (`import struct Foundation.Data`) stripped.
  static func importedModules(in source: String) -> [String] {
    let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
    let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    return source.split(whereSeparator: \.isNewline).compactMap { line -> String? in
      var words = line.split(whereSeparator: \.isWhitespace)[...]
      while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) {
        words = words.dropFirst()
      }
      guard words.first == "import" else { return nil }
      words = words.dropFirst()
      if let first = words.first, kinds.contains(first) { words = words.dropFirst() }
      return words.first.map { String($0.split(separator: ".")[0]) }
    }
  }

  static func isFoundation(_ module: String) -> Bool {
    module.hasPrefix("Foundation") || module.hasPrefix("_Foundation")
  }

  @Test func theImportScannerSeesEverySpellingOfAnImport() {
    let source = """
      import Dispatch
      @preconcurrency import FoundationEssentials
      public import struct Foundation.Data
      // import NotAnImport
      let importance = 1
      """
    #expect(Self.importedModules(in: source) == ["Dispatch", "FoundationEssentials", "Foundation"])
    #expect(
      Self.importedModules(in: source).filter(Self.isFoundation) == ["FoundationEssentials", "Foundation"])
  }

  @Test func noFileUnderSourcesSignalsImportsFoundation() throws {
    let sources = Self.packageRoot.appendingPathComponent("Sources/Signals")
    let enumerator = try #require(
      FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var scanned = 0
    var offenders: [String] = []
    for case let file as URL in enumerator where file.pathExtension == "swift" {
      scanned += 1
      let source = try String(contentsOf: file, encoding: .utf8)
      for module in Self.importedModules(in: source) where Self.isFoundation(module) {
        offenders.append("\(file.path.dropFirst(sources.path.count + 1)) imports \(module)")
      }
    }
    #expect(scanned > 50, "found only \(scanned) Swift files under \(sources.path)")
    #expect(
      offenders.isEmpty, "Signals must not import Foundation (put it in SignalsFoundation): \(offenders)")
  }

  /// The Foundation libraries `ldd` lists for `binary`.
  static func linkedFoundationLibraries(of binary: URL, ldd: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ldd)
    process.arguments = [binary.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(whereSeparator: \.isNewline).compactMap { line in
      let name = line.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
      return name.hasPrefix("libFoundation") || name.hasPrefix("lib_Foundation") ? name : nil
    }
  }

  /// Whether Signals' object files disagree about linking Foundation: an incremental build made
  /// before Signals dropped Foundation keeps the old autolink entry in the files it did not
  /// recompile, while a clean build gives every file the same entries.
  static var signalsObjectsAreStale: Bool {
    let objects = productsDirectory.appendingPathComponent("Signals.build")
    let files =
      (try? FileManager.default.contentsOfDirectory(at: objects, includingPropertiesForKeys: nil)) ?? []
    let marker = Data("-lFoundation".utf8)
    let linking = files.filter { $0.pathExtension == "o" }.map { file in
      (try? Data(contentsOf: file))?.range(of: marker) != nil
    }
    return linking.contains(true) && linking.contains(false)
  }

  @Test(
    .enabled(if: ldd != nil, "needs ldd, which this system does not have"),
    .enabled(if: counter != nil, "needs the Counter example built beside the tests (swift build)"))
  func theCounterExampleLinksNoFoundation() throws {
    let libraries = try Self.linkedFoundationLibraries(
      of: try #require(Self.counter), ldd: try #require(Self.ldd))
    if Self.signalsObjectsAreStale {
      withKnownIssue(
        "stale incremental objects of Signals may still ask for Foundation; a clean build checks this",
        isIntermittent: true
      ) {
        #expect(libraries.isEmpty)
      }
    } else {
      #expect(libraries.isEmpty, "Counter uses only Signals but links \(libraries)")
    }
  }
}
