// A Swift 6 view model as Combine code writes it today: the class on the main actor, its
// pipelines built in init, delivered with receive(on:) on the main queue or run loop. Ported by
// changing `import Combine` to `import SignalsFoundation`; nothing else changes, so this file
// compiling under complete concurrency checking is part of the test.
import Foundation
import SignalsFoundation

@MainActor
final class SignUpViewModel: ObservableObject {
  @Published var email = ""
  @Published var password = ""
  @Published var acceptedTerms = false
  @Published private(set) var canSubmit = false
  @Published private(set) var emailHint: String?
  @Published private(set) var passwordStrength = 0

  private var cancellables = Set<AnyCancellable>()

  init<S: Scheduler>(scheduler: S) {
    Publishers.CombineLatest3($email, $password, $acceptedTerms)
      .map { email, password, accepted in email.contains("@") && password.count >= 8 && accepted }
      .removeDuplicates()
      .assign(to: &$canSubmit)

    $email
      .dropFirst()
      .debounce(for: .milliseconds(400), scheduler: scheduler)
      .map { $0.contains("@") ? nil : "An email address has an @" }
      .sink { [weak self] hint in self?.emailHint = hint }
      .store(in: &cancellables)

    $password
      .map { password in
        [password.count >= 8, password.contains(where: \.isNumber), password.contains(where: \.isUppercase)]
          .filter { $0 }.count
      }
      .assign(to: \.passwordStrength, on: self)
      .store(in: &cancellables)
  }

  /// Clears the form; the outputs follow through their pipelines.
  func reset() {
    email = ""
    password = ""
    acceptedTerms = false
    objectWillChange.send()
  }
}

/// Pipelines that deliver on the main queue and main run loop, as views bind them.
@MainActor
final class ClockViewModel: ObservableObject {
  @Published private(set) var ticks = 0
  @Published private(set) var lastNote: String?
  private var cancellables = Set<AnyCancellable>()

  init(center: NotificationCenter) {
    Timer.publish(every: 3_600, on: .main, in: .common)
      .autoconnect()
      .receive(on: DispatchQueue.main)
      .sink { [weak self] _ in self?.ticks += 1 }
      .store(in: &cancellables)

    center.publisher(for: Notification.Name("note"))
      .compactMap { $0.object as? String }
      .receive(on: RunLoop.main)
      .sink { [weak self] note in self?.lastNote = note }
      .store(in: &cancellables)
  }
}
