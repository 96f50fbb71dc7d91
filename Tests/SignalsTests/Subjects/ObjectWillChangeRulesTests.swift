import Signals
import SignalsExtras
import SignalsTesting
import Testing

/// A model whose property is fed by `assign(to: &$name)` and has a `didSet`.
final class AssignedProfile: ObservableObject {
  @Published var name = "Ada" {
    didSet { didSetCount += 1 }
  }
  @Published var tags: [String] = []
  var didSetCount = 0
}

/// The public-code form: a derived property assigned from a `CombineLatest4` of the inputs,
/// delivered on the main thread's scheduler (here a test scheduler standing in for it).
final class SignUpForm: ObservableObject {
  @Published var name = ""
  @Published var email = ""
  @Published var password = ""
  @Published var confirmation = ""
  @Published private(set) var canSubmit = false

  init(scheduler: any Scheduler) {
    Publishers.CombineLatest4($name, $email, $password, $confirmation)
      .map { name, email, password, confirmation in
        !name.isEmpty && email.contains("@") && password.count >= 8 && password == confirmation
      }
      .receive(on: scheduler)
      .assign(to: &$canSubmit)
  }
}

/// Combine's rules for `objectWillChange` (Apple's documentation of `ObservableObject` and
/// `assign(to:)`; OpenCombine 0.14's `PublishedSubject.send`, which every path that stores a
/// `@Published` value goes through): it sends before every change, however the property is
/// changed; `assign(to: &$name)` stores without the property's setter, so `didSet` does not run.
@Suite struct ObjectWillChangeRulesTests {
  @Test func assignToPublishedSendsObjectWillChangeBeforeEachValue() {
    let profile = AssignedProfile()
    let names = PassthroughSubject<String, Never>()
    names.assign(to: &profile.$name)
    var order: [String] = []
    let willChange = profile.objectWillChange.sink { order.append("will change from \(profile.name)") }
    let didChange = profile.$name.dropFirst().sink { order.append("now \($0)") }
    names.send("Grace")
    names.send("Hedy")
    #expect(order == ["will change from Ada", "now Grace", "will change from Grace", "now Hedy"])
    willChange.cancel()
    didChange.cancel()
  }

  @Test func assignToPublishedDoesNotRunDidSetAsInCombine() {
    let profile = AssignedProfile()
    let names = PassthroughSubject<String, Never>()
    names.assign(to: &profile.$name)
    let willChange = profile.objectWillChange.record()
    names.send("Grace")
    #expect(profile.name == "Grace")
    #expect(willChange.values.count == 1)
    #expect(profile.didSetCount == 0)
    profile.name = "Hedy"
    #expect(willChange.values.count == 2)
    #expect(profile.didSetCount == 1)
    willChange.cancel()
  }

  @Test func assignOnGoesThroughTheSetter() {
    let profile = AssignedProfile()
    let willChange = profile.objectWillChange.record()
    let assignment = Just("Grace").assign(to: \.name, on: profile)
    #expect(willChange.values.count == 1)
    #expect(profile.didSetCount == 1)
    let weakAssignment = Just("Hedy").assign(to: \.name, onWeak: profile)
    #expect(willChange.values.count == 2)
    #expect(profile.didSetCount == 2)
    assignment.cancel()
    weakAssignment.cancel()
    willChange.cancel()
  }

  @Test func anInPlaceMutationSendsOnce() {
    let profile = AssignedProfile()
    let willChange = profile.objectWillChange.record()
    profile.tags.append("analyst")
    profile.tags[0] = "mathematician"
    #expect(willChange.values.count == 2)
    #expect(profile.tags == ["mathematician"])
    willChange.cancel()
  }

  @Test func everyInputAndEveryDerivedValueOfTheFormSendsObjectWillChange() {
    let scheduler = TestScheduler()
    let form = SignUpForm(scheduler: scheduler)
    scheduler.advance()
    let willChange = form.objectWillChange.record()
    form.name = "Ada"
    form.email = "ada@example.com"
    form.password = "analytical"
    form.confirmation = "analytical"
    scheduler.advance()
    #expect(form.canSubmit)
    #expect(willChange.values.count == 8)  // four inputs, four derived values
    willChange.cancel()
  }

  /// A view that redraws the way SwiftUI does: `objectWillChange` schedules a render, which
  /// reads the model on the next turn. Without `objectWillChange` for the derived value, the
  /// last render ran before `canSubmit` changed and nothing asked for another: a stale view.
  @Test func aViewThatRedrawsOnObjectWillChangeShowsTheDerivedValue() {
    let scheduler = TestScheduler()
    let form = SignUpForm(scheduler: scheduler)
    scheduler.advance()
    var shown = false
    let view = form.objectWillChange.receive(on: scheduler).sink { shown = form.canSubmit }
    form.name = "Ada"
    form.email = "ada@example.com"
    form.password = "analytical"
    form.confirmation = "analytical"
    scheduler.advance()
    #expect(shown)
    view.cancel()
  }
}
