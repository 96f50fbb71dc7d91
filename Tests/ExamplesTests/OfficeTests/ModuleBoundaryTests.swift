import Foundation
import Testing

/// The feature modules know each other only through the router and OfficeKit's shared types:
/// none imports another. Read from the sources, so a new import fails here, not in review.
@Suite struct ModuleBoundaryTests {
  static let modules = ["News", "Contacts", "Messages"]
  static let officeFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/Office")

  /// The modules `module`'s sources import.
  func imports(of module: String) throws -> Set<String> {
    let folder = Self.officeFolder.appendingPathComponent(module)
    var found: Set<String> = []
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("import ") {
        found.insert(String(line.dropFirst("import ".count)).trimmingCharacters(in: .whitespaces))
      }
    }
    return found
  }

  @Test(arguments: modules)
  func aModuleImportsNoOtherModule(_ module: String) throws {
    let imported = try imports(of: module)
    #expect(!imported.isEmpty, "no sources read for \(module)")
    let others = Set(Self.modules).subtracting([module])
    #expect(imported.isDisjoint(with: others), "\(module) imports \(imported.intersection(others))")
    #expect(!imported.contains("OfficeApp"))
  }
}
