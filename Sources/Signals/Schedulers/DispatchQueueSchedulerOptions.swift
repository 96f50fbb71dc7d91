import Dispatch

extension DispatchQueue {
  /// Combine's options for an action scheduled on a dispatch queue: its quality of service,
  /// work-item flags and group. Honoured by `schedule(options:_:)` and
  /// `schedule(after:tolerance:options:_:)`; the repeating form ignores them, as the other
  /// schedule methods do (they take no options).
  public struct SchedulerOptions {
    /// The quality of service the action runs at.
    public var qos: DispatchQoS
    /// The work item's flags, such as `.barrier`.
    public var flags: DispatchWorkItemFlags
    /// A group the action belongs to while it is pending or running.
    public var group: DispatchGroup?

    /// Options with the given quality of service, flags and group (all optional).
    ///
    /// - Parameters:
    ///   - qos: The quality of service the work runs at.
    ///   - flags: The work item's flags.
    ///   - group: The group the work is counted in, if any.
    public init(
      qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil
    ) {
      self.qos = qos
      self.flags = flags
      self.group = group
    }
  }

  /// Runs `action` asynchronously on this queue with `options`' quality of service, flags and
  /// group; `nil` is `schedule(_:)`.
  public func schedule(options: SchedulerOptions?, _ action: @escaping @Sendable () -> Void) {
    guard let options else { return schedule(action) }
    async(group: options.group, qos: options.qos, flags: options.flags, execute: action)
  }

  /// Runs `action` on this queue at `date` with `options`' quality of service and flags; the
  /// tolerance is ignored (dispatch has no per-item leeway). `nil` options is
  /// `schedule(after:_:)`.
  public func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: SchedulerOptions?,
    _ action: @escaping @Sendable () -> Void
  ) {
    guard let options else { return _ = schedule(after: date, action) }
    options.group?.enter()
    let group = options.group
    asyncAfter(
      deadline: date.dispatchTime, qos: options.qos,
      flags: options.flags
    ) {
      action()
      group?.leave()
    }
  }
}
