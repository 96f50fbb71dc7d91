/// What one macrostep of a statechart did, for inspection (`StateMachine.macrosteps`): what
/// started it, each microstep's transitions and its exit and entry sets, the actions run, the
/// timers armed and cancelled, the invocations started and stopped, and the extended state
/// before and after.
///
/// `description` renders it as text, one line per fact:
///
/// ```
/// event go in [idle]
///   step idle --go--> busy
///   exit idle
///   action idle --go--> busy
///   enter busy
///   arm busy --after 5s--> done
///   context Tally(count: 0, log: []) -> Tally(count: 1, log: [])
///   now [busy]
/// ```
///
/// Threading: a value, made by the thread that ran the macrostep.
public struct MacrostepRecord<State: CaseKeyed, Event: CaseKeyed> {
  /// What started a macrostep.
  public enum Cause {
    /// The machine's start (its initial configuration entered).
    case start
    /// An event from outside (sent, or from an action's `send`).
    case event(Event)
    /// A delayed transition's timer, by the transition's title.
    case timer(String)
    /// An invoked publisher's event.
    case invoked(Event)
    /// A restore to a saved state.
    case restore
  }

  /// One microstep: the transitions taken together, and the states left and entered.
  public struct Microstep {
    /// The transitions, by title (`source --label--> target`).
    public let transitions: [String]
    /// The states left, innermost first.
    public let exited: [State.Case]
    /// The states entered, outermost first.
    public let entered: [State.Case]
  }

  /// What started the macrostep.
  public let cause: Cause
  /// The configuration before it.
  public let configurationBefore: [State.Case]
  /// The extended state before it.
  public let contextBefore: State.MachineContext
  /// Its microsteps, in order.
  public internal(set) var microsteps: [Microstep] = []
  /// Every fact in the order it happened: `step <titles>`, `exit s`, `action <title>`,
  /// `enter s`, `arm <title>`, `cancel <title>`, `invoke s`, `stop invoking s`, `raise e`,
  /// `done s`.
  public internal(set) var log: [String] = []
  /// The configuration after it.
  public internal(set) var configurationAfter: [State.Case] = []
  /// The extended state after it.
  public internal(set) var contextAfter: State.MachineContext
  /// Whether the macrostep was cut at the machine's loop limit.
  public internal(set) var wasCut = false

  init(cause: Cause, configuration: [State.Case], context: State.MachineContext) {
    self.cause = cause
    configurationBefore = configuration
    contextBefore = context
    contextAfter = context
  }
}

extension MacrostepRecord: CustomStringConvertible {
  /// The record as text: the cause and the configuration before, then one indented line per
  /// microstep and per fact, the context's change (when it changed as text) and the
  /// configuration after.
  public var description: String {
    func names(_ keys: [State.Case]) -> String { "[" + keys.map(caseLabel).joined(separator: ", ") + "]" }
    let head: String
    switch cause {
    case .start: head = "start"
    case .event(let event): head = "event \(String(describing: event)) in \(names(configurationBefore))"
    case .timer(let title): head = "timer \(title) in \(names(configurationBefore))"
    case .invoked(let event): head = "invoked \(String(describing: event)) in \(names(configurationBefore))"
    case .restore: head = "restore from \(names(configurationBefore))"
    }
    var lines = [head]
    lines += log.map { "  \($0)" }
    let before = String(describing: contextBefore)
    let after = String(describing: contextAfter)
    if before != after { lines.append("  context \(before) -> \(after)") }
    if wasCut { lines.append("  cut at the loop limit") }
    lines.append("  now \(names(configurationAfter))")
    return lines.joined(separator: "\n")
  }
}

extension MacrostepRecord: Sendable where State: Sendable, Event: Sendable {}
extension MacrostepRecord.Cause: Sendable where State: Sendable, Event: Sendable {}
extension MacrostepRecord.Microstep: Sendable where State: Sendable, Event: Sendable {}
