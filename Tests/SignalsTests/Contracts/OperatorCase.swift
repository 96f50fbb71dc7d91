import Signals
import SignalsTesting
import Testing

/// One operator, prepared for the contract laws: it is applied to an `Int` source that may fail
/// with `TestError`, on a virtual-time scheduler, and its output is seen as `String`s failing
/// with `any Error`, so every operator goes through the same laws.
struct OperatorCase: CustomTestStringConvertible, Sendable {
  typealias Source = PassthroughSubject<Int, TestError>
  typealias Output = AnyPublisher<String, any Error>

  let name: String
  /// Whether the operator may deliver values that arrive from several threads at once
  /// (time operators deliver from the scheduler, so the threaded law does not apply).
  var threaded = true
  let apply: @Sendable (Source, TestScheduler) -> Output

  var testDescription: String { name }

  init(_ name: String, threaded: Bool = true, _ apply: @escaping @Sendable (Source, TestScheduler) -> Output)
  {
    self.name = name
    self.threaded = threaded
    self.apply = apply
  }
}

extension Publisher {
  /// The shape the laws observe: values as strings, any failure as `any Error`.
  func lawShape() -> AnyPublisher<String, any Error> {
    map { "\($0)" }.mapErrorToAny().eraseToAnyPublisher()
  }

  func mapErrorToAny() -> Publishers.EraseError<Self> { Publishers.EraseError(upstream: self) }
}

extension Publishers {
  /// Test-only: widens a publisher's failure to `any Error`.
  struct EraseError<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = any Error
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        AnySubscriber<Upstream.Output, Upstream.Failure>(
          receiveSubscription: subscriber.receive(subscription:),
          receiveValue: subscriber.receive(_:),
          receiveCompletion: { subscriber.receive(completion: $0.eraseError) }))
    }
  }
}

extension OperatorCase {
  /// Every operator the laws check. Add a line for each new operator.
  static let all: [OperatorCase] = [
    OperatorCase("map") { source, _ in source.map { $0 * 2 }.lawShape() },
    OperatorCase("filter") { source, _ in source.filter { $0 % 2 == 0 }.lawShape() },
  ]
}
