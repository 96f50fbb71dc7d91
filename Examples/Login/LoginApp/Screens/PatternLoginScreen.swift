import DemoSupport
import LoginFeature
import Observation

/// The pattern login screen, the MVP seed's view (seed 000): it implements `PatternLoginView` by
/// keeping what the presenter told it to show (`@Observable`, so the renderer redraws when that
/// changes), and hands its keys to `PatternLoginPresenter`, which decides.
///
/// Keys: digits 1-9 draw, backspace clears, enter logs in, tab uses the password.
/// Threading: main actor.
@MainActor @Observable
final class PatternLoginScreen: LoginScreenView, PatternLoginView {
  @ObservationIgnored let presenter: PatternLoginPresenter
  @ObservationIgnored let spinner: Spinner
  var points: [Int] = []
  var status = LoginStatus.none

  /// The view of `presenter`, which it attaches itself to.
  init(presenter: PatternLoginPresenter, spinner: Spinner) {
    self.presenter = presenter
    self.spinner = spinner
    presenter.attach(self)
  }

  var title: String { "Pattern login" }
  var isLoading: Bool { status.isLoading }

  var body: [String] {
    let grid = stride(from: 1, through: 7, by: 3).map { row in
      (row..<(row + 3)).map { points.contains($0) ? "[\($0)]" : " \($0) " }.joined(separator: " ")
    }
    let line =
      switch status {
      case .loading: "Checking \(spinner.glyph)"
      case .failure(let error): "Failed: \(error)"
      default: "digits: draw  enter: log in"
      }
    return ["Pattern login", ""] + grid.map { "   " + $0 } + ["", line, "backspace: clear  tab: password"]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .tab: presenter.usePassword()
    case .character(let character):
      guard let digit = character.wholeNumberValue, presenter.add(digit) else {
        return "Use digits 1-9, each once"
      }
    case .backspace: presenter.clear()
    case .enter: presenter.login()
    default: return "That key does nothing here"
    }
    return nil
  }

  // MARK: PatternLoginView

  func show(points: [Int]) { self.points = points }
  func show(status: LoginStatus) { self.status = status }
}
