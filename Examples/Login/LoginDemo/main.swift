import Coordinators
import Dispatch
import Foundation
import LoginApp
import LoginFeature
import Signals
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

// `swift run LoginDemo`: interactive in a terminal; otherwise it plays the built-in demo script
// on virtual time and prints the frames.

let usage = """
  usage: LoginDemo [--script FILE|-] [--graph mermaid|dot] [--service inprocess|http --base-url URL]
                   [--start password|biometric|pattern] [--update optional|forced] [--offline] [--help]

    (no option)      in a terminal: the interactive app (tab moves, enter presses, ctrl-c quits);
                     otherwise: plays the built-in demo script and prints its frames
    --script FILE    plays a script of inputs on virtual time (- reads it from stdin):
                     type TEXT, tab, shift-tab, enter, backspace, esc, key NAME, wait 600ms
    --graph FORMAT   prints the login flow's graph as Mermaid or Graphviz DOT
    --service http --base-url URL
                     logs in over HTTP (JSON envelope {code, msg, data}) instead of the built-in
                     in-process service (interactive mode; scripts run on virtual time)
    --start KIND     the stored credential: password (default), biometric or pattern
                     (pattern account: pat@example.com, pattern 1-2-5-4)
    --update KIND    the server advises an optional or a forced update
    --offline        no network permission at first (retry grants it)
    --help           this text

  The demo account is alice@example.com with the password wonderland.
  """

func fail(_ message: String) -> Never { StandardStreams.fail(message) }

@MainActor
func runInteractive(loginService: (any LoginService)?, setup: DemoSetup) -> Never {
  let terminal = Terminal()
  let app = LoginApp(
    environment: .demo(scheduler: MainScheduler.shared, loginService: loginService, setup: setup))
  app.onChange = { terminal.draw(app.frame + ["", " tab: next  enter: press  ctrl-c: quit"]) }
  terminal.enterRawMode()
  app.start()
  app.onChange()
  terminal.runInteractive(redraw: { app.onChange() }, handle: { app.handle($0) && !app.quitRequested })
}

/// What the command line asks for.
enum Mode {
  case help
  case graph(String)
  case script(path: String)
  case app(loginService: (any LoginService)?)
}

/// Reads every option, then refuses whatever is left: an unknown flag is an error whichever
/// mode was chosen.
func parseArguments(_ commandLine: [String]) -> (Mode, DemoSetup) {
  var arguments = commandLine
  var setup = DemoSetup()
  func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { fail("\(name) needs a value\n\n\(usage)") }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
  }
  func flag(_ names: String...) -> Bool {
    guard let index = arguments.firstIndex(where: { names.contains($0) }) else { return false }
    arguments.remove(at: index)
    return true
  }
  switch option("--start") {
  case nil, "password": break
  case "biometric": setup.credential = .biometric
  case "pattern": setup.credential = .pattern
  case let other?: fail("--start takes password, biometric or pattern, not \"\(other)\"")
  }
  switch option("--update") {
  case nil: break
  case "optional": setup.update = .optional(version: "2.0")
  case "forced": setup.update = .forced(version: "2.0")
  case let other?: fail("--update takes optional or forced, not \"\(other)\"")
  }
  if flag("--offline") { setup.networkAllowed = false }
  let help = flag("--help", "-h")
  let graph = option("--graph")
  if let graph, graph != "mermaid" && graph != "dot" {
    fail("--graph takes mermaid or dot, not \"\(graph)\"\n\n\(usage)")
  }
  let script = option("--script")
  var loginService: (any LoginService)?
  switch option("--service") {
  case nil, "inprocess": break
  case "http":
    guard let base = option("--base-url"), let url = URL(string: base),
      url.scheme == "http" || url.scheme == "https"
    else { fail("--service http needs --base-url http://host:port") }
    loginService = HTTPLoginService(baseURL: url)
  case let other?: fail("--service takes inprocess or http, not \"\(other)\"")
  }
  if let unknown = arguments.first { fail("unknown option \(unknown)\n\n\(usage)") }
  if help { return (.help, setup) }
  if let graph { return (.graph(graph), setup) }
  if let script { return (.script(path: script), setup) }
  return (.app(loginService: loginService), setup)
}

@MainActor
func main() {
  // Output to a closed pipe (`LoginDemo | head -1`) must end with an error status, not kill the
  // process; a closed or full output is reported on standard error.
  StandardStreams.ignoreBrokenPipes()
  let (mode, setup) = parseArguments(Array(CommandLine.arguments.dropFirst()))
  switch mode {
  case .help:
    StandardStreams.writeOutputOrExit(usage + "\n")
  case .graph(let format):
    StandardStreams.writeOutputOrExit(format == "dot" ? authGraph.dot(name: "Auth") : authGraph.mermaid())
  case .script(let path):
    guard let text = readScript(at: path) else { fail("cannot read script \(path)") }
    let steps: [ScriptStep]
    do {
      steps = try parseScript(text)
    } catch {
      fail("\(path): \(error)")
    }
    StandardStreams.writeOutputOrExit(runScript(steps, setup: setup))
  case .app(let loginService):
    if Terminal.isInteractive { runInteractive(loginService: loginService, setup: setup) }
    StandardStreams.writeOutputOrExit(
      "(not a terminal: playing the built-in demo script; run it in a terminal to use the app)\n")
    // The built-in script is valid: ScriptTests.theBuiltInDemoScriptIsValid parses it.
    StandardStreams.writeOutputOrExit(runScript(try! parseScript(demoScript), setup: setup))
  }
}

MainActor.assumeIsolated { main() }
