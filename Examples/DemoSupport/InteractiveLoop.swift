import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Terminal {
  /// Runs an interactive app until `handle` returns `false` or input ends: raw mode, keys read
  /// on a background thread and handed to the main queue one batch per read (a paste arrives as
  /// a few large batches, which `CoalescedRedraw.apply(_:to:)` draws once each), a redraw when the
  /// terminal is resized, and the terminal restored on the way out. Ctrl-Z (byte 0x1A, a plain
  /// key in raw mode) suspends as a shell would (`suspend()`); each suspend and resume, also
  /// from a SIGTSTP or SIGCONT sent by something else, reaches `lifecycle` on the main actor.
  ///
  /// Call it once, after drawing the first screen; it never returns. Threading: `redraw`,
  /// `handle` and `lifecycle` run on the main actor.
  ///
  /// - Parameters:
  ///   - redraw: Draws the screen again (the terminal was resized).
  ///   - handle: Applies the keys of one read, in order; `false` when the app should quit.
  ///   - farewell: Read once `handle` has ended the app: a line to print after the terminal is
  ///     restored, or `nil`.
  ///   - lifecycle: Told when the app is suspended and resumed.
  @MainActor
  public func runInteractive(
    redraw: @escaping @MainActor () -> Void, handle: @escaping @MainActor ([Key]) -> Bool,
    farewell: @escaping @MainActor () -> String? = { nil },
    lifecycle: @escaping @MainActor (AppLifecycle) -> Void = { _ in }
  ) -> Never {
    signal(SIGWINCH, SIG_IGN)
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
    resize.setEventHandler { MainActor.assumeIsolated { redraw() } }
    resize.resume()
    let events = Self.lifecycleEvents
    Thread.detachNewThread {
      var byte: UInt8 = 0
      while Glibc.read(events, &byte, 1) == 1 {
        let event: AppLifecycle = byte == UInt8(ascii: "b") ? .background : .foreground
        DispatchQueue.main.async { MainActor.assumeIsolated { lifecycle(event) } }
      }
    }
    Thread.detachNewThread { [self] in
      var decoder = KeyDecoder()
      func deliver(_ keys: [Key]) {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            if !keys.isEmpty && !handle(keys) {
              self.restore()
              if let line = farewell() { print(line) }
              exit(0)
            }
          }
        }
      }
      while var bytes = read() {
        // Ctrl-Z: the keys before it first, then the suspend (which returns on resume).
        while let stop = bytes.firstIndex(of: 0x1A) {
          deliver(decoder.decode(Array(bytes[..<stop])))
          suspend()
          bytes = Array(bytes[(stop + 1)...])
        }
        deliver(decoder.decode(bytes))
      }
      DispatchQueue.main.async {
        self.restore()
        exit(0)
      }
    }
    withExtendedLifetime(resize) { dispatchMain() }
  }
}
