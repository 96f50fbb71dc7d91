import DemoSupport

/// The demo script parser on arbitrary text.
///
/// Invariants: a bad script is a `ScriptError` naming a line that exists and a column inside it
/// (or just past it), and that line alone is bad too, unless it is a wait that takes the
/// script's total past the virtual clock's end; a good script's steps are what its lines give
/// one by one (a script is read as lines, whatever their endings: LF, CRLF or a lone CR); no
/// typed text holds a line break or is empty; every wait is non-negative, and the waits add up
/// to a time the clock holds (`Int64.max` nanoseconds), so none saturates it.
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
    var elapsed: Int64 = 0
    for step in steps {
      switch step {
      case .type(let typed):
        require(!typed.isEmpty, "an empty type step")
        require(
          !typed.contains { $0 == "\n" || $0 == "\r" || $0 == "\r\n" },
          "typed text \(typed.debugDescription) holds a line break")
      case .wait(let duration):
        require(duration >= .zero, "a negative wait \(duration)")
        let (total, overflow) = elapsed.addingReportingOverflow(duration.nanoseconds)
        require(!overflow, "the waits of \(script.debugDescription) pass the clock's end")
        elapsed = total
      case .key(let key):
        require(key.scriptName != nil, "a key without a script name: \(key)")
      case .lifecycle: break
      }
    }
  } catch {
    require((1...scriptLines.count).contains(error.line), "line \(error.line) of \(scriptLines.count)")
    require(!error.message.isEmpty, "an error without a message")
    let line = String(scriptLines[error.line - 1])
    require(
      (1...(line.count + 1)).contains(error.column), "column \(error.column) of \(line.debugDescription)")
    guard let alone = try? parseScript(line) else { return 0 }
    // Good alone, bad in the script: only a wait that the waits before it leave no room for.
    var elapsed: Int64 = 0
    var overflowed = false
    for earlier in scriptLines[..<error.line] {
      for case .wait(let duration) in (try? parseScript(String(earlier))) ?? [] {
        let (total, overflow) = elapsed.addingReportingOverflow(duration.nanoseconds)
        overflowed = overflowed || overflow
        elapsed = total
      }
    }
    require(
      overflowed && alone.count == 1,
      "line \(error.line) \(line.debugDescription) parses alone and its waits fit the clock")
  }
  return 0
}
