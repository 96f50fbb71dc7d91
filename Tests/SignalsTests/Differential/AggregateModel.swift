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
