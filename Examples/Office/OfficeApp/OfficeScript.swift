import DemoSupport
import Signals
import SignalsVirtualTime

/// The built-in script `swift run OfficeDemo` plays when it is not in a terminal: log in, a deep
/// link held until then, news with a refresh, empty and real feedback, the contact picker
/// confirmed, a contact opened from the list, the picker cancelled, and logging out.
public let officeDemoScript = """
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 2s
  key esc
  key esc
  type 1
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
  type m
  key down
  type m
  enter
  type 3
  key down
  enter
  key esc
  key esc
  type 4
  key esc
  type l
  """

/// Plays `steps` on virtual time, after opening the deep links `open`, and returns each frame
/// that changed, headed by its virtual time.
@MainActor
public func runOfficeScript(
  _ steps: [ScriptStep], open links: [String] = [], newsFails: Bool = false
) -> String {
  let scheduler = TestScheduler()
  let app = OfficeApp(scheduler: scheduler, newsFails: newsFails)
  app.start()
  for link in links { app.open(link) }
  return playScript(steps, on: scheduler, into: app)
}
