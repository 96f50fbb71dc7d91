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

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

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

@MainActor
func main() {
  // Output to a closed pipe (`LoginDemo | head -1`) must end quietly, not kill the process.
  signal(SIGPIPE, SIG_IGN)
  var arguments = Array(CommandLine.arguments.dropFirst())
  var setup = DemoSetup()
  func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { fail("\(name) needs a value\n\n\(usage)") }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
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
  if let index = arguments.firstIndex(of: "--offline") {
    arguments.remove(at: index)
    setup.networkAllowed = false
  }
  if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    return
  }
  if let index = arguments.firstIndex(of: "--graph") {
    let format = index + 1 < arguments.count ? arguments[index + 1] : ""
    switch format {
    case "mermaid": print(authGraph.mermaid(), terminator: "")
    case "dot": print(authGraph.dot(name: "Auth"), terminator: "")
    default: fail("--graph takes mermaid or dot, not \"\(format)\"\n\n\(usage)")
    }
    return
  }
  if let index = arguments.firstIndex(of: "--script") {
    guard index + 1 < arguments.count else { fail("--script needs a file name, or - for stdin") }
    let path = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    guard let text = readScript(at: path) else { fail("cannot read script \(path)") }
    do {
      print(runScript(try parseScript(text), setup: setup), terminator: "")
    } catch {
      fail("\(path): \(error)")
    }
    return
  }
  var loginService: (any LoginService)?
  if let index = arguments.firstIndex(of: "--service") {
    let kind = index + 1 < arguments.count ? arguments[index + 1] : ""
    arguments.removeSubrange(index...min(index + 1, arguments.count - 1))
    switch kind {
    case "inprocess": break
    case "http":
      guard let at = arguments.firstIndex(of: "--base-url"), at + 1 < arguments.count,
        let url = URL(string: arguments[at + 1]), url.scheme == "http" || url.scheme == "https"
      else { fail("--service http needs --base-url http://host:port") }
      arguments.removeSubrange(at...(at + 1))
      loginService = HTTPLoginService(baseURL: url)
    default: fail("--service takes inprocess or http, not \"\(kind)\"")
    }
  }
  if let unknown = arguments.first { fail("unknown option \(unknown)\n\n\(usage)") }
  if Terminal.isInteractive { runInteractive(loginService: loginService, setup: setup) }
  print("(not a terminal: playing the built-in demo script; run it in a terminal to use the app)")
  // The built-in script is valid: ScriptTests.theBuiltInDemoScriptIsValid parses it.
  print(runScript(try! parseScript(demoScript), setup: setup), terminator: "")
}

MainActor.assumeIsolated { main() }
