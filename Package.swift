// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Signals",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    // Libraries
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsFoundation", targets: ["SignalsFoundation"]),
    .library(name: "Coordinators", targets: ["Coordinators"]),
    // Testing support
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
  ],
  targets: [
    // Libraries
    .target(name: "Signals"),
    .target(name: "SignalsFoundation", dependencies: ["Signals"]),
    .target(name: "Coordinators", dependencies: ["Signals"]),

    // Testing support
    .target(name: "SignalsTesting", dependencies: ["Signals", "Coordinators"]),

    // Examples
    .target(name: "TerminalUI", path: "Examples/TerminalUI"),
    .target(
      name: "LoginFeature", dependencies: ["Signals", "Coordinators"], path: "Examples/Login/LoginFeature"),
    .executableTarget(name: "Counter", dependencies: ["Signals"], path: "Examples/Counter"),
    .target(name: "OfficeKit", path: "Examples/Office/OfficeKit"),
    .target(name: "News", dependencies: ["Signals"], path: "Examples/Office/News"),
    .target(
      name: "Contacts", dependencies: ["OfficeKit", "Coordinators", "Signals"],
      path: "Examples/Office/Contacts"),
    .target(
      name: "Messages", dependencies: ["OfficeKit", "Coordinators", "Signals"],
      path: "Examples/Office/Messages"),
    .target(
      name: "OfficeApp",
      dependencies: [
        "News", "Contacts", "Messages", "OfficeKit", "LoginFeature", "LoginApp", "Coordinators", "Signals",
        "SignalsTesting", "TerminalUI",
      ],
      path: "Examples/Office/OfficeApp"),
    .executableTarget(
      name: "OfficeDemo", dependencies: ["OfficeApp", "LoginApp", "Signals", "TerminalUI"],
      path: "Examples/Office/OfficeDemo"),
    .target(
      name: "LoginApp",
      dependencies: ["LoginFeature", "Coordinators", "Signals", "SignalsTesting", "TerminalUI"],
      path: "Examples/Login/LoginApp"),
    .executableTarget(
      name: "LoginDemo", dependencies: ["LoginApp", "LoginFeature", "Coordinators", "Signals", "TerminalUI"],
      path: "Examples/Login/LoginDemo"),

    // Tests
    .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsFoundation", "SignalsTesting"]),
    .testTarget(
      name: "SignalsFoundationTests", dependencies: ["SignalsFoundation", "Signals", "SignalsTesting"],
      exclude: ["Server"]),
    .testTarget(name: "SignalsTestingTests", dependencies: ["Signals", "SignalsTesting"]),
    .testTarget(name: "CoordinatorsTests", dependencies: ["Coordinators", "Signals", "SignalsTesting"]),
    .testTarget(
      name: "LoginFeatureTests", dependencies: ["LoginFeature", "Coordinators", "Signals", "SignalsTesting"],
      path: "Tests/ExamplesTests/LoginFeatureTests", exclude: ["Server"]),
    .testTarget(
      name: "LoginAppTests", dependencies: ["LoginApp", "LoginDemo", "SignalsTesting", "TerminalUI"],
      path: "Tests/ExamplesTests/LoginAppTests",
      exclude: ["Golden"]),
    .testTarget(
      name: "OfficeTests",
      dependencies: [
        "News", "Contacts", "Messages", "OfficeKit", "Coordinators", "Signals", "SignalsTesting",
      ],
      path: "Tests/ExamplesTests/OfficeTests"),
    .testTarget(
      name: "OfficeAppTests",
      dependencies: ["OfficeApp", "OfficeDemo", "LoginApp", "Signals", "SignalsTesting", "TerminalUI"],
      path: "Tests/ExamplesTests/OfficeAppTests", exclude: ["Golden"]),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI"], path: "Tests/ExamplesTests/TerminalUITests"),
  ],
  swiftLanguageModes: [.v6]
)
