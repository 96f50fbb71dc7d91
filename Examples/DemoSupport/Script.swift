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

/// A script line that could not be read: which line, and what was expected there.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
  /// The line number, from 1.
  public let line: Int
  /// What is wrong.
  public let message: String

  /// Makes the error.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// `line N: message`.
  public var description: String { "line \(line): \(message)" }
}

/// Reads a demo script: one step per line; `type TEXT`, `tab`, `shift-tab`, `enter`,
/// `backspace`, `esc`, `key NAME`, `wait 600ms` (or `2s`), `background`, `foreground`; blank
/// lines and `#` comments are
/// skipped. Lines end with LF, CRLF or a lone CR (`"\r\n"` is one `Character`, so each is
/// matched as a whole).
///
/// - Parameter text: The script's text.
/// - Returns: The steps, in order.
/// - Throws: `ScriptError` for the first bad line, naming it.
public func parseScript(_ text: String) throws(ScriptError) -> [ScriptStep] {
  var steps: [ScriptStep] = []
  let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  for (index, raw) in lines.enumerated() {
    let line = String(raw).trimming(" \t")
    if line.isEmpty || line.hasPrefix("#") { continue }
    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
    let command = parts[0]
    let argument = parts.count > 1 ? parts[1] : ""
    switch command {
    case "type":
      guard !argument.isEmpty else {
        throw ScriptError(line: index + 1, message: "type needs the text to type")
      }
      steps.append(.type(argument))
    case "wait":
      guard let duration = parseDuration(argument) else {
        throw ScriptError(
          line: index + 1, message: "wait needs a duration such as 600ms or 2s, got \"\(argument)\"")
      }
      steps.append(.wait(duration))
    case "key":
      guard let key = Key(scriptName: argument) else {
        throw ScriptError(line: index + 1, message: "unknown key \"\(argument)\"")
      }
      steps.append(.key(key))
    default:
      if argument.isEmpty, let event = AppLifecycle(rawValue: command) {
        steps.append(.lifecycle(event))
        continue
      }
      guard argument.isEmpty, let key = Key(scriptName: command) else {
        throw ScriptError(
          line: index + 1,
          message:
            "unknown command \"\(command)\"; expected type, wait, key, tab, shift-tab, enter, backspace, esc, background or foreground"
        )
      }
      steps.append(.key(key))
    }
  }
  return steps
}

/// `600ms`, `2s` or `1.5s` as a stride; `nil` for anything else.
func parseDuration(_ text: String) -> SchedulerTime.Stride? {
  if text.hasSuffix("ms"), let value = Int(text.dropLast(2)), value >= 0 { return .milliseconds(value) }
  if text.hasSuffix("s"), let value = Double(text.dropLast()), value >= 0 { return .seconds(value) }
  return nil
}

extension String {
  func trimming(_ set: String) -> String {
    let characters = Set(set)
    return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
  }
}
