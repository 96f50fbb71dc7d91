import Coordinators
import DemoSupport
import OfficeApp
import OfficeFeature
import Signals

// `swift run OfficeDemo`: the modular office app; interactive in a terminal, otherwise it plays
// its built-in script on virtual time and prints the frames.

let usage = """
  usage: OfficeDemo [--script FILE|-] [--graph mermaid|dot] [--open URL]... [--news-fails]
                    [--session-expired] [--contacts-fail] [--no-create] [--request-log] [--help]

    (no option)      in a terminal: the app (log in, then 1-4 on the home screen; esc goes back;
                     ctrl-c quits); otherwise: plays the built-in script and prints its frames
    --script FILE    plays a script (type TEXT, tab, enter, esc, up, down, wait 600ms; - is stdin)
    --graph FORMAT   prints the app's navigation statechart as Mermaid or Graphviz DOT
    --open URL       opens a deep link such as app://contact/user/42 (held until you log in)
    --news-fails     the news backend fails (shows the error and failure toasts; the news
                     offer r to retry)
    --session-expired
                     the server ends your session after login: the next news, feedback or
                     contacts request answers 401, the invalid-session dialog says so, enter
                     goes back to the login screen with the notice, and logging in again works
    --contacts-fail  the contact list's first load fails (the interactor's failure); r retries
    --no-create      the user may not create: a group chat (4, pick with m, enter) is refused
    --request-log    after the app (or the script's frames), prints every request the service
                     client made: method, path, token and status

  Keys: 1 news (r refresh or retry, m more), 2 feedback, 3 contacts (up, down, enter opens;
  r retries a failed load), 4 new group chat (m marks, enter confirms, esc cancels),
  l logs out; esc goes back.
  Log in as alice@example.com with the password wonderland.
  """

MainActor.assumeIsolated {
  DemoProgram(
    usage: usage,
    readOptions: { (options: inout CommandLineOptions) throws(UsageError) in
      OfficeSetup(
        links: try options.values("--open"), newsFails: options.flag("--news-fails"),
        sessionExpired: options.flag("--session-expired"), contactsFail: options.flag("--contacts-fail"),
        noCreate: options.flag("--no-create"), requestLog: options.flag("--request-log"))
    },
    graph: { $0 == .dot ? officeGraph.flowDot(name: "Office") : officeGraph.flowMermaid() },
    builtInScript: officeDemoScript,
    builtInOptions: \.forBuiltInScript,
    builtInScriptFor: { $0.builtInScript },
    play: { steps, setup in runOfficeScript(steps, setup: setup) },
    runInteractive: { setup in
      let app = OfficeApp(scheduler: MainScheduler.shared)
      let coordinator = OfficeCoordinator(
        scheduler: MainScheduler.shared, newsFails: setup.newsFails, navigator: app)
      setup.apply(to: coordinator)
      app.backButton = coordinator
      app.showNotices(coordinator.notices)
      if setup.requestLog { app.farewellText = { String(requestLogText(coordinator).dropLast()) } }
      runInTerminal(app, footer: " ctrl-c: quit") {
        coordinator.start()
        for link in setup.links { coordinator.open(link) }
      }
    }
  ).main()
}
