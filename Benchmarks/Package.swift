// swift-tools-version:6.0
// The benchmark package: Signals against OpenCombine and hand-written closures. It lives apart
// from the root package so that the root keeps zero dependencies.
import PackageDescription

/// The root package's identity is the name of the folder it is checked out in (a clone may be
/// named anything), so read it from this package's location rather than spelling it.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

let package = Package(
  name: "Benchmarks",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .target(name: "AllocationCounter"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "AllocationCounter",
        .product(name: "Signals", package: rootPackage),
        .product(name: "SignalsVirtualTime", package: rootPackage),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
      ],
      swiftSettings: []
    ),
  ],
  swiftLanguageModes: [.v6]
)
