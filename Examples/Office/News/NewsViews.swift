import Services

// The MVP seed's view delegates, as plain protocols: a presenter tells its view what to show and
// never reads it back. The seed's one `JBaseViewDelegate` (loading, toast, push and pop) is split
// by what each screen needs: news shows no toasts, and navigation is the coordinator's here.

/// A view that can show that work is running (the seed's `showLoading` / `hideLoading`).
///
/// Threading: main actor; presenters call it on the main actor only.
@MainActor
public protocol LoadingView: AnyObject {
  /// Shows that a request is running.
  func showLoading()
  /// Takes the loading indicator away.
  func hideLoading()
}

/// A view that shows short notices (the seed's `showToast`); how long one stays is the view's
/// affair.
///
/// Threading: main actor.
@MainActor
public protocol ToastView: AnyObject {
  /// Shows `text` as a toast.
  ///
  /// - Parameter text: The notice.
  func showToast(_ text: String)
}

/// The news list's view (the seed's `NewsViewDelegate`): what `NewsPresenter` tells it.
///
/// Threading: main actor.
@MainActor
public protocol NewsView: LoadingView {
  /// Shows `items`, the whole list (the seed's `onRefreshData`), and whether "load more" may add to it.
  ///
  /// - Parameters:
  ///   - items: Every item to list, in order.
  ///   - canLoadMore: Whether another page may follow.
  func show(items: [NewsItem], canLoadMore: Bool)
  /// Shows that "load more" is running.
  func showLoadingMore()
  /// Takes the "load more" indicator away.
  func hideLoadingMore()
  /// Shows why the last request failed.
  ///
  /// - Parameter error: The failure.
  func showError(_ error: AppError)
  /// Takes the error away (a new request started).
  func hideError()
}

/// The feedback form's view: the form owns the text being typed and hands it to
/// `FeedbackPresenter.submitFeedback(_:)`; the presenter shows loading and toasts and, once the
/// feedback is sent, asks the form to clear its input.
///
/// Threading: main actor.
@MainActor
public protocol FeedbackView: LoadingView, ToastView {
  /// Empties the text field (the feedback was sent).
  func clearInput()
}
