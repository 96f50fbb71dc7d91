// SignalsTesting imports Testing, whose Linux library links Foundation already, so this import
// adds no library to anything that links SignalsTesting; shipped programs link neither.
import Foundation
import Signals

extension RunLoop {
  /// A fresh `TestScheduler`, spelled as combine-schedulers spells it: `RunLoop.test`.
  ///
  /// `RunLoop` cannot be a Signals `Scheduler` (see SignalsFoundation's `RunLoopScheduler`), so
  /// it does not get `Scheduler.test`; this is the same thing on the run loop type. Each access
  /// makes a new scheduler whose clock reads zero; keep it in a `let`. Threading and failure:
  /// those of `TestScheduler`.
  public static var test: TestScheduler { TestScheduler() }
}
