/// A key press, decoded from the bytes a terminal sends in raw mode.
public enum Key: Hashable, Sendable {
  /// A printable character (any script, including CJK and emoji).
  case character(Character)
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Enter or Return.
  case enter
  /// Backspace or Delete.
  case backspace
  /// Escape pressed alone.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Control-C.
  case interrupt
  /// Control-D (end of input).
  case endOfInput
  /// Bytes that are not a key this front knows, kept for diagnostics.
  case unknown([UInt8])

  /// The name scripts use for this key: `tab`, `enter`, `esc`, `up`, ...; `nil` for characters.
  public var scriptName: String? {
    switch self {
    case .character, .unknown: nil
    case .tab: "tab"
    case .backTab: "shift-tab"
    case .enter: "enter"
    case .backspace: "backspace"
    case .escape: "esc"
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .interrupt: "ctrl-c"
    case .endOfInput: "ctrl-d"
    }
  }

  /// The key a script names (`tab`, `enter`, `esc`, ...), or `nil` if the name is unknown.
  public init?(scriptName: String) {
    let all: [Key] = [
      .tab, .backTab, .enter, .backspace, .escape, .up, .down, .left, .right, .interrupt, .endOfInput,
    ]
    guard let key = all.first(where: { $0.scriptName == scriptName.lowercased() }) else { return nil }
    self = key
  }
}
