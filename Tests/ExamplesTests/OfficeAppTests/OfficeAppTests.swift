import Coordinators
import DemoSupport
import Foundation
import OfficeFeature
import Signals
import SignalsTesting
import Testing

@testable import OfficeApp

@MainActor
@Suite struct OfficeAppTests {
  @Test func theDemoScriptFrames() throws {
    let output = runOfficeScript(try parseScript(officeDemoScript), open: ["app://contact/user/42"])
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Golden/demo.txt")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try output.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      output == (try String(contentsOf: file, encoding: .utf8)),
      "run UPDATE_GOLDEN=1 swift test --filter OfficeAppTests if intended")
  }

  @Test func aNewsRequestAnswering401ShowsTheDialogThenTheLoginScreenAndALoginWorksAgain() throws {
    let output = runOfficeScript(try parseScript(officeSessionExpiredScript), sessionExpired: true)
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Golden/session-expired.txt")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try output.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      output == (try String(contentsOf: file, encoding: .utf8)),
      "run UPDATE_GOLDEN=1 swift test --filter OfficeAppTests if intended")
    let frames = output.components(separatedBy: "--- ")
    let dialog = try #require(frames.firstIndex { $0.contains("Your session expired") })
    #expect(frames[dialog].contains("#===="), "the dialog is an alert over the news")
    #expect(frames[dialog + 1].contains("! Answer the dialog first"), "esc is answered, not ignored")
    let login = try #require(frames.firstIndex { $0.contains("! Your session expired, please log in again") })
    #expect(frames[login].contains("Office - log in"), "enter goes to the login screen")
    #expect(frames.last?.contains("- Edition 1: story 1") == true, "a second login works, and so do the news")
  }

  /// An office app on a fresh test scheduler, started: the login screen is showing.
  func startedApp() -> (OfficeApp, TestScheduler, OfficeCoordinator) {
    let scheduler = TestScheduler()
    let (app, coordinator) = startOfficeApp(scheduler: scheduler)
    return (app, scheduler, coordinator)
  }

  /// Types the demo account into the login screen, as a person would, and waits for the login.
  func logIn(_ app: OfficeApp, on scheduler: TestScheduler) {
    for character in "alice@example.com" { app.handle(.character(character)) }
    scheduler.advance(by: .milliseconds(600))
    app.handle(.tab)
    for character in "wonderland" { app.handle(.character(character)) }
    app.handle(.enter)
    scheduler.advance(by: .seconds(2))
  }

  @Test func aDeepLinkWaitsForLoginThenOpensTheContact() throws {
    let (app, scheduler, coordinator) = startedApp()
    defer { withExtendedLifetime(coordinator) {} }
    coordinator.open("app://contact/user/7")
    #expect(app.frame.contains { $0.contains("Log in to open app://contact/user/7") })
    logIn(app, on: scheduler)
    scheduler.advance(by: .milliseconds(300))
    #expect(app.frame.contains { $0.contains("Grace Hopper") })
    #expect(app.frame.contains { $0.contains("Rear Admiral") })
  }

  @Test func aNoticeIsAThreeSecondToast() throws {
    let (app, scheduler, coordinator) = startedApp()
    defer { withExtendedLifetime(coordinator) {} }
    coordinator.open("app://contact/user/7")
    let shown = scheduler.now
    scheduler.advance(to: shown.advanced(by: .milliseconds(2999)))
    #expect(app.frame.contains { $0.contains("Log in to open app://contact/user/7") })
    scheduler.advance(to: shown.advanced(by: .seconds(3)))
    #expect(!app.frame.contains { $0.contains("Log in to open") })
    #expect(coordinator.router.held.map(\.url) == ["app://contact/user/7"], "the link is still held")
  }

  @Test func theFeedbackFormsToastGoesAfterThreeSeconds() throws {
    let (app, scheduler, coordinator) = startedApp()
    defer { withExtendedLifetime(coordinator) {} }
    logIn(app, on: scheduler)
    app.handle(.character("2"))
    app.handle(.enter)  // empty feedback
    let shown = scheduler.now
    #expect(app.frame.contains { $0.contains("feedback is empty") })
    scheduler.advance(to: shown.advanced(by: .milliseconds(2999)))
    #expect(app.frame.contains { $0.contains("feedback is empty") })
    scheduler.advance(to: shown.advanced(by: .seconds(3)))
    #expect(!app.frame.contains { $0.contains("feedback is empty") })
    #expect(app.frame.contains { $0.contains("Feedback") }, "the form stays")
  }

  @Test func linksHeldDuringLoginAreAllOfferedInOrderAndBadOnesRefusedAtOnce() throws {
    let (app, scheduler, coordinator) = startedApp()
    defer { withExtendedLifetime(coordinator) {} }
    coordinator.open("app://contact/user/ada")
    #expect(app.frame.contains { $0.contains("\"ada\", not an integer") })  // refused now, not held
    coordinator.open("app://contact/user/7")
    coordinator.open("app://contact/user/42")
    #expect(coordinator.router.held.map(\.url) == ["app://contact/user/7", "app://contact/user/42"])
    logIn(app, on: scheduler)
    scheduler.advance(by: .milliseconds(300))
    #expect(coordinator.router.held.isEmpty)
    #expect(app.frame.contains { $0.contains("Margaret Hamilton") })  // the last link wins the screen
  }

  @Test func anUnknownContactIsRefusedOnceTheServerSaysSo() throws {
    let (app, scheduler, coordinator) = startedApp()
    defer { withExtendedLifetime(coordinator) {} }
    logIn(app, on: scheduler)
    coordinator.open("app://contact/user/999")
    scheduler.advance(by: .milliseconds(300))
    #expect(app.frame.contains { $0.contains("no contact with id 999") })
    #expect(app.frame.contains { $0.contains("1 News") }, "it stays on home")
  }

  @Test func aContactListThatFailsOffersARetry() throws {
    let (app, scheduler, coordinator) = startedApp()
    defer { withExtendedLifetime(coordinator) {} }
    logIn(app, on: scheduler)
    coordinator.server.contactsFailing = true
    app.handle(.character("3"))
    #expect(app.frame.contains { $0.contains("(loading...)") })
    scheduler.advance(by: .milliseconds(500))
    #expect(app.frame.contains { $0.contains("! Contacts could not be loaded") })
    #expect(app.frame.contains { $0.contains("r: retry") })
    coordinator.server.contactsFailing = false
    app.handle(.character("r"))
    scheduler.advance(by: .milliseconds(500))
    #expect(app.frame.contains { $0.contains("Margaret Hamilton, Engineering, Director") })
    #expect(!app.frame.contains { $0.contains("r: retry") })
  }

  @Test func aGroupChatsPeopleBecomeTheRecentContactsAndACancelledPickerChoosesNobody() throws {
    let script =
      "type alice@example.com\nwait 600ms\ntab\ntype wonderland\nenter\nwait 2s\ntype 4\nwait 500ms\nkey down\nkey down\ntype m\nenter\ntype 3\nwait 500ms\nkey esc\ntype 4\nkey esc\n"
    let output = runOfficeScript(try parseScript(script))
    #expect(output.contains("! Group chat with Linus Torvalds"))
    #expect(output.contains("| Recent: Linus Torvalds, Grace Hopper, Margaret"))
    #expect(
      output.hasSuffix(
        "| ! No group chat                                  |\n+--------------------------------------------------+\n"
      ))
  }

  @Test func aFailingNewsBackendShowsItsErrors() throws {
    let script =
      "type alice@example.com\nwait 600ms\ntab\ntype wonderland\nenter\nwait 2s\ntype 1\nwait 1s\nkey esc\ntype 2\ntype Hi\nenter\nwait 1s\n"
    let output = runOfficeScript(try parseScript(script), newsFails: true)
    #expect(output.contains("! News could not be loaded"))
    #expect(output.contains("* Feedback could not be sent"))
    // The failed first load offers a retry, never "more" (there is nothing to add to).
    let news = output.components(separatedBy: "--- ").filter { $0.contains("! News could not be loaded") }
    #expect(!news.isEmpty)
    #expect(news.allSatisfy { $0.contains("r: retry  esc: back") && !$0.contains("m: more") })
  }

  @Test func badLinksShowAClearMessage() throws {
    let (app, _, coordinator) = startedApp()
    defer { withExtendedLifetime(coordinator) {} }
    coordinator.open("app://calendar/today")
    #expect(app.frame.contains { $0.contains("no route for \"app://calendar/today\"") })
    coordinator.open("not a url")
    #expect(app.frame.contains { $0.contains("malformed URL") })
  }

  @Test func closingAModuleReleasesItsViewModels() throws {
    let (app, scheduler, coordinator) = startedApp()
    defer { withExtendedLifetime(coordinator) {} }
    logIn(app, on: scheduler)
    var released: [String: () -> AnyObject?] = [:]
    let (_, scope) = LiveSubscriptions.track {
      for (key, name) in [("1", "news"), ("2", "feedback"), ("3", "contacts"), ("4", "picker")] {
        app.handle(.character(Character(key)))
        scheduler.advance(by: .seconds(1))
        let model: AnyObject? =
          switch name {
          case "news": app.news
          case "feedback": app.feedback
          case "contacts": app.contactList
          default: app.picker
          }
        #expect(model != nil, "\(name) was not opened")
        weak let weakModel = model
        released[name] = { weakModel }
        app.handle(.escape)
      }
    }
    scheduler.run()
    for (name, model) in released.sorted(by: { $0.key < $1.key }) {
      #expect(model() == nil, "the \(name) view model outlived its screen")
    }
    #expect(scope.count == 0, "\(scope.count) subscriptions made by the modules are still alive")
  }
}
