import DemoSupport
import Foundation
import LoginFeature
import Signals
import SignalsTesting
import Testing

@testable import LoginApp

/// The default demo (no `--service`) logs in through the service layer, over the in-process
/// `LoginServer`: the request is built, sent, logged and its envelope read as with
/// `--service http`, only the transport differs.
@MainActor
@Suite struct DefaultServiceLayerTests {
  /// Plays `script` against the default demo's app and returns its request log and its frames.
  func play(_ script: String) throws -> (log: [String], frames: String) {
    let scheduler = TestScheduler()
    let log = RequestLog()
    let steps = try parseScript(script)
    let (app, coordinator) = startLoginApp(environment: .demo(scheduler: scheduler, requestLog: log))
    let frames = withExtendedLifetime(coordinator) { playScript(steps, on: scheduler, into: app) }
    return (log.entries.map(\.description), frames)
  }

  @Test func theBuiltInScriptsLoginIsARequestInTheServiceClientsLog() throws {
    let (log, frames) = try play(demoScript)
    #expect(log.contains("GET check?account=alice@example.com [no token] -> 200"))
    #expect(log.last == "POST login [no token] -> 200")
    // The session the envelope carried, profile and all, is the one home shows.
    #expect(frames.contains("(Alice Liddell)"))
  }

  @Test func aWrongPasswordIsTheEnvelopesRefusal() throws {
    let (log, frames) = try play("type alice@example.com\nwait 600ms\ntab\ntype wrongpass\nenter\nwait 2s\n")
    // A refusal is a 2xx answer whose envelope carries a code, mapped to its message.
    #expect(log.last == "POST login [no token] -> 200")
    #expect(frames.contains("Wrong account or password"))
  }
}
