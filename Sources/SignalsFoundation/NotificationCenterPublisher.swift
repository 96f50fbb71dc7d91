import Foundation
import Signals

extension NotificationCenter {
  /// A publisher of the notifications named `name` (from `object` only, when given) posted to
  /// this center: Combine's `publisher(for:object:)`.
  ///
  /// ```swift
  /// NotificationCenter.default.publisher(for: .NSCalendarDayChanged)
  ///   .sink { _ in reload() }
  /// ```
  ///
  /// Each subscriber gets its own observer, added when it subscribes and removed when it
  /// cancels. Never fails, never finishes. Threading: a notification is delivered on the thread
  /// that posted it; notifications posted from several threads at once reach a subscriber one
  /// at a time, never overlapping.
  ///
  /// - Parameters:
  ///   - name: The name of the notifications to publish.
  ///   - object: The only sender whose notifications are published; `nil` for any sender.
  /// - Returns: A publisher of the notifications, which never fails.
  public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher
  {
    Publisher(center: self, name: name, object: object)
  }

  /// The publisher `publisher(for:object:)` returns: Combine's type of the same name.
  public struct Publisher: Signals.Publisher {
    /// The notifications themselves.
    public typealias Output = Notification
    /// Notifications cannot fail.
    public typealias Failure = Never

    /// The center observed.
    public let center: NotificationCenter
    /// The name of the notifications published.
    public let name: Notification.Name
    /// The only sender whose notifications are published, or `nil` for any sender.
    public let object: AnyObject?

    /// Makes the publisher; prefer `center.publisher(for:object:)`.
    ///
    /// - Parameters:
    ///   - center: The center to observe.
    ///   - name: The name of the notifications to publish.
    ///   - object: The only sender whose notifications are published; `nil` for any sender.
    public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
      self.center = center
      self.name = name
      self.object = object
    }

    /// Adds an observer for `subscriber`; cancelling the subscription removes it.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // A subject serialises posts from several threads; the observer is added after the
      // subscriber is attached, so nothing is posted into an empty subject.
      // nonisolated(unsafe): the subject is thread-safe, but `Notification` is not `Sendable` in
      // corelibs Foundation; posting hands it to observers on any thread, as Combine does.
      nonisolated(unsafe) let subject = PassthroughSubject<Notification, Never>()
      let registration = ObserverRegistration(center: center)
      subject.handleEvents(receiveCancel: { registration.remove() }).subscribe(subscriber)
      registration.add(center.addObserver(forName: name, object: object, queue: nil) { subject.send($0) })
    }
  }
}

/// One observer of a notification center, removed once: at cancel, or at once when the cancel
/// came before the observer was added.
final class ObserverRegistration: Sendable {
  enum State {
    case pending
    case added(Token)
    case removed
  }

  /// `addObserver`'s token. Foundation does not mark it `Sendable`; it is only ever passed back to
  /// the thread-safe `removeObserver`, once.
  struct Token: @unchecked Sendable {
    let observer: any NSObjectProtocol
  }

  let center: NotificationCenter
  let state = Guarded<State>(.pending)

  init(center: NotificationCenter) { self.center = center }

  func add(_ observer: any NSObjectProtocol) {
    let token = Token(observer: observer)
    let removedAlready = state.withLock { state -> Bool in
      guard case .pending = state else { return true }
      state = .added(token)
      return false
    }
    if removedAlready { center.removeObserver(token.observer) }
  }

  func remove() {
    let token = state.withLock { state -> Token? in
      defer { state = .removed }
      if case .added(let token) = state { return token }
      return nil
    }
    if let token { center.removeObserver(token.observer) }
  }
}
