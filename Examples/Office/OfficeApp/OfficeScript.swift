import DemoSupport
import OfficeFeature
import Signals
import SignalsVirtualTime

/// The built-in script `swift run OfficeDemo` plays when it is not in a terminal: log in, a deep
/// link held until then, news with "load more" and a refresh, empty and real feedback, the contact picker
/// confirmed, a contact opened from the list, the picker cancelled, and logging out.
public let officeDemoScript = """
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 2s
  wait 300ms
  key esc
  key esc
  type 1
  wait 1s
  type m
  wait 1s
  type r
  wait 1s
  key esc
  type 2
  enter
  type Nice
  enter
  wait 1s
  key esc
  type 4
  wait 500ms
  type m
  key down
  type m
  enter
  type 3
  wait 500ms
  key down
  enter
  wait 300ms
  key esc
  key esc
  type 4
  key esc
  type l
  """

/// The built-in script of `OfficeDemo --session-expired`, the whole story: log in, open the
/// news, whose request answers 401; the invalid-session dialog says what happened and takes
/// only enter (esc says so), which goes back to the login screen with the notice; a second login
/// works, and so do the news.
public let officeSessionExpiredScript = """
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 2s
  type 1
  wait 1s
  key esc
  enter
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 2s
  type 1
  wait 1s
  """

/// The first steps of every built-in script: log in as the demo user and wait for home.
let officeLogIn = """
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 2s

  """

/// The built-in script of `OfficeDemo --contacts-fail`: the contact list's first load fails
/// (the VIPER interactor's failure), and r retries it, which works.
public let officeContactsFailScript =
  officeLogIn + """
    type 3
    wait 500ms
    type r
    wait 500ms
    """

/// The built-in script of `OfficeDemo --no-create`: the user may not create, so a group chat
/// of the people picked is refused by the messages module.
public let officeNoCreateScript =
  officeLogIn + """
    type 4
    wait 500ms
    type m
    enter
    """

/// What a demo run of Office is set up with, beside its script: deep links opened at the
/// start, and the server's and the user's switches.
public struct OfficeSetup: Sendable {
  /// Deep links to open at start.
  public var links: [String] = []
  /// Whether the news backend fails every request.
  public var newsFails = false
  /// Whether the server ends the session after login (the next authenticated request answers
  /// 401; a new login works).
  public var sessionExpired = false
  /// Whether the contact list's first load fails (a retry works).
  public var contactsFail = false
  /// Whether the user lacks the permission to create (a group chat is refused).
  public var noCreate = false
  /// Whether the service client's request log is printed after the frames.
  public var requestLog = false

  /// A set-up with every switch off.
  public init(
    links: [String] = [], newsFails: Bool = false, sessionExpired: Bool = false, contactsFail: Bool = false,
    noCreate: Bool = false, requestLog: Bool = false
  ) {
    self.links = links
    self.newsFails = newsFails
    self.sessionExpired = sessionExpired
    self.contactsFail = contactsFail
    self.noCreate = noCreate
    self.requestLog = requestLog
  }

  /// The built-in script for this set-up: the path its switch opens, else the demo script.
  public var builtInScript: String {
    if sessionExpired { return officeSessionExpiredScript }
    if contactsFail { return officeContactsFailScript }
    if noCreate { return officeNoCreateScript }
    return officeDemoScript
  }

  /// The set-up the built-in script plays with: with no link given, the demo script shows one
  /// held until login (not on the way to another path, which the link would get in the way of).
  public var forBuiltInScript: OfficeSetup {
    var setup = self
    if setup.links.isEmpty && builtInScript == officeDemoScript { setup.links = ["app://contact/user/42"] }
    return setup
  }

  /// Sets up the coordinator's server and user as this says (before it starts).
  ///
  /// - Parameter coordinator: The app's coordinator.
  @MainActor
  public func apply(to coordinator: OfficeCoordinator) {
    coordinator.server.sessionExpired = sessionExpired
    coordinator.server.contactsFailNext = contactsFail
    if noCreate { coordinator.permissions.remove(.create) }
  }
}

/// Plays `steps` on virtual time, after opening the deep links `open`, and returns each frame
/// that changed, headed by its virtual time; with `sessionExpired`, the server ends the session
/// after login (the first authenticated request answers 401; a new login works).
@MainActor
public func runOfficeScript(
  _ steps: [ScriptStep], open links: [String] = [], newsFails: Bool = false, sessionExpired: Bool = false
) -> String {
  runOfficeScript(
    steps, setup: OfficeSetup(links: links, newsFails: newsFails, sessionExpired: sessionExpired))
}

/// Plays `steps` on virtual time with `setup` (its deep links opened first) and returns each
/// frame that changed, headed by its virtual time, then the request log if `setup` asks for it
/// (`--- request log ---`, one request a line: method, path, token, status).
@MainActor
public func runOfficeScript(_ steps: [ScriptStep], setup: OfficeSetup) -> String {
  let scheduler = TestScheduler()
  let (app, coordinator) = startOfficeApp(scheduler: scheduler, newsFails: setup.newsFails)
  setup.apply(to: coordinator)
  for link in setup.links { coordinator.open(link) }
  var output = withExtendedLifetime(coordinator) { playScript(steps, on: scheduler, into: app) }
  if setup.requestLog { output += requestLogText(coordinator) }
  return output
}

/// The service client's request log as the demo prints it.
@MainActor
public func requestLogText(_ coordinator: OfficeCoordinator) -> String {
  "--- request log ---\n" + coordinator.client.log.entries.map { "\($0)\n" }.joined()
}

/// The app put together and started on `scheduler`: the terminal front, and the coordinator
/// that makes the view models and shows their scenes through it (keep it as long as the app
/// runs); the front's back button and notices go to and come from the coordinator.
@MainActor
public func startOfficeApp(
  scheduler: any Scheduler, newsFails: Bool = false
) -> (OfficeApp, OfficeCoordinator) {
  let app = OfficeApp(scheduler: scheduler)
  let coordinator = OfficeCoordinator(scheduler: scheduler, newsFails: newsFails, navigator: app)
  app.backButton = coordinator
  app.showNotices(coordinator.notices)
  coordinator.start()
  return (app, coordinator)
}
