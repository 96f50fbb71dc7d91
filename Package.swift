// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Signals",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    // Libraries
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsExtras", targets: ["SignalsExtras"]),
    .library(name: "SignalsFoundation", targets: ["SignalsFoundation"]),
    .library(name: "Coordinators", targets: ["Coordinators"]),
    // Testing support
    .library(name: "SignalsVirtualTime", targets: ["SignalsVirtualTime"]),
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
  ],
  targets: [
    // Libraries
    .target(name: "Signals"),
    // Operators and helpers Combine lacks, kept out of `Signals` so an app's own helpers of
    // those names still compile after the import swap.
    .target(name: "SignalsExtras", dependencies: ["Signals"]),
    .target(name: "SignalsFoundation", dependencies: ["Signals"]),
    .target(name: "Coordinators", dependencies: ["Signals"]),

    // Testing support: virtual time imports no Testing, so shipped programs may use it.
    .target(name: "SignalsVirtualTime", dependencies: ["Signals"]),
    .target(name: "SignalsTesting", dependencies: ["Signals", "SignalsVirtualTime", "Coordinators"]),

    // Examples
    .executableTarget(name: "Counter", dependencies: ["Signals"], path: "Examples/Counter"),
    .target(
      name: "DemoSupport", dependencies: ["Signals", "SignalsVirtualTime"], path: "Examples/DemoSupport"),
    .target(name: "Services", dependencies: ["Signals"], path: "Examples/Services"),
    .target(
      name: "LoginFeature", dependencies: ["Services", "Signals", "SignalsExtras", "Coordinators"],
      path: "Examples/Login/LoginFeature"),
    .target(
      name: "LoginApp",
      dependencies: [
        "LoginFeature", "Coordinators", "Signals", "SignalsExtras", "SignalsVirtualTime", "DemoSupport",
      ],
      path: "Examples/Login/LoginApp"),
    .executableTarget(
      name: "LoginDemo", dependencies: ["LoginApp", "LoginFeature", "Signals", "DemoSupport"],
      path: "Examples/Login/LoginDemo"),
    .target(name: "OfficeKit", path: "Examples/Office/OfficeKit"),
    .target(name: "News", dependencies: ["Services", "Signals"], path: "Examples/Office/News"),
    .target(
      name: "Contacts", dependencies: ["OfficeKit", "Services", "Coordinators", "Signals"],
      path: "Examples/Office/Contacts"),
    .target(
      name: "Messages", dependencies: ["OfficeKit", "Coordinators", "Signals"],
      path: "Examples/Office/Messages"),
    .target(
      name: "OfficeFeature",
      dependencies: [
        "News", "Contacts", "Messages", "OfficeKit", "Services", "LoginFeature", "Coordinators", "Signals",
      ],
      path: "Examples/Office/OfficeFeature"),
    .target(
      name: "OfficeApp",
      dependencies: [
        "OfficeFeature", "News", "Contacts", "LoginFeature", "Coordinators", "Signals", "SignalsVirtualTime",
        "DemoSupport",
      ],
      path: "Examples/Office/OfficeApp"),
    .executableTarget(
      name: "OfficeDemo", dependencies: ["OfficeApp", "OfficeFeature", "Signals", "DemoSupport"],
      path: "Examples/Office/OfficeDemo"),

    // Tests
    .testTarget(
      name: "SignalsTests", dependencies: ["Signals", "SignalsExtras", "SignalsFoundation", "SignalsTesting"]),
    .testTarget(name: "SignalsExtrasTests", dependencies: ["SignalsExtras", "Signals", "SignalsTesting"]),
    // Only `Signals`, nothing that brings `SignalsExtras` in: an app's own helpers named like the
    // extras must compile unambiguously next to `import Signals`.
    .testTarget(name: "SignalsNameCollisionTests", dependencies: ["Signals"]),
    .testTarget(
      name: "SignalsFoundationTests", dependencies: ["SignalsFoundation", "Signals", "SignalsTesting"],
      exclude: ["Server"]),
    .testTarget(name: "SignalsTestingTests", dependencies: ["Signals", "SignalsExtras", "SignalsTesting"]),
    .testTarget(name: "CoordinatorsTests", dependencies: ["Coordinators", "Signals", "SignalsTesting"]),
    .testTarget(
      name: "LoginFeatureTests", dependencies: ["LoginFeature", "Coordinators", "Signals", "SignalsTesting"],
      path: "Tests/ExamplesTests/LoginFeatureTests", exclude: ["Server"]),
    .testTarget(
      name: "LoginAppTests", dependencies: ["LoginApp", "LoginDemo", "SignalsTesting", "DemoSupport"],
      path: "Tests/ExamplesTests/LoginAppTests",
      exclude: ["Golden"]),
    .testTarget(
      name: "OfficeTests",
      dependencies: [
        "News", "Contacts", "Messages", "OfficeKit", "OfficeFeature", "Services", "LoginFeature",
        "Coordinators", "Signals", "SignalsTesting",
      ],
      path: "Tests/ExamplesTests/OfficeTests"),
    .testTarget(
      name: "OfficeAppTests",
      dependencies: ["OfficeApp", "OfficeFeature", "OfficeDemo", "Signals", "SignalsTesting", "DemoSupport"],
      path: "Tests/ExamplesTests/OfficeAppTests", exclude: ["Golden"]),
    .testTarget(
      name: "ServicesTests", dependencies: ["Services", "Signals", "SignalsTesting"],
      path: "Tests/ExamplesTests/ServicesTests"),
    .testTarget(
      name: "DemoSupportTests", dependencies: ["DemoSupport", "SignalsTesting"],
      path: "Tests/ExamplesTests/DemoSupportTests"),
  ],
  swiftLanguageModes: [.v6]
)
