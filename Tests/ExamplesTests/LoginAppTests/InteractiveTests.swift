import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `LoginDemo` in a pseudo-terminal (util-linux `script` gives it one), driven by
/// keystrokes as a person would, reading the screen as it is drawn. Nothing sleeps: each step
/// waits for the text it expects to be drawn, with a generous deadline.
final class PseudoTerminalSession {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  var screen = ""
  /// Signalled when `script` exits, so `finish` waits on an event rather than polling.
  let exited = DispatchSemaphore(value: 0)

  init(_ command: String) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qfec", command, "/dev/null"]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
  }

  /// Types `keys` (raw bytes: "\t" is Tab, "\r" Enter, "\u{3}" Ctrl-C).
  func send(_ keys: String) {
    input.fileHandleForWriting.write(Data(keys.utf8))
  }

  /// Reads until everything drawn so far contains `text`; false after `seconds` without it.
  func waitFor(_ text: String, seconds: Double = 15) -> Bool {
    waitUntil(seconds: seconds) { $0.contains(text) }
  }

  /// Reads until everything drawn so far satisfies `condition`; false after `seconds`.
  func waitUntil(seconds: Double = 15, _ condition: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    let descriptor = output.fileHandleForReading.fileDescriptor
    while !condition(screen) {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return false }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(left * 1000)) > 0 else { return false }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { return false }
      screen += String(decoding: buffer.prefix(count), as: UTF8.self)
    }
    return true
  }

  /// The process id of the program `script` runs (through a shell, if the command has one):
  /// the deepest first descendant of `script`.
  var childProcessID: Int32? {
    var found: Int32?
    var parent = process.processIdentifier
    while let child = Self.firstChild(of: parent) {
      found = child
      parent = child
    }
    return found
  }

  static func firstChild(of parent: Int32) -> Int32? {
    let pgrep = Process()
    pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
    pgrep.arguments = ["-P", "\(parent)"]
    let pipe = Pipe()
    pgrep.standardOutput = pipe
    guard (try? pgrep.run()) != nil else { return nil }
    pgrep.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(separator: "\n").first.flatMap { Int32($0) }
  }

  /// `command` run between two prints of the terminal's settings (`stty -g`), which
  /// `settings(_:)` reads back.
  static func bracketed(_ command: String) -> String {
    "sh -c 'echo \"[[before $(stty -g)]]\"; \(command); echo \"[[after $(stty -g)]]\"'"
  }

  /// Whether the settings printed after the command have appeared.
  var printedSettingsAfter: Bool { settings("after") != nil }

  /// The settings printed under `label` ("before" or "after") by a `bracketed` command.
  func settings(_ label: String) -> String? {
    guard let start = screen.range(of: "[[\(label) ") else { return nil }
    guard let end = screen.range(of: "]]", range: start.upperBound..<screen.endIndex) else { return nil }
    return String(screen[start.upperBound..<end.lowerBound])
  }

  func finish(seconds: Double = 30) -> Int32 {
    try? input.fileHandleForWriting.close()
    // Bounded, so a shell that never exits cannot hang the test run: after `seconds`, `script`
    // is ended, which hangs up its terminal and so the programs in it.
    if exited.wait(timeout: .now() + seconds) == .timedOut { process.terminate() }
    process.waitUntilExit()
    return process.terminationStatus
  }
}

// Needs util-linux `script` (not part of the toolchain) for the pseudo-terminal, and real time:
// skipped with a reason where `/usr/bin/script` is missing.
@Suite(
  .serialized,
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
    "needs /usr/bin/script (util-linux) to give the demo a pseudo-terminal"))
struct InteractiveTests {
  static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("LoginDemo").path
  /// The escape sequences `Terminal.restore()` writes: cursor shown, main screen back.
  static let restored = "\u{1B}[?25h\u{1B}[?1049l"

  @Test func aPersonLogsIn() throws {
    let session = try PseudoTerminalSession(PseudoTerminalSession.bracketed(Self.executable))
    #expect(session.waitFor("( log in )"), "the login screen never appeared:\n\(session.screen)")
    session.send("alice@example.com")
    #expect(session.waitFor("] ok"), "the account check never passed:\n\(session.screen)")
    session.send("\twonderland")
    #expect(session.waitFor("< Log in >"), "the button never enabled:\n\(session.screen)")
    session.send("\t\r")
    #expect(session.waitFor("Welcome, alice@example.com!"), "home never appeared:\n\(session.screen)")
    session.send("\u{3}")
    try expectRestored(session, after: "Ctrl-C")
    #expect(session.finish() == 0)
  }

  // Also needs procps `pgrep` to find the demo under `script`.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pgrep"),
      "needs /usr/bin/pgrep (procps) to find the demo's process"),
    arguments: [SIGTERM, SIGILL])  // SIGILL is what a Swift runtime trap raises on Linux
  func aSignalStillRestoresTheTerminal(_ signal: Int32) throws {
    let session = try PseudoTerminalSession(PseudoTerminalSession.bracketed(Self.executable))
    #expect(session.waitFor("( log in )"))
    let child = try #require(session.childProcessID)
    kill(child, signal)
    try expectRestored(session, after: "signal \(signal)")
    _ = session.finish()
  }

  /// Checks that the app put the terminal back: the escape sequences of `Terminal.restore()`,
  /// then the same settings as before it started.
  func expectRestored(_ session: PseudoTerminalSession, after cause: String) throws {
    #expect(session.waitFor(Self.restored), "the terminal was not restored after \(cause)")
    #expect(session.waitUntil { _ in session.printedSettingsAfter })
    let before = try #require(session.settings("before"))
    #expect(session.settings("after") == before, "the terminal's settings changed after \(cause)")
  }

  /// Ctrl-Z in a shell with job control (or a SIGTSTP sent by another process): the demo gives
  /// the terminal back and stops (the shell says so); `fg` continues it in raw mode again, and
  /// the foreground re-runs the gate's check with its loading indicator drawn, then the login
  /// screen.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/bin/bash")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/pgrep"),
      "needs bash for a shell with job control, and pgrep to find the demo"),
    arguments: ["ctrl-z", "SIGTSTP"])
  func suspendingAndFgResumeWithTheGatesCheck(_ how: String) throws {
    let session = try PseudoTerminalSession("env PS1='ready$ ' /bin/bash --norc --noprofile -i")
    #expect(session.waitFor("ready$ "), "no shell prompt:\n\(session.screen)")
    session.send("\(Self.executable)\r")
    #expect(session.waitFor("( log in )"), "the login screen never appeared:\n\(session.screen)")
    var mark = session.screen.endIndex
    if how == "ctrl-z" {
      session.send("\u{1A}")
    } else {
      kill(try #require(session.childProcessID), SIGTSTP)
    }
    #expect(session.waitUntil { $0[mark...].contains(Self.restored) }, "\(how) did not restore the terminal")
    #expect(session.waitUntil { $0[mark...].contains("Stopped") }, "the shell did not see the demo stop")
    mark = session.screen.endIndex
    session.send("fg\r")
    #expect(session.waitUntil { $0[mark...].contains("\u{1B}[?1049h") }, "fg did not re-enter raw mode")
    #expect(
      session.waitUntil { $0[mark...].contains("Checking the network") },
      "the foreground's check was not drawn:\n\(session.screen[mark...])")
    #expect(
      session.waitUntil { screen in
        let last = screen[mark...].components(separatedBy: "\u{1B}[2J").last ?? ""
        return last.contains("| Log in ") && !last.contains("Checking")
      }, "the check never ended on the login screen")
    session.send("\u{3}")
    #expect(session.waitUntil { $0[mark...].contains(Self.restored) })
    // The demo flushes typed input when it restores the terminal: give the prompt time to come
    // back (it may already be on screen) before typing `exit`; `finish` is bounded either way.
    _ = session.waitUntil(seconds: 5) { $0[mark...].contains("ready$ ") }
    session.send("exit\r")
    _ = session.finish()
  }

  @Test func aTinyTerminalIsClippedNotCrashed() throws {
    let session = try PseudoTerminalSession("stty cols 20 rows 5; exec \(Self.executable)")
    #expect(session.waitFor("| Log in"), "nothing was drawn:\n\(session.screen)")
    #expect(!session.screen.contains("Register"), "a 5-row terminal showed its 7th line")
    session.send("\u{3}")
    #expect(session.waitFor(Self.restored))
    #expect(session.finish() == 0)
  }
}
