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
      "tab\ntpye x\n", 2,
      "unknown command \"tpye\"; expected type, wait, key, tab, shift-tab, enter, backspace, esc, background or foreground"
    ),
    ("wait soon\n", 1, "wait needs a duration such as 600ms or 2s, got \"soon\""),
    ("\n\nkey f13\n", 3, "unknown key \"f13\""),
    ("type\n", 1, "type needs the text to type"),
  ])
  func aBadLineNamesItsNumber(_ script: String, _ line: Int, _ message: String) {
    #expect(throws: ScriptError(line: line, message: message)) { try parseScript(script) }
  }

  @Test(arguments: ["\r\n", "\r", "\n"])
  func everyLineEndingEndsALine(_ end: String) throws {
    let script = ["# comment", "type alice", "", "wait 600ms", "tab"].joined(separator: end) + end
    #expect(try parseScript(script) == [.type("alice"), .wait(.milliseconds(600)), .key(.tab)])
    #expect(throws: ScriptError(line: 2, message: "unknown key \"f13\"")) {
      try parseScript(["tab", "key f13", "tab"].joined(separator: end))
    }
  }

  @Test func mixedLineEndingsCountLinesOnce() throws {
    #expect(throws: ScriptError(line: 4, message: "unknown key \"f13\"")) {
      try parseScript("tab\r\ntab\rtab\nkey f13\r\n")
    }
  }
}
