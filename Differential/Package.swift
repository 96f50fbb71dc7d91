// swift-tools-version:6.0
// The differential package: seeded random pipelines run on Signals and on OpenCombine 0.14 side
// by side on virtual time, their event traces compared. It lives apart from the root package so
// that the root keeps zero dependencies.
import PackageDescription

/// The root package's identity is the name of the folder it is checked out in (a clone may be
/// named anything), so read it from this package's location rather than spelling it.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

let package = Package(
  name: "Differential",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "Differential",
      dependencies: [
        .product(name: "Signals", package: rootPackage),
        .product(name: "SignalsTesting", package: rootPackage),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
