import OpenCombine
import Signals

/// Two scenarios of the demand issue and the sharing issue: a subscriber that requests one
/// value at a time (`demand-stepwise`), and four subscribers behind one `share()` (`share`).
enum DemandAndShareScenarios {
  /// One million values of a sequence through map and filter into a subscriber that requests
  /// `.max(1)` per value.
  ///
  /// The closures column is a hand-written demand counter (`DemandCountingSource`), the same
  /// work as the libraries' without a library: the source keeps the demand in a field, checks it
  /// and a cancel flag before each value, and adds what the subscriber returns for the value;
  /// the map, the filter (which returns one demand for a dropped value, as Combine's does) and
  /// the subscriber are closures, as in map-filter-sink (59 instructions per value). Until
  /// issue 42 this column was a bare loop whose demand was a local the optimizer proved always
  /// 1 and removed, and whose map and filter it inlined (0.9 ns, 12 instructions per value: the
  /// loop and the tally): it measured a `for` loop, not a demand counter, so the row's ratio
  /// (13.57x) said nothing about what demand costs.
  static func stepwise(_ contender: Contender, _ n: Int) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      let sink: (Int) -> Int = { value in
        tally.add(value)
        return 1
      }
      let filter: (Int) -> Int = { $0 % 2 == 0 ? sink($0) : 1 }
      let map: (Int) -> Int = { filter($0 + 1) }
      let source = DemandCountingSource(count: n, deliver: map)
      return Trial(tally: tally) { source.request(1) }
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

/// A hand-written source with a demand counter: the floor of demand-stepwise. It delivers
/// values `0..<count` one call at a time while its demand lasts, and adds what `deliver` (the
/// subscriber's answer) returns; a subscriber that returns 1 per value keeps it going one value
/// at a time, as `.max(1)` does.
final class DemandCountingSource {
  var demand = 0
  var next = 0
  var cancelled = false
  let count: Int
  let deliver: (Int) -> Int

  init(count: Int, deliver: @escaping (Int) -> Int) {
    self.count = count
    self.deliver = deliver
  }

  /// Adds `more` to the demand and delivers while it lasts.
  @inline(never) func request(_ more: Int) {
    demand += more
    while demand > 0, next < count, !cancelled {
      demand -= 1
      let value = next
      next += 1
      demand += deliver(value)
    }
  }
}
