import DemoSupport
import LoginFeature

/// The pattern login screen: the 3x3 grid with the points drawn, the status.
///
/// Keys: digits 1-9 draw, backspace clears, enter logs in, tab uses the password.
/// Threading: main actor.
@MainActor
final class PatternLoginScreen: LoginScreenView {
  let model: PatternLoginViewModel
  let spinner: Spinner

  init(model: PatternLoginViewModel, spinner: Spinner) {
    self.model = model
    self.spinner = spinner
  }

  var title: String { "Pattern login" }
  var isLoading: Bool { model.currentStatus == .loading }

  var body: [String] {
    let points = model.points
    let grid = stride(from: 1, through: 7, by: 3).map { row in
      (row..<(row + 3)).map { points.contains($0) ? "[\($0)]" : " \($0) " }.joined(separator: " ")
    }
    let status =
      switch model.currentStatus {
      case .loading: "Checking \(spinner.glyph)"
      case .failure(let error): "Failed: \(error)"
      default: "digits: draw  enter: log in"
      }
    return ["Pattern login", ""] + grid.map { "   " + $0 } + [
      "", status, "backspace: clear  tab: password",
    ]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .tab: model.usePassword()
    case .character(let character):
      guard let digit = character.wholeNumberValue, model.add(digit) else {
        return "Use digits 1-9, each once"
      }
    case .backspace: model.clear()
    case .enter: model.login()
    default: return "That key does nothing here"
    }
    return nil
  }
}
