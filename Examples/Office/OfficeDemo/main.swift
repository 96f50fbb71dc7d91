import DemoSupport
import OfficeApp
import OfficeFeature
import Signals

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

/// The office demo's own options.
struct OfficeOptions {
  /// Deep links to open at start.
  var links: [String]
  /// Whether the news backend fails.
  var newsFails: Bool
}

MainActor.assumeIsolated {
  DemoProgram(
    usage: usage,
    readOptions: { (options: inout CommandLineOptions) throws(UsageError) in
      OfficeOptions(links: try options.values("--open"), newsFails: options.flag("--news-fails"))
    },
    graph: { $0 == .dot ? officeGraph.dot(name: "Office") : officeGraph.mermaid() },
    builtInScript: officeDemoScript,
    // With no link given, the built-in script shows one held until login.
    builtInOptions: {
      OfficeOptions(links: $0.links.isEmpty ? ["app://contact/user/42"] : $0.links, newsFails: $0.newsFails)
    },
    play: { steps, options in runOfficeScript(steps, open: options.links, newsFails: options.newsFails) },
    runInteractive: { options in
      let app = OfficeApp(scheduler: MainScheduler.shared)
      let coordinator = OfficeCoordinator(
        scheduler: MainScheduler.shared, newsFails: options.newsFails, navigator: app)
      app.backButton = coordinator
      app.showNotices(coordinator.notices)
      runInTerminal(app, footer: " ctrl-c: quit") {
        coordinator.start()
        for link in options.links { coordinator.open(link) }
      }
    }
  ).main()
}
