/// The reference model of the flattening operators: a small discrete-event simulation of the
/// test scheduler's order (by time, then by when each event was scheduled), with the operator's
/// rules on top. Inner publishers are cold: each subscription schedules its inner timeline from
/// that moment.
struct HigherOrderModel {
  struct Pending {
    var frame: Int64
    var sequence: Int
    /// `nil` for the outer timeline, else the subscription number of an inner publisher.
    var subscription: Int?
    var event: Timeline.Event
  }

  let outer: Timeline
  let inners: [Timeline]
  var queue: [Pending] = []
  var nextSequence = 0
  var nextSubscription = 0
  var output = Timeline()

  init(outer: Timeline, inners: [Timeline]) {
    self.outer = outer
    self.inners = inners
    for entry in outer.entries { schedule(entry.frame, nil, entry.event) }
  }

  mutating func schedule(_ frame: Int64, _ subscription: Int?, _ event: Timeline.Event) {
    queue.append(Pending(frame: frame, sequence: nextSequence, subscription: subscription, event: event))
    nextSequence += 1
  }

  /// Subscribes inner `index` at `frame`; returns the subscription number.
  mutating func subscribe(_ index: Int, at frame: Int64) -> Int {
    nextSubscription += 1
    for entry in inners[index].entries { schedule(frame + entry.frame, nextSubscription, entry.event) }
    return nextSubscription
  }

  mutating func next() -> Pending? {
    guard
      let index = queue.indices.min(by: {
        (queue[$0].frame, queue[$0].sequence) < (queue[$1].frame, queue[$1].sequence)
      })
    else { return nil }
    return queue.remove(at: index)
  }

  /// switchToLatest over `outer`'s values, each choosing inner `value % inners.count`. With
  /// `demand`, the subscriber requests as that script says: its requests go to the current inner
  /// publisher and a new one is asked for what is outstanding (Combine's rule), so an inner
  /// value is seen while fewer values were sent than requested; the outer is asked for
  /// everything.
  static func switchToLatest(outer: Timeline, inners: [Timeline], demand: DemandScript? = nil) -> Timeline {
    var model = HigherOrderModel(outer: outer, inners: inners)
    var current: Int?
    var outerFinished = false
    var sent = 0
    while let event = model.next() {
      switch (event.subscription, event.event) {
      case (nil, .value(let value)):
        current = model.subscribe(value % inners.count, at: event.frame)
      case (nil, .finished):
        outerFinished = true
        if current == nil {
          model.output.append(event.frame, .finished)
          return model.output
        }
      case (nil, .failure):
        model.output.append(event.frame, event.event)
        return model.output
      case (let subscription?, .failure) where subscription == current:
        model.output.append(event.frame, event.event)
        return model.output
      case (let subscription?, .value) where subscription == current:
        guard sent < demand?.requested(before: event.frame) ?? .max else { continue }
        sent += 1
        model.output.append(event.frame, event.event)
      case (let subscription?, .finished) where subscription == current:
        current = nil
        if outerFinished {
          model.output.append(event.frame, .finished)
          return model.output
        }
      default:
        break
      }
    }
    return model.output
  }

  /// flatMap(maxPublishers: .max(limit)) over `outer`'s values, with Combine's demand: the
  /// outer (a subject) is asked for `limit` values and one more per finished inner publisher,
  /// so a value it sends while `limit` inner publishers run is dropped. With `demand`, the
  /// subscriber requests as that script says, and each inner publisher (a subject, which drops
  /// what it was not asked for) is asked for one value at a time: once when it subscribes, again
  /// for each of its values that goes out; a value beyond the subscriber's demand waits, in
  /// order, for a request (the finish behind it; a failure drops it), and its publisher is asked
  /// again only when it goes out. Without `demand` every inner publisher is asked for everything.
  static func flatMap(
    limit: Int, outer: Timeline, inners: [Timeline], demand: DemandScript? = nil
  ) -> Timeline {
    var model = HigherOrderModel(outer: outer, inners: inners)
    var running: Set<Int> = []
    var outerFinished = false
    var requested = demand?.initial ?? .max
    var steps = demand?.steps[...] ?? []
    var sent = 0
    var asked: [Int: Int] = [:]
    /// Values beyond the demand, with the subscription that sent each.
    var waiting: [(value: Int, subscription: Int)] = []
    var finishWaits = false
    /// The requests made before `frame`: each releases waiting values (then a waiting finish),
    /// and asks the publisher of each released value for one more. Returns whether the output
    /// finished.
    func requests(before frame: Int64) -> Bool {
      while let step = steps.first, step.frame < frame {
        steps.removeFirst()
        requested += step.count
        while !waiting.isEmpty, sent < requested {
          let (value, subscription) = waiting.removeFirst()
          model.output.append(step.frame, .value(value))
          sent += 1
          asked[subscription, default: 0] += 1
        }
        if waiting.isEmpty, finishWaits {
          model.output.append(step.frame, .finished)
          return true
        }
      }
      return false
    }
    /// Finishes now, or once the waiting values have gone.
    func finish(at frame: Int64) -> Bool {
      guard waiting.isEmpty else {
        finishWaits = true
        return false
      }
      model.output.append(frame, .finished)
      return true
    }
    while let event = model.next() {
      if requests(before: event.frame) { return model.output }
      switch (event.subscription, event.event) {
      case (nil, .value(let value)):
        if running.count < limit {
          let subscription = model.subscribe(value % inners.count, at: event.frame)
          running.insert(subscription)
          asked[subscription] = requested == .max ? .max : 1
        }
      case (nil, .finished):
        outerFinished = true
        if running.isEmpty, finish(at: event.frame) { return model.output }
      case (nil, .failure):
        model.output.append(event.frame, event.event)
        return model.output
      case (let subscription?, let inner) where running.contains(subscription):
        switch inner {
        case .value(let value):
          guard asked[subscription, default: 0] > 0 else { continue }
          if asked[subscription] != .max { asked[subscription, default: 0] -= 1 }
          if waiting.isEmpty, sent < requested {
            model.output.append(event.frame, inner)
            sent += 1
            if asked[subscription] != .max { asked[subscription, default: 0] += 1 }
          } else {
            waiting.append((value, subscription))
          }
        case .failure:
          model.output.append(event.frame, inner)
          return model.output
        case .finished:
          running.remove(subscription)
          if running.isEmpty && outerFinished, finish(at: event.frame) { return model.output }
        }
      default:
        break
      }
    }
    _ = requests(before: .max)
    return model.output
  }
}
