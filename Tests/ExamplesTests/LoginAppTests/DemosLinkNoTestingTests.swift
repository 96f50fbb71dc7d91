import Foundation
import Testing

/// The demos run their scripts on virtual time from SignalsVirtualTime, which imports no
/// Testing, so the shipped executables do not link the test libraries (Swift Testing, XCTest).
/// Like `SignalsImportsNoFoundationTests` for Counter, this reads `ldd` of the built programs.
@Suite struct DemosLinkNoTestingTests {
  /// The directory of the built products: where this test binary and the demos are.
  static let productsDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent()

  /// `ldd`, if installed (it comes with the C library, not with the Swift toolchain).
  static let ldd = ["/usr/bin/ldd", "/bin/ldd"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The shared libraries `ldd` lists for `binary`, by name.
  static func linkedLibraries(of binary: URL, ldd: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ldd)
    process.arguments = [binary.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(whereSeparator: \.isNewline).compactMap { line in
      line.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }
  }

  static func isTestingLibrary(_ name: String) -> Bool {
    ["libTesting", "libXCTest", "lib_TestingInterop"].contains { name.hasPrefix($0) }
  }

  @Test func theTestingLibraryCheckRecognizesTheTestLibraries() {
    #expect(Self.isTestingLibrary("libTesting.so"))
    #expect(Self.isTestingLibrary("libXCTest.so"))
    #expect(!Self.isTestingLibrary("libswiftCore.so"))
    #expect(!Self.isTestingLibrary("libFoundation.so"))
  }

  @Test(
    .enabled(if: ldd != nil, "needs ldd, which this system does not have"),
    arguments: ["LoginDemo", "OfficeDemo"])
  func aDemoLinksNoTestingLibrary(_ demo: String) throws {
    let binary = Self.productsDirectory.appendingPathComponent(demo)
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "\(demo) is not built beside the tests at \(binary.path) (swift build --build-tests builds it)")
    let libraries = try Self.linkedLibraries(of: binary, ldd: try #require(Self.ldd))
    #expect(libraries.count > 3, "ldd listed too little for \(demo): \(libraries)")
    #expect(libraries.filter(Self.isTestingLibrary).isEmpty, "\(demo) links \(libraries)")
  }
}
