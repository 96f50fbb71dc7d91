import DemoSupport
import News

/// The news list (Combine style: redrawn at `objectWillChange`): r refreshes, m loads more, esc
/// goes back. Threading: main actor.
@MainActor
final class NewsScreen: OfficeScreenView {
  let model: NewsListViewModel
  let back: () -> Void

  init(model: NewsListViewModel, back: @escaping () -> Void) {
    self.model = model
    self.back = back
  }

  var title: String { "News" }

  var body: [String] {
    var body = ["News" + (model.isLoading ? "  (loading...)" : ""), ""]
    body += model.items.map { "- \($0.title)" }
    if model.isLoadingMore { body.append("  (loading more...)") }
    if let error = model.error { body.append("! \(error)") }
    return body + ["", model.reachedEnd ? "r: refresh  esc: back" : "r: refresh  m: more  esc: back"]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .character("r"): model.load()
    case .character("m"): model.loadMore()
    case .escape: back()
    default: break
    }
    return nil
  }
}
