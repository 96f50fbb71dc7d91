import Foundation
import Signals
import SignalsVirtualTime

/// Plays `steps` into an app on virtual time: each typed character and key goes to `handle`,
/// each `background` or `foreground` to `lifecycle`, then the work due at that instant runs;
/// `wait` advances the clock. Returns every frame that changed, headed by its virtual time,
/// each after the `notes` that came since the last (a state machine's inspected macrosteps,
/// with `--inspect`), headed `*** TIME`. Shared by the demos' script modes.
///
/// Completion: when `handle` answers `false` (the app quits: its exit button, "update now",
/// `ctrl-c`), the frame of that moment is the last, followed by `--- TIME: the app ended ---`,
/// and the steps after it are not played, as the interactive app ends there.
@MainActor
public func playScript(
  _ steps: [ScriptStep], on scheduler: TestScheduler, handle: (Key) -> Bool,
  lifecycle: (AppLifecycle) -> Void = { _ in }, notes: () -> [String] = { [] }, frame: () -> [String]
) -> String {
  scheduler.advance(by: .zero)
  var output = ""
  var last: [String] = []
  func capture() {
    for note in notes() { output += "*** \(scheduler.now) " + note + "\n" }
    let current = frame()
    guard current != last else { return }
    last = current
    output += "--- \(scheduler.now) ---\n" + current.joined(separator: "\n") + "\n"
  }
  capture()
  var running = true
  for step in steps where running {
    switch step {
    case .type(let text):
      for character in text where running { running = handle(.character(character)) }
      scheduler.advance(by: .zero)
    case .key(let key):
      running = handle(key)
      scheduler.advance(by: .zero)
    case .wait(let duration):
      scheduler.advance(by: duration)
    case .lifecycle(let event):
      lifecycle(event)
      scheduler.advance(by: .zero)
    }
    capture()
  }
  if !running { output += "--- \(scheduler.now): the app ended ---\n" }
  return output
}

/// The text of the script at `path`, or of standard input for `-`; `nil` if it cannot be read.
public func readScript(at path: String) -> String? {
  if path == "-" { return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
  return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Plays `steps` into `front` on virtual time (see
/// `playScript(_:on:handle:lifecycle:notes:frame:)`).
@MainActor
public func playScript(
  _ steps: [ScriptStep], on scheduler: TestScheduler, into front: some TerminalFront,
  notes: () -> [String] = { [] }
)
  -> String
{
  playScript(
    steps, on: scheduler, handle: { front.handle($0) }, lifecycle: { front.lifecycle($0) }, notes: notes,
    frame: { front.frame })
}
