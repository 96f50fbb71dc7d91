/// An encoder that turns a value into a whole encoded document, the shape `encode(encoder:)`
/// needs: Combine's protocol, so Foundation's `JSONEncoder` and `PropertyListEncoder` fit it
/// (their conformances live in SignalsFoundation, which keeps Signals free of Foundation).
///
/// Threading: `encode(_:)` is called on the thread that delivers the upstream's value.
/// Bad input: a value that does not encode throws; the operator fails with that error.
public protocol TopLevelEncoder {
  /// The type of document this encoder writes, such as `Data`.
  associatedtype Output

  /// Encodes `value` into a document, or throws why it cannot.
  ///
  /// - Parameter value: The value to encode.
  /// - Returns: The encoded document.
  /// - Throws: The encoder's error when `value` cannot be encoded.
  func encode<T: Encodable>(_ value: T) throws -> Output
}
