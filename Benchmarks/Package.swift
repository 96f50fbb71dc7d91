// swift-tools-version:6.0
// The benchmark package: Signals against OpenCombine and hand-written closures. It lives apart
// from the root package so that the root keeps zero dependencies.
import PackageDescription

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
        .product(name: "Signals", package: "main"),
        .product(name: "SignalsTesting", package: "main"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      swiftSettings: []
    ),
  ],
  swiftLanguageModes: [.v6]
)
