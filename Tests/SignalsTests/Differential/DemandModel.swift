/// What a subscriber that asks in steps requests: `initial` values on subscription, then each
/// step's `count` more half a frame after its `frame`, so after every event of that frame and
/// before any event of the next (what a request releases is recorded at `frame`).
struct DemandScript: CustomStringConvertible, Sendable {
  struct Step: Sendable {
    var frame: Int64
    var count: Int
  }

  var initial: Int
  var steps: [Step]

  /// What the subscriber has requested in all when the events of `frame` happen.
  func requested(before frame: Int64) -> Int {
    steps.reduce(initial) { total, step in step.frame < frame ? total + step.count : total }
  }

  /// Requests of zero to two values on subscription, then up to six steps of one to three.
  static func random(using generator: inout SplitMix64) -> DemandScript {
    var script = DemandScript(initial: Int.random(in: 0...2, using: &generator), steps: [])
    var frame: Int64 = 0
    for _ in 0..<Int.random(in: 0...6, using: &generator) {
      frame += Int64.random(in: 0...6, using: &generator)
      script.steps.append(Step(frame: frame, count: Int.random(in: 1...3, using: &generator)))
    }
    return script
  }

  var description: String {
    (["\(initial) on subscription"] + steps.map { "+\($0.count) after \($0.frame)" }).joined(separator: ", ")
  }
}

/// The reference model under limited demand, built on the unlimited models: the inputs are
/// `PassthroughSubject`s, which drop a value their subscriber has not requested (Combine's
/// rule), so what an operator asks its upstreams for decides which input values it sees at all.
/// Each shape below is the demand rule of a family of operators, as their documentation states
/// it (and as Combine's are, where noted).
enum DemandModel {
  /// The subscriber's side: a value goes out only against the demand; one beyond it waits, with
  /// what follows it, until a request makes room (it is then recorded at the request's frame).
  /// A failure does not wait. For operators whose upstream demand already bounds what they send
  /// this changes nothing; for the reducers it is the wait of their last value for a request.
  static func delivered(_ output: Timeline, _ demand: DemandScript) -> Timeline {
    var result = Timeline()
    var requested = demand.initial
    var sent = 0
    var waiting: [Timeline.Entry] = []
    var steps = demand.steps[...]
    func flush(at frame: Int64) {
      while let first = waiting.first {
        if case .value = first.event {
          guard sent < requested else { return }
          sent += 1
        }
        result.append(frame, first.event)
        waiting.removeFirst()
      }
    }
    func requests(before frame: Int64) {
      while let step = steps.first, step.frame < frame {
        steps.removeFirst()
        requested += step.count
        flush(at: step.frame)
      }
    }
    for entry in output.entries {
      requests(before: entry.frame)
      if case .failure = entry.event {
        result.append(entry.frame, entry.event)
        return result
      }
      waiting.append(entry)
      flush(at: entry.frame)
    }
    requests(before: .max)
    return result
  }

  /// The reducers (`count`, `max`, `collect()`: Combine's, as OpenCombine's `ReduceProducer`):
  /// they ask for everything, so they see every input value, and their result and the finish
  /// behind it wait until the subscriber has requested something, even with no result; a
  /// failure goes at once.
  static func reduces(_ model: (Timeline) -> Timeline, _ input: Timeline, _ demand: DemandScript) -> Timeline
  {
    var result = Timeline()
    for entry in model(input).entries {
      if case .failure = entry.event {
        result.append(entry.frame, entry.event)
        continue
      }
      if demand.requested(before: entry.frame) > 0 {
        result.append(entry.frame, entry.event)
      } else if let step = demand.steps.first(where: { $0.frame >= entry.frame }) {
        result.append(step.frame, entry.event)
      }
    }
    return result
  }

  /// Per-value operators (`scan`, `removeDuplicates`, `prefix`, `delay`): the
  /// subscriber's requests go upstream as they are, and a value the operator drops asks for one
  /// more, so the upstream has room exactly while the operator has sent (or will send) fewer values
  /// than were requested. A value sent without room is lost at the subject.
  static func perValue(
    _ model: (Timeline) -> Timeline, _ input: Timeline, _ demand: DemandScript
  ) -> Timeline {
    var seen = Timeline()
    for entry in input.entries {
      if case .value = entry.event {
        let sent = model(seen).entries.count { if case .value = $0.event { true } else { false } }
        guard sent < demand.requested(before: entry.frame) else { continue }
      }
      seen.entries.append(entry)
    }
    return delivered(model(seen), demand)
  }

  /// `dropFirst(count)`, as Combine's `Drop`: the upstream is asked for the `count` values to
  /// drop up front, with the subscriber's requests, so it has room while it has sent fewer
  /// values than `count` plus what was requested. A value sent without room is lost at the subject.
  static func asksAhead(
    _ count: Int, _ model: (Timeline) -> Timeline, _ input: Timeline, _ demand: DemandScript
  ) -> Timeline {
    var seen = Timeline()
    var taken = 0
    for entry in input.entries {
      if case .value = entry.event {
        guard taken < count + demand.requested(before: entry.frame) else { continue }
        taken += 1
      }
      seen.entries.append(entry)
    }
    return delivered(model(seen), demand)
  }

  /// Operators that ask their upstream for everything and drop a value that finds no demand when
  /// it is due (`debounce`: Combine's rule for it; `throttle` counts demand as it schedules,
  /// see `ReferenceModel.throttle`).
  static func dropsWithoutDemand(_ output: Timeline, _ demand: DemandScript) -> Timeline {
    var result = Timeline()
    var sent = 0
    for entry in output.entries {
      if case .value = entry.event {
        guard sent < demand.requested(before: entry.frame) else { continue }
        sent += 1
      }
      result.entries.append(entry)
    }
    return result
  }

  /// Operators that ask each input for what the subscriber asks (`zip`: each pair uses one value
  /// of each input, so no input is asked for more than the pairs requested; Combine's rule): an
  /// input's value is seen while that input has sent fewer values than were requested.
  static func eachInputAsked(
    _ model: (Timeline) -> Timeline, _ input: Timeline, _ demand: DemandScript
  ) -> Timeline {
    var seen = Timeline()
    var taken = [0, 0]
    for entry in input.entries {
      if case .value = entry.event {
        guard taken[entry.input] < demand.requested(before: entry.frame) else { continue }
        taken[entry.input] += 1
      }
      seen.entries.append(entry)
    }
    return delivered(model(seen), demand)
  }

  /// `combineLatest` under demand, as Apple documents it: requests go to both inputs (each input
  /// is seen while it has sent fewer values than were requested), and a combination that finds no
  /// demand is kept as the one latest, replacing an earlier kept one, and sent at the next
  /// request; a finish waits behind it, a failure drops it.
  static func combineLatest(_ input: Timeline, _ demand: DemandScript) -> Timeline {
    var output = Timeline()
    var latest: [Int?] = [nil, nil]
    var finished = [false, false]
    var taken = [0, 0]
    var requested = demand.initial
    var sent = 0
    var kept: Int?
    var finishWaits = false
    var done = false
    var steps = demand.steps[...]
    /// The requests made before `frame`: each may send the kept combination, then the finish.
    func requests(before frame: Int64) {
      while let step = steps.first, step.frame < frame {
        steps.removeFirst()
        requested += step.count
        guard !done, let value = kept else { continue }
        output.append(step.frame, .value(value))
        sent += 1
        kept = nil
        if finishWaits {
          output.append(step.frame, .finished)
          done = true
        }
      }
    }
    for entry in input.entries {
      requests(before: entry.frame)
      if done { break }
      switch entry.event {
      case .value(let value):
        guard taken[entry.input] < requested else { continue }
        taken[entry.input] += 1
        latest[entry.input] = value
        guard let first = latest[0], let second = latest[1] else { continue }
        if sent < requested {
          output.append(entry.frame, .value(first * 10 + second))
          sent += 1
        } else {
          kept = first * 10 + second
        }
      case .finished:
        finished[entry.input] = true
        guard latest[entry.input] == nil || (finished[0] && finished[1]) else { continue }
        if kept != nil {
          finishWaits = true
        } else {
          output.append(entry.frame, .finished)
          done = true
        }
      case .failure:
        output.append(entry.frame, entry.event)
        done = true
      }
    }
    requests(before: .max)
    return output
  }
}
