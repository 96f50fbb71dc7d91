/// The hand-written baseline: what the scenarios cost as plain closures, with no library. A
/// subject is an array of handlers; operators are closures calling closures.
final class HandlerList<Value> {
  var handlers: [Int: (Value) -> Void] = [:]
  var ordered: [(Value) -> Void] = []
  var nextID = 0

  /// Adds `handler`; returns its id for `remove`.
  func add(_ handler: @escaping (Value) -> Void) -> Int {
    nextID += 1
    handlers[nextID] = handler
    ordered = Array(handlers.values)
    return nextID
  }

  /// Adds many handlers at once (fan-out set-up).
  func addAll(_ list: [(Value) -> Void]) {
    for handler in list {
      nextID += 1
      handlers[nextID] = handler
    }
    ordered = Array(handlers.values)
  }

  func remove(_ id: Int) {
    handlers[id] = nil
    ordered = Array(handlers.values)
  }

  @inline(never) func send(_ value: Value) {
    for handler in ordered { handler(value) }
  }
}

/// A single-handler subject, for subscribe-cancel: a dictionary insert and remove, as a
/// hand-written observer registry does.
final class Registry<Value> {
  var handlers: [Int: (Value) -> Void] = [:]
  var nextID = 0

  func add(_ handler: @escaping (Value) -> Void) -> Int {
    nextID += 1
    handlers[nextID] = handler
    return nextID
  }

  func remove(_ id: Int) { handlers[id] = nil }

  @inline(never) func send(_ value: Value) {
    for handler in handlers.values { handler(value) }
  }
}
