import Signals

/// One step of a demo script.
public enum ScriptStep: Equatable, Sendable {
  /// Types text, one key per character.
  case type(String)
  /// Presses a named key (`tab`, `enter`, `esc`, ...).
  case key(Key)
  /// Lets time pass.
  case wait(SchedulerTime.Stride)
  /// The app goes to the background or comes back to the foreground (`background`,
  /// `foreground`), as suspending and resuming the terminal demo does.
  case lifecycle(AppLifecycle)
}

/// A script line that could not be read: where, and what was expected there.
///
/// Bad input: this is what a bad script gives, never a trap; `parseScript(_:)` lists the cases.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
  /// The line number, from 1.
  public let line: Int
  /// The column the problem starts at, from 1, in characters of the line as written (leading
  /// blanks included): the command, or its argument when the argument is what is wrong.
  public let column: Int
  /// What is wrong.
  public let message: String

  /// Makes the error.
  ///
  /// - Parameters:
  ///   - line: The line number, from 1.
  ///   - column: The column, from 1.
  ///   - message: What is wrong.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line N, column C: message`.
  public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads a demo script: one step per line; `type TEXT`, `tab`, `shift-tab`, `enter`,
/// `backspace`, `esc`, `key NAME`, `wait 600ms` (or `2s`, `1.5s`), `background`, `foreground`;
/// blank lines and `#` comments are skipped. Lines end with LF, CRLF or a lone CR (`"\r\n"` is
/// one `Character`, so each is matched as a whole).
///
/// A script plays on a virtual clock that starts at zero and holds about 292 years
/// (`Int64.max` nanoseconds), so its waits must fit it: each one, and all of them added up.
///
/// - Parameter text: The script's text.
/// - Returns: The steps, in order.
/// - Throws: `ScriptError` for the first bad line, naming its line and column: an unknown
///   command or key, a `type` without text, a `wait` whose duration is not a non-negative
///   number of `ms` or `s`, and a `wait` the clock cannot represent (`infs`, `nans`, `1e300s`,
///   `99999999999s`, or one that takes the script's total past the clock's end).
public func parseScript(_ text: String) throws(ScriptError) -> [ScriptStep] {
  var steps: [ScriptStep] = []
  // The clock's reading after the waits so far: a script starts at zero.
  var elapsed: Int64 = 0
  let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  for (index, raw) in lines.enumerated() {
    let line = String(raw).trimming(" \t")
    if line.isEmpty || line.hasPrefix("#") { continue }
    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
    let command = parts[0]
    let argument = parts.count > 1 ? parts[1] : ""
    let commandColumn = raw.prefix { $0 == " " || $0 == "\t" }.count + 1
    // Just past the line's end when there is no argument (`key` alone).
    let argumentColumn = min(commandColumn + command.count + 1, raw.count + 1)
    func error(_ message: String, at column: Int) -> ScriptError {
      ScriptError(line: index + 1, column: column, message: message)
    }
    switch command {
    case "type":
      guard !argument.isEmpty else { throw error("type needs the text to type", at: commandColumn) }
      steps.append(.type(argument))
    case "wait":
      switch ScriptDuration(argument) {
      case .malformed:
        throw error("wait needs a duration such as 600ms or 2s, got \"\(argument)\"", at: argumentColumn)
      case .unrepresentable:
        throw error(
          "wait \(argument) is not a time the virtual clock holds (at most \(ScriptDuration.clockLimit))",
          at: argumentColumn)
      case .duration(let duration):
        let (total, overflow) = elapsed.addingReportingOverflow(duration.nanoseconds)
        guard !overflow else {
          throw error(
            "wait \(argument) takes the script past the virtual clock's end: its waits add up to more than \(ScriptDuration.clockLimit)",
            at: argumentColumn)
        }
        elapsed = total
        steps.append(.wait(duration))
      }
    case "key":
      guard let key = Key(scriptName: argument) else {
        throw error("unknown key \"\(argument)\"", at: argumentColumn)
      }
      steps.append(.key(key))
    default:
      if argument.isEmpty, let event = AppLifecycle(rawValue: command) {
        steps.append(.lifecycle(event))
        continue
      }
      guard argument.isEmpty, let key = Key(scriptName: command) else {
        throw error(
          "unknown command \"\(command)\"; expected type, wait, key, tab, shift-tab, enter, backspace, esc, background or foreground",
          at: commandColumn)
      }
      steps.append(.key(key))
    }
  }
  return steps
}

/// A `wait` step's duration as written: `600ms`, `2s` or `1.5s`, read exactly or refused.
enum ScriptDuration: Equatable {
  /// A non-negative duration the clock holds.
  case duration(SchedulerTime.Stride)
  /// Not a non-negative number of `ms` or `s`.
  case malformed
  /// A number of `ms` or `s` the clock cannot hold: infinite, not a number, or more than
  /// `Int64.max` nanoseconds.
  case unrepresentable

  /// The longest time the virtual clock holds, as scripts write it.
  static let clockLimit = "9223372036.854775807s, about 292 years"

  /// Reads `text`.
  init(_ text: String) {
    if text.hasSuffix("ms") {
      let digits = text.dropLast(2)
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        self = .malformed
        return
      }
      // Digits too many for an Int, or milliseconds beyond the clock: a real duration, too long.
      guard let value = Int64(digits) else {
        self = .unrepresentable
        return
      }
      let (nanoseconds, overflow) = value.multipliedReportingOverflow(by: 1_000_000)
      self = overflow ? .unrepresentable : .duration(.nanoseconds(Int(nanoseconds)))
    } else if text.hasSuffix("s"), let seconds = Double(text.dropLast()) {
      let nanoseconds = (seconds * 1e9).rounded()
      if seconds < 0 {
        self = .malformed
      } else if !nanoseconds.isFinite || nanoseconds >= 0x1p63 {
        self = .unrepresentable
      } else {
        self = .duration(.nanoseconds(Int(Int64(nanoseconds))))
      }
    } else {
      self = .malformed
    }
  }
}

extension String {
  func trimming(_ set: String) -> String {
    let characters = Set(set)
    return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
  }
}
