import Foundation
import Testing

/// The feature modules know each other only through the router and OfficeKit's shared
/// protocols: none imports another, and OfficeKit (the VIPER seed's vertical layer) holds no
/// concrete type a module could lean on. Read from the sources, so a new import or a shared
/// struct fails here, not in review.
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

  /// The declarations of struct or class types in `text`, as `struct Name`.
  static func concreteTypes(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard
        let range = line.range(
          of: #"^\s*(public\s+)?(final\s+)?(struct|class)\s+\w+"#, options: .regularExpression)
      else { return nil }
      return line[range].split(whereSeparator: \.isWhitespace).suffix(2).joined(separator: " ")
    }
  }

  @Test func theVerticalLayerSharesProtocolsNotConcreteTypes() throws {
    let folder = Self.officeFolder.appendingPathComponent("OfficeKit")
    var protocols = 0
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      protocols += text.components(separatedBy: "public protocol ").count - 1
      #expect(Self.concreteTypes(in: text).isEmpty, "\(file) declares \(Self.concreteTypes(in: text))")
    }
    #expect(protocols >= 4, "user, permission, organisation and membership protocols")
  }

  @Test func theScanFindsAConcreteType() {
    let sample =
      "/// A card.\npublic struct ContactCard: Hashable {\n  final class Box {}\n}\nprotocol P {}\n"
    #expect(Self.concreteTypes(in: sample) == ["struct ContactCard", "class Box"])
  }
}
