import Signals

/// A timeline written as text, parsed: events at offsets from the diagram's origin.
///
/// The language: `-` is one frame; a letter or digit is a value and takes one frame (one that
/// begins with a combining mark, which would join the character before it, is refused); `(ab)`
/// puts several events in one frame (the group takes one frame); `|` finishes and `#` fails
/// (each takes a frame); `^` marks the origin (the subscription point of a hot publisher; without
/// it the origin is the diagram's start) and `!` the cancellation point (each takes a frame, or
/// shares a group's: `(^!)`); spaces are ignored so diagrams can be aligned; a time progression
/// such as `100ms`, `2s` or `50us` skips that long. Frames last the scheduler's `frameDuration`.
///
/// Times are measured from the diagram's first column on the scheduler's clock, which holds
/// `Int64.max` nanoseconds (about 292 years): a progression longer than that, or an event,
/// marker or progression that starts past it, is refused (`.timeOutOfRange`), never clamped,
/// so that every diagram accepted means what it says, and what it plays renders as a diagram
/// that reads back as the same timeline.
///
/// Bad input: a malformed diagram throws `MarbleError`, whose message points at the column.
public struct MarbleDiagram<Value> {
  /// One event of the timeline.
  public enum Event {
    /// A value.
    case value(Value)
    /// `|`.
    case finished
    /// `#`.
    case failure
  }

  /// An event and its offset from the origin (negative before `^`).
  public struct Entry {
    /// The offset from the origin.
    public let offset: SchedulerTime.Stride
    /// The event.
    public let event: Event
  }

  /// The events, in time order (events in one group keep their written order).
  public let entries: [Entry]
  /// The offset of `!` from the origin, if the diagram has one.
  public let cancellation: SchedulerTime.Stride?
  /// The offset of the origin (`^`) from the diagram's first column; zero without a `^`.
  public let origin: SchedulerTime.Stride

  /// Parses `diagram` with frames of `frameDuration`; `value` maps a value character to a value
  /// and returns `nil` for one it does not know (a thrown `MarbleError`).
  ///
  /// - Parameters:
  ///   - diagram: The timeline, in the marble language above.
  ///   - frameDuration: How long one frame (`-`, a value, a group) lasts.
  ///   - value: Maps a value character to its value; `nil` for a character it does not know.
  /// - Throws: `MarbleError`, with the column and the reason, for a diagram that is malformed or
  ///   holds a value character `value` does not map.
  public init(
    _ diagram: String, frameDuration: SchedulerTime.Stride, value: (Character) -> Value?
  ) throws(MarbleError) {
    var parser = MarbleParser(diagram: diagram, frameDuration: frameDuration)
    var raw: [(offset: SchedulerTime.Stride, event: Event)] = []
    try parser.parse { offset, token, column throws(MarbleError) in
      switch token {
      case .finished: raw.append((offset, .finished))
      case .failure: raw.append((offset, .failure))
      case .value(let character):
        guard let mapped = value(character) else {
          throw MarbleError(diagram: diagram, column: column, reason: .unmappedValue(character))
        }
        raw.append((offset, .value(mapped)))
      }
    }
    let origin = parser.origin ?? .zero
    self.origin = origin
    entries = raw.map { Entry(offset: $0.offset - origin, event: $0.event) }
    cancellation = parser.cancellation.map { $0 - origin }
  }
}

extension MarbleDiagram where Value == String {
  /// Parses a diagram whose values are their own characters, as strings.
  ///
  /// - Parameters:
  ///   - diagram: The timeline, in the marble language.
  ///   - frameDuration: How long one frame lasts.
  /// - Throws: `MarbleError`, with the column and the reason, for a malformed diagram.
  public init(_ diagram: String, frameDuration: SchedulerTime.Stride) throws(MarbleError) {
    try self.init(diagram, frameDuration: frameDuration) { String($0) }
  }
}

/// The tokenizer and checker behind `MarbleDiagram`.
struct MarbleParser {
  enum Token {
    case value(Character)
    case finished
    case failure
  }

  let diagram: String
  let frameDuration: SchedulerTime.Stride
  private(set) var origin: SchedulerTime.Stride?
  private(set) var cancellation: SchedulerTime.Stride?

  init(diagram: String, frameDuration: SchedulerTime.Stride) {
    self.diagram = diagram
    self.frameDuration = frameDuration
  }

  /// Calls `emit` for each event with its offset from the diagram's start and its column.
  mutating func parse(
    _ emit: (SchedulerTime.Stride, Token, Int) throws(MarbleError) -> Void
  ) throws(MarbleError) {
    let characters = Array(diagram)
    var time = SchedulerTime.Stride.zero
    // Set when a frame ends past the clock's end: nothing may follow it but spaces.
    var pastTheEnd = false
    var groupStart: Int?
    var completed = false
    var index = 0
    func fail(_ reason: MarbleError.Reason, at position: Int) -> MarbleError {
      MarbleError(diagram: diagram, column: position + 1, reason: reason)
    }
    /// Moves `time` on by one frame; past the clock's end it stays, and `pastTheEnd` is set.
    func nextFrame() {
      let (next, overflow) = time.nanoseconds.addingReportingOverflow(frameDuration.nanoseconds)
      if overflow { pastTheEnd = true } else { time = SchedulerTime.Stride(nanoseconds: next) }
    }
    while index < characters.count {
      let character = characters[index]
      if character != " " && pastTheEnd { throw fail(.timeOutOfRange, at: index) }
      if let (duration, length) = progression(characters, at: index) {
        if let groupStart { throw fail(.unbalancedParenthesis, at: groupStart) }
        guard let duration else { throw fail(.timeOutOfRange, at: index) }
        let (next, overflow) = time.nanoseconds.addingReportingOverflow(duration.nanoseconds)
        if overflow { throw fail(.timeOutOfRange, at: index) }
        time = SchedulerTime.Stride(nanoseconds: next)
        index += length
        continue
      }
      switch character {
      case " ":
        break
      case "-":
        // A frame inside a group: the group was not closed where it should have been.
        if let groupStart { throw fail(.unbalancedParenthesis, at: groupStart) }
        nextFrame()
      case "(":
        if groupStart != nil { throw fail(.nestedGroup, at: index) }
        groupStart = index
      case ")":
        guard groupStart != nil else { throw fail(.unbalancedParenthesis, at: index) }
        groupStart = nil
        nextFrame()
      case "^", "!":
        if character == "^" {
          if origin != nil { throw fail(.misplacedMarker(character), at: index) }
          origin = time
        } else {
          if cancellation != nil { throw fail(.misplacedMarker(character), at: index) }
          cancellation = time
        }
        // In a group (`(^!)`: subscribed and cancelled in one frame) the group takes the frame.
        if groupStart == nil { nextFrame() }
      case "|", "#":
        if completed { throw fail(.secondCompletion, at: index) }
        completed = true
        try emit(time, character == "|" ? .finished : .failure, index + 1)
        if groupStart == nil { nextFrame() }
      default:
        guard character.isMarbleValue else { throw fail(.unknownToken(character), at: index) }
        if completed { throw fail(.eventAfterCompletion, at: index) }
        try emit(time, .value(character), index + 1)
        if groupStart == nil { nextFrame() }
      }
      index += 1
    }
    if let groupStart { throw fail(.unbalancedParenthesis, at: groupStart) }
  }

  /// A time progression (`100ms`, `2s`, `50us`, `7ns`) starting at `index`: its duration, or
  /// `nil` when it is longer than the clock holds (more than `Int64.max` nanoseconds), and its
  /// length in characters; `nil` if there is none (a lone digit is a value, and so is each
  /// digit of a run that no unit follows).
  func progression(_ characters: [Character], at index: Int) -> (SchedulerTime.Stride?, Int)? {
    var end = index
    while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
    guard end > index else { return nil }
    // Too many digits for an Int64: a progression all the same, too long for the clock.
    let amount = Int64(String(characters[index..<end]))
    let units: [(String, Int64)] = [("ms", 1_000_000), ("us", 1_000), ("ns", 1), ("s", 1_000_000_000)]
    for (unit, scale) in units {
      let suffix = Array(unit)
      if end + suffix.count <= characters.count, Array(characters[end..<end + suffix.count]) == suffix {
        let next = end + suffix.count
        if next < characters.count, characters[next].isLetter { continue }
        let nanoseconds = amount.flatMap { amount in
          let (product, overflow) = amount.multipliedReportingOverflow(by: scale)
          return overflow ? nil : product
        }
        return (nanoseconds.map { SchedulerTime.Stride(nanoseconds: $0) }, next - index)
      }
    }
    return nil
  }
}
