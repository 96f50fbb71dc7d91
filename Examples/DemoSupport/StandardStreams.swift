#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing a command-line program's output and errors with `write(2)`, so that a closed, full
/// or broken stream is a reported failure rather than a trap or a silent success.
///
/// `FileHandle.standardError.write` traps when standard error is closed, and `print` to a
/// closed or full standard output drops the text and lets the program exit 0. Here every write
/// says whether all of it arrived. Threading: any thread; the writes of one call are not
/// interleaved with each other, but two threads writing at once may interleave.
public enum StandardStreams {
  /// Why standard output could not take the text.
  public struct WriteError: Error, Equatable, CustomStringConvertible {
    /// The `errno` of the failed write.
    public let code: Int32

    /// Makes the error for `errno` value `code`.
    public init(code: Int32) { self.code = code }

    /// Whether the reader went away (`EPIPE`): the output was not wanted any more, as with
    /// `demo | head -1`.
    public var isBrokenPipe: Bool { code == EPIPE }

    /// The system's message for the error, such as "No space left on device".
    public var description: String { String(cString: strerror(code)) }
  }

  /// Ignores SIGPIPE, so a write to a pipe whose reader has gone fails with `EPIPE` instead of
  /// killing the process. Call it first thing in `main`.
  public static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Writes all of `text` to standard output (retrying short and interrupted writes).
  ///
  /// - Parameter text: What to write.
  /// - Throws: `WriteError` when the descriptor is closed, full, or a broken pipe.
  public static func writeOutput(_ text: String) throws(WriteError) {
    if let code = writeAll(text, to: STDOUT_FILENO) { throw WriteError(code: code) }
  }

  /// Writes `text` and a newline to standard error, ignoring every failure (a closed or broken
  /// standard error has nowhere else to report to).
  public static func writeError(_ line: String) {
    _ = writeAll(line + "\n", to: STDERR_FILENO)
  }

  /// Writes `message` to standard error if it can, and exits with `status`.
  public static func fail(_ message: String, status: Int32 = 2) -> Never {
    writeError(message)
    exit(status)
  }

  /// Writes `text` to standard output, or exits with status 1 when it cannot: quietly when the
  /// reader has gone (a broken pipe), with a message on standard error otherwise (a closed or
  /// full output must not look like success).
  public static func writeOutputOrExit(_ text: String) {
    do {
      try writeOutput(text)
    } catch {
      if error.isBrokenPipe { exit(1) }
      fail("cannot write the output: \(error)", status: 1)
    }
  }

  /// Writes every byte of `text` to `descriptor`; the `errno` of the first failure, or `nil`.
  static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { bytes -> Int32? in
      guard let base = bytes.baseAddress else { return nil }
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if written == 0 { return EIO }
        offset += written
      }
      return nil
    }
  }
}
