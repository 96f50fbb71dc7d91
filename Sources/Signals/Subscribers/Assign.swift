extension Publisher where Failure == Never {
  /// Writes each value into `object[keyPath: keyPath]`, keeping `object` alive while subscribed.
  ///
  /// Beware of cycles: if `object` holds the returned cancellable and also feeds this publisher,
  /// neither is ever released; use `assign(to:onWeak:)` then. Threading: each write happens on
  /// the thread that delivers the value.
  @inlinable
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root
  ) -> AnyCancellable {
    sink { object[keyPath: keyPath] = $0 }
  }

  /// Writes each value into `object[keyPath: keyPath]` without retaining `object`; once
  /// `object` is gone, the subscription cancels itself at the next value.
  ///
  /// Use it for view models that assign their own derived publishers to themselves.
  @inlinable
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, onWeak object: Root
  ) -> AnyCancellable {
    let assign = Subscribers.WeakAssign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(object: assign)
  }

  /// Republishes each value through a `@Published` property: `upstream.assign(to: &$name)`.
  ///
  /// The subscription lives as long as the property, and holds the property only weakly, so
  /// assigning a model's own derived publisher to it makes no cycle.
  public func assign(to published: inout Published<Output>.Publisher) {
    let storage = published.storage
    storage.retain(sink { [weak subject = storage.subject] in subject?.send($0) })
  }
}

extension Subscribers {
  /// The subscriber `assign(to:onWeak:)` makes: writes values into an object it holds weakly.
  ///
  /// Threading: writes happen on the delivering thread; `cancel()` may come from any thread.
  /// Failure: it cannot fail; when the object is gone it cancels its subscription.
  public final class WeakAssign<Root: AnyObject, Input>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked: `object` is a weak reference read on the delivering thread; `subscription`
    // is guarded by `lock`.
    /// The failure type: none.
    public typealias Failure = Never

    /// The object written to, while it lives.
    public private(set) weak var object: Root?
    /// Where each value is written.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>
    let lock = Lock()
    var subscription: (any Subscription)?
    var done = false

    /// Makes the subscriber.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      self.object = object
      self.keyPath = keyPath
    }

    /// Keeps the first subscription and requests `.unlimited` from it; cancels any later one.
    public func receive(subscription: any Subscription) {
      let accepted = lock.withLock { () -> Bool in
        guard self.subscription == nil, !done else { return false }
        self.subscription = subscription
        return true
      }
      if accepted {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Writes `input`, or cancels if the object is gone.
    public func receive(_ input: Input) -> Subscribers.Demand {
      guard let object else {
        cancel()
        return .none
      }
      object[keyPath: keyPath] = input
      return .none
    }

    /// Lets go of the subscription.
    public func receive(completion: Subscribers.Completion<Never>) {
      lock.withLock {
        done = true
        subscription = nil
      }
    }

    /// Cancels the subscription.
    public func cancel() {
      let subscription = lock.withLock { () -> (any Subscription)? in
        done = true
        defer { self.subscription = nil }
        return self.subscription
      }
      subscription?.cancel()
    }
  }
}
