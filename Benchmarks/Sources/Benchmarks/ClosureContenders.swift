/// The scenarios written as plain closures: the floor a library is measured against.
enum ClosureContenders {
  static func mapFilterSink(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = HandlerList<Int>()
    let sink: (Int) -> Void = { tally.add($0) }
    let filter: (Int) -> Void = { if $0 % 2 == 0 { sink($0) } }
    let map: (Int) -> Void = { filter($0 + 1) }
    _ = subject.add(map)
    return Trial(tally: tally) { for value in 0..<n { subject.send(value) } }
  }

  /// The latest values live in an object's fields (`Latest`), as a hand-written operator keeps
  /// its state: until issue 42 they were `var`s the closures captured, and each value paid two
  /// dynamic exclusivity checks on them (about 130 of 373 instructions per value), which
  /// Signals' operators do not pay (their state is `@exclusivity(unchecked)`): the floor
  /// measured the checks, not the work.
  static func combineLatest(_ n: Int) -> Trial {
    let tally = Tally()
    let a = HandlerList<Int>()
    let b = HandlerList<Int>()
    let latest = Latest()
    let sink: (Int) -> Void = { tally.add($0) }
    let map: ((Int, Int)) -> Void = { sink($0.0 + $0.1) }
    _ = a.add { value in
      latest.a = value
      if let latestB = latest.b { map((value, latestB)) }
    }
    _ = b.add { value in
      latest.b = value
      if let latestA = latest.a { map((latestA, value)) }
    }
    return Trial(tally: tally) {
      for value in 0..<n {
        if value % 2 == 0 { a.send(value) } else { b.send(value) }
      }
    }
  }

  static func fanout(sinks: Int, sends: Int) -> Trial {
    let tally = Tally()
    let subject = HandlerList<Int>()
    subject.addAll((0..<sinks).map { _ in { tally.add($0) } })
    return Trial(tally: tally) { for value in 0..<sends { subject.send(value) } }
  }

  static func subscribeCancel(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = Registry<Int>()
    return Trial(tally: tally) {
      for value in 0..<n {
        let sink: (Int) -> Void = { tally.add($0) }
        let filter: (Int) -> Void = { if $0 % 2 == 0 { sink($0) } }
        let id = subject.add { filter($0 + 1) }
        subject.send(value)
        subject.remove(id)
      }
    }
  }

  static func currentValueDerived(_ n: Int) -> Trial {
    let tally = Tally()
    let account = HandlerList<String>()
    let password = HandlerList<String>()
    var accountValid: Bool? = nil
    var passwordValid: Bool? = nil
    var last: Bool? = nil
    let sink: (Bool) -> Void = { tally.add($0 ? 1 : 0) }
    let dedupe: (Bool) -> Void = { value in
      if last != value {
        last = value
        sink(value)
      }
    }
    let combine: () -> Void = {
      if let accountValid, let passwordValid { dedupe(accountValid && passwordValid) }
    }
    _ = account.add { text in
      accountValid = LoginShape.accountValid(text)
      combine()
    }
    _ = password.add { text in
      passwordValid = LoginShape.passwordValid(text)
      combine()
    }
    account.send("")
    password.send("")
    return Trial(tally: tally) {
      for index in 0..<n { LoginShape.update(index, account: account.send, password: password.send) }
    }
  }

  /// The generation counter is an object's field (`Generation`), not a captured `var`: until
  /// issue 42 each value paid two dynamic exclusivity checks on it (about 65 of 276
  /// instructions per value), which Signals' `switchToLatest` does not pay (its state is
  /// `@exclusivity(unchecked)`).
  static func flatMapLatest(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = HandlerList<Int>()
    let generation = Generation()
    let sink: (Int) -> Void = { tally.add($0) }
    _ = subject.add { value in
      generation.value += 1
      let current = generation.value
      let inner: (@escaping (Int) -> Void) -> Void = { deliver in deliver(value) }
      inner { if current == generation.value { sink($0) } }
    }
    return Trial(tally: tally) { for value in 0..<n { subject.send(value) } }
  }

  static func debounce(_ n: Int) -> Trial {
    let tally = Tally()
    let clock = VirtualClock()
    var pending: Int?
    var timer: Int?
    let send: (Int) -> Void = { value in
      pending = value
      if let timer { clock.cancel(timer) }
      timer = clock.schedule(at: clock.now + DebounceInput.debounceTicks * DebounceInput.tick) {
        timer = nil
        if let value = pending {
          pending = nil
          tally.add(value)
        }
      }
    }
    return Trial(tally: tally) {
      DebounceInput.drive(count: n) { value, time in
        clock.advance(to: time)
        send(value)
      }
      clock.run()
    }
  }

  static func liveSubscriptions(_ n: Int) -> (subscribe: () -> Void, cancelAll: () -> Void) {
    let subject = Registry<Int>()
    var ids: [Int] = []
    let tally = Tally()
    return (
      {
        ids.reserveCapacity(n)
        for _ in 0..<n {
          let sink: (Int) -> Void = { tally.add($0) }
          let filter: (Int) -> Void = { if $0 % 2 == 0 { sink($0) } }
          ids.append(subject.add { filter($0 + 1) })
        }
      },
      {
        for id in ids { subject.remove(id) }
        ids = []
        subject.handlers = [:]
      }
    )
  }
}

/// combineLatest's state in the hand-written floor: the latest value of each input. Unchecked
/// exclusivity, as Signals' operator state: only the one thread sending touches it.
final class Latest {
  @exclusivity(unchecked) var a: Int?
  @exclusivity(unchecked) var b: Int?
}

/// flatMapLatest's state in the hand-written floor: the current inner's generation.
final class Generation {
  @exclusivity(unchecked) var value = 0
}

/// The login view model's shape, shared by the current-value-derived contenders.
enum LoginShape {
  static let accounts = (0..<25).map { String(repeating: "a", count: $0) }
  static let passwords = (0..<13).map { String(repeating: "p", count: $0) }

  static func accountValid(_ text: String) -> Bool { (8...20).contains(text.utf8.count) }
  static func passwordValid(_ text: String) -> Bool { text.utf8.count >= 6 }

  /// The `index`-th update: even ones change the account, odd ones the password.
  @inline(__always)
  static func update(_ index: Int, account: (String) -> Void, password: (String) -> Void) {
    if index % 2 == 0 {
      account(accounts[(index / 2) % accounts.count])
    } else {
      password(passwords[(index / 2) % passwords.count])
    }
  }
}
