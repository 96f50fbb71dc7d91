/// A decoder that turns a whole encoded document into a value, the shape `decode(type:decoder:)`
/// needs: Combine's protocol, so Foundation's `JSONDecoder` and `PropertyListDecoder` fit it
/// (their conformances live in SignalsFoundation, which keeps Signals free of Foundation).
///
/// Threading: `decode(_:from:)` is called on the thread that delivers the upstream's value.
/// Bad input: a document that does not decode throws; the operator fails with that error.
public protocol TopLevelDecoder {
  /// The type of document this decoder reads, such as `Data`.
  associatedtype Input

  /// Decodes a value of type `type` from `from`, or throws why it cannot.
  ///
  /// - Parameters:
  ///   - type: The type of the value to decode.
  ///   - from: The document to decode from.
  /// - Returns: The decoded value.
  /// - Throws: The decoder's error when `from` does not hold a `type`.
  func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}
