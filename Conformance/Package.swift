// swift-tools-version:6.0
// The conformance package: seeded random statecharts run on Signals and on a W3C SCXML
// interpreter (Appendix D, driven in Python over the scjson package from PyPI), their
// configurations, counters and action logs compared after every event. It lives apart from the
// root package so that the root keeps zero dependencies; `run` beside this file installs the
// Python side and runs both.
import PackageDescription

/// The root package's identity is the name of the folder it is checked out in (a clone may be
/// named anything), so read it from this package's location rather than spelling it.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

let package = Package(
  name: "Conformance",
  dependencies: [
    .package(path: "..")
  ],
  targets: [
    .executableTarget(
      name: "Conformance",
      dependencies: [
        .product(name: "Signals", package: rootPackage),
        .product(name: "SignalsVirtualTime", package: rootPackage),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
