/// A demo's terminal front as the shared runners drive it: a frame of text to draw, keys in.
///
/// Threading: main actor.
@MainActor
public protocol TerminalFront: AnyObject {
  /// The screen as lines of text.
  var frame: [String] { get }
  /// Called after anything on screen may have changed; the interactive runner sets it to redraw.
  var onChange: () -> Void { get set }
  /// Applies one key; returns `false` when the app should quit.
  func handle(_ key: Key) -> Bool
  /// The app went to the background or came back to the foreground (the terminal demo was
  /// suspended or resumed; a script's `background` or `foreground` step). Nothing by default.
  func lifecycle(_ event: AppLifecycle)
  /// A line printed after the terminal is given back, when the app has ended itself (the URL
  /// "update now" opened); `nil` (the default) prints nothing.
  var farewell: String? { get }
}

extension TerminalFront {
  /// Ignores the app's lifecycle: a front that does nothing on suspend and resume.
  public func lifecycle(_ event: AppLifecycle) {}
  /// No line after the app ends.
  public var farewell: String? { nil }
}

/// Everything a demo executable's `main` does, shared by the demos: read the command line,
/// then print the usage or the graph, play a script on virtual time, or run the app (in a
/// terminal; elsewhere it plays the built-in script instead).
///
/// Threading: main actor. Bad input: a bad command line or an unreadable or malformed script
/// prints what is wrong (with the usage for a bad command line) on standard error and exits
/// with status 2; output that cannot be written exits with status 1 (see `StandardStreams`).
@MainActor
public struct DemoProgram<Options> {
  /// The usage text, printed by `--help` and after a command-line error.
  public let usage: String
  /// Reads the demo's own options; the shared ones (`--help`, `--graph`, `--script`) are read
  /// after it.
  public let readOptions: (inout CommandLineOptions) throws(UsageError) -> Options
  /// The navigation graph in a format.
  public let graph: (GraphFormat) -> String
  /// The graph in a format for the options given, when they choose among several (the login
  /// demo's `--chart`); `graph` when this is `nil`.
  public let graphFor: ((GraphFormat, Options) -> String)?
  /// The script `swift run` plays when it is not in a terminal.
  public let builtInScript: String
  /// The built-in script for the options given, when it depends on them (a start screen, a
  /// dialog); `builtInScript` when this is `nil`.
  public let builtInScriptFor: ((Options) -> String)?
  /// The options the built-in script plays with, from the command line's.
  public let builtInOptions: (Options) -> Options
  /// Plays steps on virtual time with these options and returns the frames.
  public let play: ([ScriptStep], Options) -> String
  /// Runs the app in the terminal until the user quits.
  public let runInteractive: (Options) -> Never

  /// A demo program from its parts.
  public init(
    usage: String, readOptions: @escaping (inout CommandLineOptions) throws(UsageError) -> Options,
    graph: @escaping (GraphFormat) -> String, graphFor: ((GraphFormat, Options) -> String)? = nil,
    builtInScript: String,
    builtInOptions: @escaping (Options) -> Options = { $0 },
    builtInScriptFor: ((Options) -> String)? = nil,
    play: @escaping ([ScriptStep], Options) -> String, runInteractive: @escaping (Options) -> Never
  ) {
    self.usage = usage
    self.readOptions = readOptions
    self.graph = graph
    self.graphFor = graphFor
    self.builtInScript = builtInScript
    self.builtInOptions = builtInOptions
    self.builtInScriptFor = builtInScriptFor
    self.play = play
    self.runInteractive = runInteractive
  }

  /// The mode and the demo's options that `arguments` ask for.
  public func parse(_ arguments: [String]) throws(UsageError) -> (DemoMode, Options) {
    var commandLine = CommandLineOptions(arguments)
    let options = try readOptions(&commandLine)
    let mode = try commandLine.demoMode()
    try commandLine.finish()
    return (mode, options)
  }

  /// Runs the program on the process's command line.
  public func main() {
    // Output to a closed pipe (`demo | head -1`) must end with an error status, not kill the
    // process; a closed or full output is reported on standard error.
    StandardStreams.ignoreBrokenPipes()
    let parsed: (DemoMode, Options)
    do {
      parsed = try parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      StandardStreams.fail("\(error)\n\n\(usage)")
    }
    let (mode, options) = parsed
    switch mode {
    case .help:
      StandardStreams.writeOutputOrExit(usage + "\n")
    case .graph(let format):
      StandardStreams.writeOutputOrExit(graphFor?(format, options) ?? graph(format))
    case .script(let path):
      guard let text = readScript(at: path) else { StandardStreams.fail("cannot read script \(path)") }
      do {
        StandardStreams.writeOutputOrExit(play(try parseScript(text), options))
      } catch {
        StandardStreams.fail("\(path): \(error)")
      }
    case .app:
      if Terminal.isInteractive { runInteractive(options) }
      // On standard error: standard output carries only the frames, so that they can be piped.
      StandardStreams.writeError(
        "(not a terminal: playing the built-in demo script; run it in a terminal to use the app)")
      do {
        let script = builtInScriptFor?(options) ?? builtInScript
        StandardStreams.writeOutputOrExit(play(try parseScript(script), builtInOptions(options)))
      } catch {
        StandardStreams.fail("the built-in script: \(error)")
      }
    }
  }
}

/// Runs `front` in the terminal until it asks to quit or input ends: raw mode, `start()` (which
/// shows the first screen), a redraw after changes with `footer` under the frame, and the
/// terminal restored on every way out. Redraws are coalesced (`CoalescedRedraw`): the keys of one
/// read (a paste) are applied before one redraw, and changes made in one turn of the main queue
/// are drawn together. Ctrl-Z (or a SIGTSTP) restores the terminal, tells `front` it went to the
/// background and stops the process; `fg` (a SIGCONT) re-enters raw mode, redraws and tells
/// `front` it is in the foreground. Threading: main actor; never returns.
@MainActor
public func runInTerminal(_ front: some TerminalFront, footer: String, start: () -> Void) -> Never {
  let terminal = Terminal()
  let redraws = CoalescedRedraw { [weak front] in
    guard let front else { return }
    terminal.draw(front.frame + ["", footer])
  }
  front.onChange = { redraws.changed() }
  terminal.enterRawMode()
  start()
  redraws.drawNow()
  terminal.runInteractive(
    redraw: { redraws.drawNow() }, handle: { redraws.apply($0, to: front.handle) },
    farewell: { front.farewell },
    lifecycle: { event in
      front.lifecycle(event)
      // Only on the way back: a frame drawn while suspending would land on the shell's screen.
      if event == .foreground { redraws.drawNow() }
    })
}
