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
                   [--start password|biometric|pattern|sms] [--update optional|forced] [--offline]
                   [--face unrecognized|unavailable|unenrolled|locked] [--revoked] [--language CODE]
                   [--session-expired] [--token-expired] [--refresh-offline] [--last-user ID]
                   [--inspect]
                   [--help]

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
                     password, SMS and face login over HTTP, through one service client (JSON
                     envelope {code, msg, data}); without it, password login goes through the
                     same client to a server in the process, and SMS and face login use
                     in-process fakes (interactive mode; scripts run on virtual time). A server
                     to try it on:
                     python3 Tests/ExamplesTests/LoginFeatureTests/Server/login_server.py
                     prints its port (use http://127.0.0.1:PORT) and answers until its input
                     ends (ctrl-d); any account but its test names (expired, boom, ...) logs in
    --start KIND     the stored credential: password (default), biometric, pattern or sms
                     (pattern account: pat@example.com, pattern 1-2-5-4; sms: number 5550100,
                     code 246810)
    --update KIND    the server advises an optional or a forced update (its dialog: enter opens
                     the update and ends the app, esc is later or exits the app)
    --offline        no network permission at first (its dialog: enter retries and is granted,
                     s opens the settings, esc exits the app)
    --face REASON    face login (implies --start biometric) whose device check fails: not
                     recognized, no sensor, nothing enrolled, or locked out; the screen says why
    --revoked        face login (implies --start biometric) whose credential the server has
                     revoked: back to password login with a notice
    --language CODE  the device's language before login (such as fr); a login syncs it to the
                     user's (en), with a notice, and home shows it
    --session-expired
                     the server ends your session after login: home's profile reload answers
                     401, the invalid-session dialog says so, enter goes back to password login
                     with the notice, and logging in again works
    --token-expired  face login (implies --start biometric) whose stored token has expired by
                     the clock: it is refreshed first, then the session follows
    --refresh-offline
                     as --token-expired, but the refresh is lost on the network: the screen
                     says so and keeps the credential; enter tries again and logs in
    --last-user ID   someone else (such as bob@example.com) logged in last on this device: a
                     login clears their cached data and face login, and says so
    --inspect        in a script (or the built-in run), prints each macrostep of the login
                     gate's chart (its cause, transitions, exits, entries, invocations) before
                     the frame it led to, headed "*** TIME gate chart:"
    --help           this text

  Keys: tab moves, enter presses; on the password screen esc cancels a login under way;
  on the home screen r reloads the profile and enter logs out.
  The demo account is alice@example.com with the password wonderland.
  """

/// The login demo's own options: the device set-up, the HTTP services of the interactive app, and
/// the chart `--graph` prints.
struct LoginOptions {
  var setup = DemoSetup()
  /// With `--service http`: password and SMS login over HTTP; face login shares its client.
  var http: HTTPLoginService?
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
  switch try options.choice("--face", in: ["unrecognized", "unavailable", "unenrolled", "locked"]) {
  case "unrecognized": result.setup.deviceCheck = .notRecognized
  case "unavailable": result.setup.deviceCheck = .notAvailable
  case "unenrolled": result.setup.deviceCheck = .notEnrolled
  case "locked": result.setup.deviceCheck = .lockedOut
  default: break
  }
  if options.flag("--revoked") { result.setup.credentialRevoked = true }
  if result.setup.deviceCheck != nil || result.setup.credentialRevoked {
    result.setup.credential = .biometric
  }
  if let code = try options.value("--language") {
    guard (1...35).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else {
      throw UsageError("--language takes a language code such as fr or zh-Hans, not \"\(code)\"")
    }
    result.setup.language = code
  }
  if options.flag("--session-expired") { result.setup.sessionExpired = true }
  if options.flag("--token-expired") { result.setup.tokenExpired = true }
  if options.flag("--refresh-offline") { result.setup.refreshOffline = true }
  if result.setup.tokenExpired || result.setup.refreshOffline {
    result.setup.credential = .biometric
    result.setup.tokenExpired = true
  }
  result.setup.inspect = options.flag("--inspect")
  if let user = try options.value("--last-user") {
    // Printable ASCII without spaces: it shows in a notice.
    guard (1...64).contains(user.count),
      user.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else { throw UsageError("--last-user takes an account such as bob@example.com, not \"\(user)\"") }
    result.setup.lastUser = user
  }
  if let chart = try options.choice("--chart", in: LoginChart.allCases.map(\.rawValue)) {
    // Alone it is a mistake, said as one (before a mode prints anything).
    guard options.contains("--graph") else { throw UsageError("--chart goes with --graph") }
    result.chart = LoginChart(rawValue: chart)
  }
  if try options.choice("--service", in: ["inprocess", "http"]) == "http" {
    guard let base = try options.value("--base-url"), let url = URL(string: base),
      url.scheme == "http" || url.scheme == "https"
    else { throw UsageError("--service http needs --base-url http://host:port") }
    guard let host = url.host, !host.isEmpty else {
      throw UsageError("--base-url \"\(base)\" has no host: give one, as in http://127.0.0.1:8080")
    }
    // What the in-process server does on these flags is the HTTP server's to decide.
    for (flag, given) in [
      ("--revoked", result.setup.credentialRevoked), ("--session-expired", result.setup.sessionExpired),
      ("--refresh-offline", result.setup.refreshOffline),
    ] where given {
      throw UsageError("\(flag) plays the in-process server's part; it does not go with --service http")
    }
    result.http = HTTPLoginService(baseURL: url)
  }
  return result
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
    play: { steps, options in runScript(steps, setup: options.setup) },
    runInteractive: { options in
      let environment = AuthEnvironment.demo(
        scheduler: MainScheduler.shared, loginService: options.http, smsService: options.http,
        biometricService: options.http.map {
          HTTPBiometricService(client: $0.client, clock: MainScheduler.shared)
        },
        setup: options.setup)
      let (app, coordinator) = composeLoginApp(environment: environment)
      runInTerminal(app, footer: " tab: next  enter: press  ctrl-z: suspend  ctrl-c: quit") {
        coordinator.start()
      }
    }
  ).main()
}
