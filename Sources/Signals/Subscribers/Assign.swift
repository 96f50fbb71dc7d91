extension Publisher where Failure == Never {
  /// Writes each value into `object[keyPath: keyPath]`, keeping `object` alive while subscribed.
  ///
  /// The subscriber is a `Subscribers.Assign`, wrapped in the `AnyCancellable` returned, as in
  /// Combine; it lets go of `object` at completion and at cancel. Beware of cycles: if `object`
  /// holds the returned cancellable and also feeds this publisher, neither is ever released;
  /// use `assign(to:onWeak:)` (`SignalsExtras`) then. Threading: each write happens on the thread that delivers
  /// the value.
  ///
  /// - Parameters:
  ///   - keyPath: The property each value is written to.
  ///   - object: The object that holds the property; kept alive while subscribed.
  /// - Returns: The cancellable that ends the subscription.
  @inlinable
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root
  ) -> AnyCancellable {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(object: assign)
  }

  /// Republishes each value through a `@Published` property: `upstream.assign(to: &$name)`.
  ///
  /// Each value is stored as an assignment to the property would store it, after the enclosing
  /// `ObservableObject`'s `objectWillChange` has sent, so a SwiftUI-style observer redraws
  /// (Combine's rule; OpenCombine 0.14's `PublishedSubject.send` and Apple's documentation
  /// agree). As in Combine, the value does not go through the property's setter: a `didSet`
  /// on the property does not run. The subscription lives as long as the property, and holds
  /// the property only weakly, so assigning a model's own derived publisher to it makes no
  /// cycle.
  ///
  /// - Parameter published: The `@Published` property's publisher (`&$name`) that republishes the values.
  public func assign(to published: inout Published<Output>.Publisher) {
    let storage = published.storage
    storage.retain(sink { [weak storage] in storage?.store($0) })
  }
}

extension Subscribers {
  /// The subscriber `assign(to:onWeak:)` makes: writes values into an object it holds weakly.
  ///
  /// Threading: writes happen on the delivering thread; `cancel()` may come from any thread.
  /// Completion: it cannot fail; when the object is gone it cancels its subscription.
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
    ///
    /// - Parameters:
    ///   - object: The object that holds the property; held weakly.
    ///   - keyPath: The property each value is written to.
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

extension Subscribers {
  /// The subscriber `assign(to:on:)` makes: writes each value into `object[keyPath: keyPath]`,
  /// holding `object` strongly until the flow completes or is cancelled (Combine's
  /// `Subscribers.Assign`).
  ///
  /// It requests `.unlimited` from the first subscription it receives and cancels any later
  /// one. At completion or `cancel()` it lets go of `object` and of its subscription, so a
  /// finished assignment keeps nothing alive. Beware of cycles while it runs: if `object` holds
  /// the cancellable and also feeds the publisher, use `assign(to:onWeak:)` (`SignalsExtras`).
  ///
  /// Threading: each write happens on the thread that delivers the value; `cancel()` may come
  /// from any thread. Completion: its input cannot fail (`Failure` is `Never`).
  public final class Assign<Root, Input>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked: `object` and `subscription` are guarded by `lock`; the key path is immutable.
    /// The failure type: none.
    public typealias Failure = Never

    /// Where each value is written.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>
    let lock = Lock()
    var held: Root?
    var subscription: (any Subscription)?
    var done = false

    /// The object written to, until the flow completes or is cancelled.
    public var object: Root? { lock.withLock { held } }

    /// Makes the subscriber; prefer `publisher.assign(to:on:)`.
    ///
    /// - Parameters:
    ///   - object: The object that holds the property; kept alive until completion or cancel.
    ///   - keyPath: The property each value is written to.
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      held = object
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

    /// Writes `input` into the object; before the subscription (a broken upstream: Combine's
    /// `Assign` ignores it) and after completion or cancel, does nothing.
    public func receive(_ input: Input) -> Subscribers.Demand {
      let object = lock.withLock { subscription == nil ? nil : held }
      if let object { object[keyPath: keyPath] = input }
      return .none
    }

    /// Lets go of the object and the subscription.
    public func receive(completion: Subscribers.Completion<Never>) {
      let released = release()
      withExtendedLifetime(released) {}
    }

    /// Cancels the subscription and lets go of the object.
    public func cancel() {
      let (subscription, object) = release()
      subscription?.cancel()
      withExtendedLifetime(object) {}
    }

    /// Ends the assignment; the released references go out of the lock to be dropped there.
    func release() -> ((any Subscription)?, Root?) {
      lock.withLock { () -> ((any Subscription)?, Root?) in
        done = true
        defer {
          subscription = nil
          held = nil
        }
        return (subscription, held)
      }
    }
  }
}
