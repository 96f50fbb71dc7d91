import Signals
import SignalsTesting

extension Recorder {
  /// The events with their virtual times in milliseconds, for compact timeline assertions.
  var timeline: [String] {
    timedEvents.map { "\($0.time.nanoseconds / 1_000_000)ms \($0.event)" }
  }
}
