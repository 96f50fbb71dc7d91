import DemoSupport
import News
import Observation
import Signals

/// The feedback form, the MVP seed's view controller: it owns the text being typed, implements
/// `FeedbackView` by keeping what the presenter told it to show (`@Observable`, so the renderer
/// redraws when that changes), and hands enter to `FeedbackPresenter` with the text; characters
/// type, esc goes back. A toast stays 3 s on the app's scheduler (`ToastExpiry`), or until the
/// next send starts.
///
/// Threading: main actor.
@MainActor @Observable
final class FeedbackScreen: OfficeScreenView, FeedbackView {
  @ObservationIgnored let presenter: FeedbackPresenter
  @ObservationIgnored let back: () -> Void
  @ObservationIgnored let scheduler: any Scheduler
  @ObservationIgnored var toastExpiry: AnyCancellable?
  var text = ""
  var isSending = false
  var toast: String?

  /// The form of `presenter`, which it attaches itself to; toasts expire on `scheduler`.
  init(presenter: FeedbackPresenter, scheduler: any Scheduler, back: @escaping () -> Void) {
    self.presenter = presenter
    self.scheduler = scheduler
    self.back = back
    presenter.attach(self)
  }

  var title: String { "Feedback" }

  var body: [String] {
    var body = ["Feedback", "", "[\(text)]", "", isSending ? "Sending..." : "enter: send  esc: back"]
    if let toast {
      body += [""] + ScreenFrame.toast(toast, textWidth: officeTextWidth, marker: "* ")
    }
    return body
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .character(let character):
      if let typed = TextInput.appending(character, to: text) { text = typed }
    case .backspace: _ = text.popLast()
    case .enter: presenter.submitFeedback(text)
    case .escape: back()
    default: break
    }
    return nil
  }

  // MARK: FeedbackView

  func showLoading() {
    isSending = true
    toast = nil
    toastExpiry = nil
  }
  func hideLoading() { isSending = false }
  func showToast(_ text: String) {
    toast = text
    toastExpiry = ToastExpiry.schedule(on: scheduler) { [weak self] in self?.toast = nil }
  }
  func clearInput() { text = "" }
}
