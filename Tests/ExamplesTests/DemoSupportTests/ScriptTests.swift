import DemoSupport
import Testing

/// The demo script parser both demos play scripts with.
@Suite struct ScriptTests {
  @Test func everyStepKind() throws {
    let steps = try parseScript("# a comment\n\ntype alice\nwait 600ms\nwait 1.5s\ntab\nkey esc\nenter\n")
    #expect(steps.count == 6)
    #expect(steps[0] == .type("alice"))
    #expect(steps[1] == .wait(.milliseconds(600)))
    #expect(steps[2] == .wait(.milliseconds(1500)))
  }

  @Test func lifecycleSteps() throws {
    #expect(
      try parseScript("background\nforeground\n") == [.lifecycle(.background), .lifecycle(.foreground)])
    #expect(throws: ScriptError.self) { try parseScript("foreground now\n") }
  }

  @Test(arguments: [
    (
      "tab\ntpye x\n", 2, 1,
      "unknown command \"tpye\"; expected type, wait, key, tab, shift-tab, enter, backspace, esc, background or foreground"
    ),
    ("wait soon\n", 1, 6, "wait needs a duration such as 600ms or 2s, got \"soon\""),
    ("\n\n  key f13\n", 3, 7, "unknown key \"f13\""),
    ("type\n", 1, 1, "type needs the text to type"),
    ("key\n", 1, 4, "unknown key \"\""),
    ("wait\n", 1, 5, "wait needs a duration such as 600ms or 2s, got \"\""),
  ])
  func aBadLineNamesItsNumberAndColumn(_ script: String, _ line: Int, _ column: Int, _ message: String) {
    #expect(throws: ScriptError(line: line, column: column, message: message)) { try parseScript(script) }
  }

  @Test(arguments: ["\r\n", "\r", "\n"])
  func everyLineEndingEndsALine(_ end: String) throws {
    let script = ["# comment", "type alice", "", "wait 600ms", "tab"].joined(separator: end) + end
    #expect(try parseScript(script) == [.type("alice"), .wait(.milliseconds(600)), .key(.tab)])
    #expect(throws: ScriptError(line: 2, column: 5, message: "unknown key \"f13\"")) {
      try parseScript(["tab", "key f13", "tab"].joined(separator: end))
    }
  }

  @Test func mixedLineEndingsCountLinesOnce() throws {
    #expect(throws: ScriptError(line: 4, column: 5, message: "unknown key \"f13\"")) {
      try parseScript("tab\r\ntab\rtab\nkey f13\r\n")
    }
  }

  @Test(arguments: [
    "infs", "nans", "1e300s", "99999999999s", "9223372037s", "99999999999999999999ms", "9223372036855ms",
  ])
  func refusesAWaitLongerThanTheClockHolds(_ duration: String) {
    let script = "type a\n  wait \(duration)\n"
    #expect {
      try parseScript(script)
    } throws: { error in
      guard let error = error as? ScriptError else { return false }
      return error.line == 2 && error.column == 8
        && error.message
          == "wait \(duration) is not a time the virtual clock holds (at most 9223372036.854775807s, about 292 years)"
    }
  }

  @Test func refusesAWaitThatTakesTheScriptPastTheClocksEnd() throws {
    // Each fits; together they pass the end of time, after which every wait would do nothing.
    let script = "wait 9000000000s\ntype abc\nwait 223372036s\nwait 1s\n"
    #expect(
      throws: ScriptError(
        line: 4, column: 6,
        message:
          "wait 1s takes the script past the virtual clock's end: its waits add up to more than 9223372036.854775807s, about 292 years"
      )
    ) { try parseScript(script) }
  }

  @Test func readsTheLongestWaitsTheClockHolds() throws {
    #expect(try parseScript("wait 9223372036854ms\n") == [.wait(.milliseconds(9_223_372_036_854))])
    #expect(try parseScript("wait 9223372036s\n") == [.wait(.seconds(9_223_372_036))])
    #expect(try parseScript("wait 0s\nwait 0ms\n") == [.wait(.zero), .wait(.zero)])
  }

  @Test(arguments: ["-1s", "-5ms", "+5ms", "soon", "5", "ms", "s", "1.5ms", "nan", "inf"])
  func refusesAWaitThatIsNotADuration(_ duration: String) {
    #expect(
      throws: ScriptError(
        line: 1, column: 6, message: "wait needs a duration such as 600ms or 2s, got \"\(duration)\"")
    ) { try parseScript("wait \(duration)") }
  }
}
