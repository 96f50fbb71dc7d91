import Coordinators
import Signals
import SignalsTesting
import Testing

/// A library: a home, details pushed over it and over each other, a sheet presented from any of
/// them, and a sign-out that makes a new root; `back` leaves a detail or the sheet, as a system
/// back gesture does.
enum Shelfie: Hashable, Sendable, Codable, CaseKeyed {
  case home, sheet, signedOut
  case detail(id: Int)

  enum Case: Hashable, Sendable { case home, sheet, signedOut, detail }
  var caseKey: Case {
    switch self {
    case .home: .home
    case .sheet: .sheet
    case .signedOut: .signedOut
    case .detail: .detail
    }
  }
}

enum ShelfieEvent: Hashable, Sendable, CaseKeyed {
  case open(id: Int)
  case showSheet, back, refresh, signOut, signIn

  enum Case: Hashable, Sendable { case open, showSheet, back, refresh, signOut, signIn }
  var caseKey: Case {
    switch self {
    case .open: .open
    case .showSheet: .showSheet
    case .back: .back
    case .refresh: .refresh
    case .signOut: .signOut
    case .signIn: .signIn
    }
  }
}

let shelfie = StateGraph<Shelfie, ShelfieEvent>(initial: .home) {
  Transition(
    from: .home, on: .open, to: .make(.detail) { if case .open(let id) = $0 { .detail(id: id) } else { nil } }
  )
  Transition(
    from: .detail, on: .open,
    to: .make(.detail) { if case .open(let id) = $0 { .detail(id: id) } else { nil } }
  )
  Transition(from: .home, on: .showSheet, to: .sheet, presentation: .modal)
  Transition(from: .detail, on: .showSheet, to: .sheet, presentation: .modal)
  Transition(from: .detail, on: .back, to: .previous)
  Transition(from: .sheet, on: .back, to: .previous)
  Transition(from: .home, on: .refresh, to: .home, presentation: .none)
  Transition(fromAny: .signOut, to: .signedOut, presentation: .root)
  Transition(from: .signedOut, on: .signIn, to: .home, presentation: .root)
}

/// Makes a scene per screen whose output subscription is live until the navigator lets it go,
/// and keeps the live ones, by when they were made.
@MainActor
final class LiveScenes {
  var live: [Int: Shelfie] = [:]
  var made = 0

  func makeScene(_ screen: Shelfie) -> (String, AnyCancellable?) {
    made += 1
    let id = made
    live[id] = screen
    return ("\(screen)", AnyCancellable { [weak self] in MainActor.assumeIsolated { self?.live[id] = nil } })
  }

  /// The screens whose scenes are live, oldest first.
  var screens: [Shelfie] { live.keys.sorted().compactMap { live[$0] } }
}

/// The stack a front shows, as its navigator calls build it: a system pop or dismiss is a
/// screen the front already removed.
@MainActor
func frontStack(_ calls: [String]) -> [String] {
  var stack: [String] = []
  for call in calls {
    if call.hasPrefix("root ") {
      stack = [String(call.dropFirst(5))]
    } else if call.hasPrefix("push ") || call.hasPrefix("present ") {
      stack.append(String(call.drop { $0 != " " }.dropFirst()))
    } else {
      _ = stack.popLast()
    }
  }
  return stack
}

/// A small, fast, seedable random generator (SplitMix64), so that a failing sequence replays.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@MainActor
@Suite struct SystemBackTests {
  func started() -> (
    Coordinator<Shelfie, ShelfieEvent>, SceneNavigator<LiveScenes, Shelfie, String>, LiveScenes,
    RecordingNavigator<String>
  ) {
    let owner = LiveScenes()
    let front = RecordingNavigator<String>()
    let scenes = SceneNavigator<LiveScenes, Shelfie, String>(front: front) { owner, screen in
      owner.makeScene(screen)
    }
    scenes.owner = owner
    let coordinator = Coordinator(graph: shelfie, navigator: scenes, backEvent: .back)
    coordinator.start()
    return (coordinator, scenes, owner, front)
  }

  @Test func aSystemBackEndsTheGoneScenesSubscriptionAndKeepsTheDepth() throws {
    let (coordinator, scenes, owner, front) = started()
    try coordinator.trySend(.open(id: 1))
    try coordinator.trySend(.showSheet)
    try coordinator.systemDidGoBack()
    try coordinator.systemDidGoBack()
    #expect(coordinator.stack.map(\.screen) == [.home])
    #expect(scenes.depth == 1)
    #expect(owner.screens == [.home])
    #expect(
      front.calls == ["root home", "push detail(id: 1)", "present sheet", "system dismiss", "system pop"])
  }

  @Test func aSystemBackIsNotAskedOfTheFrontAgain() throws {
    let navigator = RecordingNavigator<Shelfie>()
    let coordinator = Coordinator(graph: shelfie, navigator: navigator, backEvent: .back)
    coordinator.start()
    try coordinator.trySend(.open(id: 1))
    try coordinator.systemDidGoBack()
    try coordinator.trySend(.showSheet)
    try coordinator.systemDidGoBack()
    #expect(
      navigator.calls == ["root home", "push detail(id: 1)", "system pop", "present sheet", "system dismiss"])
  }

  @Test func aRefusedSystemBackTellsTheNavigatorNothing() throws {
    let (coordinator, scenes, owner, front) = started()
    #expect(throws: TransitionRejected.self) { try coordinator.systemDidGoBack() }
    #expect(scenes.depth == 1)
    #expect(owner.screens == [.home])
    #expect(front.calls == ["root home"])
  }

  /// After every step of a few hundred random sequences of events, system backs, saves and
  /// restores, the scene navigator's depth is the coordinator's stack depth, the live scene
  /// subscriptions are those of the screens on the stack, and the front shows as many screens.
  @Test func depthAndLiveScenesFollowTheStackThroughAnyMixOfSteps() throws {
    let events: [ShelfieEvent] = [
      .open(id: 1), .open(id: 2), .showSheet, .back, .back, .refresh, .signOut, .signIn,
    ]
    for seed in UInt64(1)...300 {
      var random = SplitMix64(seed: seed)
      let (coordinator, scenes, owner, front) = started()
      var saves: [[UInt8]] = []
      var log: [String] = []
      for _ in 0..<40 {
        switch random.next() % 10 {
        case 0..<6:
          let event = events[Int(random.next() % UInt64(events.count))]
          log.append("send \(event)")
          coordinator.send(event)
        case 6, 7:
          log.append("system back")
          try? coordinator.systemDidGoBack()
        case 8:
          log.append("save")
          saves.append(try coordinator.savedNavigation())
        default:
          guard !saves.isEmpty else { continue }
          let index = Int(random.next() % UInt64(saves.count))
          log.append("restore save \(index)")
          try coordinator.restoreNavigation(from: saves[index])
        }
        let stack = coordinator.stack.map(\.screen)
        #expect(scenes.depth == stack.count, "seed \(seed): \(log)")
        #expect(owner.screens == stack, "seed \(seed): \(log)")
        #expect(frontStack(front.calls) == stack.map { "\($0)" }, "seed \(seed): \(log)")
        if scenes.depth != stack.count || owner.screens != stack { return }
      }
    }
  }
}
