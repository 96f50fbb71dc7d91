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

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

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

@MainActor
func main() {
  signal(SIGPIPE, SIG_IGN)
  var arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    return
  }
  var links: [String] = []
  var newsFails = false
  if let index = arguments.firstIndex(of: "--news-fails") {
    arguments.remove(at: index)
    newsFails = true
  }
  while let index = arguments.firstIndex(of: "--open") {
    guard index + 1 < arguments.count else { fail("--open needs a URL") }
    links.append(arguments[index + 1])
    arguments.removeSubrange(index...(index + 1))
  }
  if let index = arguments.firstIndex(of: "--graph") {
    let format = index + 1 < arguments.count ? arguments[index + 1] : ""
    switch format {
    case "mermaid": print(officeGraph.mermaid(), terminator: "")
    case "dot": print(officeGraph.dot(name: "Office"), terminator: "")
    default: fail("--graph takes mermaid or dot, not \"\(format)\"")
    }
    return
  }
  if let index = arguments.firstIndex(of: "--script") {
    guard index + 1 < arguments.count else { fail("--script needs a file name, or - for stdin") }
    let path = arguments[index + 1]
    guard let text = readScript(at: path) else { fail("cannot read script \(path)") }
    do {
      print(runOfficeScript(try parseScript(text), open: links, newsFails: newsFails), terminator: "")
    } catch {
      fail("\(path): \(error)")
    }
    return
  }
  if let unknown = arguments.first { fail("unknown option \(unknown)\n\n\(usage)") }
  if Terminal.isInteractive { runInteractive(open: links, newsFails: newsFails) }
  print("(not a terminal: playing the built-in script; run it in a terminal to use the app)")
  // The built-in script is valid: OfficeTests parse it.
  print(
    runOfficeScript(
      try! parseScript(officeDemoScript), open: links.isEmpty ? ["app://contact/user/42"] : links,
      newsFails: newsFails),
    terminator: "")
}

MainActor.assumeIsolated { main() }
