import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Terminal {
  /// Runs an interactive app until `handle` returns `false` or input ends: raw mode, keys read
  /// on a background thread and handed to the main queue one batch at a time, a redraw when the
  /// terminal is resized, and the terminal restored on the way out.
  ///
  /// Call it once, after drawing the first screen; it never returns. Threading: `redraw` and
  /// `handle` run on the main actor.
  @MainActor
  public func runInteractive(
    redraw: @escaping @MainActor () -> Void, handle: @escaping @MainActor (Key) -> Bool
  ) -> Never {
    signal(SIGWINCH, SIG_IGN)
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
    resize.setEventHandler { MainActor.assumeIsolated { redraw() } }
    resize.resume()
    Thread.detachNewThread { [self] in
      var decoder = KeyDecoder()
      while let bytes = read() {
        let keys = decoder.decode(bytes)
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            for key in keys where !handle(key) {
              self.restore()
              exit(0)
            }
          }
        }
      }
      DispatchQueue.main.async {
        self.restore()
        exit(0)
      }
    }
    withExtendedLifetime(resize) { dispatchMain() }
  }
}
