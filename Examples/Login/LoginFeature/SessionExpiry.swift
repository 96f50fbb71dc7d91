import Signals

/// The one place a 401 goes: every service wrapper that sees "session expired" reports it here,
/// and only the app's coordinator listens, shows the invalid-session dialog and, once the user
/// confirms it, returns to password login as root.
///
/// Threading: `report()` sends on the caller's thread (the services answer on the app's
/// scheduler); listeners receive on that thread. Failure: never fails; reports while nobody
/// listens are dropped.
public final class SessionExpiry: Sendable {
  let subject = PassthroughSubject<Void, Never>()

  /// A hub nobody listens to yet.
  public init() {}

  /// Each report of an expired session, as it happens.
  public var expired: AnyPublisher<Void, Never> { subject.eraseToAnyPublisher() }

  /// A request answered 401: the session is no longer valid.
  public func report() { subject.send(()) }
}

/// The invalid-session dialog (seed 000's `showInvalidSessionDialog`): modal, one button,
/// presented over whatever screen the expired request came from. Confirming it leads to
/// password login as root.
///
/// Threading: main actor, like its screen. Failure: confirming twice acts once.
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
