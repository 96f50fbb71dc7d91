import Observation
import Signals

/// A terminal screen as a SwiftUI view is: a value made from its view model, whose `body` reads
/// the model's state and gives the lines to draw. Its actions (`handle(_:)`) send inputs to the
/// model; what to draw next follows from what changed, never from the action itself.
///
/// Threading: main actor. Bad input: a key the screen does not use is reported by `handle(_:)`.
@MainActor
public protocol Screen {
  /// The screen's lines, read from its view model's state (and its own view state).
  var body: [String] { get }
  /// Applies one key as an input of the view model.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: A notice to show (the key did nothing here, say), or `nil`.
  func handle(_ key: Key) -> String?
}

extension Screen {
  /// A screen that takes no keys says so.
  public func handle(_ key: Key) -> String? { "That key does nothing here" }
}

/// Redraws a screen the way SwiftUI redraws a view: it records the observable properties a
/// frame read (`withObservationTracking`) and asks for one redraw when one of them changes, and
/// none when anything else does. The redraw itself is `CoalescedRedraw`'s, so changes made in
/// one turn (a paste, a view model's several outputs) still cost one draw, and each draw reads
/// the frame again through `render(_:)`, which records anew what it read.
///
/// A view model in the Combine style (`ObservableObject` and `@Published`) is watched as
/// SwiftUI's `@ObservedObject` watches one: `observe(_:)` asks for a redraw at each
/// `objectWillChange`.
///
/// Threading: main actor. A change made on another thread is reported on the main queue
/// (`UIScheduler`). Bad input: none.
@MainActor
public final class ScreenRenderer {
  /// Asks for a redraw (a front's `onChange`, which the runner sets to `CoalescedRedraw.changed`).
  public var onChange: @MainActor () -> Void
  /// The Combine-style model watched, if any.
  private var willChange: AnyCancellable?

  /// A renderer that reports each change of what a frame read to `onChange`.
  ///
  /// - Parameter onChange: Asks for a redraw; called once per change of what was read.
  public init(onChange: @escaping @MainActor () -> Void = {}) {
    self.onChange = onChange
  }

  /// Makes a frame with `frame`, recording the observable properties it reads: the first later
  /// change of one of them calls `onChange` once (the next render records again).
  ///
  /// - Parameter frame: Reads the screen's state and returns its lines.
  /// - Returns: The lines `frame` returned.
  public func render<Lines>(_ frame: () -> Lines) -> Lines {
    // Observation calls `onChange` before the store, on the thread that changes the property.
    withObservationTracking(frame) { [weak self] in self?.changedSomewhere() }
  }

  /// Watches `model`, a view model in the Combine style, as `@ObservedObject` does: every
  /// `objectWillChange` asks for a redraw (the drawing happens later, after the store). Replaces
  /// the model watched before.
  ///
  /// - Parameter model: The model on screen.
  public func observe<Model: ObservableObject>(_ model: Model) {
    willChange = model.objectWillChange.sink { [weak self] _ in self?.changedSomewhere() }
  }

  /// Stops watching the Combine-style model `observe(_:)` watched.
  public func stopObserving() { willChange = nil }

  /// Something read changed, on any thread: `onChange` on the main queue (at once when already
  /// there, which `CoalescedRedraw` turns into a draw on the next turn, after the store).
  private nonisolated func changedSomewhere() {
    UIScheduler.shared.schedule { [weak self] in
      MainActor.assumeIsolated { self?.onChange() }  // UIScheduler runs it on the main queue
    }
  }
}
