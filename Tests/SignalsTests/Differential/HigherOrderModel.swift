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

  /// switchToLatest over `outer`'s values, each choosing inner `value % inners.count`.
  static func switchToLatest(outer: Timeline, inners: [Timeline]) -> Timeline {
    var model = HigherOrderModel(outer: outer, inners: inners)
    var current: Int?
    var outerFinished = false
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
  /// so a value it sends while `limit` inner publishers run is dropped.
  static func flatMap(limit: Int, outer: Timeline, inners: [Timeline]) -> Timeline {
    var model = HigherOrderModel(outer: outer, inners: inners)
    var running: Set<Int> = []
    var outerFinished = false
    while let event = model.next() {
      switch (event.subscription, event.event) {
      case (nil, .value(let value)):
        if running.count < limit {
          running.insert(model.subscribe(value % inners.count, at: event.frame))
        }
      case (nil, .finished):
        outerFinished = true
        if running.isEmpty {
          model.output.append(event.frame, .finished)
          return model.output
        }
      case (nil, .failure):
        model.output.append(event.frame, event.event)
        return model.output
      case (let subscription?, let inner) where running.contains(subscription):
        switch inner {
        case .value:
          model.output.append(event.frame, inner)
        case .failure:
          model.output.append(event.frame, inner)
          return model.output
        case .finished:
          running.remove(subscription)
          if running.isEmpty && outerFinished {
            model.output.append(event.frame, .finished)
            return model.output
          }
        }
      default:
        break
      }
    }
    return model.output
  }
}
