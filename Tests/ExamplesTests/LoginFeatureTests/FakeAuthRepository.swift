import LoginFeature
import Signals
import SignalsTesting
import Testing

/// Seed 003's repository protocol, faked: every login is a request the test answers (or not),
/// and the fake counts the requests made and cancelled.
final class FakeAuthRepository: AuthRepositoring, @unchecked Sendable {
  // @unchecked: used on the test's one thread.
  var accepts = true
  var logins: [String] = []
  var cancelled = 0
  /// The last login request, which the test answers.
  var answers = PassthroughSubject<Session, AppError>()

  func isAccountAccepted(_ account: String) -> AnyPublisher<Bool, AppError> {
    Just(accepts).setFailureType(to: AppError.self).eraseToAnyPublisher()
  }

  func login(account: String, password: String) -> AnyPublisher<Session, AppError> {
    logins.append("\(account) \(password)")
    answers = PassthroughSubject()
    return answers.handleEvents(receiveCancel: { [weak self] in self?.cancelled += 1 }).eraseToAnyPublisher()
  }
}

/// Seed 003's use case over the repository protocol: any repository will do, a fake included.
@MainActor @Suite struct AuthRepositoringTests {
  let scheduler = TestScheduler()

  @Test func theUseCaseDependsOnlyOnTheRepositoryProtocol() {
    let repository = FakeAuthRepository()
    let useCase = LoginUseCase(repository: repository)
    let result = useCase.login(account: "  bob  ", password: "secret").record(on: scheduler)
    repository.answers.send(completion: .failure(.sessionExpired))
    #expect(repository.logins == ["bob secret"])  // trimmed by the use case
    #expect(result.failure == .sessionExpired)
  }

  @Test func theViewModelTakesTheRepositorysAccountCheck() {
    let repository = FakeAuthRepository()
    repository.accepts = false
    let model = LoginViewModel(useCase: LoginUseCase(repository: repository), scheduler: scheduler)
    let valid = model.accountValid.record(on: scheduler)
    model.account = "alice@example.com"
    scheduler.advance(by: .milliseconds(500))
    #expect(valid.values == [true, false])  // long enough, but this repository refuses it
    repository.accepts = true
    model.account = "alice@example.org"
    scheduler.advance(by: .milliseconds(500))
    #expect(valid.values == [true, false, true])
  }
}
