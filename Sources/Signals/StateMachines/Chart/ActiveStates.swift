/// The active states of a chart's configuration (the root left out) and their values, as a
/// `ChartSnapshot` carries them from the engine to the machine's readers: a buffer written in
/// place at the end of each macrostep (no array's check of sole ownership or reference count
/// per state) and read by other threads only under the machine's lock.
///
/// Threading: owned by one side at a time. The engine writes the one in its `sharedNext`; the
/// machine swaps it with its own under its lock, and readers read the machine's there.
@usableFromInline final class ActiveStates<State> {
  @usableFromInline @exclusivity(unchecked) var nodes: UnsafeMutablePointer<Int>
  @usableFromInline @exclusivity(unchecked) var values: UnsafeMutablePointer<State?>
  /// The number of states held; room for `capacity` before the buffers grow.
  @usableFromInline @exclusivity(unchecked) var count = 0
  @usableFromInline @exclusivity(unchecked) var capacity: Int

  @inlinable init() {
    capacity = 4
    nodes = .allocate(capacity: 4)
    values = .allocate(capacity: 4)
  }

  deinit {
    values.deinitialize(count: count)
    values.deallocate()
    nodes.deallocate()
  }

  /// The active nodes, ascending (valid while the holder keeps it unchanged).
  @inlinable var activeNodes: UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: nodes, count: count) }

  /// Makes room for exactly `newCount` states: new ones hold no value until written.
  @inlinable @inline(__always) func resize(to newCount: Int) {
    if newCount > capacity { grow(to: newCount) }
    if newCount < count {
      (values + newCount).deinitialize(count: count - newCount)
    } else if newCount > count {
      (values + count).initialize(repeating: nil, count: newCount - count)
    }
    count = newCount
  }

  /// Moves the states to buffers with room for at least `needed`.
  @usableFromInline func grow(to needed: Int) {
    let larger = Swift.max(needed, capacity * 2)
    let movedNodes = UnsafeMutablePointer<Int>.allocate(capacity: larger)
    movedNodes.moveInitialize(from: nodes, count: count)
    nodes.deallocate()
    nodes = movedNodes
    let movedValues = UnsafeMutablePointer<State?>.allocate(capacity: larger)
    movedValues.moveInitialize(from: values, count: count)
    values.deallocate()
    values = movedValues
    capacity = larger
  }
}
