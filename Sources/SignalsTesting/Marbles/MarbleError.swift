/// A malformed marble diagram: what is wrong, and where.
///
/// Its description quotes the diagram and points at the column with a caret, for example:
///
/// ```
/// marble diagram: unbalanced parenthesis at column 3
///   --(a-|
///     ^
/// ```
public struct MarbleError: Error, Equatable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Equatable, Sendable {
    /// A `(` without its `)`, or a `)` without its `(`.
    case unbalancedParenthesis
    /// A character that is not part of the marble language.
    case unknownToken(Character)
    /// A value character that the `values` dictionary does not map.
    case unmappedValue(Character)
    /// A second `|` or `#`.
    case secondCompletion
    /// An event after `|` or `#`.
    case eventAfterCompletion
    /// A second `^` or `!`.
    case misplacedMarker(Character)
    /// A `(` inside a group.
    case nestedGroup
    /// A value, `|` or `#` in a subscription diagram, which holds only frames, time
    /// progressions, `^` and `!`.
    case notInSubscription(Character)
    /// A `!` (the cancellation) before the `^` (the subscription).
    case cancellationBeforeSubscription
    /// A `#` in a diagram played by a publisher that cannot fail (or has no error to send).
    case failureInInfallibleDiagram
    /// A time the scheduler's clock cannot represent: a time progression longer than
    /// `Int64.max` nanoseconds (about 292 years) from the diagram's start, or an event, marker or
    /// progression after a frame that ends past that.
    case timeOutOfRange
  }

  /// The diagram as written.
  public let diagram: String
  /// The offending column, from 1.
  public let column: Int
  /// What is wrong there.
  public let reason: Reason

  /// Makes the error.
  ///
  /// - Parameters:
  ///   - diagram: The diagram as written.
  ///   - column: The offending column, from 1.
  ///   - reason: What is wrong there.
  public init(diagram: String, column: Int, reason: Reason) {
    self.diagram = diagram
    self.column = column
    self.reason = reason
  }

  /// The reason, the diagram and a caret under the column.
  public var description: String {
    let what =
      switch reason {
      case .unbalancedParenthesis: "unbalanced parenthesis"
      case .unknownToken(let token): "unknown token \"\(token)\""
      case .unmappedValue(let token): "value \"\(token)\" is missing from the values dictionary"
      case .secondCompletion: "a second completion"
      case .eventAfterCompletion: "an event after the completion"
      case .misplacedMarker(let marker): "misplaced \"\(marker)\""
      case .nestedGroup: "a group inside a group"
      case .notInSubscription(let token): "\"\(token)\" in a subscription diagram (only -, ^, ! and times)"
      case .cancellationBeforeSubscription: "\"!\" before \"^\": a cancellation before the subscription"
      case .failureInInfallibleDiagram: "a \"#\" for a publisher that cannot fail"
      case .timeOutOfRange: "a time past the clock's end (about 292 years)"
      }
    let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
    return "marble diagram: \(what) at column \(column)\n  \(diagram)\n  \(caret)"
  }
}
