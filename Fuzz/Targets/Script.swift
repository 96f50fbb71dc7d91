import DemoSupport

/// The demo script parser on arbitrary text.
///
/// Invariants: a bad script is a `ScriptError` naming a line that exists, and that line alone
/// is bad too; a good script's steps are what its lines give one by one (a script is read as
/// lines, whatever their endings: LF, CRLF or a lone CR); no typed text holds a line break or is
/// empty; no wait is negative.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let script = text(data, count)
  let scriptLines = lines(script)
  do {
    let steps = try parseScript(script)
    var byLine: [ScriptStep] = []
    for line in scriptLines {
      do {
        byLine += try parseScript(String(line))
      } catch {
        require(false, "line \(line.debugDescription) fails alone but not in \(script.debugDescription)")
      }
    }
    require(byLine == steps, "\(script.debugDescription): \(steps) as a whole, \(byLine) line by line")
    for step in steps {
      switch step {
      case .type(let typed):
        require(!typed.isEmpty, "an empty type step")
        require(
          !typed.contains { $0 == "\n" || $0 == "\r" || $0 == "\r\n" },
          "typed text \(typed.debugDescription) holds a line break")
      case .wait(let duration):
        require(duration >= .zero, "a negative wait \(duration)")
      case .key(let key):
        require(key.scriptName != nil, "a key without a script name: \(key)")
      case .lifecycle: break
      }
    }
  } catch {
    require((1...scriptLines.count).contains(error.line), "line \(error.line) of \(scriptLines.count)")
    require(!error.message.isEmpty, "an error without a message")
    let line = String(scriptLines[error.line - 1])
    require((try? parseScript(line)) == nil, "line \(error.line) \(line.debugDescription) parses alone")
  }
  return 0
}
