// SignalsFoundation is Signals plus Foundation's publishers and schedulers: a file ported from
// Combine changes `import Combine` to `import SignalsFoundation` and nothing else.
@_exported import Signals
