import DemoSupport
import Foundation
import LoginApp
import LoginFeature
import Signals

// `swift run LoginDemo`: interactive in a terminal; otherwise it plays the built-in demo script
// on virtual time and prints the frames.

let usage = """
  usage: LoginDemo [--script FILE|-] [--graph mermaid|dot [--chart flow|gate|loginStatus]]
                   [--service inprocess|http --base-url URL]
                   [--start password|biometric|pattern|sms] [--update optional|forced] [--offline] [--help]

    (no option)      in a terminal: the interactive app (tab moves, enter presses, ctrl-c quits;
                     ctrl-z suspends and fg resumes: the app re-checks the network permission);
                     otherwise: plays the built-in demo script and prints its frames
    --script FILE    plays a script of inputs on virtual time (- reads it from stdin):
                     type TEXT, tab, shift-tab, enter, backspace, esc, key NAME, wait 600ms,
                     background, foreground
    --graph FORMAT   prints the login flow's graph as Mermaid or Graphviz DOT
    --chart NAME     with --graph, the chart to print: flow (the screens, the default), gate
                     (the login gate's checks) or loginStatus (the password screen's status)
    --service http --base-url URL
                     logs in over HTTP (JSON envelope {code, msg, data}) instead of the built-in
                     in-process service (interactive mode; scripts run on virtual time)
    --start KIND     the stored credential: password (default), biometric, pattern or sms
                     (pattern account: pat@example.com, pattern 1-2-5-4; sms: number 5550100,
                     code 246810)
    --update KIND    the server advises an optional or a forced update (its dialog: enter updates
                     now, esc is later or exits the app)
    --offline        no network permission at first (its dialog: enter retries and is granted,
                     s opens the settings, esc exits the app)
    --help           this text

  The demo account is alice@example.com with the password wonderland.
  """

/// The login demo's own options: the device set-up, and the login service of the interactive app.
struct LoginOptions {
  var setup = DemoSetup()
  var loginService: (any LoginService)?
  /// The chart `--graph` prints (`--chart`); the screens' flow when `nil`.
  var chart: LoginChart?
}

func readLoginOptions(_ options: inout CommandLineOptions) throws(UsageError) -> LoginOptions {
  var result = LoginOptions()
  switch try options.choice("--start", in: ["password", "biometric", "pattern", "sms"]) {
  case "biometric": result.setup.credential = .biometric
  case "sms": result.setup.credential = .sms
  case "pattern": result.setup.credential = .pattern
  default: break
  }
  switch try options.choice("--update", in: ["optional", "forced"]) {
  case "optional": result.setup.update = .optional(demoUpdate)
  case "forced": result.setup.update = .forced(demoUpdate)
  default: break
  }
  if options.flag("--offline") { result.setup.networkAllowed = false }
  if let chart = try options.choice("--chart", in: LoginChart.allCases.map(\.rawValue)) {
    result.chart = LoginChart(rawValue: chart)
  }
  if try options.choice("--service", in: ["inprocess", "http"]) == "http" {
    guard let base = try options.value("--base-url"), let url = URL(string: base),
      url.scheme == "http" || url.scheme == "https"
    else { throw UsageError("--service http needs --base-url http://host:port") }
    result.loginService = HTTPLoginService(baseURL: url)
  }
  return result
}

/// `--chart` chooses what `--graph` prints; alone it is a mistake, said as one.
func refuseChartWithoutGraph(_ options: LoginOptions) {
  if options.chart != nil { StandardStreams.fail("--chart goes with --graph\n\n\(usage)") }
}

MainActor.assumeIsolated {
  DemoProgram(
    usage: usage, readOptions: readLoginOptions,
    graph: { $0 == .dot ? LoginChart.flow.dot() : LoginChart.flow.mermaid() },
    graphFor: { format, options in
      let chart = options.chart ?? .flow
      return format == .dot ? chart.dot() : chart.mermaid()
    },
    builtInScript: demoScript,
    builtInScriptFor: { builtInScript(for: $0.setup) },
    play: { steps, options in
      refuseChartWithoutGraph(options)
      return runScript(steps, setup: options.setup)
    },
    runInteractive: { options in
      refuseChartWithoutGraph(options)
      let environment = AuthEnvironment.demo(
        scheduler: MainScheduler.shared, loginService: options.loginService, setup: options.setup)
      let app = LoginApp(scheduler: environment.scheduler)
      let coordinator = AuthCoordinator(environment: environment, navigator: app)
      app.forwardLifecycle(to: coordinator)
      runInTerminal(app, footer: " tab: next  enter: press  ctrl-z: suspend  ctrl-c: quit") {
        coordinator.start()
      }
    }
  ).main()
}
