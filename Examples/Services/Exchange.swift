import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request's end, decided once: by the answer, the deadline or a cancel, whichever comes
/// first. Threading: any thread (a mutex).
final class Exchange: Sendable {
  struct State {
    var finished = false
    var task: URLSessionDataTask?
  }
  let state = Mutex(State())

  /// Remembers the task, to cancel it if the subscriber cancels.
  func start(_ task: URLSessionDataTask) {
    state.withLock { $0.task = task }
  }

  /// Claims the end: `true` for the first caller only.
  func finish() -> Bool {
    state.withLock { state in
      defer { state.finished = true }
      return !state.finished
    }
  }

  /// The subscriber went away: cancel the request (outside the lock).
  func cancel() {
    let task = state.withLock { state -> URLSessionDataTask? in
      defer {
        state.finished = true
        state.task = nil
      }
      return state.finished ? nil : state.task
    }
    task?.cancel()
  }
}
