extension Publisher {
  /// Sends this publisher's values and completion into `subject`, until the returned token is
  /// cancelled.
  ///
  /// Threading: sends happen on the thread that delivers each value. Completion: the completion is
  /// sent too, after which the subject accepts nothing more.
  ///
  /// - Parameter subject: The subject that receives the values and the completion.
  /// - Returns: The cancellable that ends the subscription.
  @inlinable
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
  where S.Output == Output, S.Failure == Failure {
    sink(receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) })
  }
}
