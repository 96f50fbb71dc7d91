import Foundation
import Signals

/// `JSONDecoder` fits `decode(type:decoder:)`: it decodes `Data`. Threading: as Foundation's
/// (one decoder may be shared between threads once configured). Bad input: Foundation's
/// `DecodingError`.
extension JSONDecoder: TopLevelDecoder {}

/// `JSONEncoder` fits `encode(encoder:)`: it encodes into `Data`. Threading: as Foundation's.
/// Bad input: Foundation's `EncodingError`.
extension JSONEncoder: TopLevelEncoder {}

/// `PropertyListDecoder` fits `decode(type:decoder:)`: it decodes `Data`. Threading: as
/// Foundation's. Bad input: Foundation's `DecodingError`.
extension PropertyListDecoder: TopLevelDecoder {}

/// `PropertyListEncoder` fits `encode(encoder:)`: it encodes into `Data`. Threading: as
/// Foundation's. Bad input: Foundation's `EncodingError`.
extension PropertyListEncoder: TopLevelEncoder {}
