#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's terminal in raw mode: keys in, full screens out, restored on every way out.
///
/// `enterRawMode()` saves the terminal settings, switches to raw input, the alternate screen and
/// a hidden cursor; `restore()` undoes all of it and is safe to call more than once. It is also
/// installed for normal exit (`atexit`), for SIGINT, SIGTERM, SIGHUP and SIGQUIT, and for the
/// signals of a crash (a trap, an abort, a bad access), which restore and then end the process
/// as the signal would have. Suspending (`suspend()`, or a SIGTSTP from elsewhere) restores the
/// terminal and stops the process; when it is continued (`fg`, a SIGCONT) it re-enters raw mode.
/// Threading: call from the main thread.
public final class Terminal: Sendable {
  /// Whether standard input and standard output are both terminals.
  public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// The size of the terminal in cells, or 80x24 when it cannot be read.
  public static var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Makes the terminal handle; nothing changes until `enterRawMode()`.
  public init() {}

  /// Saves the settings and enters raw mode with the alternate screen and a hidden cursor.
  public func enterRawMode() {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    TerminalState.save(settings)
    var raw = settings
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    TerminalState.raw = raw
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    TerminalState.write(TerminalState.enter)
    atexit { TerminalState.restore() }
    TerminalState.installSuspendHandler()
    // Ending signals, and the ones a crash raises (a Swift trap is SIGILL or SIGTRAP on Linux):
    // the terminal comes back, then the signal does what it would have done.
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE] {
      Glibc.signal(signal) { number in
        TerminalState.restore()
        Glibc.signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  /// Leaves raw mode: the saved settings, the main screen and the cursor come back.
  public func restore() { TerminalState.restore() }

  /// What Ctrl-Z does in a shell, which raw mode turns into a plain key: raises SIGTSTP, whose
  /// handler restores the terminal and stops the process; it returns once the process is
  /// continued (`fg`) and raw mode is back. In an orphaned process group (no shell with job
  /// control above it) the kernel discards the stop, and this returns at once.
  public func suspend() { raise(SIGTSTP) }

  /// Where the SIGTSTP handler reports the app leaving and coming back: a pipe whose read end
  /// yields one byte per event, `b` when suspending and `f` when continued. Made on first use.
  public static var lifecycleEvents: Int32 { TerminalState.lifecyclePipe().read }

  /// Replaces the screen with `lines` (clipped to the terminal size).
  public func draw(_ lines: [String]) {
    let (columns, rows) = Self.size
    var output = "\u{1B}[H\u{1B}[2J"
    for (index, line) in lines.prefix(rows).enumerated() {
      if index > 0 { output += "\r\n" }
      output += TextWidth.clip(line, to: columns)
    }
    TerminalState.write(output)
  }

  /// Reads what is available from standard input (blocking until at least one byte), or `nil`
  /// at end of input or on a read error.
  public func read() -> [UInt8]? {
    // Large enough for what a terminal hands over at once (a paste arrives a few KiB per read).
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return Array(buffer.prefix(count))
  }
}

/// What must be reachable from a signal handler: the saved settings, behind an async-signal-safe
/// flag (a signal handler can capture nothing, so this is global state by necessity).
enum TerminalState {
  // nonisolated(unsafe): written once before raw mode starts, read by `restore`, which signal
  // handlers call; a Mutex could deadlock inside a signal handler.
  nonisolated(unsafe) static var saved: termios?
  // nonisolated(unsafe): the raw settings, written before the SIGTSTP handler is installed and
  // read by it on resume; same reason as `saved`.
  nonisolated(unsafe) static var raw: termios?
  // nonisolated(unsafe): made once on the main thread before the handler can run; the handler
  // only writes to the descriptor (async-signal-safe).
  nonisolated(unsafe) static var events: (read: Int32, write: Int32)?

  /// The escape sequences of raw mode's screen: the alternate screen, the cursor hidden.
  static let enter = "\u{1B}[?1049h\u{1B}[?25l"
  /// The escape sequences that undo `enter`.
  static let leave = "\u{1B}[?25h\u{1B}[?1049l"

  static func save(_ settings: termios) { saved = settings }

  static func restore() {
    guard var settings = saved else { return }
    saved = nil
    write(leave)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }

  static func lifecyclePipe() -> (read: Int32, write: Int32) {
    if let events { return events }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return (-1, -1) }
    events = (ends[0], ends[1])
    return (ends[0], ends[1])
  }

  /// Installs the SIGTSTP handler, and unblocks SIGTSTP and SIGCONT (a blocked mask is
  /// inherited from whatever started the process; threads made later inherit this one's).
  static func installSuspendHandler() {
    _ = lifecyclePipe()
    // Globals initialize lazily: touch them here, not first inside the signal handler.
    _ = (enter, leave)
    Glibc.signal(SIGTSTP) { _ in TerminalState.suspendNow() }
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGTSTP)
    sigaddset(&mask, SIGCONT)
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
  }

  /// The SIGTSTP handler (async-signal-safe calls only): reports `b`, restores the terminal,
  /// stops the process with the default action, and on continuing re-installs itself, re-enters
  /// raw mode (if it was on) and reports `f`.
  static func suspendNow() {
    report(UInt8(ascii: "b"))
    let wasRaw = saved != nil
    if var settings = saved {
      write(leave)
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }
    Glibc.signal(SIGTSTP, SIG_DFL)
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    raise(SIGTSTP)  // stopped here until SIGCONT
    Glibc.signal(SIGTSTP) { _ in TerminalState.suspendNow() }
    if wasRaw, saved != nil, var settings = raw {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
      write(enter)
    }
    report(UInt8(ascii: "f"))
  }

  static func report(_ byte: UInt8) {
    guard let events else { return }
    var byte = byte
    _ = Glibc.write(events.write, &byte, 1)
  }

  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
