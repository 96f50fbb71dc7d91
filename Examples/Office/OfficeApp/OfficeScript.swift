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

/// Plays `steps` on virtual time, after opening the deep links `open`, and returns each frame
/// that changed, headed by its virtual time; with `sessionExpired`, the server ends the session
/// after login (the first authenticated request answers 401; a new login works).
@MainActor
public func runOfficeScript(
  _ steps: [ScriptStep], open links: [String] = [], newsFails: Bool = false, sessionExpired: Bool = false
) -> String {
  let scheduler = TestScheduler()
  let (app, coordinator) = startOfficeApp(scheduler: scheduler, newsFails: newsFails)
  coordinator.server.sessionExpired = sessionExpired
  for link in links { coordinator.open(link) }
  return withExtendedLifetime(coordinator) { playScript(steps, on: scheduler, into: app) }
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
