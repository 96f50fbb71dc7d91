/// The reference model of the operators that answer once (counting, comparing, matching) and
/// of `output(in:)`: plain functions over timelines, written from the operators' documented
/// semantics.
extension ReferenceModel {
  /// Delivers `answer(values)` with the finish; a failure passes as it is.
  static func atFinish(_ input: Timeline, _ answer: ([Int]) -> Int?) -> Timeline {
    var output = Timeline()
    var values: [Int] = []
    walk(input) { entry in
      switch entry.event {
      case .value(let value):
        values.append(value)
        return true
      case .finished:
        if let result = answer(values) { output.append(entry.frame, .value(result)) }
      case .failure:
        break
      }
      output.append(entry.frame, entry.event)
      return false
    }
    return output
  }

  static func count(_ input: Timeline) -> Timeline { atFinish(input) { $0.count } }

  /// `max()`; of equal values the first is kept, which for `Int`s is the same value.
  static func max(_ input: Timeline) -> Timeline { atFinish(input) { $0.max() } }

  /// `collect()`: every value in one array (`encode`d) with the finish, an empty one too.
  static func collect(_ input: Timeline) -> Timeline { atFinish(input) { encode($0) } }

  /// `collect(n)`: an array each time `count` values have arrived, what is left (if anything)
  /// at the finish, then the finish; a failure drops what is left.
  static func collect(_ count: Int, _ input: Timeline) -> Timeline {
    var output = Timeline()
    var buffer: [Int] = []
    walk(input) { entry in
      switch entry.event {
      case .value(let value):
        buffer.append(value)
        if buffer.count == count {
          output.append(entry.frame, .value(encode(buffer)))
          buffer = []
        }
        return true
      case .finished:
        if !buffer.isEmpty { output.append(entry.frame, .value(encode(buffer))) }
      case .failure:
        break
      }
      output.append(entry.frame, entry.event)
      return false
    }
    return output
  }

  /// Delivers `early` and finishes at the first value `decides` accepts, else `late` with the
  /// finish: `contains` (1 = true) and `allSatisfy` (0 = false), mapped to `Int`.
  static func decide(_ input: Timeline, early: Int, late: Int, _ decides: (Int) -> Bool) -> Timeline {
    var output = Timeline()
    walk(input) { entry in
      switch entry.event {
      case .value(let value):
        guard decides(value) else { return true }
        output.append(entry.frame, .value(early))
        output.append(entry.frame, .finished)
        return false
      case .finished:
        output.append(entry.frame, .value(late))
      case .failure:
        break
      }
      output.append(entry.frame, entry.event)
      return false
    }
    return output
  }

  /// `output(in: range)`: the values at those positions, finishing right after the last one.
  static func output(_ range: Range<Int>, _ input: Timeline) -> Timeline {
    var output = Timeline()
    guard !range.isEmpty else {
      output.append(0, .finished)
      return output
    }
    var index = 0
    walk(input) { entry in
      guard case .value = entry.event else {
        output.append(entry.frame, entry.event)
        return false
      }
      defer { index += 1 }
      if range.contains(index) { output.append(entry.frame, entry.event) }
      if index + 1 == range.upperBound {
        output.append(entry.frame, .finished)
        return false
      }
      return true
    }
    return output
  }
}

/// The reference model of `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`: input 0 is
/// the upstream, input 1 the trigger.
extension ReferenceModel {
  static func prefixUntilOutput(_ input: Timeline) -> Timeline {
    var output = Timeline()
    walk(input) { entry in
      switch (entry.input, entry.event) {
      case (1, .value):
        output.append(entry.frame, .finished)
        return false
      case (1, _):
        return true
      case (_, .value):
        output.append(entry.frame, entry.event)
        return true
      default:
        output.append(entry.frame, entry.event)
        return false
      }
    }
    return output
  }

  static func dropUntilOutput(_ input: Timeline) -> Timeline {
    var output = Timeline()
    var open = false
    walk(input) { entry in
      switch (entry.input, entry.event) {
      case (1, .value):
        open = true
        return true
      case (1, _):
        if open { return true }
        output.append(entry.frame, entry.event)
        return false
      case (_, .value):
        if open { output.append(entry.frame, entry.event) }
        return true
      default:
        output.append(entry.frame, entry.event)
        return false
      }
    }
    return output
  }
}

/// The reference model of `collect(.byTime)` and `collect(.byTimeOrCount)`: windows every
/// `stride` frames from the subscription at frame 0; arrays are encoded as `Int`s (see
/// `encode`); the real operator is ended at frame `end` by a trigger, so the model finishes
/// there if the input did not.
extension ReferenceModel {
  /// An array as one `Int`: a leading 1, then its digits, so `[0, 3]` and `[3]` differ.
  static func encode(_ values: [Int]) -> Int { values.reduce(1) { $0 * 10 + $1 } }

  static func collectByTime(stride: Int64, limit: Int, end: Int64, _ input: Timeline) -> Timeline {
    var output = Timeline()
    var buffer: [Int] = []
    var nextTick = stride
    var completed = false
    func tick(before frame: Int64) {
      while nextTick < frame {
        if !buffer.isEmpty { output.append(nextTick, .value(encode(buffer))) }
        buffer = []
        nextTick += stride
      }
    }
    walk(input) { entry in
      tick(before: entry.frame)
      switch entry.event {
      case .value(let value):
        buffer.append(value)
        if buffer.count >= limit {
          output.append(entry.frame, .value(encode(buffer)))
          buffer = []
        }
        return true
      case .finished:
        if !buffer.isEmpty { output.append(entry.frame, .value(encode(buffer))) }
      case .failure:
        break
      }
      output.append(entry.frame, entry.event)
      completed = true
      return false
    }
    if !completed {
      tick(before: end)
      output.append(end, .finished)
    }
    return output
  }
}
