import Signals

/// The invalid-session dialog (seed 000's `showInvalidSessionDialog`): modal, one button,
/// presented over whatever screen the expired request came from. Confirming it leads to
/// password login as root.
///
/// Threading: main actor, like its screen. Bad input: confirming twice acts once.
@MainActor
public final class SessionExpiredDialogViewModel {
  /// The text the dialog shows.
  public let message = AppError.sessionExpired.description
  let onConfirm: @MainActor () -> Void
  var confirmed = false

  /// A dialog calling `onConfirm` when the user confirms it.
  public init(onConfirm: @escaping @MainActor () -> Void) { self.onConfirm = onConfirm }

  /// The dialog's only button: go to password login.
  public func confirm() {
    guard !confirmed else { return }
    confirmed = true
    onConfirm()
  }
}
