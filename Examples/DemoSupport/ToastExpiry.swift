import Signals

/// Seed 000's `showTip(duration: 3)`: a toast under the screen goes by itself after a while on
/// the app's scheduler (virtual time in tests and scripts, the main run loop in a terminal).
public enum ToastExpiry {
  /// How long a toast stays: 3 s, as seed 000 shows the "refresh refused" notice.
  public static let duration: SchedulerTime.Stride = .seconds(3)

  /// Calls `expire` once, `duration` from now on `scheduler`.
  ///
  /// - Parameters:
  ///   - scheduler: The app's scheduler.
  ///   - expire: Takes the toast away; runs on `scheduler`.
  /// - Returns: The pending expiry; cancel it (or drop it) to keep the toast, as a newer toast does.
  ///
  /// Threading: call it on `scheduler`'s thread.
  public static func schedule(on scheduler: any Scheduler, _ expire: @escaping () -> Void) -> AnyCancellable {
    Just(()).delay(for: duration, scheduler: scheduler).sink { expire() }
  }
}
