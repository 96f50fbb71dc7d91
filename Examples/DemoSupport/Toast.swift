import Signals

/// The toast under a demo front's screen (seed 000's `showTip`), for both fronts: one message at
/// a time, gone `ToastExpiry.duration` (3 s) after it is shown on the app's scheduler, or when
/// the next message (or `nil`, at the next key) replaces it. Under a dialog it stays in sight
/// (`ScreenFrame.alert(_:width:over:keeping:)` with `lines(textWidth:)`'s count).
///
/// Threading: main actor; expiries run on the scheduler given, which the fronts run on the main
/// actor (the main scheduler in a terminal, a `TestScheduler` in scripts and tests). Bad input:
/// none; a long message is cut to `ScreenFrame.maximumToastLines`.
@MainActor
public final class Toast {
  /// The message shown, if any. Setting it shows it for `ToastExpiry.duration` (a message equal
  /// to the one shown keeps its time); `nil` takes it away.
  public var text: String? {
    didSet {
      guard text != oldValue else { return }
      expiry = text.map { _ in
        ToastExpiry.schedule(on: scheduler) { [weak self] in
          self?.text = nil
          self?.onExpire()
        }
      }
    }
  }
  /// Called when the message goes by itself (the front redraws).
  public var onExpire: () -> Void = {}
  let scheduler: any Scheduler
  var expiry: AnyCancellable?

  /// A toast whose messages expire on `scheduler`.
  ///
  /// - Parameter scheduler: The app's scheduler.
  public init(scheduler: any Scheduler) { self.scheduler = scheduler }

  /// The message as lines under a screen's text, `!` first, wrapped to `textWidth` cells; none
  /// when there is no message.
  ///
  /// - Parameter textWidth: The cells of text inside the frame.
  /// - Returns: At most `ScreenFrame.maximumToastLines` lines.
  public func lines(textWidth: Int) -> [String] {
    text.map { ScreenFrame.toast($0, textWidth: textWidth) } ?? []
  }
}
