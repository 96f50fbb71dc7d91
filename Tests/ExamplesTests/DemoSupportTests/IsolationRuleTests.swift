import Foundation
import Testing

/// The examples' one isolation rule (Examples/README.md, "One isolation rule"): every view model
/// and presenter is `@MainActor`; a service's answer reaches its state through `receive(on: UIScheduler.shared)`
/// right before the `sink`, whose closures the compiler then checks as `@MainActor`; feature code
/// never calls `MainActor.assumeIsolated`. Read from the sources, so a view model that breaks it
/// fails here, not in review.
@Suite struct IsolationRuleTests {
  static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")
  /// The feature code: every example folder but the shared terminal support, the service layer
  /// and the executables' `main.swift` (which start the main queue).
  static let featureFolders = [
    "Login/LoginFeature", "Login/LoginApp", "Office/OfficeFeature", "Office/OfficeApp", "Office/News",
    "Office/Contacts", "Office/Messages", "Office/OfficeKit",
  ]

  /// The Swift sources under `folder`, with their text.
  static func sources(in folder: String) throws -> [(name: String, text: String)] {
    let root = examples.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
      ("\(folder)/\($0)", try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
    }
  }

  /// The view model and presenter classes declared in `text`, and whether `@MainActor` is among
  /// each one's attributes.
  static func viewModels(in text: String) -> [(name: String, mainActor: Bool)] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [(name: String, mainActor: Bool)] = []
    for (index, line) in lines.enumerated() {
      guard let range = line.range(of: #"\bclass\s+\w*(ViewModel|Presenter)\b"#, options: .regularExpression)
      else {
        continue
      }
      // The attributes: this line before `class`, and the lines above it that are attributes.
      var attributes = String(line[..<range.lowerBound])
      var above = index - 1
      while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") {
        attributes += " " + lines[above]
        above -= 1
      }
      let name = line[range].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? line
      found.append((name, attributes.contains("@MainActor")))
    }
    return found
  }

  /// The view model classes in `text` declared without `@MainActor`.
  static func viewModelsOffTheMainActor(in text: String) -> [String] {
    viewModels(in: text).filter { !$0.mainActor }.map(\.name)
  }

  /// The subscriptions in `text` to a service's answer (a publisher made by `service.`,
  /// `useCase.`, `authenticator.` or `router.request`) whose last operator before the `sink` is
  /// not `receive(on: UIScheduler.shared)`, each as the line where its statement starts.
  static func serviceAnswersWithoutTheHop(in text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    var found: [String] = []
    for (index, line) in lines.enumerated() {
      guard let sink = line.range(of: ".sink") else { continue }
      // The statement: from the nearest line above indented less (when `.sink` starts this line,
      // a link of a chain), else this line alone.
      var start = index
      if line.trimmingCharacters(in: .whitespaces).hasPrefix(".") {
        while start > 0, indentation(lines[start]) >= indentation(line) { start -= 1 }
      }
      let receiver = (lines[start..<index] + [String(line[..<sink.lowerBound])]).joined(separator: "\n")
      let asksAService = ["service.", "useCase.", "authenticator.", "router.request("].contains {
        receiver.contains($0)
      }
      let hops = receiver.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(
        ".receive(on: UIScheduler.shared)")
      if asksAService && !hops { found.append(lines[start].trimmingCharacters(in: .whitespaces)) }
    }
    return found
  }

  @Test func aViewModelMovesEveryServiceAnswerToTheMainActorBeforeItsSink() throws {
    var checked = 0
    for folder in Self.featureFolders {
      for source in try Self.sources(in: folder)
      where source.text.range(
        of: #"class\s+\w*(ViewModel|Presenter|Interactor)\b"#, options: .regularExpression) != nil
      {
        checked += source.text.components(separatedBy: "UIScheduler.shared).sink").count - 1
        let offending = Self.serviceAnswersWithoutTheHop(in: source.text)
        #expect(
          offending.isEmpty,
          "\(source.name): no receive(on: UIScheduler.shared) before the sink of \(offending)")
      }
    }
    #expect(checked >= 5, "too few service answers found (\(checked)): is the scan reading the sources?")
  }

  @Test func everyViewModelOfTheExamplesIsMainActor() throws {
    var checked = 0
    for folder in Self.featureFolders {
      for source in try Self.sources(in: folder) {
        checked += Self.viewModels(in: source.text).count
        let offending = Self.viewModelsOffTheMainActor(in: source.text)
        #expect(offending.isEmpty, "\(source.name): \(offending) not @MainActor")
      }
    }
    #expect(checked >= 10, "too few view models found (\(checked)): is the scan reading the sources?")
  }

  @Test func featureCodeNeverAssumesTheMainActor() throws {
    for folder in Self.featureFolders {
      for source in try Self.sources(in: folder) {
        #expect(
          !source.text.contains("assumeIsolated"),
          "\(source.name) calls MainActor.assumeIsolated: receive(on: UIScheduler.shared) before the sink")
      }
    }
  }

  @Test func theScanCatchesAViewModelOffTheMainActor() {
    let sample = """
      @MainActor
      public final class GoodViewModel {}

      @MainActor @Observable
      final class AlsoGoodViewModel {}

      @Observable
      public final class BadViewModel {}

      final class OtherBadViewModel: ObservableObject {}

      public final class BadPresenter {}
      """
    #expect(
      Self.viewModelsOffTheMainActor(in: sample) == ["BadViewModel", "OtherBadViewModel", "BadPresenter"])
  }

  @Test func theScanCatchesAServiceAnswerThatTouchesStateWithoutTheHop() {
    let sample = """
          request = useCase.login(account: account).receive(on: UIScheduler.shared).sink(
            receiveValue: { [weak self] in self?.session = $0 })
          request = useCase.login(account: account).sink(receiveValue: { [weak self] in self?.session = $0 })
          work = authenticator.authenticate()
            .flatMap { check in
              service.session(for: check)
                .map { $0 }
            }
            .sink(receiveValue: { [weak self] in self?.session = $0 })
          watch = machine.statePublisher.sink { [weak self] in self?.status = $0 }
      """
    #expect(
      Self.serviceAnswersWithoutTheHop(in: sample) == [
        "request = useCase.login(account: account).sink(receiveValue: { [weak self] in self?.session = $0 })",
        "work = authenticator.authenticate()",
      ])
  }
}
