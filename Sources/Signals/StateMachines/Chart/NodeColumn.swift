/// One value per node of a chart (whether it is active, its value, its visits), as the engine
/// keeps them: a fixed-size buffer read and written in place, so that a step's stores are
/// plain stores (an array held by the engine pays a check of sole ownership on each).
///
/// Threading: the engine's, its claim holder's only. Nodes are the model's indices: always in
/// range (checked in debug builds).
@usableFromInline final class NodeColumn<Element> {
  @usableFromInline let base: UnsafeMutablePointer<Element>
  /// The number of nodes.
  @usableFromInline let count: Int

  /// A column of `count` nodes, each holding `value`.
  @inlinable init(repeating value: Element, count: Int) {
    base = .allocate(capacity: Swift.max(count, 1))
    base.initialize(repeating: value, count: count)
    self.count = count
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// The value of `node`.
  @inlinable subscript(node: Int) -> Element {
    @inline(__always) get {
      assert(node >= 0 && node < count, "node \(node) outside the chart's \(count)")
      return base[node]
    }
    @inline(__always) set {
      assert(node >= 0 && node < count, "node \(node) outside the chart's \(count)")
      base[node] = newValue
    }
  }
}
