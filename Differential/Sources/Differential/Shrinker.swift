/// Shrinks a case to a minimal one that still shows the same kind of difference: greedily takes
/// the first smaller candidate (an operator removed, a binary operator replaced by one side, a
/// probe dropped, a timeline step removed, a number made smaller) that keeps `keeps` true, until
/// none does. Deterministic, so a seed reproduces its shrunk case.
struct Shrinker {
  let keeps: (Case) -> Bool
  var budget = 3000

  mutating func shrink(_ start: Case) -> Case {
    var current = start
    var improved = true
    while improved, budget > 0 {
      improved = false
      for candidate in candidates(of: current) {
        budget -= 1
        if budget <= 0 { break }
        if keeps(candidate) {
          current = candidate
          improved = true
          break
        }
      }
    }
    return current
  }

  private func candidates(of testCase: Case) -> [Case] {
    var result: [Case] = []
    for pipeline in testCase.pipeline.simplifications() {
      let subjects = pipeline.subjects
      let hasRogue = pipeline.contains { $0 == .rogue }
      let timeline = testCase.timeline.filter { step in
        switch step.action {
        case .send(let subject, _), .finish(let subject), .fail(let subject, _): subjects.contains(subject)
        case .cancel: true
        case .rogueSend, .rogueFinish, .rogueFail, .rogueSubscribe: hasRogue
        }
      }
      result.append(Case(pipeline: pipeline, timeline: timeline, subscriber: testCase.subscriber))
    }
    switch testCase.subscriber {
    case .custom(let demand?) where demand > 1:
      result.append(
        Case(
          pipeline: testCase.pipeline, timeline: testCase.timeline, subscriber: .custom(demand: demand - 1)))
    case .custom(nil):
      result.append(Case(pipeline: testCase.pipeline, timeline: testCase.timeline, subscriber: .sink))
    default: break
    }
    for index in testCase.timeline.indices {
      var timeline = testCase.timeline
      timeline.remove(at: index)
      result.append(Case(pipeline: testCase.pipeline, timeline: timeline, subscriber: testCase.subscriber))
    }
    for index in testCase.timeline.indices {
      let step = testCase.timeline[index]
      let earliest = index == 0 ? 0 : testCase.timeline[index - 1].time
      if step.time > earliest {
        var timeline = testCase.timeline
        timeline[index].time = earliest
        result.append(Case(pipeline: testCase.pipeline, timeline: timeline, subscriber: testCase.subscriber))
        if step.time - 1 > earliest {
          timeline[index].time = step.time - 1
          result.append(
            Case(pipeline: testCase.pipeline, timeline: timeline, subscriber: testCase.subscriber))
        }
      }
      var smaller: Step.Action?
      if case .send(let subject, let value) = step.action, value > 0 {
        smaller = .send(subject: subject, value: 0)
      }
      if case .rogueSend(let value) = step.action, value > 0 { smaller = .rogueSend(value: 0) }
      if let smaller {
        var timeline = testCase.timeline
        timeline[index].action = smaller
        result.append(Case(pipeline: testCase.pipeline, timeline: timeline, subscriber: testCase.subscriber))
      }
    }
    return result
  }
}

extension Pipeline {
  /// This node with its inputs replaced (in `children` order).
  func replacingChildren(_ new: [Pipeline]) -> Pipeline {
    switch self {
    case .subject, .cold, .parameter, .rogue: self
    case .probe(let id, _): .probe(id, new[0])
    case .map(_, let add): .map(new[0], add: add)
    case .filter(_, let m): .filter(new[0], dropMultiplesOf: m)
    case .compactMap(_, let m): .compactMap(new[0], nilForMultiplesOf: m)
    case .scan: .scan(new[0])
    case .removeDuplicates: .removeDuplicates(new[0])
    case .prefix(_, let n): .prefix(new[0], n)
    case .dropFirst(_, let n): .dropFirst(new[0], n)
    case .first: .first(new[0])
    case .last: .last(new[0])
    case .collect: .collect(new[0])
    case .collectCount(_, let n): .collectCount(new[0], n)
    case .reduce: .reduce(new[0])
    case .replaceEmpty(_, let v): .replaceEmpty(new[0], v)
    case .replaceError(_, let v): .replaceError(new[0], v)
    case .catch: .catch(new[0], handler: new[1])
    case .retry(_, let n): .retry(new[0], n)
    case .flatMap(_, _, let max): .flatMap(new[0], body: new[1], maxPublishers: max)
    case .switchToLatest: .switchToLatest(new[0], body: new[1])
    case .zip: .zip(new[0], new[1])
    case .append: .append(new[0], new[1])
    case .appendValues(_, let values): .appendValues(new[0], values)
    case .prependValues(_, let values): .prependValues(new[0], values)
    case .debounce(_, let ticks): .debounce(new[0], ticks: ticks)
    case .throttle(_, let ticks, let latest): .throttle(new[0], ticks: ticks, latest: latest)
    case .delay(_, let ticks): .delay(new[0], ticks: ticks)
    case .timeout(_, let ticks, let custom): .timeout(new[0], ticks: ticks, customError: custom)
    }
  }

  /// Smaller pipelines: this node replaced by one of its inputs, its numbers made smaller, or
  /// one input simplified.
  func simplifications() -> [Pipeline] {
    var result: [Pipeline] = children
    result += smallerParameters()
    for (index, child) in children.enumerated() {
      for simpler in child.simplifications() {
        var new = children
        new[index] = simpler
        result.append(replacingChildren(new))
      }
    }
    return result
  }

  private func smallerParameters() -> [Pipeline] {
    switch self {
    case .cold(let values, let ending):
      var result: [Pipeline] = values.indices.map { index in
        var fewer = values
        fewer.remove(at: index)
        return .cold(fewer, ending: ending)
      }
      if ending != .finished { result.append(.cold(values, ending: .finished)) }
      return result
    case .subject(let index) where index > 0: return [.subject(0)]
    case .prefix(let p, let n) where n > 0: return [.prefix(p, n - 1)]
    case .dropFirst(let p, let n) where n > 1: return [.dropFirst(p, n - 1)]
    case .retry(let p, let n) where n > 0: return [.retry(p, n - 1)]
    case .debounce(let p, let ticks) where ticks > 1: return [.debounce(p, ticks: ticks - 1)]
    case .throttle(let p, let ticks, let latest) where ticks > 1:
      return [.throttle(p, ticks: ticks - 1, latest: latest)]
    case .delay(let p, let ticks) where ticks > 0: return [.delay(p, ticks: ticks - 1)]
    case .timeout(let p, let ticks, let custom):
      var result: [Pipeline] = []
      if ticks > 1 { result.append(.timeout(p, ticks: ticks - 1, customError: custom)) }
      if custom { result.append(.timeout(p, ticks: ticks, customError: false)) }
      return result
    case .appendValues(let p, let values) where values.count > 1: return [.appendValues(p, [values[0]])]
    case .prependValues(let p, let values) where values.count > 1: return [.prependValues(p, [values[0]])]
    case .flatMap(let p, let body, let max) where max != nil:
      return [.flatMap(p, body: body, maxPublishers: nil)]
    default: return []
    }
  }
}
