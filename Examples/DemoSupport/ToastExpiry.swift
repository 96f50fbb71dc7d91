import Signals

/// Seed 000's `showTip(duration: 3)`: a toast under the screen goes by itself after a while on
/// the app's scheduler (virtual time in tests and scripts, the main run loop in a terminal).
public enum ToastExpiry {
  /// How long a toast stays: 3 s, as seed 000 shows the "refresh refused" notice.
  public static let duration: SchedulerTime.Stride = .seconds(3)

  /// Calls `expire` once, `duration` from now on `scheduler`.
  ///
  /// The timer is armed on the scheduler's next turn, not at once: a toast replaced before then
  /// (one per key of a paste into a full field) costs one hop and no timer. The toast still goes
  /// `duration` after the turn it was shown in.
  ///
  /// - Parameters:
  ///   - scheduler: The app's scheduler.
  ///   - expire: Takes the toast away; runs on `scheduler`.
  /// - Returns: The pending expiry; cancel it (or drop it) to keep the toast, as a newer toast does.
  ///
  /// Threading: call it, and cancel what it returns, on `scheduler`'s thread.
  public static func schedule(on scheduler: any Scheduler, _ expire: @escaping () -> Void) -> AnyCancellable {
    let pending = PendingExpiry(expire)
    scheduler.schedule {
      pending.arm(on: scheduler, at: scheduler.now.advanced(by: duration))
    }
    return AnyCancellable { pending.cancel() }
  }
}

// @unchecked Sendable: every member is used on the scheduler's thread only, as
// `ToastExpiry.schedule`'s threading asks; it crosses into the scheduler's closures, not threads.
private final class PendingExpiry: @unchecked Sendable {
  private var expire: (() -> Void)?
  private var timer: (any Cancellable)?

  init(_ expire: @escaping () -> Void) { self.expire = expire }

  func arm(on scheduler: any Scheduler, at time: SchedulerTime) {
    guard expire != nil else { return }
    timer = scheduler.schedule(after: time) { [self] in
      let expire = self.expire
      cancel()
      expire?()
    }
  }

  func cancel() {
    expire = nil
    timer?.cancel()
    timer = nil
  }
}
