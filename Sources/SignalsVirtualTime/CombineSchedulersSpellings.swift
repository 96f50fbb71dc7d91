import Signals

extension Scheduler {
  /// A fresh `TestScheduler`, spelled as combine-schedulers spells it: `DispatchQueue.test`,
  /// `RunLoop.test`, `OperationQueue.test`.
  ///
  /// Every Signals scheduler shares one time type, so a test scheduler stands in for any of
  /// them; the type it is spelled on only documents what it replaces. Declared on `Scheduler`
  /// rather than on each type, so `RunLoop.test` works as soon as SignalsFoundation makes
  /// `RunLoop` a scheduler, and this module itself imports no Foundation. Each access makes
  /// a new scheduler whose clock reads zero; keep it in a `let`. Threading and failure: those of
  /// `TestScheduler`.
  public static var test: TestScheduler { TestScheduler() }
}

/// combine-schedulers' name for the type of `DispatchQueue.test`: `TestScheduler` whatever `S`
/// is, since every Signals scheduler shares one time type.
public typealias TestSchedulerOf<S> = TestScheduler
