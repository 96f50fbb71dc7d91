import Observation
import Signals

/// The glyph that turns while something loads (`| / - \`), a quarter turn every 250 ms on the
/// app's scheduler. The front calls `run(while:)` at each frame: it starts turning from `|` when
/// loading starts and stops when it ends. Its step is observable, so a screen drawn through
/// `ScreenRenderer` that shows it is redrawn at each turn, and only then.
///
/// Threading: main actor; it turns on the scheduler given (virtual in scripts). Bad input: none.
@MainActor @Observable
public final class Spinner {
  /// Quarter turns since loading started.
  public private(set) var step = 0
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private var timer: AnyCancellable?

  /// A spinner turning on `scheduler`.
  ///
  /// - Parameter scheduler: Where the turns are timed.
  public init(scheduler: any Scheduler) { self.scheduler = scheduler }

  /// The current glyph.
  public var glyph: String { ["|", "/", "-", "\\"][step % 4] }

  /// Starts turning when `loading` and not turning yet; stops when not `loading`.
  ///
  /// - Parameter loading: Whether something loads now.
  public func run(while loading: Bool) {
    if loading && timer == nil {
      step = 0
      let ticks = Publishers.Timer(every: .milliseconds(250), scheduler: AnyScheduler(scheduler))
        .autoconnect()
      timer = ticks.receive(on: UIScheduler.shared).sink {
        [weak self] _ in self?.step += 1
      }
    } else if !loading {
      timer = nil
    }
  }
}
