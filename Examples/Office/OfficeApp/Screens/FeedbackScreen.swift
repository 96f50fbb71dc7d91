import DemoSupport
import News

/// The feedback form (Combine style): characters type, enter sends, esc goes back; the form's
/// own toast shows under it. Threading: main actor.
@MainActor
final class FeedbackScreen: OfficeScreenView {
  let model: FeedbackViewModel
  let back: () -> Void

  init(model: FeedbackViewModel, back: @escaping () -> Void) {
    self.model = model
    self.back = back
  }

  var title: String { "Feedback" }

  var body: [String] {
    var body = [
      "Feedback", "", "[\(model.text)]", "",
      model.isSending ? "Sending..." : "enter: send  esc: back",
    ]
    if let toast = model.toast {
      body += [""] + ScreenFrame.toast(toast, textWidth: officeTextWidth, marker: "* ")
    }
    return body
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .character(let character):
      if let typed = TextInput.appending(character, to: model.text) { model.text = typed }
    case .backspace: _ = model.text.popLast()
    case .enter: model.submit()
    case .escape: back()
    default: break
    }
    return nil
  }
}
