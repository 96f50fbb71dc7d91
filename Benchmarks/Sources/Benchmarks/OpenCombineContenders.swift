import OpenCombine
import Signals

/// The scenarios written with OpenCombine 0.14, as a user would write them. It has no
/// `combineLatest`, so those scenarios build one from sinks and a subject (marked emulated).
enum OpenCombineContenders {
  static func mapFilterSink(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = OpenCombine.PassthroughSubject<Int, Never>()
    let cancellable = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.sink { tally.add($0) }
    return Trial(
      tally: tally, run: { for value in 0..<n { subject.send(value) } }, finish: { cancellable.cancel() })
  }

  /// combineLatest as an OpenCombine user writes it without the operator: two sinks keep the
  /// latest values and send pairs into a subject. Observe the subject, then call `connect`.
  static func combineLatest<A, B>(
    _ a: some OpenCombine.Publisher<A, Never>, _ b: some OpenCombine.Publisher<B, Never>
  ) -> (pairs: OpenCombine.PassthroughSubject<(A, B), Never>, connect: () -> [OpenCombine.AnyCancellable]) {
    let output = OpenCombine.PassthroughSubject<(A, B), Never>()
    var latestA: A?
    var latestB: B?
    return (
      output,
      {
        let first = a.sink { value in
          latestA = value
          if let latestB { output.send((value, latestB)) }
        }
        let second = b.sink { value in
          latestB = value
          if let latestA { output.send((latestA, value)) }
        }
        return [first, second]
      }
    )
  }

  static func combineLatest(_ n: Int) -> Trial {
    let tally = Tally()
    let a = OpenCombine.PassthroughSubject<Int, Never>()
    let b = OpenCombine.PassthroughSubject<Int, Never>()
    let (pairs, connect) = combineLatest(a, b)
    let cancellable = pairs.map { $0 + $1 }.sink { tally.add($0) }
    let inputs = connect()
    return Trial(
      tally: tally,
      run: {
        for value in 0..<n {
          if value % 2 == 0 { a.send(value) } else { b.send(value) }
        }
      },
      finish: {
        cancellable.cancel()
        inputs.forEach { $0.cancel() }
      })
  }

  static func fanout(sinks: Int, sends: Int) -> Trial {
    let tally = Tally()
    let subject = OpenCombine.PassthroughSubject<Int, Never>()
    let cancellables = (0..<sinks).map { _ in subject.sink { tally.add($0) } }
    return Trial(
      tally: tally, run: { for value in 0..<sends { subject.send(value) } },
      finish: { cancellables.forEach { $0.cancel() } })
  }

  static func subscribeCancel(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = OpenCombine.PassthroughSubject<Int, Never>()
    return Trial(tally: tally) {
      for value in 0..<n {
        let cancellable = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.sink { tally.add($0) }
        subject.send(value)
        cancellable.cancel()
      }
    }
  }

  static func currentValueDerived(_ n: Int) -> Trial {
    let tally = Tally()
    let account = OpenCombine.CurrentValueSubject<String, Never>("")
    let password = OpenCombine.CurrentValueSubject<String, Never>("")
    let (pairs, connect) = combineLatest(
      account.map(LoginShape.accountValid), password.map(LoginShape.passwordValid))
    let cancellable = pairs.map { $0 && $1 }.removeDuplicates().sink { tally.add($0 ? 1 : 0) }
    let inputs = connect()
    return Trial(
      tally: tally,
      run: {
        for index in 0..<n {
          LoginShape.update(index, account: { account.send($0) }, password: { password.send($0) })
        }
      },
      finish: {
        cancellable.cancel()
        inputs.forEach { $0.cancel() }
      })
  }

  static func flatMapLatest(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = OpenCombine.PassthroughSubject<Int, Never>()
    let cancellable = subject.map { OpenCombine.Just($0) }.switchToLatest().sink { tally.add($0) }
    return Trial(
      tally: tally, run: { for value in 0..<n { subject.send(value) } }, finish: { cancellable.cancel() })
  }

  static func debounce(_ n: Int) -> Trial {
    let tally = Tally()
    let scheduler = VirtualScheduler()
    let subject = OpenCombine.PassthroughSubject<Int, Never>()
    let cancellable = subject.debounce(
      for: .nanoseconds(Int(DebounceInput.debounceTicks * DebounceInput.tick)), scheduler: scheduler
    ).sink { tally.add($0) }
    return Trial(
      tally: tally,
      run: {
        DebounceInput.drive(count: n) { value, time in
          scheduler.clock.advance(to: time)
          subject.send(value)
        }
        scheduler.clock.run()
      },
      finish: { cancellable.cancel() })
  }

  static func liveSubscriptions(_ n: Int) -> (subscribe: () -> Void, cancelAll: () -> Void) {
    let subject = OpenCombine.PassthroughSubject<Int, Never>()
    let tally = Tally()
    var cancellables: [OpenCombine.AnyCancellable] = []
    return (
      {
        cancellables.reserveCapacity(n)
        for _ in 0..<n {
          cancellables.append(subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.sink { tally.add($0) })
        }
      },
      {
        for cancellable in cancellables { cancellable.cancel() }
        cancellables = []
      }
    )
  }
}

extension SchedulerTime.Stride: @retroactive OpenCombine.SchedulerTimeIntervalConvertible {}

/// A virtual-time scheduler for OpenCombine, as its users write one (it ships none), over the
/// same `VirtualClock` the closures use; its time type is Signals' `SchedulerTime`.
final class VirtualScheduler: OpenCombine.Scheduler {
  typealias SchedulerTimeType = SchedulerTime
  typealias SchedulerOptions = Never

  let clock = VirtualClock()

  var now: SchedulerTime { SchedulerTime(nanoseconds: clock.now) }
  var minimumTolerance: SchedulerTime.Stride { .zero }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    clock.schedule(at: clock.now, action)
  }

  func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    clock.schedule(at: date.nanoseconds, action)
  }

  func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride,
    options: Never?,
    _ action: @escaping () -> Void
  ) -> OpenCombine.Cancellable {
    final class Repeating: OpenCombine.Cancellable {
      var token: Int?
      var cancelled = false
      let clock: VirtualClock
      init(clock: VirtualClock) { self.clock = clock }
      func cancel() {
        cancelled = true
        if let token { clock.cancel(token) }
      }
    }
    let repeating = Repeating(clock: clock)
    func tick(at time: Int64) {
      repeating.token = clock.schedule(at: time) { [clock] in
        guard !repeating.cancelled else { return }
        action()
        tick(at: clock.now + interval.nanoseconds)
      }
    }
    tick(at: date.nanoseconds)
    return repeating
  }
}
