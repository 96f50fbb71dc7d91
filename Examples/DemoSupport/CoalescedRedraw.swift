import Dispatch

/// Draws a front's frame once for changes that come together, instead of once per change: what
/// keeps a paste from costing a full redraw per character.
///
/// The interactive runner applies each read of input as one batch (`apply(_:to:)`): every key
/// goes to the front with drawing held back, then the frame is drawn once, if anything changed.
/// A change outside a batch (a view model's output arriving, a toast expiring, the spinner)
/// asks for a draw on the next turn of the main queue (`changed()`), so changes made in one
/// turn are drawn together. `drawNow()` draws at once (the first frame, a resize).
///
/// Threading: main actor. Bad input: none.
@MainActor
public final class CoalescedRedraw {
  private let draw: @MainActor () -> Void
  private let later: (@escaping @MainActor @Sendable () -> Void) -> Void
  /// Whether something changed since the last draw.
  private var needsDraw = false
  /// Whether a draw is already asked for on the next turn.
  private var drawScheduled = false
  /// Whether a batch of keys is being applied (its changes are drawn at its end).
  private var inBatch = false

  /// A coalescer that calls `draw` to draw the frame, and `later` to run work on the next turn
  /// of the main queue (the main dispatch queue by default; a test passes a queue it runs).
  ///
  /// - Parameters:
  ///   - later: Runs its closure on a later turn of the main actor.
  ///   - draw: Draws the frame.
  public init(
    later: @escaping (@escaping @MainActor @Sendable () -> Void) -> Void = { work in
      DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
    },
    draw: @escaping @MainActor () -> Void
  ) {
    self.later = later
    self.draw = draw
  }

  /// Something on screen changed: it is drawn at the end of the batch being applied, or else on
  /// the next turn of the main queue, together with whatever else changes before then.
  public func changed() {
    needsDraw = true
    guard !inBatch, !drawScheduled else { return }
    drawScheduled = true
    later { [weak self] in
      guard let self else { return }
      self.drawScheduled = false
      self.drawIfNeeded()
    }
  }

  /// Draws the frame now, whether or not anything changed.
  public func drawNow() {
    needsDraw = false
    draw()
  }

  /// Applies `keys` in order to `handle` with drawing held back, then draws once if anything
  /// changed. Stops at the first key `handle` refuses (returns `false`: the app quits) without
  /// drawing, and returns `false`; otherwise returns `true`.
  ///
  /// - Parameters:
  ///   - keys: The keys of one read of input, in order.
  ///   - handle: Applies one key; `false` when the app should quit.
  /// - Returns: `false` when `handle` asked to quit.
  public func apply(_ keys: [Key], to handle: (Key) -> Bool) -> Bool {
    inBatch = true
    for key in keys where !handle(key) {
      inBatch = false
      return false
    }
    inBatch = false
    drawIfNeeded()
    return true
  }

  private func drawIfNeeded() {
    guard needsDraw else { return }
    drawNow()
  }
}
