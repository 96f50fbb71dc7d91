import DemoSupport
import OfficeApp
import OfficeFeature
import Signals

// `swift run OfficeDemo`: the modular office app; interactive in a terminal, otherwise it plays
// its built-in script on virtual time and prints the frames.

let usage = """
  usage: OfficeDemo [--script FILE|-] [--graph mermaid|dot] [--open URL]... [--news-fails]
                    [--session-expired] [--help]

    (no option)      in a terminal: the app (log in, then 1-4 on the home screen; esc goes back;
                     ctrl-c quits); otherwise: plays the built-in script and prints its frames
    --script FILE    plays a script (type TEXT, tab, enter, esc, up, down, wait 600ms; - is stdin)
    --graph FORMAT   prints the app's navigation graph as Mermaid or Graphviz DOT
    --open URL       opens a deep link such as app://contact/user/42 (held until you log in)
    --news-fails     the news backend fails (shows the error and failure toasts)
    --session-expired
                     the server ends your session after login: the next news, feedback or
                     contacts request answers 401, the invalid-session dialog says so, enter
                     goes back to the login screen with the notice, and logging in again works
    --help           this text

  Log in as alice@example.com with the password wonderland.
  """

/// The office demo's own options.
struct OfficeOptions {
  /// Deep links to open at start.
  var links: [String]
  /// Whether the news backend fails.
  var newsFails: Bool
  /// Whether the server ends the session after login (the next authenticated request answers
  /// 401; a new login works).
  var sessionExpired = false
}

MainActor.assumeIsolated {
  DemoProgram(
    usage: usage,
    readOptions: { (options: inout CommandLineOptions) throws(UsageError) in
      OfficeOptions(
        links: try options.values("--open"), newsFails: options.flag("--news-fails"),
        sessionExpired: options.flag("--session-expired"))
    },
    graph: { $0 == .dot ? officeGraph.dot(name: "Office") : officeGraph.mermaid() },
    builtInScript: officeDemoScript,
    // With no link given, the built-in script shows one held until login (not on the way to an
    // expired session, which the link would leave).
    builtInOptions: { options in
      var options = options
      if options.links.isEmpty && !options.sessionExpired { options.links = ["app://contact/user/42"] }
      return options
    },
    builtInScriptFor: { $0.sessionExpired ? officeSessionExpiredScript : officeDemoScript },
    play: { steps, options in
      runOfficeScript(
        steps, open: options.links, newsFails: options.newsFails, sessionExpired: options.sessionExpired)
    },
    runInteractive: { options in
      let app = OfficeApp(scheduler: MainScheduler.shared)
      let coordinator = OfficeCoordinator(
        scheduler: MainScheduler.shared, newsFails: options.newsFails, navigator: app)
      coordinator.server.sessionExpired = options.sessionExpired
      app.backButton = coordinator
      app.showNotices(coordinator.notices)
      runInTerminal(app, footer: " ctrl-c: quit") {
        coordinator.start()
        for link in options.links { coordinator.open(link) }
      }
    }
  ).main()
}
