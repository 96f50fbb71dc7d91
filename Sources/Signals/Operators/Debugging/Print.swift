extension Publisher {
  /// Prints each event as it passes, one line each, to `stream` or to standard output.
  ///
  /// ```
  /// Just(1).print("p").sink { _ in }:
  /// p: receive subscription: (Just)
  /// p: request unlimited
  /// p: receive value: (1)
  /// p: receive finished
  /// ```
  ///
  /// The events themselves pass through unchanged:
  ///
  /// ```
  /// upstream:          -1-2-|
  /// print(to: stream): -1-2-|
  /// ```
  ///
  /// The lines are Combine's (OpenCombine's `Print` for the exact text): the subscription is
  /// named by its description, each request from downstream prints `request unlimited` or
  /// `request max: (n)`, cancellation prints `receive cancel`, a failure
  /// `receive error: (error)`. Unlike Combine, the demand a subscriber returns from a value is
  /// not printed (`request max: (n) (synchronous)`). The stream is
  /// copied, as in Combine: to read the lines back, pass a stream that writes to a shared
  /// object. Threading: lines
  /// are written on the thread of their event; give each thread its own stream if that matters.
  ///
  /// - Parameters:
  ///   - prefix: Starts every line.
  ///   - stream: Where the lines go; standard output when `nil`.
  /// - Returns: A publisher of the same events.
  @inlinable
  public func print(
    _ prefix: String = "", to stream: (any TextOutputStream)? = nil
  ) -> Publishers.HandleEvents<Self> {
    let printer = EventPrinter(prefix: prefix, stream: stream)
    return handleEvents(
      receiveSubscription: { printer.write("receive subscription: (\($0))") },
      receiveOutput: { printer.write("receive value: (\($0))") },
      receiveCompletion: { completion in
        switch completion {
        case .finished: printer.write("receive finished")
        case .failure(let error): printer.write("receive error: (\(error))")
        }
      },
      receiveCancel: { printer.write("receive cancel") },
      receiveRequest: { demand in
        printer.write(demand.max.map { "request max: (\($0))" } ?? "request unlimited")
      })
  }
}

/// Writes `print` operator lines to a stream, or to standard output.
@usableFromInline
final class EventPrinter {
  @usableFromInline let prefix: String
  @usableFromInline var stream: (any TextOutputStream)?

  @inlinable init(prefix: String, stream: (any TextOutputStream)?) {
    self.prefix = prefix.isEmpty ? "" : prefix + ": "
    self.stream = stream
  }

  @inlinable func write(_ line: String) {
    if stream != nil {
      stream!.write(prefix + line + "\n")
    } else {
      Swift.print(prefix + line)
    }
  }
}

extension Publishers {
  /// The publisher `print(_:to:)` returns (Combine's name for it).
  public typealias Print<Upstream: Publisher> = HandleEvents<Upstream>
}
