import Signals

extension Recorder {
  /// The recorded timeline as a marble diagram, measured from `start` in frames of
  /// `frameDuration`: `-` for an empty frame, one character per value (`symbol`), `(ab)` for a
  /// frame with several events, `|` for the finish, `#` for a failure.
  ///
  /// Events between frame boundaries count in the frame they fall in; events before `start` are
  /// not drawn. A quiet stretch longer than 64 frames is written as the time
  /// progression it lasts (` 1000000s `, spaces around it) instead of one `-` per frame, so the
  /// text grows with the number of events, not with the time they span. `symbol` returns the
  /// character for a value; values it cannot name, or names with a character that is not a
  /// letter or digit, render as `?`. A digit value followed by a letter value is written with a
  /// space between (`1 s`), which the parser ignores, so that it is not read as a time
  /// progression. With every value named, parsing the result with `MarbleDiagram` gives back the
  /// recorded events at their frames. Without a `frameDuration`, frames are those of the recorder's
  /// scheduler (one millisecond without a scheduler). Threading: reads a snapshot of the recording.
  ///
  /// - Parameters:
  ///   - start: The time of the diagram's first frame.
  ///   - frameDuration: How long one frame lasts; `nil` for the recorder's scheduler's.
  ///   - symbol: The character for a value, or `nil` to draw it as `?`.
  /// - Returns: The diagram, ending at the last recorded event.
  public func marbles(
    from start: SchedulerTime = .zero, frameDuration: SchedulerTime.Stride? = nil,
    symbol: (Input) -> Character?
  ) -> String {
    var renderer = MarbleRenderer(frameDuration: frameDuration ?? defaultFrameDuration)
    for timed in timedEvents {
      // Saturating: an extreme start or event time gives a far frame, never an overflow trap.
      let offset = start.distance(to: timed.time)
      guard offset >= .zero else { continue }
      let character: Character =
        switch timed.event {
        case .value(let value): symbol(value).flatMap(MarbleRenderer.valueCharacter) ?? "?"
        case .completion(.finished): "|"
        case .completion(.failure): "#"
        }
      renderer.add(character, at: offset)
    }
    return renderer.finish()
  }
}

/// Builds a diagram from events in time order, frame by frame, without visiting empty frames.
struct MarbleRenderer {
  /// The longest run of empty frames drawn as dashes; a longer one is written as a time
  /// progression.
  static let longestDrawnQuiet: Int64 = 64

  let frame: Int64
  var text = ""
  /// The frame the next character of `text` stands for.
  var nextFrame: Int64 = 0
  var pendingFrame: Int64?
  var pending: [Character] = []
  /// The last character written outside a progression, to keep `1` and `s` apart.
  var lastWritten: Character?

  init(frameDuration: SchedulerTime.Stride) {
    frame = max(frameDuration.nanoseconds, 1)
  }

  /// `character` when the parser reads it as a value, else `nil`.
  static func valueCharacter(_ character: Character) -> Character? {
    character.isMarbleValue ? character : nil
  }

  mutating func add(_ character: Character, at offset: SchedulerTime.Stride) {
    let index = offset.nanoseconds / frame
    if let pendingFrame, pendingFrame != index { flush() }
    pendingFrame = index
    pending.append(character)
  }

  mutating func finish() -> String {
    flush()
    return text
  }

  /// Writes the quiet frames before the pending frame, then the frame itself.
  mutating func flush() {
    guard let index = pendingFrame else { return }
    let quiet = index - nextFrame
    if quiet > Self.longestDrawnQuiet {
      text += " \(SchedulerTime.Stride(nanoseconds: quiet * frame).marbleProgression) "
      lastWritten = nil
    } else if quiet > 0 {
      write(String(repeating: "-", count: Int(quiet)))
    }
    if pending.count == 1 {
      write(pending[0])
    } else {
      write("(")
      for character in pending { write(character) }
      write(")")
    }
    // Saturating: a frame at the last instant has no frame after it.
    nextFrame = index == .max ? .max : index + 1
    pendingFrame = nil
    pending = []
  }

  mutating func write(_ characters: String) {
    for character in characters { write(character) }
  }

  mutating func write(_ character: Character) {
    // `1` then `s` (or `ms`, `us`, `ns`) would read back as a time progression.
    if let last = lastWritten, last.isASCII, last.isNumber, character.isLetter { text.append(" ") }
    // Two values that would join into one character (Hangul jamo, say) are kept apart the same
    // way.
    if let last = lastWritten, (String(last) + String(character)).count == 1 { text.append(" ") }
    text.append(character)
    lastWritten = character
  }
}

extension SchedulerTime.Stride {
  /// The interval as a marble time progression in the largest unit that divides it exactly:
  /// `2s`, `1500ms`, `7ns`.
  var marbleProgression: String {
    for (size, unit) in [(Int64(1_000_000_000), "s"), (1_000_000, "ms"), (1_000, "us")]
    where nanoseconds % size == 0 {
      return "\(nanoseconds / size)\(unit)"
    }
    return "\(nanoseconds)ns"
  }
}

extension Recorder where Input: Equatable {
  /// The recorded timeline as a marble diagram, naming values through `values` (as given to
  /// `hot`/`cold`); values missing from it use their description when it is one character.
  /// Without a `frameDuration`, frames are those of the recorder's scheduler.
  ///
  /// - Parameters:
  ///   - values: The characters that name values, as given to `hot`/`cold`.
  ///   - start: The time of the diagram's first frame.
  ///   - frameDuration: How long one frame lasts; `nil` for the recorder's scheduler's.
  /// - Returns: The diagram, ending at the last recorded event.
  public func marbles(
    values: [Character: Input] = [:], from start: SchedulerTime = .zero,
    frameDuration: SchedulerTime.Stride? = nil
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
///
/// - Parameters:
///   - expected: The timeline a test expects.
///   - actual: The timeline the code produced.
/// - Returns: The three lines, or `nil` when the timelines have the same frames (spaces
///   aside).
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

/// A diagram cut into frames: each `-`, value, time progression or `(...)` group is one frame;
/// spaces go.
func frames(of diagram: String) -> [String] {
  let characters = Array(diagram)
  let parser = MarbleParser(diagram: diagram, frameDuration: .nanoseconds(1))
  var result: [String] = []
  var group: String?
  var index = 0
  while index < characters.count {
    let character = characters[index]
    index += 1
    if character == " " { continue }
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
    } else if let (_, length) = parser.progression(characters, at: index - 1) {
      result.append(String(characters[(index - 1)..<(index - 1 + length)]))
      index += length - 1
    } else {
      result.append(String(character))
    }
  }
  if let group { result.append(group) }
  return result
}

extension Character {
  /// Whether the marble parser reads this character as a value: a letter or a digit that does
  /// not begin with a combining mark or another scalar that extends the character before it (a
  /// value like that would join the `-` or value written before it, and read back as another
  /// character).
  var isMarbleValue: Bool {
    guard isLetter || isNumber, let first = unicodeScalars.first else { return false }
    if first.properties.isGraphemeExtend { return false }
    switch first.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return false
    default: return true
    }
  }
}
