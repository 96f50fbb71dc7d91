/// A publisher that replays a recorded list of values and a completion to each subscriber.
///
/// ```
/// Record(output: [1, 2], completion: .finished):  (12|)
/// ```
///
/// Useful for tests and for replaying what another publisher did. Threading: delivers
/// synchronously on the subscribing thread. Completion: the recorded completion, as recorded.
public struct Record<Output, Failure: Error>: Publisher {
  /// What was recorded: values, then a completion.
  public let recording: Recording

  /// Records what `record` writes into a fresh recording.
  ///
  /// - Parameter record: Calls `receive(_:)` and `receive(completion:)` on the recording.
  public init(record: (inout Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.recording = recording
  }

  /// Replays `recording`.
  ///
  /// - Parameter recording: The values and completion to replay.
  public init(recording: Recording) { self.recording = recording }

  /// Replays `output`, then `completion`.
  ///
  /// - Parameters:
  ///   - output: The values to replay, in order.
  ///   - completion: The completion sent after them.
  public init(output: [Output], completion: Subscribers.Completion<Failure>) {
    recording = Recording(output: output, completion: completion)
  }

  /// Delivers the recorded values, then the recorded completion, as Combine's: one
  /// subscription that describes itself as the values while it is live and as
  /// `"Cancelled Events"` after; an empty recording gives the empty subscription and its
  /// completion at once.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    SequenceSubscription(recording.output, subscriber, completion: recording.completion, isRecord: true)
      .start()
  }

  /// Values and a completion, in the order they were received.
  ///
  /// A recording that is never given a completion ends with `.finished`, as in Combine. Bad
  /// input: anything received after a completion is ignored (Combine traps).
  public struct Recording {
    /// The type of the values recorded.
    public typealias Input = Output

    /// The values recorded, in order.
    public private(set) var output: [Output]
    /// The completion recorded; `.finished` until one is received.
    public private(set) var completion: Subscribers.Completion<Failure>
    var isComplete: Bool

    /// An empty recording.
    public init() {
      output = []
      completion = .finished
      isComplete = false
    }

    /// A recording of `output`, then `completion`.
    ///
    /// - Parameters:
    ///   - output: The recorded values, in order.
    ///   - completion: The completion recorded after them.
    public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
      self.output = output
      self.completion = completion
      isComplete = true
    }

    /// Records a value; ignored after a completion.
    public mutating func receive(_ input: Input) {
      guard !isComplete else { return }
      output.append(input)
    }

    /// Records the completion; ignored after a completion.
    public mutating func receive(completion: Subscribers.Completion<Failure>) {
      guard !isComplete else { return }
      self.completion = completion
      isComplete = true
    }
  }
}

extension Record: Sendable where Output: Sendable, Failure: Sendable {}
extension Record.Recording: Sendable where Output: Sendable, Failure: Sendable {}

/// A record codes as its recording, under the key `recording` (as Combine's synthesized coding).
extension Record: Codable where Output: Codable, Failure: Codable {}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
  private enum CodingKeys: String, CodingKey {
    case output
    case completion
  }

  /// Reads a recording written by `encode(to:)`: its `output` array and its `completion`.
  ///
  /// The decoded recording is complete: what it receives afterwards is ignored.
  ///
  /// - Parameter decoder: The decoder holding the keyed container.
  /// - Throws: The decoder's `DecodingError` when a key is missing or of the wrong type.
  /// Bad input: a malformed document is a `DecodingError`, never a trap.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      output: try container.decode([Output].self, forKey: .output),
      completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
  }

  /// Writes the recording; the same as `encode(to:)` (Combine's spelling).
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error, or a value's own encoding error.
  public func encode(into encoder: any Encoder) throws { try encode(to: encoder) }

  /// Writes the recording: its `output` array and its `completion`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error, or a value's own encoding error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(output, forKey: .output)
    try container.encode(completion, forKey: .completion)
  }
}
