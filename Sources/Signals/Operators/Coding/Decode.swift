extension Publisher {
  /// Decodes each value, a document such as JSON `Data`, into `type` with `decoder`.
  ///
  /// ```
  /// upstream:                                         -a-b-|
  /// decode(type: Item.self, decoder: JSONDecoder()):  -x-#
  /// values:                                           a = {"n":1}, b = {}, x = 1
  /// ```
  ///
  /// A document that does not decode fails the publisher with the decoder's error and cancels
  /// the upstream at once, as `tryMap` does; the upstream's own failure passes through (the
  /// failure type is `any Error`). Completion and cancellation pass through unchanged.
  ///
  /// - Parameters:
  ///   - type: The type to decode each document into.
  ///   - decoder: The decoder, such as SignalsFoundation's `JSONDecoder`.
  /// - Returns: A publisher of decoded values.
  ///
  /// Threading: the decoder runs on the thread that delivers each document.
  @inlinable
  public func decode<Item: Decodable, Coder: TopLevelDecoder>(
    type: Item.Type, decoder: Coder
  ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
    Publishers.Decode(upstream: self, decoder: decoder)
  }
}

extension Publishers {
  /// The publisher `decode(type:decoder:)` returns: Combine's type of the same name.
  public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher,
    RelayOperator
  where Upstream.Output == Coder.Input {
    /// A decoding error or the upstream's failure.
    public typealias Failure = any Error

    /// The publisher of documents.
    public let upstream: Upstream
    /// The decoder each document goes through.
    public let decoder: Coder

    /// Makes the publisher; prefer `upstream.decode(type:decoder:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher of encoded documents.
    ///   - decoder: Decodes each document.
    @inlinable
    public init(upstream: Upstream, decoder: Coder) {
      self.upstream = upstream
      self.decoder = decoder
    }

    @usableFromInline static var relayName: String { "Decode" }
    /// Combine's edges: early values and an early completion pass, as `tryMap`'s values do.
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(earlyValues: true, earlyCompletion: true, cancelledEarly: .leavesIt)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let decoder = decoder
      return RelayRules(throwing: { value in
        do { return .emit(try decoder.decode(Output.self, from: value)) } catch { return .fail(error) }
      })
    }
  }
}
