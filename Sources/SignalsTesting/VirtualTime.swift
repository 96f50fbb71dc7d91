// `TestScheduler` and its combine-schedulers spellings live in SignalsVirtualTime, which imports
// no Testing, so a shipped program (a demo's script mode) can run on virtual time without
// linking the test library. Tests keep writing `import SignalsTesting` and get them from here.
@_exported import SignalsVirtualTime
