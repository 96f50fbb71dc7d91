import Dispatch
import Foundation
import LoginApp
import OfficeApp
import Signals
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

// `swift run OfficeDemo`: the modular office app; interactive in a terminal, otherwise it plays
// its built-in script on virtual time and prints the frames.

let usage = """
  usage: OfficeDemo [--script FILE|-] [--graph mermaid|dot] [--open URL]... [--news-fails] [--help]

    (no option)      in a terminal: the app (log in, then 1-4 on the home screen; esc goes back;
                     ctrl-c quits); otherwise: plays the built-in script and prints its frames
    --script FILE    plays a script (type TEXT, tab, enter, esc, up, down, wait 600ms; - is stdin)
    --graph FORMAT   prints the app's navigation graph as Mermaid or Graphviz DOT
    --open URL       opens a deep link such as app://contact/user/42 (held until you log in)
    --news-fails     the news backend fails (shows the error and failure toasts)
    --help           this text

  Log in as alice@example.com with the password wonderland.
  """

func fail(_ message: String) -> Never { StandardStreams.fail(message) }

@MainActor
func runInteractive(open links: [String], newsFails: Bool) -> Never {
  let terminal = Terminal()
  let app = OfficeApp(scheduler: MainScheduler.shared, newsFails: newsFails)
  app.onChange = { terminal.draw(app.frame + ["", " ctrl-c: quit"]) }
  terminal.enterRawMode()
  app.start()
  for link in links { app.open(link) }
  terminal.runInteractive(redraw: { app.onChange() }, handle: { app.handle($0) })
}

/// What the command line asks for.
enum Mode {
  case help
  case graph(String)
  case script(path: String)
  case app
}

/// Reads every option, then refuses whatever is left: an unknown flag is an error whichever
/// mode was chosen.
func parseArguments(_ commandLine: [String]) -> (mode: Mode, links: [String], newsFails: Bool) {
  var arguments = commandLine
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
  let help = flag("--help", "-h")
  let newsFails = flag("--news-fails")
  var links: [String] = []
  while let link = option("--open") { links.append(link) }
  let graph = option("--graph")
  if let graph, graph != "mermaid" && graph != "dot" {
    fail("--graph takes mermaid or dot, not \"\(graph)\"")
  }
  let script = option("--script")
  if let unknown = arguments.first { fail("unknown option \(unknown)\n\n\(usage)") }
  let mode: Mode =
    if help { .help } else if let graph { .graph(graph) } else if let script { .script(path: script) } else {
      .app
    }
  return (mode, links, newsFails)
}

@MainActor
func main() {
  // A closed pipe ends with an error status instead of killing the process; a closed or full
  // output is reported on standard error.
  StandardStreams.ignoreBrokenPipes()
  let (mode, links, newsFails) = parseArguments(Array(CommandLine.arguments.dropFirst()))
  switch mode {
  case .help:
    StandardStreams.writeOutputOrExit(usage + "\n")
  case .graph(let format):
    StandardStreams.writeOutputOrExit(
      format == "dot" ? officeGraph.dot(name: "Office") : officeGraph.mermaid())
  case .script(let path):
    guard let text = readScript(at: path) else { fail("cannot read script \(path)") }
    let steps: [ScriptStep]
    do {
      steps = try parseScript(text)
    } catch {
      fail("\(path): \(error)")
    }
    StandardStreams.writeOutputOrExit(runOfficeScript(steps, open: links, newsFails: newsFails))
  case .app:
    if Terminal.isInteractive { runInteractive(open: links, newsFails: newsFails) }
    StandardStreams.writeOutputOrExit(
      "(not a terminal: playing the built-in script; run it in a terminal to use the app)\n")
    // The built-in script is valid: OfficeTests parse it.
    StandardStreams.writeOutputOrExit(
      runOfficeScript(
        try! parseScript(officeDemoScript), open: links.isEmpty ? ["app://contact/user/42"] : links,
        newsFails: newsFails))
  }
}

MainActor.assumeIsolated { main() }
