import Signals

extension Recorder {
  /// The recorded timeline as a marble diagram, measured from `start` in frames of
  /// `frameDuration`: `-` for an empty frame, one character per value (`symbol`), `(ab)` for a
  /// frame with several events, `|` for the finish, `#` for a failure.
  ///
  /// Events between frame boundaries count in the frame they fall in. `symbol` returns the
  /// character for a value; values it cannot name render as `?`.
  public func marbles(
    from start: SchedulerTime = .zero, frameDuration: SchedulerTime.Stride = .milliseconds(1),
    symbol: (Input) -> Character?
  ) -> String {
    let frame = max(frameDuration.nanoseconds, 1)
    var frames: [Int: [Character]] = [:]
    var last = -1
    for timed in timedEvents {
      let index = Int((timed.time.nanoseconds - start.nanoseconds) / frame)
      let character: Character =
        switch timed.event {
        case .value(let value): symbol(value) ?? "?"
        case .completion(.finished): "|"
        case .completion(.failure): "#"
        }
      frames[index, default: []].append(character)
      last = max(last, index)
    }
    guard last >= 0 else { return "" }
    var text = ""
    for index in 0...last {
      switch frames[index] {
      case nil: text.append("-")
      case let events? where events.count == 1: text.append(events[0])
      case let events?: text.append("(" + String(events) + ")")
      }
    }
    return text
  }
}

extension Recorder where Input: Equatable {
  /// The recorded timeline as a marble diagram, naming values through `values` (as given to
  /// `hot`/`cold`); values missing from it use their description when it is one character.
  public func marbles(
    values: [Character: Input] = [:], from start: SchedulerTime = .zero,
    frameDuration: SchedulerTime.Stride = .milliseconds(1)
  ) -> String {
    marbles(from: start, frameDuration: frameDuration) { value in
      if let named = values.first(where: { $0.value == value })?.key { return named }
      let text = "\(value)"
      return text.count == 1 ? text.first : nil
    }
  }
}

/// Two marble timelines side by side, frame by frame, with a caret under the first frame where
/// they differ: the message a failed marble expectation prints.
///
/// ```
/// expected: --a--b--|
/// actual:   --a---b-|
///                ^ first difference at frame 5
/// ```
public func marbleDifference(expected: String, actual: String) -> String? {
  let expectedFrames = frames(of: expected)
  let actualFrames = frames(of: actual)
  guard expectedFrames != actualFrames else { return nil }
  let width = max(expectedFrames.count, actualFrames.count)
  var expectedLine = ""
  var actualLine = ""
  var caretLine = ""
  var first: Int?
  for index in 0..<width {
    let left = index < expectedFrames.count ? expectedFrames[index] : ""
    let right = index < actualFrames.count ? actualFrames[index] : ""
    let cell = max(left.count, right.count)
    expectedLine += left + String(repeating: " ", count: cell - left.count)
    actualLine += right + String(repeating: " ", count: cell - right.count)
    if first == nil && left != right {
      first = index
    } else if first == nil {
      caretLine += String(repeating: " ", count: cell)
    }
  }
  return """
    expected: \(expectedLine)
    actual:   \(actualLine)
              \(caretLine)^ first difference at frame \(first ?? width)
    """
}

/// A diagram cut into frames: each `-`, value or `(...)` group is one frame; spaces go.
func frames(of diagram: String) -> [String] {
  var result: [String] = []
  var group: String?
  for character in diagram where character != " " {
    if var open = group {
      open.append(character)
      if character == ")" {
        result.append(open)
        group = nil
      } else {
        group = open
      }
    } else if character == "(" {
      group = "("
    } else {
      result.append(String(character))
    }
  }
  if let group { result.append(group) }
  return result
}
