import Signals

/// What a state of a statechart is on screen, for a `Coordinator` that runs a chart: the
/// coordinator reads the active states in document order (ancestors first) and lays out the
/// screens of those that have a role.
///
/// A nested flow is a compound state: its screen stays active while its children are pushed
/// over it (`.push` on a child). Tabs are a parallel state's regions: each region's `.tab`
/// screen is the root of one tab, in document order, and the screens pushed below it are that
/// tab's stack; a state with `.selectsTab(_:)` (in a region of its own) says which tab shows.
/// "Back to where the flow was" is a `History` state: entering it restores the children, so
/// the coordinator shows their screens again.
public enum ScreenRole: Hashable, Sendable {
  /// The root of the main stack: what was shown below it is replaced.
  case root
  /// Pushed onto the stack of the screen shown before it in document order (a tab's, the main
  /// stack's, or a modal's).
  case push
  /// Presented modally over everything before it (over the tabs, when there are some).
  case modal
  /// The root of the next tab (the first `.tab` in document order is tab 0).
  case tab
  /// Not a screen: while this state is active, the tab of this index is the one shown.
  case selectsTab(Int)
}

/// One call to a `Navigator`, as `ScreenLayout.calls(from:)` plans them.
public enum NavigatorCall<Screen> {
  /// `setRoot(_:)`.
  case setRoot(Screen)
  /// `push(_:)`.
  case push(Screen)
  /// `pop()`.
  case pop
  /// `present(_:)`.
  case present(Screen)
  /// `dismiss()`.
  case dismiss
  /// `setTabs(_:)`.
  case setTabs([Screen])
  /// `selectTab(_:)`.
  case selectTab(Int)
}

extension NavigatorCall: Sendable where Screen: Sendable {}
extension NavigatorCall: Equatable where Screen: Equatable {}

/// The screens a statechart's configuration means: tabs (each a stack), the tab shown, and the
/// stack above them (the main stack when there are no tabs, else the modal screens and what
/// they push). A value: `calls(from:)` says what a navigator must do to go from one layout to
/// another.
public struct ScreenLayout<Screen: CaseKeyed> {
  /// One screen of a stack.
  public struct Entry {
    /// The screen, with the value its state was entered with.
    public let screen: Screen
    /// Whether it was presented modally (else pushed, or the root).
    public let modal: Bool
  }

  /// Each tab's stack, root first, in document order; empty when the configuration has no tab.
  public private(set) var tabs: [[Screen]] = []
  /// The tab shown (0 when no state selects one).
  public private(set) var selectedTab = 0
  /// Without tabs, the main stack, root first; with tabs, the screens presented over them.
  public private(set) var stack: [Entry] = []

  /// An empty layout: nothing shown yet.
  public init() {}

  /// The layout `configuration` means.
  ///
  /// Bad input: a `.push` with no screen before it starts the main stack; a `.selectsTab(_:)`
  /// index past the last tab is clamped to it.
  ///
  /// - Parameters:
  ///   - configuration: The active states' cases in document order, ancestors first (a
  ///     machine's `configuration`).
  ///   - roles: What each state that is a screen is; a state missing here is not a screen.
  ///   - value: The screen of an active case (the machine's `activeState(_:)`); a case it has
  ///     no value for is left out.
  public init(
    configuration: [Screen.Case], roles: [Screen.Case: ScreenRole], value: (Screen.Case) -> Screen?
  ) {
    var tabContext: Int?  // the tab a `.push` goes to; `nil` for the main stack
    for key in configuration {
      guard let role = roles[key] else { continue }
      if case .selectsTab(let index) = role {
        selectedTab = index
        continue
      }
      guard let screen = value(key) else { continue }
      switch role {
      case .root:
        stack = [Entry(screen: screen, modal: false)]
        tabContext = nil
      case .modal:
        stack.append(Entry(screen: screen, modal: true))
        tabContext = nil
      case .tab:
        tabs.append([screen])
        tabContext = tabs.count - 1
      case .push:
        if let index = tabContext {
          tabs[index].append(screen)
        } else {
          stack.append(Entry(screen: screen, modal: false))
        }
      case .selectsTab: break
      }
    }
    selectedTab = tabs.isEmpty ? 0 : min(max(selectedTab, 0), tabs.count - 1)
  }

  /// The navigator calls that take a front showing `old` to this layout, fewest first: screens
  /// compare by case (a payload changed in place is not a new screen).
  ///
  /// Without tabs: the stack is popped (or the modal dismissed, which takes what it pushed
  /// with it) down to what both layouts share, then the new screens are pushed or presented;
  /// when not even the root is shared, `setRoot` starts over. With tabs: `setTabs` when the
  /// tabs' roots differ (then each tab's pushed screens, selecting it first, and the tab
  /// shown); else each changed tab is selected, popped and pushed, then the tab shown is
  /// selected; then the screens over the tabs change as a stack does (`present` for the first).
  ///
  /// - Parameter old: What the front shows now (`ScreenLayout()` for nothing).
  /// - Returns: The calls, in order.
  public func calls(from old: ScreenLayout) -> [NavigatorCall<Screen>] {
    var calls: [NavigatorCall<Screen>] = []
    if tabs.isEmpty {
      let shared = Self.sharedCount(old.tabs.isEmpty ? old.stack : [], stack)
      if shared == 0 {
        guard let root = stack.first else { return calls }
        calls.append(.setRoot(root.screen))
        Self.open(stack.dropFirst(), into: &calls)
        return calls
      }
      Self.close(old.stack[shared...], into: &calls)
      Self.open(stack[shared...], into: &calls)
      return calls
    }
    let roots = tabs.map { $0[0].caseKey }
    var shown = old.selectedTab
    var overlay = old.stack
    if old.tabs.map({ $0[0].caseKey }) != roots {
      calls.append(.setTabs(tabs.map { $0[0] }))
      shown = 0
      overlay = []
      for (index, tab) in tabs.enumerated() where tab.count > 1 {
        if shown != index { calls.append(.selectTab(index)) }
        shown = index
        for screen in tab.dropFirst() { calls.append(.push(screen)) }
      }
      calls.append(.selectTab(selectedTab))
    } else {
      for (index, tab) in tabs.enumerated() {
        let before = old.tabs[index]
        var shared = 0
        while shared < min(before.count, tab.count), before[shared].caseKey == tab[shared].caseKey {
          shared += 1
        }
        guard shared < before.count || shared < tab.count else { continue }
        if shown != index { calls.append(.selectTab(index)) }
        shown = index
        for _ in shared..<before.count { calls.append(.pop) }
        for screen in tab[shared...] { calls.append(.push(screen)) }
      }
      if shown != selectedTab { calls.append(.selectTab(selectedTab)) }
    }
    let shared = Self.sharedCount(overlay, stack)
    Self.close(overlay[shared...], into: &calls)
    Self.open(stack[shared...], into: &calls)
    return calls
  }

  /// How many entries, from the bottom, two stacks share (same case, same modality).
  static func sharedCount(_ old: [Entry], _ new: [Entry]) -> Int {
    var shared = 0
    while shared < min(old.count, new.count), old[shared].screen.caseKey == new[shared].screen.caseKey,
      old[shared].modal == new[shared].modal
    {
      shared += 1
    }
    return shared
  }

  /// Removes `removed` (the top of a stack, bottom first): dismissing its lowest modal screen
  /// takes everything above it; the pushed screens below that modal are popped.
  static func close(_ removed: ArraySlice<Entry>, into calls: inout [NavigatorCall<Screen>]) {
    let firstModal = removed.firstIndex(where: \.modal)
    if firstModal != nil { calls.append(.dismiss) }
    for _ in removed.startIndex..<(firstModal ?? removed.endIndex) { calls.append(.pop) }
  }

  /// Shows `added` (bottom first) over what is shown.
  static func open(_ added: ArraySlice<Entry>, into calls: inout [NavigatorCall<Screen>]) {
    for entry in added { calls.append(entry.modal ? .present(entry.screen) : .push(entry.screen)) }
  }
}
