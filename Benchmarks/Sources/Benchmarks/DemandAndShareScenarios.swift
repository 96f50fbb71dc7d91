import OpenCombine
import Signals

/// Two scenarios of the demand issue and the sharing issue: a subscriber that requests one
/// value at a time (`demand-stepwise`), and four subscribers behind one `share()` (`share`).
enum DemandAndShareScenarios {
  /// One million values of a sequence through map and filter into a subscriber that requests
  /// `.max(1)` per value; the hand-written loop keeps the same demand counter by hand.
  static func stepwise(_ contender: Contender, _ n: Int) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      return Trial(tally: tally) {
        var demand = 1
        var value = 0
        while value < n, demand > 0 {
          demand -= 1
          let mapped = value + 1
          if mapped % 2 == 0 {
            tally.add(mapped)
            demand += 1
          } else {
            demand += 1
          }
          value += 1
        }
      }
    case .signals:
      return Trial(tally: tally) {
        (0..<n).publisher.map { $0 + 1 }.filter { $0 % 2 == 0 }.subscribe(SignalsStepwise(tally))
      }
    case .openCombine:
      return Trial(tally: tally) {
        (0..<n).publisher.map { $0 + 1 }.filter { $0 % 2 == 0 }.subscribe(OpenCombineStepwise(tally))
      }
    }
  }

  /// One subject, `share()`, four sinks behind it. The baseline in the closures column is the
  /// same fan-out without `share`: one Signals subject with four plain sinks (issue 18 item 8
  /// asks for `share` within 2x of it), so the row's Signals/closures ratio is what `share` adds.
  static func share(_ contender: Contender, sends: Int) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      let subject = Signals.PassthroughSubject<Int, Never>()
      let cancellables = (0..<4).map { _ in subject.sink { tally.add($0) } }
      return Trial(
        tally: tally, run: { for value in 0..<sends { subject.send(value) } },
        finish: { cancellables.forEach { $0.cancel() } })
    case .signals:
      let subject = Signals.PassthroughSubject<Int, Never>()
      let shared = subject.share()
      let cancellables = (0..<4).map { _ in shared.sink { tally.add($0) } }
      return Trial(
        tally: tally, run: { for value in 0..<sends { subject.send(value) } },
        finish: { cancellables.forEach { $0.cancel() } })
    case .openCombine:
      let subject = OpenCombine.PassthroughSubject<Int, Never>()
      let shared = subject.share()
      let cancellables = (0..<4).map { _ in shared.sink { tally.add($0) } }
      return Trial(
        tally: tally, run: { for value in 0..<sends { subject.send(value) } },
        finish: { cancellables.forEach { $0.cancel() } })
    }
  }
}

/// A Signals subscriber that asks for one value at a time, as Combine code writes one.
final class SignalsStepwise: Signals.Subscriber {
  typealias Input = Int
  typealias Failure = Never
  let tally: Tally
  init(_ tally: Tally) { self.tally = tally }
  func receive(subscription: any Signals.Subscription) { subscription.request(.max(1)) }
  func receive(_ input: Int) -> Signals.Subscribers.Demand {
    tally.add(input)
    return .max(1)
  }
  func receive(completion: Signals.Subscribers.Completion<Never>) {}
}

/// The same subscriber for OpenCombine.
final class OpenCombineStepwise: OpenCombine.Subscriber {
  typealias Input = Int
  typealias Failure = Never
  let combineIdentifier = OpenCombine.CombineIdentifier()
  let tally: Tally
  init(_ tally: Tally) { self.tally = tally }
  func receive(subscription: any OpenCombine.Subscription) { subscription.request(.max(1)) }
  func receive(_ input: Int) -> OpenCombine.Subscribers.Demand {
    tally.add(input)
    return .max(1)
  }
  func receive(completion: OpenCombine.Subscribers.Completion<Never>) {}
}
