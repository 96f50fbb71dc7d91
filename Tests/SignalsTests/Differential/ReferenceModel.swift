/// The reference model: each operator as a plain function from input timelines to the output
/// timeline, written from the operators' documented semantics, with no scheduler and no subjects.
///
/// At one instant, input events happen before the operator's timers for that instant (the
/// order `Timeline.play` sets up); a timer due at the instant of an input is therefore too late
/// to beat it.
enum ReferenceModel {
  /// Walks `input`'s events; `step` returns false once the output has completed.
  static func walk(_ input: Timeline, _ step: (Timeline.Entry) -> Bool) {
    for entry in input.entries where !step(entry) { return }
  }

  static func scan(_ input: Timeline) -> Timeline {
    var output = Timeline()
    var total = 0
    walk(input) { entry in
      if case .value(let value) = entry.event {
        total += value
        output.append(entry.frame, .value(total))
        return true
      }
      output.append(entry.frame, entry.event)
      return false
    }
    return output
  }

  static func removeDuplicates(_ input: Timeline) -> Timeline {
    var output = Timeline()
    var previous: Int?
    walk(input) { entry in
      if case .value(let value) = entry.event {
        if previous != value { output.append(entry.frame, .value(value)) }
        previous = value
        return true
      }
      output.append(entry.frame, entry.event)
      return false
    }
    return output
  }

  static func prefix(_ count: Int, _ input: Timeline) -> Timeline {
    var output = Timeline()
    guard count > 0 else {
      output.append(0, .finished)
      return output
    }
    var taken = 0
    walk(input) { entry in
      output.append(entry.frame, entry.event)
      guard case .value = entry.event else { return false }
      taken += 1
      if taken == count {
        output.append(entry.frame, .finished)
        return false
      }
      return true
    }
    return output
  }

  static func dropFirst(_ count: Int, _ input: Timeline) -> Timeline {
    var output = Timeline()
    var dropped = 0
    walk(input) { entry in
      if case .value = entry.event, dropped < count {
        dropped += 1
        return true
      }
      output.append(entry.frame, entry.event)
      if case .value = entry.event { return true }
      return false
    }
    return output
  }

  static func delay(_ frames: Int64, _ input: Timeline) -> Timeline {
    var output = Timeline()
    walk(input) { entry in
      output.append(entry.frame + frames, entry.event)
      if case .value = entry.event { return true }
      return false
    }
    return output
  }

  static func debounce(_ frames: Int64, _ input: Timeline) -> Timeline {
    var output = Timeline()
    var pending: (value: Int, due: Int64)?
    var completed = false
    walk(input) { entry in
      if let waiting = pending, waiting.due < entry.frame {
        output.append(waiting.due, .value(waiting.value))
        pending = nil
      }
      switch entry.event {
      case .value(let value):
        pending = (value, entry.frame + frames)
        return true
      case .finished:
        if let waiting = pending { output.append(entry.frame, .value(waiting.value)) }
      case .failure:
        break
      }
      pending = nil
      output.append(entry.frame, entry.event)
      completed = true
      return false
    }
    if !completed, let waiting = pending { output.append(waiting.due, .value(waiting.value)) }
    return output
  }

  /// Combine's `throttle`: a value that finds no delivery scheduled schedules one, at its own
  /// frame or `frames` after the last delivery, whichever is later; while one is scheduled, a
  /// value replaces the one it will deliver (`latest`) or is ignored. A delivery runs after the
  /// inputs of its frame. A finish waits for a scheduled delivery and goes with it; a failure
  /// drops it and goes at once. Under `demand`, a value is taken only while fewer deliveries
  /// were scheduled than requested (Combine counts demand when it schedules), and is dropped
  /// otherwise, even one that would replace a waiting value.
  static func throttle(
    _ frames: Int64, latest: Bool, _ input: Timeline, demand: DemandScript? = nil
  ) -> Timeline {
    var output = Timeline()
    var scheduledAt: Int64?
    var pending: Int?
    var lastDelivery: Int64?
    var taken = 0
    var finishAfterPending = false
    var done = false
    /// Runs the scheduled delivery if it is due before `frame`.
    func deliver(before frame: Int64) {
      guard !done, let at = scheduledAt, at < frame, let value = pending else { return }
      output.append(at, .value(value))
      pending = nil
      scheduledAt = nil
      lastDelivery = at
      if finishAfterPending {
        output.append(at, .finished)
        done = true
      }
    }
    walk(input) { entry in
      deliver(before: entry.frame)
      if done { return false }
      switch entry.event {
      case .value(let value):
        if let demand, taken >= demand.requested(before: entry.frame) { return true }
        if scheduledAt != nil {
          if latest { pending = value }
          return true
        }
        taken += 1
        pending = value
        scheduledAt = lastDelivery.map { Swift.max(entry.frame, $0 + frames) } ?? entry.frame
        return true
      case .finished:
        if scheduledAt != nil {
          finishAfterPending = true
          return false
        }
      case .failure:
        pending = nil
        scheduledAt = nil
      }
      output.append(entry.frame, entry.event)
      done = true
      return false
    }
    deliver(before: .max)
    return output
  }

  static func timeout(_ frames: Int64, _ input: Timeline) -> Timeline {
    var output = Timeline()
    var deadline = frames
    var done = false
    walk(input) { entry in
      if deadline < entry.frame {
        output.append(deadline, .finished)
        done = true
        return false
      }
      output.append(entry.frame, entry.event)
      guard case .value = entry.event else {
        done = true
        return false
      }
      deadline = entry.frame + frames
      return true
    }
    if !done { output.append(deadline, .finished) }
    return output
  }

  static func merge(_ input: Timeline) -> Timeline {
    var output = Timeline()
    var finished = [false, false]
    walk(input) { entry in
      switch entry.event {
      case .value:
        output.append(entry.frame, entry.event)
        return true
      case .failure:
        output.append(entry.frame, entry.event)
        return false
      case .finished:
        finished[entry.input] = true
        if finished[0] && finished[1] {
          output.append(entry.frame, .finished)
          return false
        }
        return true
      }
    }
    return output
  }

  /// combineLatest(a, b) mapped to `a * 10 + b`.
  static func combineLatest(_ input: Timeline) -> Timeline {
    var output = Timeline()
    var latest: [Int?] = [nil, nil]
    var finished = [false, false]
    walk(input) { entry in
      switch entry.event {
      case .value(let value):
        latest[entry.input] = value
        if let a = latest[0], let b = latest[1] { output.append(entry.frame, .value(a * 10 + b)) }
        return true
      case .failure:
        output.append(entry.frame, entry.event)
        return false
      case .finished:
        finished[entry.input] = true
        if latest[entry.input] == nil || (finished[0] && finished[1]) {
          output.append(entry.frame, .finished)
          return false
        }
        return true
      }
    }
    return output
  }

  /// zip(a, b) mapped to `a * 10 + b`.
  static func zip(_ input: Timeline) -> Timeline {
    var output = Timeline()
    var buffers: [[Int]] = [[], []]
    var finished = [false, false]
    func exhausted() -> Bool { (finished[0] && buffers[0].isEmpty) || (finished[1] && buffers[1].isEmpty) }
    walk(input) { entry in
      switch entry.event {
      case .value(let value):
        let other = 1 - entry.input
        if buffers[other].isEmpty {
          buffers[entry.input].append(value)
        } else {
          let partner = buffers[other].removeFirst()
          let pair = entry.input == 0 ? value * 10 + partner : partner * 10 + value
          output.append(entry.frame, .value(pair))
          if exhausted() {
            output.append(entry.frame, .finished)
            return false
          }
        }
        return true
      case .failure:
        output.append(entry.frame, entry.event)
        return false
      case .finished:
        finished[entry.input] = true
        if exhausted() {
          output.append(entry.frame, .finished)
          return false
        }
        return true
      }
    }
    return output
  }

  /// a.withLatestFrom(b) mapped to `a * 10 + b`.
  static func withLatestFrom(_ input: Timeline) -> Timeline {
    var output = Timeline()
    var latest: Int?
    walk(input) { entry in
      switch (entry.input, entry.event) {
      case (1, .value(let value)):
        latest = value
        return true
      case (1, .finished):
        return true
      case (0, .value(let value)):
        if let latest { output.append(entry.frame, .value(value * 10 + latest)) }
        return true
      default:
        output.append(entry.frame, entry.event)
        return false
      }
    }
    return output
  }
}

extension ReferenceModel {
  /// retry(n) over a cold upstream: each failed attempt re-plays the timeline from the frame of
  /// its failure.
  static func retry(_ retries: Int, _ input: Timeline) -> Timeline {
    var output = Timeline()
    var offset: Int64 = 0
    for attempt in 0...retries {
      guard let failedAt = replay(input, from: offset, into: &output, keepingFailure: attempt == retries)
      else { break }
      offset = failedAt
    }
    return output
  }

  /// catch over a cold upstream, replaced on failure by the same timeline shifted to the
  /// failure's frame, then by `Just(9)` if that fails too.
  static func catchThenJust(_ input: Timeline) -> Timeline {
    var output = Timeline()
    guard let failedAt = replay(input, from: 0, into: &output, keepingFailure: false) else { return output }
    if let secondFailure = replay(input, from: failedAt, into: &output, keepingFailure: false) {
      output.append(secondFailure, .value(9))
      output.append(secondFailure, .finished)
    }
    return output
  }

  /// One subscription to a cold `input` made at frame `offset`: appends its events to `output`
  /// until its completion. A failure is appended only when `keepingFailure`; otherwise it is
  /// left out and its frame returned, for the operator to go on from there.
  static func replay(
    _ input: Timeline, from offset: Int64, into output: inout Timeline, keepingFailure: Bool
  ) -> Int64? {
    var failedAt: Int64?
    walk(input) { entry in
      let frame = entry.frame + offset
      if case .failure = entry.event, !keepingFailure {
        failedAt = frame
        return false
      }
      output.append(frame, entry.event)
      if case .value = entry.event { return true }
      return false
    }
    return failedAt
  }

  /// `buffer(size:prefetch: .byRequest, whenFull:)` in front of a consumer that asks for one
  /// value at a time and is busy `busy` frames with each (the real side: `flatMap` with
  /// `maxPublishers: .max(1)` over a delayed `Just`). Values that arrive while the consumer is
  /// busy wait in the buffer; a full buffer drops the oldest or the newest. A finish waits for
  /// the buffered values; a failure goes at once and drops them.
  static func bufferedConsumer(size: Int, dropOldest: Bool, busy: Int64, _ input: Timeline) -> Timeline {
    var output = Timeline()
    var held: [Int] = []
    var current: (value: Int, done: Int64)?
    var upstreamFinished = false
    var ended = false
    /// Delivers what the consumer finishes before `frame` (everything, for `nil`).
    func settle(before frame: Int64?) {
      while !ended, let (value, done) = current, frame.map({ done < $0 }) ?? true {
        output.append(done, .value(value))
        if held.isEmpty {
          current = nil
          if upstreamFinished {
            output.append(done, .finished)
            ended = true
          }
        } else {
          current = (held.removeFirst(), done + busy)
        }
      }
    }
    walk(input) { entry in
      settle(before: entry.frame)
      switch entry.event {
      case .value(let value):
        if current == nil {
          current = (value, entry.frame + busy)
        } else if held.count < size {
          held.append(value)
        } else if dropOldest {
          held.removeFirst()
          held.append(value)
        }
        return true
      case .finished:
        upstreamFinished = true
        if current == nil {
          output.append(entry.frame, .finished)
          ended = true
        }
      case .failure:
        output.append(entry.frame, entry.event)
        ended = true
      }
      return false
    }
    settle(before: nil)
    return output
  }
}
