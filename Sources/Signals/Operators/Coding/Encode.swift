extension Publisher where Output: Encodable {
  /// Encodes each value into a document, such as JSON `Data`, with `encoder`.
  ///
  /// ```
  /// upstream:                        -a-|
  /// encode(encoder: JSONEncoder()):  -x-|
  /// values:                          a = 1, x = {"n":1}
  /// ```
  ///
  /// A value that does not encode fails the publisher with the encoder's error and cancels the
  /// upstream at once, as `tryMap` does; the upstream's own failure passes through (the failure
  /// type is `any Error`). Completion and cancellation pass through unchanged.
  ///
  /// - Parameter encoder: The encoder, such as SignalsFoundation's `JSONEncoder`.
  /// - Returns: A publisher of encoded documents.
  ///
  /// Threading: the encoder runs on the thread that delivers each value.
  @inlinable
  public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
    Publishers.Encode(upstream: self, encoder: encoder)
  }
}

extension Publishers {
  /// The publisher `encode(encoder:)` returns: Combine's type of the same name.
  public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher, RelayOperator
  where Upstream.Output: Encodable {
    /// The encoder's document type.
    public typealias Output = Coder.Output
    /// An encoding error or the upstream's failure.
    public typealias Failure = any Error

    /// The publisher of values to encode.
    public let upstream: Upstream
    /// The encoder each value goes through.
    public let encoder: Coder

    /// Makes the publisher; prefer `upstream.encode(encoder:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher of values to encode.
    ///   - encoder: Encodes each value.
    @inlinable
    public init(upstream: Upstream, encoder: Coder) {
      self.upstream = upstream
      self.encoder = encoder
    }

    @usableFromInline static var relayName: String { "Encode" }
    /// Combine's edges: early values and an early completion pass, as `tryMap`'s values do.
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(earlyValues: true, earlyCompletion: true, cancelledEarly: .leavesIt)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let encoder = encoder
      return RelayRules(throwing: { value in
        do { return .emit(try encoder.encode(value)) } catch { return .fail(error) }
      })
    }
  }
}
