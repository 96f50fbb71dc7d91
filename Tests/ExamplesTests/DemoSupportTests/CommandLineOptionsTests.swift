import DemoSupport
import Testing

/// The one option parser both demos read their command lines with.
@Suite struct CommandLineOptionsTests {
  /// The mode `arguments` choose, after checking that nothing is left over.
  func mode(_ arguments: [String]) throws -> DemoMode {
    var options = CommandLineOptions(arguments)
    let mode = try options.demoMode()
    try options.finish()
    return mode
  }

  @Test func theSharedOptionsChooseAModeWhereverTheyStand() throws {
    #expect(try mode(["--script", "-", "--graph", "dot"]) == .graph(.dot))
    #expect(try mode(["--graph", "mermaid", "-h"]) == .help)
    #expect(try mode(["--script", "path with spaces.txt"]) == .script(path: "path with spaces.txt"))
    #expect(try mode([]) == .app)
  }

  @Test func aDemosOwnOptionsAreTakenOutBeforeTheRestIsChecked() throws {
    var options = CommandLineOptions(["--open", "a", "--news-fails", "--open", "b", "--start", "pattern"])
    let links = try options.values("--open")
    #expect(links == ["a", "b"])
    let newsFails = options.flag("--news-fails")
    let again = options.flag("--news-fails")
    #expect(newsFails && !again)
    let start = try options.choice("--start", in: ["password", "pattern"])
    #expect(start == "pattern")
    try options.finish()
  }

  @Test func anOptionReadOnceButGivenTwiceIsSaidToBeGivenTwice() throws {
    var options = CommandLineOptions(["--start", "pattern", "--offline", "--start", "sms", "--offline"])
    let start = try options.choice("--start", in: ["pattern", "sms"])
    let offline = options.flag("--offline")
    #expect(start == "pattern" && offline)
    let read = options
    #expect(throws: UsageError("--start is given twice; give it once")) { try read.finish() }
    #expect(throws: UsageError("--graph is given twice; give it once")) {
      try mode(["--graph", "dot", "--graph", "mermaid"])
    }
    #expect(throws: UsageError("--help is given twice; give it once")) { try mode(["-h", "--help"]) }
  }

  @Test func whateverIsLeftIsAnUnknownOption() throws {
    #expect(throws: UsageError("unknown option --bogus")) {
      try mode(["--help", "--bogus", "--graph", "dot"])
    }
  }

  @Test(arguments: [
    (["--graph"], "--graph needs a value"),
    (["--graph", "svg"], "--graph takes mermaid or dot, not \"svg\""),
    (["--script"], "--script needs a value"),
  ])
  func aMissingOrWrongValueSaysWhich(_ arguments: [String], _ message: String) {
    #expect(throws: UsageError(message)) { try mode(arguments) }
  }

  @Test func aChoiceListsEveryAllowedValue() {
    #expect(throws: UsageError("--start takes password, biometric or pattern, not \"face\"")) {
      var options = CommandLineOptions(["--start", "face"])
      _ = try options.choice("--start", in: ["password", "biometric", "pattern"])
    }
  }
}
