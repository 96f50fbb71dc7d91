// SignalsFoundation is Signals plus Foundation's publishers and schedulers: a file ported from
// Combine changes `import Combine` to `import SignalsFoundation` and nothing else.
@_exported import Signals

// On Linux, URLSession and URLRequest live in FoundationNetworking, not Foundation. A ported file
// that uses `dataTaskPublisher` imports only Foundation and SignalsFoundation, as it did on Apple's
// systems with Combine, so this module brings FoundationNetworking along.
#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
