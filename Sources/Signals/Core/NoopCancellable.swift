/// A cancellable that does nothing, for work that already ran.
public struct NoopCancellable: Cancellable {
  /// Makes the token.
  public init() {}
  /// Does nothing.
  public func cancel() {}
}
