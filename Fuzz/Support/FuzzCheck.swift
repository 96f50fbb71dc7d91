#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the fuzzer when an invariant a parser's documentation promises does not hold: the
/// message goes to standard error and the process aborts, which libFuzzer reports as a crash and
/// saves the input for.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  var line = "Fuzz invariant broken: \(message())\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  abort()
}

/// The fuzzer's input as bytes.
func bytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
  guard let data, count > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: count))
}

/// The fuzzer's input as text (invalid UTF-8 becomes U+FFFD, as when a file is read).
func text(_ data: UnsafePointer<UInt8>?, _ count: Int) -> String {
  String(decoding: bytes(data, count), as: UTF8.self)
}

/// Lines as the demo scripts count them: LF, CRLF and a lone CR each end one.
func lines(_ text: String) -> [Substring] {
  text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
}
