import Signals
import SignalsVirtualTime

/// The scenarios written with Signals, as a user would write them.
enum SignalsContenders {
  static func mapFilterSink(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.sink { tally.add($0) }
    return Trial(
      tally: tally, run: { for value in 0..<n { subject.send(value) } }, finish: { cancellable.cancel() })
  }

  static func combineLatest(_ n: Int) -> Trial {
    let tally = Tally()
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let cancellable = a.combineLatest(b).map { $0 + $1 }.sink { tally.add($0) }
    return Trial(
      tally: tally,
      run: {
        for value in 0..<n {
          if value % 2 == 0 { a.send(value) } else { b.send(value) }
        }
      },
      finish: { cancellable.cancel() })
  }

  static func fanout(sinks: Int, sends: Int) -> Trial {
    let tally = Tally()
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<sinks).map { _ in subject.sink { tally.add($0) } }
    return Trial(
      tally: tally, run: { for value in 0..<sends { subject.send(value) } },
      finish: { cancellables.forEach { $0.cancel() } })
  }

  static func subscribeCancel(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = PassthroughSubject<Int, Never>()
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
    let account = CurrentValueSubject<String, Never>("")
    let password = CurrentValueSubject<String, Never>("")
    let cancellable = account.map(LoginShape.accountValid)
      .combineLatest(password.map(LoginShape.passwordValid)) { $0 && $1 }
      .removeDuplicates()
      .sink { tally.add($0 ? 1 : 0) }
    return Trial(
      tally: tally,
      run: {
        for index in 0..<n { LoginShape.update(index, account: account.send, password: password.send) }
      },
      finish: { cancellable.cancel() })
  }

  static func flatMapLatest(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.map { Just($0) }.switchToLatest().sink { tally.add($0) }
    return Trial(
      tally: tally, run: { for value in 0..<n { subject.send(value) } }, finish: { cancellable.cancel() })
  }

  static func debounce(_ n: Int) -> Trial {
    let tally = Tally()
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.debounce(
      for: .nanoseconds(Int(DebounceInput.debounceTicks * DebounceInput.tick)), scheduler: scheduler
    ).sink { tally.add($0) }
    return Trial(
      tally: tally,
      run: {
        DebounceInput.drive(count: n) { value, time in
          scheduler.advance(to: SchedulerTime(nanoseconds: time))
          subject.send(value)
        }
        scheduler.run()
      },
      finish: { cancellable.cancel() })
  }

  static func liveSubscriptions(_ n: Int) -> (subscribe: () -> Void, cancelAll: () -> Void) {
    let subject = PassthroughSubject<Int, Never>()
    let tally = Tally()
    var cancellables: [AnyCancellable] = []
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
