import Synchronization

/// The subscriber's demand passed to every input of an operator with many inputs
/// (`combineLatest` of a collection), at a cost that does not grow with the number of inputs.
///
/// Combine's `combineLatest` passes every request to all its upstreams; done literally, a
/// subscriber that asks `.max(1)` per value makes each value cost one request per input. Here
/// each input receives, in the end, the same total as it would from Combine, but only when it
/// needs it: an input that still has demand left is not asked for more until it has used it up.
///
/// - `granted` is the total the subscriber has asked for; each input has been asked for
///   `forwarded[i]` of it, of which `remaining[i]` is not yet used by a value.
/// - An input that uses its last demand catches up at once (it is asked for
///   `granted - forwarded[i]`) if it is behind, or waits among the `dry` inputs, which the next
///   grant tops up.
/// - So a value costs O(1), plus one request per input that ran dry, each of which used up what
///   it was asked for. `.unlimited` is asked of every input once, and nothing is counted after.
/// - A request the subscriber makes (`request(_:)`, not demand it returns for a value) brings
///   every input level at once (`levelAll()`), as Combine passes each request to every input: an
///   input that waits for more demand before it sends does not stall the others, and a
///   subscriber that only requests sees each input asked exactly what Combine asks it.
///
/// Thread-safe: its own lock; the requests it decides are made by the caller, outside it.
@usableFromInline
final class DemandSpread: Sendable {
  @usableFromInline let links: [UpstreamLink]
  @usableFromInline let counts: Guarded<Counts>
  /// Set once `.unlimited` was granted: then a value costs one load here.
  @usableFromInline let unlimited = Atomic<Bool>(false)

  /// The counters, in one value behind the lock.
  @usableFromInline struct Counts: Sendable {
    @usableFromInline var granted = 0
    @usableFromInline var forwarded: [Int]
    @usableFromInline var remaining: [Int]
    /// Inputs with no demand left that had all there was to ask for.
    @usableFromInline var dry: [Int]

    @inlinable init(count: Int) {
      forwarded = Array(repeating: 0, count: count)
      remaining = Array(repeating: 0, count: count)
      dry = Array(0..<count)
    }
  }

  @inlinable init(_ links: [UpstreamLink]) {
    self.links = links
    counts = Guarded(Counts(count: links.count))
  }

  /// The subscriber asked for `demand` more (a request, or what it returned for a value): asks
  /// the inputs that have run dry for what they lack.
  @inlinable func grant(_ demand: Subscribers.Demand) {
    guard demand > 0, !unlimited.load(ordering: .acquiring) else { return }
    guard let more = demand.max else {
      unlimited.store(true, ordering: .releasing)
      for link in links { link.request(.unlimited) }
      return
    }
    let requests = counts.withLock { counts -> [(Int, Int)] in
      let (sum, overflow) = counts.granted.addingReportingOverflow(more)
      counts.granted = overflow ? Int.max : sum
      let requests = counts.dry.map { index in (index, counts.granted - counts.forwarded[index]) }
      for (index, lag) in requests {
        counts.forwarded[index] = counts.granted
        counts.remaining[index] = lag
      }
      counts.dry.removeAll(keepingCapacity: true)
      return requests
    }
    for (index, lag) in requests { links[index].request(.max(lag)) }
  }

  /// Asks every input that is behind for what it lacks (after a request of the subscriber's):
  /// O(inputs), as a request is in Combine.
  @inlinable func levelAll() {
    guard !unlimited.load(ordering: .acquiring) else { return }
    let requests = counts.withLock { counts -> [(Int, Int)] in
      var requests: [(Int, Int)] = []
      for index in counts.forwarded.indices {
        let lag = counts.granted - counts.forwarded[index]
        guard lag > 0 else { continue }
        counts.forwarded[index] = counts.granted
        let (sum, overflow) = counts.remaining[index].addingReportingOverflow(lag)
        counts.remaining[index] = overflow ? Int.max : sum
        requests.append((index, lag))
      }
      counts.dry.removeAll(keepingCapacity: true)
      return requests
    }
    for (index, lag) in requests { links[index].request(.max(lag)) }
  }

  /// Input `index` sent a value, using one demand: if that was its last, asks it for what it is
  /// behind, or lets it wait for the next grant.
  @inlinable func used(by index: Int) {
    guard !unlimited.load(ordering: .acquiring) else { return }
    let lag = counts.withLock { counts -> Int in
      // A value beyond the input's demand (a misbehaving upstream) uses nothing.
      guard counts.remaining[index] > 0 else { return 0 }
      counts.remaining[index] -= 1
      guard counts.remaining[index] == 0 else { return 0 }
      let lag = counts.granted - counts.forwarded[index]
      if lag > 0 {
        counts.forwarded[index] = counts.granted
        counts.remaining[index] = lag
      } else {
        counts.dry.append(index)
      }
      return lag
    }
    if lag > 0 { links[index].request(.max(lag)) }
  }
}
