import Signals
import SignalsTesting

/// The marble parser, `TestScheduler.run` and the marble rendering, on arbitrary text: the first
/// line is a diagram, an optional second line a subscription diagram.
///
/// Invariants: a malformed diagram is a `MarbleError` whose column is inside the diagram (or
/// just past it), and a refused time (`.timeOutOfRange`) is one the clock cannot hold: the
/// diagram cut just before its column parses; a parsed diagram's events are in time order, at
/// offsets the clock holds, with at most one completion, last;
/// a diagram played by a cold publisher renders as text no longer than a bound set by its event
/// count (a long quiet stretch is a time progression, not a dash per frame), and parsing that
/// text gives back the same events at the same times; a malformed subscription diagram is a
/// `MarbleError` and subscribes to nothing, runs nothing; a valid one renders a parsable result,
/// and the `SubscriptionRecord` it describes renders in at most 200 bytes, however far its
/// instants, as a diagram that reads back as the same record.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarbles(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = text(data, count).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  let diagram = String(input[0])
  let parsed = checkDiagram(diagram)
  if input.count > 1 {
    checkSubscription(String(input[1]), playing: parsed == nil ? "ab-c|" : diagram)
    checkSubscriptionRecord(String(input[1]))
  }
  return 0
}

let frame = SchedulerTime.Stride.milliseconds(1)

func checkDiagram(_ diagram: String) -> MarbleDiagram<String>? {
  let parsed: MarbleDiagram<String>
  do {
    parsed = try MarbleDiagram(diagram, frameDuration: frame)
  } catch {
    require(
      (1...(diagram.count + 1)).contains(error.column),
      "column \(error.column) of \(diagram.debugDescription)")
    if error.reason == .timeOutOfRange {
      // Everything before the refused time was read: it parses on its own.
      let before = String(diagram.prefix(error.column - 1))
      require(
        (try? MarbleDiagram(before, frameDuration: frame)) != nil,
        "\(diagram.debugDescription) refused at column \(error.column), but \(before.debugDescription) does not parse"
      )
    }
    return nil
  }
  let offsets = parsed.entries.map(\.offset)
  require(offsets == offsets.sorted(), "events out of order in \(diagram.debugDescription)")
  let completions = parsed.entries.indices.filter {
    if case .value = parsed.entries[$0].event { false } else { true }
  }
  require(completions.count <= 1, "two completions in \(diagram.debugDescription)")
  if let completion = completions.first {
    require(
      completion == parsed.entries.count - 1, "an event after the completion in \(diagram.debugDescription)")
  }

  // The round trip, for a diagram that a cold publisher plays as written: no markers and every
  // event on a whole frame, up to the clock's last instant (a time past it is refused, so none
  // saturates).
  let playable =
    parsed.origin == .zero && parsed.cancellation == nil && !diagram.contains("^")
    && parsed.entries.allSatisfy { $0.offset >= .zero && $0.offset.nanoseconds % frame.nanoseconds == 0 }
  guard playable else { return parsed }
  let scheduler = TestScheduler()
  guard let cold = try? scheduler.cold(diagram) else {
    require(false, "parsed but not playable: \(diagram.debugDescription)")
    return parsed
  }
  let rendered = scheduler.run(cold)
  require(
    rendered.utf8.count <= 100 * (parsed.entries.count + 1),
    "\(rendered.utf8.count) bytes of rendering for \(parsed.entries.count) events")
  do {
    let reparsed = try MarbleDiagram(rendered, frameDuration: frame)
    require(
      describe(reparsed) == describe(parsed),
      "\(diagram.debugDescription) rendered as \(rendered.debugDescription), which reads back differently")
  } catch {
    require(false, "\(diagram.debugDescription) rendered as \(rendered.debugDescription): \(error)")
  }
  return parsed
}

func checkSubscription(_ subscription: String, playing diagram: String) {
  let scheduler = TestScheduler()
  guard let source = try? scheduler.cold(diagram) else { return }
  do {
    let output = try scheduler.run(source, subscription: subscription)
    require(
      (try? MarbleDiagram(output, frameDuration: frame)) != nil,
      "run(subscription: \(subscription.debugDescription)) rendered \(output.debugDescription), which does not parse"
    )
  } catch {
    require(
      (1...(subscription.count + 1)).contains(error.column),
      "column \(error.column) of \(subscription.debugDescription)")
    require(source.subscriptions.isEmpty, "a refused subscription diagram subscribed")
    require(
      scheduler.now == .zero && !scheduler.hasPendingWork, "a refused subscription diagram ran the clock")
  }
}

func checkSubscriptionRecord(_ subscription: String) {
  guard let record = try? SubscriptionRecord(subscription, frameDuration: frame) else { return }
  let rendered = record.marbles(frameDuration: frame)
  require(rendered.utf8.count <= 200, "\(rendered.utf8.count) bytes of rendering for \(record)")
  // Instants inside a frame render as their frame: only whole frames read back exactly (a
  // diagram's times never saturate: one past the clock's end is refused).
  let instants = [record.subscribed] + (record.cancelled.map { [$0] } ?? [])
  guard instants.allSatisfy({ $0.nanoseconds % frame.nanoseconds == 0 }) else { return }
  require(
    (try? SubscriptionRecord(rendered, frameDuration: frame)) == record,
    "\(subscription.debugDescription) rendered as \(rendered.debugDescription), which reads back differently")
}

func describe(_ diagram: MarbleDiagram<String>) -> [String] {
  diagram.entries.map { entry in
    let event =
      switch entry.event {
      case .value(let value): value
      case .finished: "|"
      case .failure: "#"
      }
    return "\(entry.offset.nanoseconds):\(event)"
  }
}
